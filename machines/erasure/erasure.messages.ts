// Every sentence the erasure lifecycle refuses with (machines/shared/refusals.ts), and its labels.
import type { RefusalTable } from '../shared/lifecycle';
import { refusal } from '../shared/refusals';
import type { ErasureEventType, ErasureStatus } from './erasure.machine';

export const erasureRefusals = {
  states: {
    completed: refusal('erasure.not_requested'),
    cancelled: refusal('erasure.not_requested'),
  },
  events: {
    'erasure.cancel': refusal('erasure.not_requested'),
    'erasure.complete': refusal('erasure.not_requested'),
  },
  guards: {
    hasNoBalance: refusal('erasure.balance_open'),
    hasNoOpenRefund: refusal('erasure.refund_open'),
  },
} as const satisfies RefusalTable<ErasureEventType, ErasureStatus>;

export const ERASURE_STATUS_LABELS: Readonly<Record<ErasureStatus, string>> = {
  requested: 'Requested',
  completed: 'Erased',
  cancelled: 'Cancelled',
};

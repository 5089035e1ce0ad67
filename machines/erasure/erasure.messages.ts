// Every sentence the erasure lifecycle refuses with (machines/shared/refusals.ts), and its labels.
import { labelsOf } from '../shared/labels';
import type { RefusalTable } from '../shared/lifecycle';
import { refusal } from '../shared/refusals';
import { ERASURE_STATUSES, type ErasureEvent, type ErasureStatus } from './erasure.types';

export const erasureRefusals = {
  states: {
    completed: refusal('erasure.not_requested'),
    cancelled: refusal('erasure.not_requested'),
  },
  events: {
    'erasure.cancel': refusal('erasure.not_requested'),
    'erasure.complete': refusal('erasure.not_requested'),
  },
  // In the order the owner settles them: a running subscription first (cancelling it opens a
  // refund), then money (a part-paid subscription awaiting payment owes first), then the rest.
  guards: {
    hasNoActiveSubscription: refusal('erasure.subscription_active'),
    hasNoBalance: refusal('erasure.balance_open'),
    hasNoOpenRefund: refusal('erasure.refund_open'),
    hasNoPendingSubscription: refusal('erasure.subscription_pending'),
    hasNoOpenPaymentLink: refusal('erasure.payment_link_open'),
    hasNoPendingCash: refusal('erasure.cash_pending'),
  },
} as const satisfies RefusalTable<ErasureEvent, ErasureStatus>;

export const ERASURE_STATUS_LABELS = labelsOf(ERASURE_STATUSES, { completed: 'Erased' });

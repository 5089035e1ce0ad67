// Every sentence the counter-QR lifecycle refuses with (machines/shared/refusals.ts), and how
// screens name its statuses.
import { labelsOf } from '../shared/labels';
import type { RefusalTable } from '../shared/lifecycle';
import { refusal } from '../shared/refusals';
import { COUNTER_QR_STATUSES, type CounterQrEvent, type CounterQrStatus } from './counter-qr.types';

export const counterQrRefusals = {
  states: {
    credited: refusal('counter_qr.already_paid'),
    closed: refusal('counter_qr.closed'),
    expired: refusal('counter_qr.expired'),
  },
  events: {
    'counter_qr.credit': refusal('counter_qr.not_open'),
    'counter_qr.close': refusal('counter_qr.not_open'),
    'counter_qr.expire': refusal('counter_qr.not_open'),
  },
  guards: { isBeforeCloseBy: refusal('counter_qr.expired') },
} as const satisfies RefusalTable<CounterQrEvent, CounterQrStatus>;

export const COUNTER_QR_STATUS_LABELS = labelsOf(COUNTER_QR_STATUSES, {
  created: 'Waiting for payment',
  credited: 'Paid',
});

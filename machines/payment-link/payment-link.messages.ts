// Every sentence the payment-link lifecycle refuses with (machines/shared/refusals.ts), and how
// screens name its statuses.
import { labelsOf } from '../shared/labels';
import type { RefusalTable } from '../shared/lifecycle';
import { refusal } from '../shared/refusals';
import {
  PAYMENT_LINK_STATUSES,
  type PaymentLinkEvent,
  type PaymentLinkStatus,
} from './payment-link.types';

export const paymentLinkRefusals = {
  states: {
    paid: refusal('payment_link.already_paid'),
    expired: refusal('payment_link.expired'),
    cancelled: refusal('payment_link.cancelled'),
  },
  events: {
    'payment_link.pay': refusal('payment_link.not_open'),
    'payment_link.cancel': refusal('payment_link.not_open'),
    'payment_link.expire': refusal('payment_link.not_open'),
  },
  guards: { isBeforeExpiry: refusal('payment_link.expired') },
} as const satisfies RefusalTable<PaymentLinkEvent, PaymentLinkStatus>;

export const PAYMENT_LINK_STATUS_LABELS = labelsOf(PAYMENT_LINK_STATUSES, {
  created: 'Waiting for payment',
});

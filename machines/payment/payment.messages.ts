// Sentences for payment refusals and checkout failures, shared by the API, the web app and the CLI.
import { labelsOf } from '../shared/labels';
import { refusal } from '../shared/refusals';
import type { RefusalTable, RefusalCodeOf } from '../shared/lifecycle';
import {
  PAYMENT_STATUSES,
  type CheckoutStep,
  type PaymentStatus,
  type PaymentStatusEvent,
} from './payment.types';

export const paymentStatusRefusals = {
  events: {
    'payment.mark_pending': refusal('payment.not_initiated'),
    'payment.succeed': refusal('payment.already_settled'),
    'payment.fail': refusal('payment.already_settled'),
    'payment.record_offline': refusal('payment.not_new'),
  },
  guards: {
    hasTransactionId: refusal('payment.transaction_id_required'),
    isWithinDue: refusal('payment.amount_mismatch'),
    hasRequiredReference: refusal('payment.reference_required'),
    wasReceivedByToday: refusal('payment.received_in_future'),
    wasReceivedAfterSubscribing: refusal('payment.received_before_subscription'),
  },
} as const satisfies RefusalTable<PaymentStatusEvent, PaymentStatus>;

export type PaymentRefusalCode = RefusalCodeOf<typeof paymentStatusRefusals>;

/** Toasts of the owner's Record Payment dialog (money received at the mess). */
export const OFFLINE_PAYMENT_TOASTS = {
  recorded: { title: 'Payment Recorded', message: 'The subscription is now active.' },
  failed: { title: 'Record Failed', message: 'Failed to record payment.' },
} as const;

/** Toasts of the checkout flow, by the step that failed. */
export const CHECKOUT_TOASTS = {
  succeeded: { title: 'Payment Successful', message: 'Your subscription is now active.' },
  order: { title: 'Payment Failed', message: 'Failed to initiate payment.' },
  checkout: { title: 'Payment Failed', message: 'The payment was not completed.' },
  verify: { title: 'Payment Verification Failed', message: 'Failed to verify payment.' },
} as const satisfies Record<CheckoutStep | 'succeeded', { title: string; message: string }>;

// How screens name each payment status (web badges, `dabba` tables).

export const PAYMENT_STATUS_LABELS = labelsOf(PAYMENT_STATUSES);

// Sentences for payment refusals and checkout failures, shared by the API, the web app and the CLI.
import type { RefusalTable } from '../shared/lifecycle';
import type {
  CheckoutStep,
  PaymentStatus,
  PaymentStatusEventType,
  PaymentStatusStateValue,
} from './payment.machine';

/** An offline payment must be the full price; `due` (e.g. ₹3,000) names it when known. */
export function offlineAmountMessage(due?: string): string {
  const price = due ? `${due}, the subscription's full price` : "the subscription's full price";
  return `The amount must be ${price}; part payments cannot be recorded.`;
}

export const paymentStatusRefusals = {
  events: {
    'payment.mark_pending': {
      code: 'payment.not_initiated',
      message: 'Only an initiated payment can become pending.',
    },
    'payment.succeed': {
      code: 'payment.already_settled',
      message: 'This payment has already succeeded or failed.',
    },
    'payment.fail': {
      code: 'payment.already_settled',
      message: 'This payment has already succeeded or failed.',
    },
    'payment.record_offline': {
      code: 'payment.not_new',
      message: 'Only a new payment can be recorded as received at the mess.',
    },
  },
  guards: {
    hasTransactionId: {
      code: 'payment.transaction_id_required',
      message: "A successful payment needs the provider's payment id.",
    },
    isFullAmount: {
      code: 'payment.amount_mismatch',
      message: offlineAmountMessage(),
    },
    hasRequiredReference: {
      code: 'payment.reference_required',
      message:
        'A reference is required for UPI and bank transfers: the UPI transaction id or the bank UTR.',
    },
    wasReceivedByToday: {
      code: 'payment.received_in_future',
      message: 'The date received cannot be in the future.',
    },
    wasReceivedAfterSubscribing: {
      code: 'payment.received_before_subscription',
      message: 'The date received cannot be before the subscription was created.',
    },
  },
} as const satisfies RefusalTable<PaymentStatusEventType, PaymentStatusStateValue>;

export type PaymentRefusalCode =
  | (typeof paymentStatusRefusals)['events'][PaymentStatusEventType]['code']
  | (typeof paymentStatusRefusals)['guards'][keyof (typeof paymentStatusRefusals)['guards']]['code'];

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

export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  INITIATED: 'Initiated',
  PENDING: 'Pending',
  SUCCESS: 'Success',
  FAILED: 'Failed',
};

// Sentences for payment refusals and checkout failures, shared by the API, the web app and the CLI.
import type { RefusalTable } from '../shared/lifecycle';
import type { CheckoutStep, PaymentStatusStateValue } from './payment.context';
import type { PaymentStatusEventType } from './payment.events';

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
  },
  guards: {
    hasTransactionId: {
      code: 'payment.transaction_id_required',
      message: "A successful payment needs the provider's payment id.",
    },
  },
} as const satisfies RefusalTable<PaymentStatusEventType, PaymentStatusStateValue>;

export type PaymentRefusalCode =
  | (typeof paymentStatusRefusals)['events'][PaymentStatusEventType]['code']
  | (typeof paymentStatusRefusals)['guards']['hasTransactionId']['code'];

/** Toasts of the checkout flow (spec §8), by the step that failed. */
export const CHECKOUT_TOASTS = {
  succeeded: { title: 'Payment Successful', message: 'Your subscription is now active.' },
  order: { title: 'Payment Failed', message: 'Failed to initiate payment.' },
  checkout: { title: 'Payment Failed', message: 'The payment was not completed.' },
  verify: { title: 'Payment Verification Failed', message: 'Failed to verify payment.' },
} as const satisfies Record<CheckoutStep | 'succeeded', { title: string; message: string }>;

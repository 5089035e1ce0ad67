import type {
  CheckoutResult,
  OfflinePaymentFacts,
  PaymentOrder,
  VerifiedPayment,
} from './payment.context';

/** Events of the checkout flow (client side). */
export type PaymentEvent =
  | { readonly type: 'payment.start'; readonly subscriptionId: number }
  | { readonly type: 'payment.retry' }
  | { readonly type: 'payment.reset' };

export type PaymentEventType = PaymentEvent['type'];

/** The done events of the checkout's actors, for tests and model paths. */
export type PaymentDoneEvent =
  | { readonly type: 'xstate.done.actor.createOrder'; readonly output: PaymentOrder }
  | { readonly type: 'xstate.done.actor.openCheckout'; readonly output: CheckoutResult }
  | { readonly type: 'xstate.done.actor.verifyPayment'; readonly output: VerifiedPayment };

/** Events of a stored payment's status (server side). */
export type PaymentStatusEvent =
  /** The provider has the order and the customer is paying. */
  | { readonly type: 'payment.mark_pending' }
  /** Verified (signature or webhook): the provider's payment id becomes the transaction id. */
  | { readonly type: 'payment.succeed'; readonly transactionId: string }
  /**
   * The owner records money received at the mess (cash, UPI or bank transfer) for the full price;
   * the generated transaction id plays the provider's payment id.
   */
  | {
      readonly type: 'payment.record_offline';
      readonly transactionId: string;
      readonly offline: OfflinePaymentFacts;
    }
  | { readonly type: 'payment.fail'; readonly reason: string };

export type PaymentStatusEventType = PaymentStatusEvent['type'];

/** The status lifecycle has no buttons; every event comes from the server. */
export const paymentStatusActionProbes: readonly PaymentStatusEvent[] = [];

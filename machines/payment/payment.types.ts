// A payment's statuses, context and events, offline modes and checkout steps: what its files share.
import type { IsoDate } from '../shared/dates';

export const PAYMENT_STATUSES = ['INITIATED', 'PENDING', 'SUCCESS', 'FAILED'] as const;

/** How money handed over at the mess was paid (an offline payment the owner records). */
export const OFFLINE_PAYMENT_MODES = ['cash', 'upi', 'bank_transfer'] as const;

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export type OfflinePaymentMode = (typeof OFFLINE_PAYMENT_MODES)[number];

/** What the owner says about money received at the mess, and what the rules compare it with. */
export interface OfflinePaymentFacts {
  readonly amountPaise: number;
  /** The subscription's price (its total_paid): the only amount that can be recorded. */
  readonly amountDuePaise: number;
  readonly mode: OfflinePaymentMode;
  /** The UPI transaction id or the bank transfer's UTR; optional for cash. */
  readonly reference: string | null;
  readonly receivedOn: IsoDate;
  /** Today in the business time zone. */
  readonly today: IsoDate;
  /** The business date the subscription was created: no money for it can come earlier. */
  readonly subscriptionCreatedOn: IsoDate;
}

/** The fields of a stored payment the status lifecycle keeps. */
export interface PaymentStatusContext {
  readonly transactionId: string | null;
  readonly failureReason: string | null;
}

/** Which step of checkout failed: decides the toast (CHECKOUT_TOASTS). */
export type CheckoutStep = 'order' | 'checkout' | 'verify';

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

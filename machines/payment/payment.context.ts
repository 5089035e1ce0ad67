import type { IsoDate } from '../shared/dates';
import type { MachineError } from '../shared/failure';

export const PAYMENT_STATUSES = ['INITIATED', 'PENDING', 'SUCCESS', 'FAILED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentStatusStateValue = PaymentStatus;

/** How money handed over at the mess was paid (an offline payment the owner records). */
export const OFFLINE_PAYMENT_MODES = ['cash', 'upi', 'bank_transfer'] as const;
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

/** POST /payments/orders/ answer. `amount` is in paise. */
export interface PaymentOrder {
  readonly key: string;
  readonly amount: number;
  readonly currency: string;
  readonly order_id: string;
}

/** The three fields the provider's checkout hands back, sent to verify_payment as they are. */
export interface CheckoutResult {
  readonly razorpay_payment_id: string;
  readonly razorpay_order_id: string;
  readonly razorpay_signature: string;
}

/** What verify_payment answered; hosts fill what they have. */
export interface VerifiedPayment {
  readonly paymentId: number | null;
}

/** Which step of checkout failed: decides the toast (CHECKOUT_TOASTS). */
export type CheckoutStep = 'order' | 'checkout' | 'verify';

export interface PaymentContext {
  readonly subscriptionId: number | null;
  readonly order: PaymentOrder | null;
  readonly checkout: CheckoutResult | null;
  readonly payment: VerifiedPayment | null;
  readonly error: (MachineError & { readonly step: CheckoutStep }) | null;
}

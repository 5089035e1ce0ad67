import type { MachineError } from '../shared/failure';

export const PAYMENT_STATUSES = ['INITIATED', 'PENDING', 'SUCCESS', 'FAILED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentStatusStateValue = PaymentStatus;

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

/** Which step of checkout failed: decides the toast (spec §8). */
export type CheckoutStep = 'order' | 'checkout' | 'verify';

export interface PaymentContext {
  readonly subscriptionId: number | null;
  readonly order: PaymentOrder | null;
  readonly checkout: CheckoutResult | null;
  readonly payment: VerifiedPayment | null;
  readonly error: (MachineError & { readonly step: CheckoutStep }) | null;
}

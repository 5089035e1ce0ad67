// Why a payment failed, from the provider's error reason (Razorpay's error.reason on a failed
// payment: payment_cancelled, payment_timed_out, card_declined…): one of a few kinds a customer
// understands, each with one sentence, which the server stores as the payment's failure_reason and
// the web app shows in the reader's language.

export const PAYMENT_FAILURE_KINDS = ['declined', 'cancelled', 'timed_out'] as const;
export type PaymentFailureKind = (typeof PAYMENT_FAILURE_KINDS)[number];

/** The English sentence of each kind (server/locales and web/locales hold the Hindi). */
export const PAYMENT_FAILURE_SENTENCES: Readonly<Record<PaymentFailureKind, string>> = {
  declined: 'The payment was declined by the bank.',
  cancelled: 'The payment was cancelled before it was completed.',
  timed_out: 'The payment timed out: the bank or UPI app did not confirm it in time.',
};

const CANCELLED = new Set(['payment_cancelled', 'cancelled', 'user_cancelled']);
const TIMED_OUT = new Set(['payment_timed_out', 'payment_expired', 'timed_out', 'gateway_timeout']);
const DECLINED = new Set([
  'payment_declined',
  'declined',
  'card_declined',
  'insufficient_funds',
  'authentication_failed',
  'incorrect_otp',
  'incorrect_pin',
  'bank_technical_error',
  'payment_risk_check_failed',
  'transaction_limit_exceeded',
  'debit_instrument_blocked',
]);

/** The kind of a provider's error reason, or null for one it does not name a cause customers know. */
export function paymentFailureKindOf(reason: string | null | undefined): PaymentFailureKind | null {
  const key = (reason ?? '').trim().toLowerCase();
  if (CANCELLED.has(key)) return 'cancelled';
  if (TIMED_OUT.has(key)) return 'timed_out';
  if (DECLINED.has(key)) return 'declined';
  return null;
}

import type { SnapshotFrom } from 'xstate';
import type { PaymentStatus } from './payment.context';
import type { PaymentMachine } from './payment.machine';
import { CHECKOUT_TOASTS } from './payment.messages';

type PaymentSnapshot = SnapshotFrom<PaymentMachine>;

/** A receipt (HTML or PDF) exists only for a successful payment. */
export function receiptAvailable(status: PaymentStatus | string): boolean {
  return status === 'SUCCESS';
}

export const selectIsPaymentBusy = (snapshot: PaymentSnapshot) => snapshot.hasTag('busy');
/** The provider's checkout (or the sandbox dialog) is showing. */
export const selectIsInCheckout = (snapshot: PaymentSnapshot) => snapshot.hasTag('checkout');
export const selectPaymentSucceeded = (snapshot: PaymentSnapshot) =>
  snapshot.status === 'active' && snapshot.value === 'succeeded';
export const selectCanRetryPayment = (snapshot: PaymentSnapshot) =>
  snapshot.can({ type: 'payment.retry' });

/** A failed checkout's title and message, or null (CHECKOUT_TOASTS; the server's sentence wins). */
export function selectPaymentError(
  snapshot: PaymentSnapshot,
): { readonly title: string; readonly message: string } | null {
  const { error } = snapshot.context;
  if (!error || !snapshot.hasTag('error')) return null;
  const toast = CHECKOUT_TOASTS[error.step];
  return { title: toast.title, message: error.message ?? toast.message };
}

// The checkout's toasts (machines/payment CHECKOUT_TOASTS) as messages: the same English, in the
// current language. tests/web/messages-ui.test.ts keeps the English equal to the machine's.
import type { CheckoutStep } from '@machines/payment';
import { t, type MessageId } from '@web/i18n/i18n';

export type CheckoutToast = CheckoutStep | 'succeeded';

export const CHECKOUT_TOAST_MESSAGES = {
  succeeded: {
    title: 'checkout.toast.succeeded.title',
    message: 'checkout.toast.succeeded.message',
  },
  order: { title: 'checkout.toast.order.title', message: 'checkout.toast.order.message' },
  checkout: { title: 'checkout.toast.checkout.title', message: 'checkout.toast.checkout.message' },
  verify: { title: 'checkout.toast.verify.title', message: 'checkout.toast.verify.message' },
} as const satisfies Record<CheckoutToast, { title: MessageId; message: MessageId }>;

/**
 * A toast of checkout in the current language: its fixed title and message translated, except a
 * sentence the server or Razorpay wrote for a failed step (already in the app's language, or
 * Razorpay's own), which is shown as it came.
 */
export function checkoutNotice(
  toast: CheckoutToast,
  written: string | null,
): { title: string; message: string } {
  const ids = CHECKOUT_TOAST_MESSAGES[toast];
  return { title: t(ids.title), message: written ?? t(ids.message) };
}

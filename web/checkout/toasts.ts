// The checkout's toasts (machines/payment CHECKOUT_TOASTS) as messages: the same English, in the
// current language. tests/web/messages-ui.test.ts keeps the English equal to the machine's.
import { CHECKOUT_TOASTS, type CheckoutStep } from '@machines/payment';
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
 * A notice of the payment machine in the current language: its fixed texts are translated, a
 * sentence the server or Razorpay wrote (already in the app's language, or Razorpay's own) stays.
 */
export function checkoutNotice(
  toast: CheckoutToast,
  notice: { title: string; message: string },
): { title: string; message: string } {
  const fixed = CHECKOUT_TOASTS[toast];
  const ids = CHECKOUT_TOAST_MESSAGES[toast];
  return {
    title: notice.title === fixed.title ? t(ids.title) : notice.title,
    message: notice.message === fixed.message ? t(ids.message) : notice.message,
  };
}

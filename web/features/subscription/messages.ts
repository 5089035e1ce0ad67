// The subscription's toasts (machines/subscription) as messages: the machine's English word for
// word, in the current language. tests/web/messages-superuser.test.ts (the owner's adjustments) and
// messages-customer-commerce.test.ts (the customer's failures) keep the English equal to the
// machine's.
import type {
  SUBSCRIPTION_ADJUSTMENT_TOASTS,
  SUBSCRIPTION_FAILURE_TOASTS,
} from '@machines/subscription';
import type { MessageId } from '@web/i18n/i18n';

type ToastIds = { readonly title: MessageId; readonly message?: MessageId };

/** SUBSCRIPTION_ADJUSTMENT_TOASTS as messages. */
export const ADJUSTMENT_TOAST_MESSAGES = {
  adjusted: { title: 'superuser.toast.adjusted.title' },
  adjustFailed: {
    title: 'superuser.toast.adjustFailed.title',
    message: 'superuser.toast.adjustFailed.message',
  },
  extendedAll: { title: 'superuser.toast.extendedAll.title' },
  extendAllFailed: {
    title: 'superuser.toast.extendAllFailed.title',
    message: 'superuser.toast.extendAllFailed.message',
  },
} as const satisfies Record<keyof typeof SUBSCRIPTION_ADJUSTMENT_TOASTS, ToastIds>;

/** SUBSCRIPTION_FAILURE_TOASTS of the actions these screens run themselves (Pay is the checkout's). */
export const FAILURE_TOAST_MESSAGES = {
  'subscription.delete': {
    title: 'subscriptions.toast.deleteFailed.title',
    message: 'subscriptions.toast.deleteFailed.message',
  },
  'subscription.cancel': {
    title: 'subscriptions.toast.cancelFailed.title',
    message: 'subscriptions.toast.cancelFailed.message',
  },
  'subscription.renew': {
    title: 'subscriptions.toast.renewFailed.title',
    message: 'subscriptions.toast.renewFailed.message',
  },
} as const satisfies Partial<
  Record<keyof typeof SUBSCRIPTION_FAILURE_TOASTS, { title: MessageId; message: MessageId }>
>;

// The subscription adjustments' toasts (machines/subscription) as messages: the machine's English
// word for word, in the current language. tests/web/messages-superuser.test.ts keeps the English
// equal to the machine's.
import type { SUBSCRIPTION_ADJUSTMENT_TOASTS } from '@machines/subscription';
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

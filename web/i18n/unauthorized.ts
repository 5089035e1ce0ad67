// The fixed texts a non-owner sees on the owner's payment details and data download: the English
// (the spec's words) marks a refused export; the screens show the messages, in the current language.
import type { MessageId } from '@web/i18n/i18n';

export const UNAUTHORIZED_TITLE = 'Unauthorized Access';
export const PAYMENT_DETAILS_UNAUTHORIZED = 'You do not have permission to access payment details.';
export const DOWNLOAD_UNAUTHORIZED = 'You do not have permission to download user data.';

/** The same texts as messages (tests/web/messages-superuser.test.ts keeps the English equal). */
export const UNAUTHORIZED_MESSAGES = {
  title: 'superuser.unauthorized.title',
  paymentDetails: 'superuser.unauthorized.paymentDetails',
  download: 'superuser.unauthorized.download',
} as const satisfies Record<string, MessageId>;

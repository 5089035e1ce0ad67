// Why a WhatsApp notice went by SMS, as the status beside its badge says it.
import type { MessageId } from '@web/i18n/i18n';
import type { WhatsappMessage } from './whatsapp.api';

/**
 * Why the notice went by SMS, beside its badge. The "By SMS" badge already says where it went, so
 * beside it only the reason is said ("By SMS Sent by SMS" read twice).
 */
export function fallbackNoteOf(
  message: Pick<WhatsappMessage, 'status' | 'fallback' | 'fallback_reason'>,
): MessageId | null {
  if (!message.fallback) return null;
  const noConsent = message.fallback_reason === 'no_consent';
  if (message.status === 'sms') return noConsent ? 'status.whatsapp.smsNoConsent' : null;
  return noConsent ? 'status.whatsapp.fallbackNoConsent' : 'status.whatsapp.fallbackFailed';
}

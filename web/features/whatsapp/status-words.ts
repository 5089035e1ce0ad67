// What a WhatsApp notice's status says, in words: the stored status, unless the notice never left
// the server (issue 37, item 6). With no WhatsApp or SMS route set up the message is only written
// to the outbox, a file on the server: it then reads "Not sent" and why, never "Sent".
import type { BadgeTone } from '@web/components/Card';
import type { MessageId } from '@web/i18n/i18n';
import { fallbackNoteOf } from './fallback-note';
import type { WhatsappMessage, WhatsappMessageStatus } from './whatsapp.api';

/** Who reads it: the owner is told which route is missing, the customer that the mess has not set it up. */
export type StatusReader = 'owner' | 'customer';

export interface WhatsappStatusWords {
  badge: MessageId;
  tone: BadgeTone;
  /** What follows the badge, each a sentence. */
  notes: MessageId[];
  /** The notice was only written to the outbox on the server: it reached no one. */
  notSent: boolean;
}

export const WHATSAPP_STATUS_LABELS: Readonly<Record<WhatsappMessageStatus, MessageId>> = {
  queued: 'status.whatsapp.queued',
  sent: 'status.whatsapp.sent',
  delivered: 'status.whatsapp.delivered',
  read: 'status.whatsapp.read',
  failed: 'status.whatsapp.failed',
  sms: 'status.whatsapp.sms',
};

const TONES: Readonly<Record<WhatsappMessageStatus, BadgeTone>> = {
  queued: 'neutral',
  sent: 'info',
  delivered: 'success',
  read: 'success',
  failed: 'danger',
  sms: 'warning',
};

const NO_ROUTE: Readonly<Record<StatusReader, Record<WhatsappMessage['channel'], MessageId>>> = {
  owner: { whatsapp: 'status.whatsapp.noRoute', sms: 'status.whatsapp.noSmsRoute' },
  customer: {
    whatsapp: 'status.whatsapp.notSetUpCustomer',
    sms: 'status.whatsapp.smsNotSetUpCustomer',
  },
};

const FALLBACK_NOT_SENT: Readonly<Record<StatusReader, MessageId>> = {
  owner: 'status.whatsapp.fallbackNotSent',
  customer: 'status.whatsapp.fallbackNotSentCustomer',
};

export function whatsappStatusWords(
  message: Pick<
    WhatsappMessage,
    'status' | 'fallback' | 'fallback_reason' | 'channel' | 'provider'
  >,
  reader: StatusReader,
): WhatsappStatusWords {
  const kept = message.provider === 'outbox';
  // The message itself stayed on the server: by WhatsApp, or the SMS that went without consent.
  if (kept && (message.channel === 'whatsapp' || message.status === 'sms')) {
    const noConsent = message.status === 'sms' && message.fallback_reason === 'no_consent';
    return {
      badge: 'status.whatsapp.notSent',
      tone: 'warning',
      notes: [
        NO_ROUTE[reader][message.channel],
        ...(noConsent ? (['status.whatsapp.smsNoConsent'] as const) : []),
      ],
      notSent: true,
    };
  }
  // WhatsApp failed, and the SMS that was to go instead stayed on the server.
  const fallbackKept = kept && message.fallback && message.channel === 'sms';
  const fallbackNote = fallbackKept ? FALLBACK_NOT_SENT[reader] : fallbackNoteOf(message);
  return {
    badge: WHATSAPP_STATUS_LABELS[message.status],
    tone: TONES[message.status],
    notes: fallbackNote ? [fallbackNote] : [],
    notSent: false,
  };
}

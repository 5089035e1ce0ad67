// The consent lifecycle's plain functions and the privacy notice's version a grant is recorded
// against (its channels, purposes and methods are in consent.types.ts).
import type { ConsentChannel, ConsentEvent, ConsentPurpose } from './consent.types';

/** The privacy notice's version that grants are recorded against (the notice page comes later). */
export const PRIVACY_NOTICE_VERSION = '2026-11-27';

/**
 * Whether messages of this channel and purpose go whatever the customer said: service messages
 * (codes, receipts, reminders) by SMS and e-mail go without consent; WhatsApp asks for it first
 * (docs/rules/consent.md), and promotions always do. The consent screens say so instead of
 * "Never asked".
 */
export const sentWithoutConsent = (channel: ConsentChannel, purpose: ConsentPurpose): boolean =>
  purpose === 'service' && channel !== 'whatsapp';

/** The switches of one channel and purpose (the customer's profile). */
export const consentActionProbes: readonly ConsentEvent[] = [
  { type: 'consent.grant', method: 'profile', recordedBy: null },
  { type: 'consent.withdraw', method: 'profile' },
];

/** The words that withdraw or grant WhatsApp consent in a customer's reply (Meta's own opt-out words). */
const STOP_WORDS = new Set(['STOP', 'UNSUBSCRIBE', 'रोकें', 'बंद']);
const START_WORDS = new Set(['START', 'SUBSCRIBE', 'शुरू']);

/** What a customer's WhatsApp reply asks for, if it is one of the opt-out or opt-in words. */
export function consentReplyIntent(text: string): 'stop' | 'start' | null {
  const word = text.trim().toUpperCase();
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  return null;
}

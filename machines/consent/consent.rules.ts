// The consent lifecycle's data and plain functions: channels, purposes, how consent is given and
// taken back, and the privacy notice's version a grant is recorded against.
import type { ConsentEvent } from './consent.machine';

export const CONSENT_CHANNELS = ['sms', 'email', 'whatsapp'] as const;
export const CONSENT_PURPOSES = ['service', 'promotions'] as const;
/** How a customer says yes: the registration checkbox, a WhatsApp reply of START, the owner
 * recording spoken consent (with the recorder's name), or a switch in the profile. */
export const CONSENT_GRANT_METHODS = [
  'registration_checkbox',
  'reply_start',
  'owner_recorded',
  'profile',
] as const;
/** How a customer takes it back: a reply of STOP, a switch in the profile, or through the owner. */
export const CONSENT_WITHDRAW_METHODS = ['reply_stop', 'profile', 'owner'] as const;

export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export type ConsentGrantMethod = (typeof CONSENT_GRANT_METHODS)[number];
export type ConsentWithdrawMethod = (typeof CONSENT_WITHDRAW_METHODS)[number];

/** The privacy notice's version that grants are recorded against (the notice page comes later). */
export const PRIVACY_NOTICE_VERSION = '2026-11-27';

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

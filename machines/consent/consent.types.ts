// Consent's channels, purposes and methods, statuses, context and events: what its files share.

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

/** One channel and purpose of one customer: never asked, agreed, or agreed and then withdrawn. */
export type ConsentStatus = 'none' | 'granted' | 'withdrawn';

export interface ConsentContext {
  /** How the open grant was given (null when none is open). */
  readonly method: ConsentGrantMethod | null;
  readonly recordedBy: string | null;
}

export type ConsentEvent =
  | {
      readonly type: 'consent.grant';
      readonly method: ConsentGrantMethod;
      /** The person who recorded spoken consent (method owner_recorded); null otherwise. */
      readonly recordedBy: string | null;
    }
  | { readonly type: 'consent.withdraw'; readonly method: ConsentWithdrawMethod };

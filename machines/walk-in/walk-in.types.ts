// A walk-in's claim link: its statuses, context and events, shared by its machine, rules, messages.
import type { DeadlineContext } from '../shared/dates';

export const CLAIM_STATUSES = ['OPEN', 'VERIFIED', 'CLAIMED'] as const;

export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** What the machine decides on: when the link expires and the moment it is asked. */
export type ClaimContext = DeadlineContext<'expiresAt'>;

export type ClaimEvent =
  /** The claim page asks for a code to the enrolled phone. */
  | { readonly type: 'claim.send_otp' }
  /** The right code was entered: the account is the holder's, and they are signed in. */
  | { readonly type: 'claim.verify' }
  /** The holder chose a password (and username), which is optional: the link is spent. */
  | { readonly type: 'claim.complete' }
  /** The owner sends a new link (the SMS was lost, or the link expired): the OTP step again. */
  | { readonly type: 'claim.resend' }
  /**
   * The holder proved the phone with a code outside the claim page (a phone sign-in code, or the
   * claim page's code given to verify-otp): the account is theirs, its password left to set.
   */
  | { readonly type: 'claim.sign_in' };

import { setup, type SnapshotFrom } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { walkInClaimRefusals } from './walk-in.messages';
import {
  isUnexpired,
  walkInClaimActionProbes,
  walkInClaimOwnerProbes,
  type CLAIM_STATUSES,
} from './walk-in.rules';

export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export type ClaimStateValue = ClaimStatus;

/** What the machine decides on: when the link expires and the moment it is asked (ISO instants). */
export interface ClaimContext {
  readonly expiresAt: string;
  readonly now: string;
}

export type ClaimEvent =
  /** The claim page asks for a code to the enrolled phone. */
  | { readonly type: 'claim.send_otp' }
  /** The right code was entered. */
  | { readonly type: 'claim.verify' }
  /** The customer chose their password (and username): the account is theirs. */
  | { readonly type: 'claim.complete' }
  /** The owner sends a new link (the SMS was lost, or the link expired): the OTP step again. */
  | { readonly type: 'claim.resend' }
  /**
   * The holder proved the phone with a code outside the claim page (a phone sign-in code, or the
   * claim page's code given to verify-otp): the account is theirs, its password left to set.
   */
  | { readonly type: 'claim.sign_in' };

export type ClaimEventType = ClaimEvent['type'];

// A walk-in's claim link: OPEN from the enrolment; VERIFIED once the phone's OTP was right;
// CLAIMED when the customer set a password, after which the link is spent. Every step needs the
// link unexpired (7 days from the enrolment); an expired link changes nothing. Until it is claimed,
// the owner may send a new link, expired or not, which starts again from the OTP. A code to the
// phone proven elsewhere (claim.sign_in: signing in by phone) claims it too, while it is unexpired.

// Defined through defineMachine: a host that takes only this file's constants does not carry it.
export const walkInClaimMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as ClaimContext,
      events: {} as ClaimEvent,
      input: {} as ClaimContext,
      tags: {} as 'needsOtp' | 'needsPassword' | 'spent',
    },
    guards: {
      isUnexpired: ({ context }) => isUnexpired(context),
      /** The same rule, refused in words for someone signing in rather than opening the link. */
      isUnexpiredAtSignIn: ({ context }) => isUnexpired(context),
    },
  }).createMachine({
    id: 'walk_in_claim',
    initial: 'OPEN',
    context: ({ input }) => input,
    meta: lifecycleMeta<ClaimEvent, ClaimStateValue>({
      refusals: walkInClaimRefusals,
      actions: [...walkInClaimActionProbes, ...walkInClaimOwnerProbes],
    }),
    states: {
      OPEN: {
        tags: ['needsOtp'],
        on: {
          'claim.send_otp': { target: 'OPEN', guard: 'isUnexpired' },
          'claim.verify': { target: 'VERIFIED', guard: 'isUnexpired' },
          'claim.resend': { target: 'OPEN' },
          'claim.sign_in': { target: 'CLAIMED', guard: 'isUnexpiredAtSignIn' },
        },
      },
      VERIFIED: {
        tags: ['needsPassword'],
        on: {
          'claim.send_otp': { target: 'VERIFIED', guard: 'isUnexpired' },
          'claim.verify': { target: 'VERIFIED', guard: 'isUnexpired' },
          'claim.complete': { target: 'CLAIMED', guard: 'isUnexpired' },
          'claim.resend': { target: 'OPEN' },
          'claim.sign_in': { target: 'CLAIMED', guard: 'isUnexpiredAtSignIn' },
        },
      },
      CLAIMED: { tags: ['spent'], type: 'final' },
    },
  }),
);

export type WalkInClaimMachine = typeof walkInClaimMachine;

export const selectClaimNeedsOtp = (snapshot: SnapshotFrom<WalkInClaimMachine>) =>
  snapshot.hasTag('needsOtp');
export const selectClaimNeedsPassword = (snapshot: SnapshotFrom<WalkInClaimMachine>) =>
  snapshot.hasTag('needsPassword');

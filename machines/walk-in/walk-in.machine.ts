import { setup, type SnapshotFrom } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { walkInClaimRefusals } from './walk-in.messages';
import { isUnexpired, walkInClaimActionProbes, walkInClaimOwnerProbes } from './walk-in.rules';
import type { ClaimStatus, ClaimContext, ClaimEvent } from './walk-in.types';

// A claim link (a walk-in's, or a staff member's invite): OPEN from the enrolment; VERIFIED once the
// phone's OTP was right, which makes the account the holder's and signs them in (a staff member is
// active from then on); CLAIMED when they set a password, which is optional, after which the link
// is spent. Every step needs the link unexpired (7 days); an expired link changes nothing. Until it
// is claimed, the owner may send a walk-in a new link, expired or not, which starts again from the
// OTP. A code to the phone proven elsewhere (claim.sign_in: signing in by phone) claims it too,
// while it is unexpired.

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
    meta: lifecycleMeta<ClaimEvent, ClaimStatus>({
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

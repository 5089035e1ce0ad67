import { and, setup, type SnapshotFrom } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { onboardingRefusals } from './onboarding.messages';
import type { USER_STATUSES, USER_TYPES } from './onboarding.rules';
import {
  choosesOneService,
  hasRequiredProfileFields,
  onboardingActionProbes,
} from './onboarding.rules';

export type UserStatus = (typeof USER_STATUSES)[number];
export type OnboardingStateValue = UserStatus;
export type UserType = (typeof USER_TYPES)[number];

export interface OnboardingContext {
  readonly userType: UserType;
}

/** The signed-in user as the route guards need it. */
export interface RouteUser {
  readonly status: UserStatus;
  readonly userType: UserType;
  readonly phone: string;
}

export interface StudentProfileInput {
  readonly institute: string;
  readonly studentId: string;
  readonly hostel: string;
  readonly year: string;
  readonly course: string;
}

export interface RegularProfileInput {
  readonly address: string;
  readonly landmark: string;
  readonly pincode: string;
  readonly city: string;
}

/** POST /accounts/complete-profile/ in the machine's terms. */
export interface ProfileInput {
  readonly isTiffinUser: boolean;
  readonly isMessUser: boolean;
  readonly studentProfile?: Partial<StudentProfileInput> | null;
  readonly regularProfile?: Partial<RegularProfileInput> | null;
}

export type OnboardingEvent =
  /** The OTP was verified. */
  | { readonly type: 'onboarding.verify_otp' }
  /** The profile form was saved (also later, to edit it). */
  | { readonly type: 'onboarding.complete_profile'; readonly profile: ProfileInput };

export type OnboardingEventType = OnboardingEvent['type'];

// User status: unverified → registration_complete (OTP verified) → profile_complete (profile saved).

// Defined through defineMachine: a host that takes only this file's constants does not carry it.
export const onboardingMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as OnboardingContext,
      events: {} as OnboardingEvent,
      input: {} as OnboardingContext,
      tags: {} as 'needsOtp' | 'needsProfile' | 'complete',
    },
    guards: {
      isCustomer: ({ context }) => context.userType === 'student' || context.userType === 'regular',
      choosesOneService: ({ event }) =>
        event.type === 'onboarding.complete_profile' && choosesOneService(event.profile),
      hasRequiredProfileFields: ({ context, event }) =>
        event.type === 'onboarding.complete_profile' &&
        hasRequiredProfileFields(context.userType, event.profile),
    },
  }).createMachine({
    id: 'onboarding',
    initial: 'unverified',
    context: ({ input }) => input,
    meta: lifecycleMeta<OnboardingEvent, OnboardingStateValue>({
      refusals: onboardingRefusals,
      actions: onboardingActionProbes,
    }),
    states: {
      unverified: {
        tags: ['needsOtp'],
        on: { 'onboarding.verify_otp': { target: 'registration_complete' } },
      },
      registration_complete: {
        tags: ['needsProfile'],
        on: {
          'onboarding.complete_profile': {
            guard: and(['isCustomer', 'choosesOneService', 'hasRequiredProfileFields']),
            target: 'profile_complete',
          },
        },
      },
      profile_complete: {
        tags: ['complete'],
        on: {
          // Saving the profile again edits it; the status stays.
          'onboarding.complete_profile': {
            guard: and(['isCustomer', 'choosesOneService', 'hasRequiredProfileFields']),
            target: 'profile_complete',
          },
        },
      },
    },
  }),
);

export type OnboardingMachine = typeof onboardingMachine;

type OnboardingSnapshot = SnapshotFrom<OnboardingMachine>;

export const selectNeedsOtp = (snapshot: OnboardingSnapshot) => snapshot.hasTag('needsOtp');
export const selectNeedsProfile = (snapshot: OnboardingSnapshot) => snapshot.hasTag('needsProfile');
export const selectIsOnboarded = (snapshot: OnboardingSnapshot) => snapshot.hasTag('complete');

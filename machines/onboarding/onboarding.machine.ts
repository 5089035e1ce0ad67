import { and, setup, type SnapshotFrom } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { onboardingRefusals } from './onboarding.messages';
import {
  choosesOneService,
  hasRequiredProfileFields,
  onboardingActionProbes,
} from './onboarding.rules';
import type { UserStatus, OnboardingContext, OnboardingEvent } from './onboarding.types';

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
    meta: lifecycleMeta<OnboardingEvent, UserStatus>({
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

// User status: unverified → registration_complete (OTP verified) → profile_complete (profile saved).
import { and, setup } from 'xstate';
import { lifecycleMeta } from '../shared/lifecycle';
import type { OnboardingContext, OnboardingStateValue } from './onboarding.context';
import type { OnboardingEvent } from './onboarding.events';
import { onboardingActionProbes } from './onboarding.events';
import { onboardingRefusals } from './onboarding.messages';
import { choosesOneService, hasRequiredProfileFields } from './onboarding.rules';

export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingContext,
    tags: {} as 'needsOtp' | 'needsProfile' | 'complete',
  },
  guards: {
    isCustomer: ({ context }) => context.userType !== 'mess_owner',
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
});

export type OnboardingMachine = typeof onboardingMachine;

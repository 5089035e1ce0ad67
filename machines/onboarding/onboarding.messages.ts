// Every sentence the onboarding lifecycle refuses with.
import type { RefusalTable } from '../shared/lifecycle';
import type { OnboardingStateValue } from './onboarding.context';
import type { OnboardingEventType } from './onboarding.events';

export const onboardingRefusals = {
  events: {
    'onboarding.verify_otp': {
      code: 'onboarding.already_verified',
      message: 'This phone number is already verified.',
    },
    'onboarding.complete_profile': {
      code: 'onboarding.otp_required',
      message: 'Please verify your phone number before completing your profile.',
    },
  },
  guards: {
    isCustomer: {
      code: 'onboarding.owner_profile_read_only',
      message: 'Mess owner profiles are read-only.',
    },
    choosesOneService: {
      code: 'onboarding.service_choice_required',
      message: 'Choose exactly one of tiffin service or mess service.',
    },
    hasRequiredProfileFields: {
      code: 'onboarding.profile_fields_required',
      message: 'Please fill in every required profile field.',
    },
  },
} as const satisfies RefusalTable<OnboardingEventType, OnboardingStateValue>;

export type OnboardingRefusalCode =
  | (typeof onboardingRefusals)['events'][OnboardingEventType]['code']
  | (typeof onboardingRefusals)['guards'][keyof (typeof onboardingRefusals)['guards']]['code'];

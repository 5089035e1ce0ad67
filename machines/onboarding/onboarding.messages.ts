// Every sentence the onboarding lifecycle refuses with.
import type { RefusalTable } from '../shared/lifecycle';
import type { OnboardingEventType, OnboardingStateValue, UserStatus } from './onboarding.machine';

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

// How screens name an account's status (web badges, `dabba` tables).

export const USER_STATUS_LABELS: Readonly<Record<UserStatus, string>> = {
  unverified: 'Unverified',
  // The phone is verified but the profile is not filled in yet: "Registration Complete" read as done.
  registration_complete: 'Profile Incomplete',
  profile_complete: 'Profile Complete',
};

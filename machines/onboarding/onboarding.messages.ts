// Every sentence the onboarding lifecycle refuses with.
import { refusal } from '../shared/refusals';
import type { RefusalTable, RefusalCodeOf } from '../shared/lifecycle';
import type { OnboardingEvent, UserStatus } from './onboarding.types';

export const onboardingRefusals = {
  events: {
    'onboarding.verify_otp': refusal('onboarding.already_verified'),
    'onboarding.complete_profile': refusal('onboarding.otp_required'),
  },
  guards: {
    isCustomer: refusal('onboarding.owner_profile_read_only'),
    choosesOneService: refusal('onboarding.service_choice_required'),
    hasRequiredProfileFields: refusal('onboarding.profile_fields_required'),
  },
} as const satisfies RefusalTable<OnboardingEvent, UserStatus>;

export type OnboardingRefusalCode = RefusalCodeOf<typeof onboardingRefusals>;

// How screens name an account's status (web badges, `dabba` tables).

export const USER_STATUS_LABELS: Readonly<Record<UserStatus, string>> = {
  unverified: 'Unverified',
  // The phone is verified but the profile is not filled in yet: "Registration Complete" read as done.
  registration_complete: 'Profile Incomplete',
  profile_complete: 'Profile Complete',
};

// What a complete profile needs, shared by the server and the profile form.
import type { Refusal } from '../shared/refusals';
import { isNonBlank } from '../shared/text';
import type {
  OnboardingEvent,
  ProfileInput,
  RegularProfileInput,
  StudentProfileInput,
  UserStatus,
  UserType,
} from './onboarding.machine';
import { onboardingRefusals } from './onboarding.messages';

export const USER_STATUSES = ['unverified', 'registration_complete', 'profile_complete'] as const;

/** users.user_type: the customers (student, regular), the owner and the owner's staff roles. */
export const USER_TYPES = [
  'student',
  'regular',
  'mess_owner',
  'manager',
  'kitchen',
  'delivery',
] as const;

/** Well-formed examples of each action, for allowedEvents(). */
export const onboardingActionProbes: readonly OnboardingEvent[] = [
  { type: 'onboarding.verify_otp' },
  {
    type: 'onboarding.complete_profile',
    profile: {
      isTiffinUser: true,
      isMessUser: false,
      studentProfile: { institute: 'KIET', studentId: '1', hostel: 'A', year: '1st', course: 'B' },
      regularProfile: { address: 'A', landmark: 'B', pincode: '201206', city: 'C' },
    },
  },
];

export const STUDENT_PROFILE_FIELDS: readonly (keyof StudentProfileInput)[] = [
  'institute',
  'studentId',
  'hostel',
  'year',
  'course',
];
export const REGULAR_PROFILE_FIELDS: readonly (keyof RegularProfileInput)[] = [
  'address',
  'landmark',
  'pincode',
  'city',
];
export const INSTITUTE_OPTIONS = ['KIET', 'ITS'] as const;
export const YEAR_OPTIONS = ['1st', '2nd', '3rd', '4th', '5th'] as const;

export function choosesOneService(profile: ProfileInput): boolean {
  return profile.isTiffinUser !== profile.isMessUser;
}

export function hasRequiredProfileFields(userType: UserType, profile: ProfileInput): boolean {
  if (userType === 'student') {
    const fields = profile.studentProfile;
    return !!fields && STUDENT_PROFILE_FIELDS.every((name) => isNonBlank(fields[name]));
  }
  if (userType === 'regular') {
    const fields = profile.regularProfile;
    return !!fields && REGULAR_PROFILE_FIELDS.every((name) => isNonBlank(fields[name]));
  }
  return false;
}

/** All reasons the profile cannot be saved yet; empty means Save is enabled. */
export function validateProfile(userType: UserType, profile: ProfileInput): Refusal[] {
  if (userType !== 'student' && userType !== 'regular') {
    return [onboardingRefusals.guards.isCustomer];
  }
  const refusals: Refusal[] = [];
  if (!choosesOneService(profile)) refusals.push(onboardingRefusals.guards.choosesOneService);
  if (!hasRequiredProfileFields(userType, profile)) {
    refusals.push(onboardingRefusals.guards.hasRequiredProfileFields);
  }
  return refusals;
}

/** OTP counts as done once the status is no longer unverified (statuses only move forward). */
export function isOtpDone(status: UserStatus): boolean {
  return status !== 'unverified';
}

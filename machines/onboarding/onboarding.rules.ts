// What a complete profile needs, shared by the server and the profile form.
import type { Refusal } from '../shared/refusals';
import { isNonBlank } from '../shared/text';
import { onboardingRefusals } from './onboarding.messages';
import type {
  OnboardingEvent,
  ProfileInput,
  RegularProfileInput,
  StudentProfileInput,
  UserStatus,
  UserType,
} from './onboarding.types';

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

/** A pincode: India Post's six digits. */
export const isPincode = (value: string): boolean => /^\d{6}$/.test(value.trim());

export type ProfileFieldName = keyof StudentProfileInput | keyof RegularProfileInput;

/**
 * What is wrong with each field of the profile of `userType`, as the customer's own form and the
 * server judge it: a field left blank, or a pincode that is not six digits.
 */
export function profileFieldProblems(
  userType: 'student' | 'regular',
  profile: Partial<StudentProfileInput & RegularProfileInput>,
): Partial<Record<ProfileFieldName, 'required' | 'pincode'>> {
  const fields = userType === 'student' ? STUDENT_PROFILE_FIELDS : REGULAR_PROFILE_FIELDS;
  const problems: Partial<Record<ProfileFieldName, 'required' | 'pincode'>> = {};
  for (const name of fields) {
    const value = profile[name];
    if (!isNonBlank(value)) problems[name] = 'required';
    else if (name === 'pincode' && !isPincode(value ?? '')) problems[name] = 'pincode';
  }
  return problems;
}

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

/** Where a customer's profile goes in a request: a student's, or a regular customer's address. */
export const profileFieldOf = (userType: 'student' | 'regular') =>
  userType === 'student' ? ('student_profile' as const) : ('regular_profile' as const);

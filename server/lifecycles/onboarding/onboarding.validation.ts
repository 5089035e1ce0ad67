// Rules the contract's JSON Schema cannot express, with the spec's own texts.
import {
  COMMON_PASSWORD_MESSAGE,
  isCommonPassword,
} from '@server/resources/auth/common-passwords.js';
import type { User } from '@server/platform/db/schema.js';
import type { FieldErrors } from '@server/errors.js';
import { isPincode } from '@machines/onboarding';
import {
  normalizePhone as normalizeMachinePhone,
  PHONE_MESSAGES,
  refusal,
  type Refusal,
} from '@machines/shared';

/** The customers' account types, whose profiles these are. */
export type CustomerType = 'student' | 'regular';

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export const EMAIL_MESSAGE = 'Please enter a valid email address';

/** Normalises an Indian mobile number to +91 and ten digits starting with 6-9 (machines' rule). */
export function normalizePhone(input: string): Checked<string> {
  const phone = normalizeMachinePhone(input);
  return phone.ok ? phone : { ok: false, message: PHONE_MESSAGES[phone.problem] };
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string) => EMAIL_PATTERN.test(value) && value.length <= 254;

export const isBlank = (value: string | null | undefined) => !value || value.trim() === '';

const USERNAME_PATTERN = /^[\w.@+-]+$/;

/** The registration form's field rules that need no database (docs/security.md: Accounts and sessions). */
export async function registrationErrors(body: {
  username: string;
  email: string;
  password: string;
  confirm_password: string;
  first_name: string;
  last_name: string;
}): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const username = body.username.trim();
  if (username.length < 3) errors.username = ['Username must be at least 3 characters'];
  else if (!USERNAME_PATTERN.test(username) || username.length > 150) {
    errors.username = [
      'Enter a valid username. It may contain only letters, numbers, and @/./+/-/_ characters.',
    ];
  }
  if (!isEmail(body.email.trim())) errors.email = [EMAIL_MESSAGE];
  if (body.password.length < 6) errors.password = ['Password must be at least 6 characters'];
  else if (await isCommonPassword(body.password)) errors.password = [COMMON_PASSWORD_MESSAGE];
  if (isBlank(body.confirm_password)) errors.confirm_password = ['Please confirm your password'];
  else if (body.password !== body.confirm_password) {
    errors.confirm_password = ['Passwords do not match'];
  }
  if (isBlank(body.first_name)) errors.first_name = ['First name is required'];
  if (isBlank(body.last_name)) errors.last_name = ['Last name is required'];
  return errors;
}

/** A request's profiles, as complete-profile, a walk-in and the owner's edit send them. */
export interface ProfileBody {
  student_profile?: Record<string, unknown> | null | undefined;
  regular_profile?: ({ pincode?: string } & Record<string, unknown>) | null | undefined;
}

/** The other type's profile sent (a student's address, a regular customer's student profile). */
export function profileTypeProblems(
  userType: CustomerType,
  body: ProfileBody,
): (Refusal<'onboarding.profile_type_mismatch'> & { field: string })[] {
  const other = userType === 'student' ? 'regular_profile' : 'student_profile';
  return body[other] ? [{ field: other, ...refusal('onboarding.profile_type_mismatch') }] : [];
}

/**
 * The profile of a customer's type by the profile form's rules, each problem under its own key:
 * every field given and not blank, a pincode of six digits. `required`: missing altogether is a
 * problem too (complete-profile); elsewhere (a walk-in, the owner's edit) only what is sent is
 * judged.
 */
export function profileFieldErrors(
  userType: CustomerType,
  body: ProfileBody,
  required: boolean,
): FieldErrors {
  const errors: FieldErrors = {};
  const check = (prefix: string, profile: Record<string, unknown> | null, fields: string[]) => {
    if (!profile) {
      if (required) errors[prefix] = ['This field is required.'];
      return;
    }
    for (const field of fields) {
      const value = profile[field];
      if (typeof value !== 'string' || isBlank(value)) {
        errors[`${prefix}.${field}`] = ['This field is required.'];
      }
    }
  };
  if (userType === 'student') {
    check('student_profile', body.student_profile ?? null, [
      'institute',
      'student_id',
      'hostel',
      'year',
      'course',
    ]);
  } else {
    const regular = body.regular_profile ?? null;
    check('regular_profile', regular, ['address', 'landmark', 'pincode', 'city']);
    const pincode = regular?.pincode;
    if (typeof pincode === 'string' && !isBlank(pincode) && !isPincode(pincode)) {
      errors['regular_profile.pincode'] = ['Pincode must be 6 digits.'];
    }
  }
  return errors;
}

/** The profile fields the account's type needs, each missing one under its own key. */
export function profileErrors(
  user: User,
  body: {
    user_type: string;
    is_tiffin_user: boolean;
    is_mess_user: boolean;
  } & ProfileBody,
): FieldErrors {
  const errors: FieldErrors = {};
  if (body.user_type !== user.user_type) errors.user_type = ['User type cannot be changed.'];
  if (body.is_tiffin_user === body.is_mess_user) {
    errors.non_field_errors = ['Choose exactly one of tiffin user or mess user.'];
  }
  return {
    ...errors,
    ...profileFieldErrors(user.user_type === 'student' ? 'student' : 'regular', body, true),
  };
}

/** The rows a profile is stored as: the form's fields, trimmed (the store writes them). */
export interface ProfileRows {
  student?: { institute: string; student_id: string; hostel: string; year: string; course: string };
  regular?: { address: string; landmark: string; pincode: string; city: string };
}

/** The profile of `userType` in `body`, checked already, as the rows to store (none sent: {}). */
export function profileRowsOf(
  userType: CustomerType,
  body: {
    student_profile?:
      | { institute: string; student_id: string; hostel: string; year: string; course: string }
      | undefined;
    regular_profile?:
      { address: string; landmark: string; pincode: string; city: string } | undefined;
  },
): ProfileRows {
  const student = body.student_profile;
  const regular = body.regular_profile;
  if (userType === 'student' && student) {
    return {
      student: {
        institute: student.institute,
        student_id: student.student_id.trim(),
        hostel: student.hostel.trim(),
        year: student.year,
        course: student.course.trim(),
      },
    };
  }
  if (userType === 'regular' && regular) {
    return {
      regular: {
        address: regular.address.trim(),
        landmark: regular.landmark.trim(),
        pincode: regular.pincode.trim(),
        city: regular.city.trim(),
      },
    };
  }
  return {};
}

// Rules the contract's JSON Schema cannot express, with the spec's own texts.
import {
  COMMON_PASSWORD_MESSAGE,
  isCommonPassword,
} from '@server/resources/auth/common-passwords.js';
import type { User } from '@server/platform/db/schema.js';
import type { FieldErrors } from '@server/errors.js';
import { normalizePhone as normalizeMachinePhone, PHONE_MESSAGES } from '@machines/shared';

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

/** The profile fields the account's type needs, each missing one under its own key. */
export function profileErrors(
  user: User,
  body: {
    user_type: string;
    is_tiffin_user: boolean;
    is_mess_user: boolean;
    student_profile?: Record<string, unknown> | null;
    regular_profile?: { pincode?: string } & Record<string, unknown>;
  },
): FieldErrors {
  const errors: FieldErrors = {};
  if (body.user_type !== user.user_type) errors.user_type = ['User type cannot be changed.'];
  if (body.is_tiffin_user === body.is_mess_user) {
    errors.non_field_errors = ['Choose exactly one of tiffin user or mess user.'];
  }
  const require = (prefix: string, profile: Record<string, unknown> | null, fields: string[]) => {
    if (!profile) {
      errors[prefix] = ['This field is required.'];
      return;
    }
    for (const field of fields) {
      const value = profile[field];
      if (typeof value !== 'string' || isBlank(value)) {
        errors[`${prefix}.${field}`] = ['This field is required.'];
      }
    }
  };
  if (user.user_type === 'student') {
    require('student_profile', body.student_profile ?? null, [
      'institute',
      'student_id',
      'hostel',
      'year',
      'course',
    ]);
  } else {
    const regular = body.regular_profile ?? null;
    require('regular_profile', regular, ['address', 'landmark', 'pincode', 'city']);
    const pincode = regular?.pincode;
    if (typeof pincode === 'string' && !isBlank(pincode) && !/^\d{6}$/.test(pincode.trim())) {
      errors['regular_profile.pincode'] = ['Pincode must be 6 digits.'];
    }
  }
  return errors;
}

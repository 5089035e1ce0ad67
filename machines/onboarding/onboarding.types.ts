// An account's statuses and types, its profile, context and events: what onboarding's files share.

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

export type UserStatus = (typeof USER_STATUSES)[number];

export type UserType = (typeof USER_TYPES)[number];

export interface OnboardingContext {
  readonly userType: UserType;
}

/** The signed-in user as the route guards need it. */
export interface RouteUser {
  readonly status: UserStatus;
  readonly userType: UserType;
  readonly phone: string;
  /** false: the phone still waits for its code (undefined counts as verified). */
  readonly phoneVerified?: boolean;
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

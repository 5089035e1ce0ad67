export const USER_STATUSES = ['unverified', 'registration_complete', 'profile_complete'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export type OnboardingStateValue = UserStatus;

export const USER_TYPES = ['student', 'regular', 'mess_owner'] as const;
export type UserType = (typeof USER_TYPES)[number];

export interface OnboardingContext {
  readonly userType: UserType;
}

/** The signed-in user as the route guards need it. */
export interface RouteUser {
  readonly status: UserStatus;
  readonly userType: UserType;
  readonly phone: string;
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

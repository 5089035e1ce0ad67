// The staff lifecycle's data and plain functions: roles, the owner's buttons.
import type { StaffEvent } from './staff.types';

/** The roles beside the owner (users.user_type of a staff account), as the API sends them. */
export const STAFF_ROLES = ['manager', 'kitchen', 'delivery'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/** A role as x-roles names it: `customer` stands for student and regular. */
export type AccessRole = 'customer' | 'mess_owner' | StaffRole;

/** users.user_type as getProfile answers it. */
export type AccountType = 'student' | 'regular' | 'mess_owner' | StaffRole;

export function accessRoleOf(userType: AccountType): AccessRole {
  return userType === 'student' || userType === 'regular' ? 'customer' : userType;
}

/** A staff account: a manager, a kitchen account or a delivery rider. */
export const isStaff = (userType: AccountType | null | undefined): userType is StaffRole =>
  isStaffRole(userType);

/** The owner or one of the owner's staff: the business side of the app, never a customer's. */
export const isBusinessSide = (userType: AccountType | null | undefined): boolean =>
  userType === 'mess_owner' || isStaff(userType);

export const KITCHEN_HOME = '/admin/kitchen';
export const DELIVERY_HOME = '/admin/deliveries';

/**
 * Where an account starts after signing in: a kitchen account on the kitchen sheet, a rider on
 * their deliveries, everyone else (the owner, a manager, a customer) on /dashboard.
 */
export function homePathOf(userType: AccountType): string {
  if (userType === 'kitchen') return KITCHEN_HOME;
  if (userType === 'delivery') return DELIVERY_HOME;
  return '/dashboard';
}

/** The buttons of a staff row (the owner's), in the order a screen shows them. */
export const staffActionProbes: readonly StaffEvent[] = [
  { type: 'staff.resend_invite' },
  { type: 'staff.update' },
  { type: 'staff.deactivate' },
  { type: 'staff.reactivate' },
];

/** How long a staff invite link stays valid, as a walk-in's claim link does. */
export const STAFF_INVITE_DAYS = 7;

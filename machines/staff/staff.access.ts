// What a signed-in account may do, by its user_type, over the contract's x-roles
// (generated/roles.ts): the web app's navigation, home tiles, buttons and route guards and the CLI's
// commands ask mayCall() rather than naming user types, so a role's reach is written once, in
// openapi.yaml.
import { OPERATION_ROLES } from '../../generated/roles';
import { isStaffRole, type StaffRole } from './staff.rules';

/** An operation of the contract, by its operationId. */
export type OperationId = keyof typeof OPERATION_ROLES;

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

/**
 * Whether an account of `userType` may call `operationId`: the operation's x-roles name its role,
 * or it has none (open to anyone signed in). Nobody signed in (null) may call only what has none.
 */
export function mayCall(
  userType: AccountType | null | undefined,
  operationId: OperationId,
): boolean {
  const roles: readonly AccessRole[] | null = OPERATION_ROLES[operationId];
  if (roles === null) return true;
  if (!userType) return false;
  return roles.includes(accessRoleOf(userType));
}

/**
 * Where an account starts after signing in: a kitchen account on the kitchen sheet, a rider on
 * their deliveries, everyone else (the owner, a manager, a customer) on /dashboard.
 */
export function homePathOf(userType: AccountType): string {
  if (userType === 'kitchen') return KITCHEN_HOME;
  if (userType === 'delivery') return DELIVERY_HOME;
  return '/dashboard';
}

export const KITCHEN_HOME = '/admin/kitchen';
export const DELIVERY_HOME = '/admin/deliveries';

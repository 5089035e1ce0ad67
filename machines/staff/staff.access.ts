// What a signed-in account may do, by its user_type, over the contract's x-roles
// (generated/roles.ts): the web app's navigation, buttons and route guards and the CLI's commands
// ask mayCall() rather than naming user types, so a role's reach is written once, in openapi.yaml.
// The table is the only part of machines/staff a signed-out visitor's page would not need: the web
// app loads this file with its server-state chunk, not with the landing page.
import { OPERATION_ROLES } from '../../generated/roles';
import { accessRoleOf, isBusinessSide, type AccessRole, type AccountType } from './staff.rules';

/** An operation of the contract, by its operationId. */
export type OperationId = keyof typeof OPERATION_ROLES;

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
 * Whether an account of `userType` may open a business-side route (its operation and roles, as a
 * route entry of machines/onboarding names them).
 */
export function roleMayOpen(
  route: { readonly operation?: OperationId; readonly roles?: readonly AccessRole[] },
  userType: AccountType,
): boolean {
  if (!isBusinessSide(userType)) return false;
  if (route.roles && !route.roles.includes(accessRoleOf(userType))) return false;
  return route.operation === undefined || mayCall(userType, route.operation);
}

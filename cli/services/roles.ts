// The one place a 403 becomes a sentence about roles: when the signed-in account's role is not one
// the operation's `x-roles` names (generated/roles.ts), dabba says which roles may, instead of
// showing the server's bare refusal. A 403 for another reason keeps the server's own sentence.
import { OPERATION_ROLES, ROUTE_OPERATIONS } from '@generated/roles';
import { forbiddenError, type UserError } from '../errors';

type Role = 'customer' | 'mess_owner' | 'manager' | 'kitchen' | 'delivery';

/** The x-roles role of a user_type: students and regulars are customers. */
export function roleOfUserType(userType: string): Role {
  if (userType === 'student' || userType === 'regular') return 'customer';
  return userType as Role;
}

/** Who a role is, in a sentence: "the owner", "a manager", "kitchen staff". */
const WHO: Readonly<Record<Role, string>> = {
  customer: 'a customer',
  mess_owner: 'the owner',
  manager: 'a manager',
  kitchen: 'kitchen staff',
  delivery: 'a delivery rider',
};

/** "the owner", "the owner or a manager", "the owner, a manager or kitchen staff". */
function either(roles: readonly Role[]): string {
  const names = roles.map((role) => WHO[role]);
  return names.length < 2
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** The refusal to show for a 403 on `method path`, or null when the role is not the reason. */
export function roleRefusal(
  method: string,
  schemaPath: string,
  userType: string,
  username: string | undefined,
): UserError | null {
  const operation = ROUTE_OPERATIONS[`${method.toUpperCase()} ${schemaPath}`];
  const allowed: readonly Role[] | null = operation ? OPERATION_ROLES[operation] : null;
  const role = roleOfUserType(userType);
  if (!allowed || allowed.includes(role)) return null;
  const who = `${username ?? 'an account'} (${WHO[role]})`;
  // dabba is for the business: customers are never who to ask.
  const may = allowed.filter((one) => one !== 'customer');
  return forbiddenError(
    `You are signed in as ${who}; only ${either(may)} may do this.`,
    role === 'customer'
      ? 'dabba is for the mess owner and staff: run `dabba login` with the owner account or a staff account.'
      : 'Ask the owner for that role, or run `dabba login` with an account that has it.',
  );
}

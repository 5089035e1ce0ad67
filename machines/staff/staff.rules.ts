// The staff lifecycle's data and plain functions: roles, statuses, the owner's buttons.
import type { StaffEvent } from './staff.machine';

/** The roles beside the owner (users.user_type of a staff account), as the API sends them. */
export const STAFF_ROLES = ['manager', 'kitchen', 'delivery'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A staff member's statuses as stored and as the API sends them. */
export const STAFF_STATUSES = ['invited', 'active', 'deactivated'] as const;

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

/** The buttons of a staff row (the owner's), in the order a screen shows them. */
export const staffActionProbes: readonly StaffEvent[] = [
  { type: 'staff.resend_invite' },
  { type: 'staff.update' },
  { type: 'staff.deactivate' },
  { type: 'staff.reactivate' },
];

/** How long a staff invite link stays valid, as a walk-in's claim link does. */
export const STAFF_INVITE_DAYS = 7;

// A staff member's statuses, events and context, shared by its machine, rules and messages.

/** A staff member's statuses as stored and as the API sends them. */
export const STAFF_STATUSES = ['invited', 'active', 'deactivated'] as const;

export type StaffStatus = (typeof STAFF_STATUSES)[number];

export type StaffEvent =
  /** The member claimed the SMS invite: the phone proven by its code (or a sign-in code). */
  | { readonly type: 'staff.claim' }
  /** The owner sends a new invite link (the old one stops working). */
  | { readonly type: 'staff.resend_invite' }
  /** The owner changes the member's name or role. */
  | { readonly type: 'staff.update' }
  /** The owner deactivates the member: no sign-in, every session ends. */
  | { readonly type: 'staff.deactivate' }
  /** The owner lets a deactivated member back in. */
  | { readonly type: 'staff.reactivate' };

export type StaffEventType = StaffEvent['type'];

/** Whether the member ever claimed the invite (a reactivated member goes back to it). */
export interface StaffContext {
  readonly claimed: boolean;
}

import type { IsoDate } from '../shared/dates';

export type LeaveEvent =
  /** Owner approves a pending leave; the comment must not be blank. */
  | { readonly type: 'leave.approve'; readonly adminComment: string }
  /** Owner rejects a pending leave; the comment must not be blank. */
  | { readonly type: 'leave.reject'; readonly adminComment: string }
  /** Customer edits a pending leave. New dates are checked with validateLeaveRequest first. */
  | {
      readonly type: 'leave.update';
      readonly startDate?: IsoDate;
      readonly endDate?: IsoDate;
    }
  /** Customer deletes a pending leave. */
  | { readonly type: 'leave.delete' };

export type LeaveEventType = LeaveEvent['type'];

export const LEAVE_CUSTOMER_ACTIONS = ['leave.update', 'leave.delete'] as const;
export const LEAVE_OWNER_ACTIONS = ['leave.approve', 'leave.reject'] as const;

/** Well-formed examples of each action, in display order, for allowedEvents(). */
export const leaveActionProbes: readonly LeaveEvent[] = [
  { type: 'leave.approve', adminComment: 'ok' },
  { type: 'leave.reject', adminComment: 'ok' },
  { type: 'leave.update' },
  { type: 'leave.delete' },
];

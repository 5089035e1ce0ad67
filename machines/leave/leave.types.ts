// The leave lifecycle's statuses, context and events, which its machine, rules and messages share.
import type { IsoDate } from '../shared/dates';

/** Leave statuses as stored. */
export const LEAVE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;

export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

/** The machine's states: the stored statuses plus DELETED, which tells the server to delete the row. */
export type LeaveStateValue = LeaveStatus | 'DELETED';

/** The fields of a leave request the machine keeps. */
export interface LeaveContext {
  readonly startDate: IsoDate;
  readonly endDate: IsoDate;
  readonly adminComment: string | null;
}

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

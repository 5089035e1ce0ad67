// Every sentence the leave lifecycle refuses with, so the API, the web app and the CLI say the same thing.
import { labelsOf } from '../shared/labels';
import { refusal } from '../shared/refusals';
import type { RefusalTable, RefusalCodeOf } from '../shared/lifecycle';
import type { Refusal } from '../shared/refusals';
import { MAX_LEAVE_DAYS } from '../shared/constants';
import { LEAVE_STATUSES, type LeaveEvent, type LeaveStateValue } from './leave.types';

export const leaveRefusals = {
  states: {
    DELETED: refusal('leave.deleted'),
  },
  events: {
    'leave.approve': refusal('leave.not_pending:approve'),
    'leave.reject': refusal('leave.not_pending:reject'),
    'leave.update': refusal('leave.not_pending'),
    'leave.delete': refusal('leave.not_pending:delete'),
  },
  guards: {
    hasAdminComment: refusal('leave.comment_required'),
  },
} as const satisfies RefusalTable<LeaveEvent, LeaveStateValue>;

/** Refusals of validateLeaveRequest, in the order they are checked. */
export const leaveRequestRefusals = {
  subscriptionNotActive: refusal('leave.subscription_not_active'),
  // The web app looks for this exact sentence in non_field_errors (its "Invalid Date Selection"
  // toast).
  pastDates: refusal('leave.past_dates'),
  endBeforeStart: refusal('leave.end_before_start'),
  startsAfterSubscriptionEnd: refusal('leave.after_subscription_end'),
  tooLong: refusal('leave.too_long', { count: MAX_LEAVE_DAYS }),
  overlaps: refusal('leave.overlaps'),
  pendingExists: refusal('leave.pending_exists'),
  /** Approving asks the subscription machine to extend; it refuses unless the subscription is ACTIVE. */
  approveSubscriptionNotActive: refusal('leave.subscription_not_active:approve'),
} as const satisfies Record<string, Refusal>;

export type LeaveRefusalCode = RefusalCodeOf<typeof leaveRefusals, typeof leaveRequestRefusals>;

// How screens name each leave status (web badges, `dabba` tables).

export const LEAVE_STATUS_LABELS = labelsOf(LEAVE_STATUSES);

// Every sentence the leave lifecycle refuses with, so the API, the web app and the CLI say the same thing.
import type { Refusal, RefusalTable } from '../shared/lifecycle';
import { MAX_LEAVE_DAYS } from '../shared/constants';
import type { LeaveEventType, LeaveStateValue, LeaveStatus } from './leave.machine';

export const leaveRefusals = {
  states: {
    DELETED: { code: 'leave.deleted', message: 'This leave request has been deleted.' },
  },
  events: {
    'leave.approve': {
      code: 'leave.not_pending',
      message: 'Only pending leave requests can be approved.',
    },
    'leave.reject': {
      code: 'leave.not_pending',
      message: 'Only pending leave requests can be rejected.',
    },
    'leave.update': {
      code: 'leave.not_pending',
      message: 'Only pending leave requests can be changed.',
    },
    'leave.delete': {
      code: 'leave.not_pending',
      message: 'Only pending leave requests can be deleted.',
    },
  },
  guards: {
    hasAdminComment: { code: 'leave.comment_required', message: 'Admin comment is required.' },
  },
} as const satisfies RefusalTable<LeaveEventType, LeaveStateValue>;

/** Refusals of validateLeaveRequest, in the order they are checked. */
export const leaveRequestRefusals = {
  subscriptionNotActive: {
    code: 'leave.subscription_not_active',
    message: 'Leave can only be requested on an active subscription.',
  },
  // The web app looks for this exact sentence in non_field_errors (its "Invalid Date Selection"
  // toast).
  pastDates: { code: 'leave.past_dates', message: 'Cannot request leave for past dates' },
  endBeforeStart: {
    code: 'leave.end_before_start',
    message: 'The end date must be on or after the start date.',
  },
  startsAfterSubscriptionEnd: {
    code: 'leave.after_subscription_end',
    message: "Leave must start on or before the subscription's end date.",
  },
  tooLong: {
    code: 'leave.too_long',
    message: `A leave can last at most ${MAX_LEAVE_DAYS} days.`,
  },
  overlaps: {
    code: 'leave.overlaps',
    message: 'This leave overlaps another pending or approved leave.',
  },
  pendingExists: {
    code: 'leave.pending_exists',
    message: 'You already have a pending leave request.',
  },
  /** Approving asks the subscription machine to extend; it refuses unless the subscription is ACTIVE. */
  approveSubscriptionNotActive: {
    code: 'leave.subscription_not_active',
    message: 'Leave can only be approved while its subscription is active.',
  },
} as const satisfies Record<string, Refusal>;

export type LeaveRefusalCode =
  | (typeof leaveRefusals)['states'][keyof (typeof leaveRefusals)['states']]['code']
  | (typeof leaveRefusals)['events'][LeaveEventType]['code']
  | (typeof leaveRefusals)['guards'][keyof (typeof leaveRefusals)['guards']]['code']
  | (typeof leaveRequestRefusals)[keyof typeof leaveRequestRefusals]['code'];

// How screens name each leave status (web badges, `dabba` tables).

export const LEAVE_STATUS_LABELS: Readonly<Record<LeaveStatus, string>> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

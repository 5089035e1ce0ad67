// Leave requests for the owner: list, and approve or reject with a comment.
import type { components, operations } from '../../generated/api';
import { leaveFromApi, leaveMachine, leaveRefusals } from '@machines/leave';
import type { Api } from './api';
import { byId, unwrap } from './api';
import type { DecisionTarget } from './decisions';
import { allPages } from './paging';

export type Leave = components['schemas']['LeaveRequest'];

/** The list's filters: a status, and a date range the leave periods overlap. */
export type LeaveFilters = Omit<
  NonNullable<operations['listLeaves']['parameters']['query']>,
  'limit' | 'offset'
>;

export async function listLeaves(api: Api, filters: LeaveFilters = {}): Promise<Leave[]> {
  return allPages(api, 'The leave requests', (page) =>
    api.client.GET('/subscriptions/leaves/', { params: { query: { ...filters, ...page } } }),
  );
}

export async function pendingLeaves(api: Api): Promise<Leave[]> {
  return unwrap(api, api.client.GET('/subscriptions/leaves/pending/'), 'The pending leaves');
}

function describeLeave(leave: Leave): string {
  const who = leave.subscription_user.full_name || leave.subscription_user.username;
  return `leave request #${leave.id} (${who}, ${leave.leave_start_date} → ${leave.leave_end_date}, ${leave.duration_days} day${leave.duration_days === 1 ? '' : 's'})`;
}

export type LeaveDecision = 'approve' | 'reject';

export async function decideLeave(
  api: Api,
  id: number,
  decision: LeaveDecision,
  comment: string,
): Promise<Leave> {
  const path =
    decision === 'approve'
      ? ('/subscriptions/leaves/{id}/approve/' as const)
      : ('/subscriptions/leaves/{id}/reject/' as const);
  return unwrap(
    api,
    api.client.POST(path, { params: { path: { id } }, body: { admin_comment: comment } }),
    `Leave request ${id}`,
    `leave.${decision}`,
  );
}

/** Approving or rejecting leave requests with `comment`, for runDecisions. */
export function leaveDecisions(
  api: Api,
  decision: LeaveDecision,
  comment: string,
): DecisionTarget<Leave, typeof leaveMachine> {
  return {
    noun: 'leave request',
    verb: decision,
    done: decision === 'approve' ? 'Approved' : 'Rejected',
    machine: leaveMachine,
    event: { type: `leave.${decision}`, adminComment: comment },
    comment,
    commentRequired: leaveRefusals.guards.hasAdminComment,
    fetchOne: (id) =>
      unwrap(api, api.client.GET('/subscriptions/leaves/{id}/', byId(id)), `Leave request ${id}`),
    fetchPending: () => pendingLeaves(api),
    persisted: leaveFromApi,
    act: (id) => decideLeave(api, id, decision, comment),
    describe: describeLeave,
  };
}

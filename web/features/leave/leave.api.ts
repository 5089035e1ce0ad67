// The leave lifecycle's reads and writes: the customer's leaves, the policy they are decided by and
// their requests, changes and withdrawals; the owner's list, decisions and counts. The customer's
// writes refresh their leaves; the owner's, every read of the business.
import type { components } from '@generated/api';
import { DEFAULT_LEAVE_POLICY, type LeavePolicy } from '@machines/settings';
import { apiFetch, type ApiPath } from '@web/api/call';
import { PAGE_SIZE, statusFilter } from '@web/api/paging';
import { usePolicies } from '@web/api/queries';
import { byId, useApiMutation, useApiPage, useApiQuery, useApiWrite } from '@web/api/query';
import { CUSTOMER_READ, OWNER_READ } from '@web/api/scope';

type Schemas = components['schemas'];
export type LeaveRequest = Schemas['LeaveRequest'];
export type AdminLeave = Schemas['LeaveRequest'];
export type LeaveStatus = AdminLeave['status'];

const LEAVES = '/subscriptions/leaves/' satisfies ApiPath<'get'>;

// ---- the customer's ----

/** The leave policy in force; the spec's rules until the server has answered. */
export const useLeavePolicy = (): LeavePolicy => usePolicies().data?.leaves ?? DEFAULT_LEAVE_POLICY;

export const useLeaves = () => useApiQuery('/subscriptions/leaves/', undefined, CUSTOMER_READ);

export const useCreateLeave = () =>
  useApiMutation('post', '/subscriptions/leaves/', {
    init: (body: Schemas['LeaveCreate']) => ({ body }),
    refreshes: [LEAVES],
  });

/** The customer changes a PENDING leave's dates or reason (the same rules as a new one). */
export const useUpdateLeave = () =>
  useApiMutation('patch', '/subscriptions/leaves/{id}/', {
    init: ({ id, body }: { id: number; body: Schemas['LeaveUpdate'] }) => ({ ...byId(id), body }),
    refreshes: [LEAVES],
  });

/** The customer withdraws a PENDING leave. */
export const useDeleteLeave = () =>
  useApiMutation('delete', '/subscriptions/leaves/{id}/', { init: byId, refreshes: [LEAVES] });

// ---- the owner's ----

export const useLeaveStats = () =>
  useApiQuery('/subscriptions/leaves/dashboard_stats/', undefined, OWNER_READ);

/** The leaves whose period overlaps these days (either end may be open). */
export interface LeaveDateRange {
  readonly from?: string;
  readonly to?: string;
}

export const useAdminLeaves = (
  status: LeaveStatus | 'ALL',
  offset: number,
  range: LeaveDateRange = {},
  enabled = true,
) =>
  useApiPage(
    '/subscriptions/leaves/',
    {
      params: {
        query: {
          ...statusFilter(status, 'ALL'),
          ...(range.from ? { date_from: range.from } : {}),
          ...(range.to ? { date_to: range.to } : {}),
          limit: PAGE_SIZE,
          offset,
        },
      },
    },
    { ...OWNER_READ, enabled },
  );

export const useDecideLeave = () =>
  useApiWrite(
    (
      api,
      {
        id,
        decision,
        adminComment,
      }: { id: number; decision: 'approve' | 'reject'; adminComment: string },
    ) => {
      const init = { ...byId(id), body: { admin_comment: adminComment } };
      return decision === 'approve'
        ? apiFetch(api, 'post', '/subscriptions/leaves/{id}/approve/', init)
        : apiFetch(api, 'post', '/subscriptions/leaves/{id}/reject/', init);
    },
    { refreshes: 'all' },
  );

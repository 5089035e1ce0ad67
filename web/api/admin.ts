// The owner's server state: one hook per read or write, keyed under 'admin' so writes refresh reads.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components, operations } from '@generated/api';
import { useApi, useSession } from '@web/session/SessionProvider';
import { unwrap } from './errors';
import { headerCount, unwrapPage, type Page } from './paging';

type Schemas = components['schemas'];
export type AdminPlan = Schemas['Plan'];
export type PlanInput = Schemas['PlanInput'];
export type PlanPatch = Schemas['PlanPatch'];
export type AdminLeave = Schemas['LeaveRequest'];
export type AdminFeedback = Schemas['Feedback'];
export type AdminRefund = Schemas['Refund'];
export type AdminPayment = Schemas['AdminPayment'];
export type AdminUser = Schemas['AdminUser'];
export type ActiveSubscriber = Schemas['ActiveSubscriber'];
export type KitchenSheet = Schemas['KitchenSheet'];
export type KitchenDelivery = Schemas['KitchenDelivery'];
export type KitchenLeave = Schemas['KitchenLeave'];
export type OwnerSummary = Schemas['OwnerSummary'];

export type UsersQuery = NonNullable<operations['ownerListUsers']['parameters']['query']>;
export type SubscribersQuery = NonNullable<
  operations['ownerActiveSubscribers']['parameters']['query']
>;
export type PaymentsQuery = NonNullable<operations['adminListPayments']['parameters']['query']>;
export type LeaveStatus = AdminLeave['status'];
export type FeedbackStatus = AdminFeedback['status'];
export type RefundStatus = AdminRefund['status'];

export const PAGE_SIZE = 25;

const adminKeys = {
  all: ['admin'] as const,
  ownerSummary: ['admin', 'summary'] as const,
  feedbackStats: ['admin', 'feedback', 'stats'] as const,
  recentActivity: ['admin', 'feedback', 'recent'] as const,
  feedback: (status: string, offset: number) =>
    ['admin', 'feedback', 'list', status, offset] as const,
  leaveStats: ['admin', 'leaves', 'stats'] as const,
  leaves: (status: string, offset: number, range: LeaveDateRange) =>
    ['admin', 'leaves', 'list', status, offset, range] as const,
  plans: ['admin', 'plans'] as const,
  refunds: (status: string, offset: number) => ['admin', 'refunds', status, offset] as const,
  payments: (query: PaymentsQuery) => ['admin', 'payments', 'list', query] as const,
  recentPayments: ['admin', 'payments', 'recent'] as const,
  failedPayments: ['admin', 'payments', 'failed'] as const,
  payment: (id: number) => ['admin', 'payments', 'one', id] as const,
  users: (query: UsersQuery) => ['admin', 'users', 'list', query] as const,
  subscribers: (query: SubscribersQuery) => ['admin', 'users', 'subscribers', query] as const,
  userStats: ['admin', 'users', 'stats'] as const,
  kitchen: (date: string) => ['admin', 'kitchen', date] as const,
};

/** Owner reads wait until the signed-in user is known to be the owner. */
function useOwnerEnabled() {
  const { user } = useSession();
  return user?.user_type === 'mess_owner';
}

// ---- dashboard ----

export function useFeedbackDashboardStats() {
  const api = useApi();
  const enabled = useOwnerEnabled();
  return useQuery({
    queryKey: adminKeys.feedbackStats,
    enabled,
    queryFn: () => unwrap(api.GET('/feedback/admin/feedback/dashboard_stats/')),
  });
}

/** The owner's home: revenue, subscribers, work waiting, tomorrow's meals, 30 days. */
export function useOwnerSummary() {
  const api = useApi();
  const enabled = useOwnerEnabled();
  return useQuery({
    queryKey: adminKeys.ownerSummary,
    enabled,
    queryFn: () => unwrap(api.GET('/owner/summary/')),
  });
}

export function useRecentActivity() {
  const api = useApi();
  const enabled = useOwnerEnabled();
  return useQuery({
    queryKey: adminKeys.recentActivity,
    enabled,
    queryFn: () => unwrap(api.GET('/feedback/admin/feedback/recent_activity/')),
  });
}

export function useLeaveStats() {
  const api = useApi();
  const enabled = useOwnerEnabled();
  return useQuery({
    queryKey: adminKeys.leaveStats,
    enabled,
    queryFn: () => unwrap(api.GET('/subscriptions/leaves/dashboard_stats/')),
  });
}

// ---- plans ----

export function useAdminPlans() {
  const api = useApi();
  const enabled = useOwnerEnabled();
  return useQuery({
    queryKey: adminKeys.plans,
    enabled,
    queryFn: () =>
      unwrap(api.GET('/subscriptions/plans/', { params: { query: { include_inactive: true } } })),
  });
}

function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return (...extra: ReadonlyArray<readonly unknown[]>) =>
    Promise.all(
      [adminKeys.all, ...extra].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useCreatePlan() {
  const api = useApi();
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (body: PlanInput) => unwrap(api.POST('/subscriptions/plans/', { body })),
    onSuccess: () => invalidate(['plans']),
  });
}

export function useUpdatePlan() {
  const api = useApi();
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PlanPatch }) =>
      unwrap(api.PATCH('/subscriptions/plans/{id}/', { params: { path: { id } }, body })),
    onSuccess: () => invalidate(['plans']),
  });
}

export function useDeletePlan() {
  const api = useApi();
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE('/subscriptions/plans/{id}/', { params: { path: { id } } })),
    onSuccess: () => invalidate(['plans']),
  });
}

// ---- leaves ----

/** The leaves whose period overlaps these days (either end may be open). */
export interface LeaveDateRange {
  readonly from?: string;
  readonly to?: string;
}

export function useAdminLeaves(
  status: LeaveStatus | 'ALL',
  offset: number,
  range: LeaveDateRange = {},
  enabled = true,
) {
  const api = useApi();
  const ownerEnabled = useOwnerEnabled();
  return useQuery({
    queryKey: adminKeys.leaves(status, offset, range),
    enabled: ownerEnabled && enabled,
    queryFn: () =>
      unwrapPage(
        api.GET('/subscriptions/leaves/', {
          params: {
            query: {
              ...(status === 'ALL' ? {} : { status }),
              ...(range.from ? { date_from: range.from } : {}),
              ...(range.to ? { date_to: range.to } : {}),
              limit: PAGE_SIZE,
              offset,
            },
          },
        }),
      ),
  });
}

export function useDecideLeave() {
  const api = useApi();
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({
      id,
      decision,
      adminComment,
    }: {
      id: number;
      decision: 'approve' | 'reject';
      adminComment: string;
    }) => {
      const options = { params: { path: { id } }, body: { admin_comment: adminComment } };
      return unwrap(
        decision === 'approve'
          ? api.POST('/subscriptions/leaves/{id}/approve/', options)
          : api.POST('/subscriptions/leaves/{id}/reject/', options),
      );
    },
    onSuccess: () => invalidate(['leaves'], ['subscriptions']),
  });
}

// ---- feedback ----

export function useAdminFeedback(status: FeedbackStatus | 'all', offset: number) {
  const api = useApi();
  const enabled = useOwnerEnabled();
  return useQuery({
    queryKey: adminKeys.feedback(status, offset),
    enabled,
    queryFn: () =>
      unwrapPage(
        api.GET('/feedback/admin/feedback/', {
          params: {
            query: { ...(status === 'all' ? {} : { status }), limit: PAGE_SIZE, offset },
          },
        }),
      ),
  });
}

export function useRespondFeedback() {
  const api = useApi();
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({
      id,
      response,
      status,
    }: {
      id: number;
      response: string;
      status: 'resolved' | 'closed';
    }) =>
      unwrap(
        api.POST('/feedback/admin/feedback/{id}/respond/', {
          params: { path: { id } },
          body: { admin_response: response, status },
        }),
      ),
    onSuccess: () => invalidate(),
  });
}

/** An attachment's image as a blob: URL (the file needs the bearer token, so no plain <img src>). */
export function useAttachmentBlob() {
  const api = useApi();
  return async (id: number): Promise<string> => {
    const blob = await unwrap(
      api.GET('/feedback/attachments/{id}/file/', {
        params: { path: { id } },
        parseAs: 'blob',
      }) as Promise<{ data?: Blob; error?: unknown; response: Response }>,
    );
    return URL.createObjectURL(blob);
  };
}

// ---- refunds ----

export function useAdminRefunds(status: RefundStatus | 'ALL', offset: number) {
  const api = useApi();
  const enabled = useOwnerEnabled();
  return useQuery({
    queryKey: adminKeys.refunds(status, offset),
    enabled,
    queryFn: () =>
      unwrapPage(
        api.GET('/payments/refunds/', {
          params: {
            query: { ...(status === 'ALL' ? {} : { status }), limit: PAGE_SIZE, offset },
          },
        }),
      ),
  });
}

/**
 * The full payout details of an APPROVED refund, for the Mark as Paid modal only (README: Refund
 * payouts). Not kept once the modal closes: the whole account number stays out of the cache.
 */
export function useRefundPayout(id: number | null) {
  const api = useApi();
  const enabled = useOwnerEnabled();
  return useQuery({
    queryKey: ['admin', 'refund-payout', id ?? 0] as const,
    enabled: enabled && id !== null,
    gcTime: 0,
    staleTime: 0,
    // Each answer is a line in the audit log: asked once per opening of the modal.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    queryFn: () =>
      unwrap(api.GET('/payments/refunds/{id}/payout/', { params: { path: { id: id ?? 0 } } })),
  });
}

export type RefundAction = 'approve' | 'reject' | 'mark_paid';

export function useRefundAction() {
  const api = useApi();
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({
      id,
      action,
      adminComment,
      utr,
    }: {
      id: number;
      action: RefundAction;
      adminComment: string;
      utr?: string;
    }) => {
      const params = { path: { id } };
      const body = { admin_comment: adminComment };
      if (action === 'approve')
        return unwrap(api.POST('/payments/refunds/{id}/approve/', { params, body }));
      if (action === 'reject')
        return unwrap(api.POST('/payments/refunds/{id}/reject/', { params, body }));
      return unwrap(
        api.POST('/payments/refunds/{id}/mark_paid/', {
          params,
          body: utr ? { ...body, utr } : body,
        }),
      );
    },
    onSuccess: () => invalidate(['subscriptions']),
  });
}

// ---- payments ----

export function useAdminPayments(query: PaymentsQuery, enabled = true) {
  const api = useApi();
  const owner = useOwnerEnabled();
  return useQuery({
    queryKey: adminKeys.payments(query),
    enabled: owner && enabled,
    placeholderData: (previous) => previous,
    queryFn: () => unwrapPage(api.GET('/payments/admin/payments/', { params: { query } })),
  });
}

export function useRecentPayments(enabled = true) {
  const api = useApi();
  const owner = useOwnerEnabled();
  return useQuery({
    queryKey: adminKeys.recentPayments,
    enabled: owner && enabled,
    queryFn: () => unwrap(api.GET('/payments/admin/payments/recent_payments/')),
  });
}

export function useFailedPayments(enabled = true) {
  const api = useApi();
  const owner = useOwnerEnabled();
  return useQuery({
    queryKey: adminKeys.failedPayments,
    enabled: owner && enabled,
    queryFn: () => unwrap(api.GET('/payments/admin/payments/failed_payments/')),
  });
}

export function useAdminPayment(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: adminKeys.payment(id ?? 0),
    enabled: id !== null,
    queryFn: () =>
      unwrap(api.GET('/payments/admin/payments/{id}/', { params: { path: { id: id ?? 0 } } })),
  });
}

// ---- users ----

export interface UsersPage extends Page<AdminUser> {
  expiredCount: number;
  soonToExpireCount: number;
}

export function useOwnerUsers(query: UsersQuery, enabled = true) {
  const api = useApi();
  const owner = useOwnerEnabled();
  return useQuery({
    queryKey: adminKeys.users(query),
    enabled: owner && enabled,
    placeholderData: (previous) => previous,
    queryFn: async (): Promise<UsersPage> => {
      const page = await unwrapPage(api.GET('/accounts/owner/users/', { params: { query } }));
      return {
        ...page,
        expiredCount: headerCount(page.headers, 'X-Expired-Count') ?? 0,
        soonToExpireCount: headerCount(page.headers, 'X-Soon-To-Expire-Count') ?? 0,
      };
    },
  });
}

export function useActiveSubscribers(query: SubscribersQuery, enabled = true) {
  const api = useApi();
  const owner = useOwnerEnabled();
  return useQuery({
    queryKey: adminKeys.subscribers(query),
    enabled: owner && enabled,
    placeholderData: (previous) => previous,
    queryFn: () =>
      unwrapPage(api.GET('/accounts/owner/users/active_subscribers/', { params: { query } })),
  });
}

export function useUserStats(enabled = true) {
  const api = useApi();
  const owner = useOwnerEnabled();
  return useQuery({
    queryKey: adminKeys.userStats,
    enabled: owner && enabled,
    queryFn: () => unwrap(api.GET('/accounts/owner/users/user_stats/')),
  });
}

// ---- kitchen ----

export function useKitchenSheet(date: string) {
  const api = useApi();
  const enabled = useOwnerEnabled();
  return useQuery({
    queryKey: adminKeys.kitchen(date),
    enabled: enabled && /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 0,
    // Without format=csv the answer is the JSON sheet (the contract also lists text/csv).
    queryFn: () =>
      unwrap(api.GET('/kitchen/sheet/', { params: { query: { date } } })) as Promise<KitchenSheet>,
  });
}

export function useKitchenCsv() {
  const api = useApi();
  return async (date: string): Promise<Blob> =>
    unwrap(
      api.GET('/kitchen/sheet/', {
        params: { query: { date, format: 'csv' } },
        parseAs: 'blob',
      }) as Promise<{ data?: Blob; error?: unknown; response: Response }>,
    );
}

/** Saves `blob` as `fileName` through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

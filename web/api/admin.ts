// The owner's reads and writes (./query derives each from the contract). An owner's write refreshes
// every read of the business ('all'): the owner's home counts payments, refunds, leaves and more.
import type { components, operations } from '@generated/api';
import { apiFetch } from './call';
import { headerCount, type Page } from './paging';
import {
  byId,
  keepPreviousPage,
  useApiMutation,
  useApiPage,
  useApiQuery,
  useApiWrite,
} from './query';
import { useApiScope } from './scope';

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
export type BusinessSettings = Schemas['BusinessSettings'];

export type UsersQuery = NonNullable<operations['ownerListUsers']['parameters']['query']>;
export type SubscribersQuery = NonNullable<
  operations['ownerActiveSubscribers']['parameters']['query']
>;
export type PaymentsQuery = NonNullable<operations['adminListPayments']['parameters']['query']>;
export type LeaveStatus = AdminLeave['status'];
export type FeedbackStatus = AdminFeedback['status'];
export type RefundStatus = AdminRefund['status'];

export const PAGE_SIZE = 25;

/** Owner reads wait until the signed-in user is known to be the owner. */
const OWNER = { role: 'business' } as const;

/** A list's status filter: the 'all' choice sends none. */
const statusFilter = <S extends string>(status: S, all: string) =>
  status === all ? {} : { status: status as Exclude<S, 'all' | 'ALL'> };

// ---- dashboard ----

export const useFeedbackDashboardStats = () =>
  useApiQuery('/feedback/admin/feedback/dashboard_stats/', undefined, OWNER);

/** The owner's home: revenue, subscribers, work waiting, tomorrow's meals, 30 days. */
export const useOwnerSummary = () => useApiQuery('/owner/summary/', undefined, OWNER);

export const useRecentActivity = () =>
  useApiQuery('/feedback/admin/feedback/recent_activity/', undefined, OWNER);

export const useLeaveStats = () =>
  useApiQuery('/subscriptions/leaves/dashboard_stats/', undefined, OWNER);

// ---- plans ----

export const useAdminPlans = () =>
  useApiQuery('/subscriptions/plans/', { params: { query: { include_inactive: true } } }, OWNER);

export const useCreatePlan = () =>
  useApiMutation('post', '/subscriptions/plans/', {
    init: (body: PlanInput) => ({ body }),
    refreshes: 'all',
  });

export const useUpdatePlan = () =>
  useApiMutation('patch', '/subscriptions/plans/{id}/', {
    init: ({ id, body }: { id: number; body: PlanPatch }) => ({ ...byId(id), body }),
    refreshes: 'all',
  });

export const useDeletePlan = () =>
  useApiMutation('delete', '/subscriptions/plans/{id}/', { init: byId, refreshes: 'all' });

// ---- leaves ----

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
    { ...OWNER, enabled },
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

// ---- feedback ----

export const useAdminFeedback = (status: FeedbackStatus | 'all', offset: number) =>
  useApiPage(
    '/feedback/admin/feedback/',
    { params: { query: { ...statusFilter(status, 'all'), limit: PAGE_SIZE, offset } } },
    OWNER,
  );

export const useRespondFeedback = () =>
  useApiMutation('post', '/feedback/admin/feedback/{id}/respond/', {
    init: ({
      id,
      response,
      status,
    }: {
      id: number;
      response: string;
      status: 'resolved' | 'closed';
    }) => ({ ...byId(id), body: { admin_response: response, status } }),
    refreshes: 'all',
  });

/** An attachment's image as a blob: URL (the file needs the bearer token, so no plain <img src>). */
export function useAttachmentBlob() {
  const { api } = useApiScope();
  return async (id: number): Promise<string> =>
    URL.createObjectURL(
      await apiFetch(api, 'get', '/feedback/attachments/{id}/file/', {
        ...byId(id),
        parseAs: 'blob',
      }),
    );
}

// ---- refunds ----

export const useAdminRefunds = (status: RefundStatus | 'ALL', offset: number) =>
  useApiPage(
    '/payments/refunds/',
    { params: { query: { ...statusFilter(status, 'ALL'), limit: PAGE_SIZE, offset } } },
    OWNER,
  );

/**
 * The full payout details of an APPROVED refund, for the Mark as Paid modal only
 * (docs/rules/refund.md, Refund payouts). Not kept once the modal closes: the whole account number stays out of the cache.
 */
export const useRefundPayout = (id: number | null) =>
  useApiQuery('/payments/refunds/{id}/payout/', byId(id ?? 0), {
    ...OWNER,
    enabled: id !== null,
    gcTime: 0,
    staleTime: 0,
    // Each answer is a line in the audit log: asked once per opening of the modal.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export type RefundAction = 'approve' | 'reject' | 'mark_paid';

export const useRefundAction = () =>
  useApiWrite(
    (
      api,
      {
        id,
        action,
        adminComment,
        utr,
      }: { id: number; action: RefundAction; adminComment: string; utr?: string },
    ) => {
      const body = { admin_comment: adminComment };
      if (action === 'approve')
        return apiFetch(api, 'post', '/payments/refunds/{id}/approve/', { ...byId(id), body });
      if (action === 'reject')
        return apiFetch(api, 'post', '/payments/refunds/{id}/reject/', { ...byId(id), body });
      return apiFetch(api, 'post', '/payments/refunds/{id}/mark_paid/', {
        ...byId(id),
        body: utr ? { ...body, utr } : body,
      });
    },
    { refreshes: 'all' },
  );

// ---- payments ----

export const useAdminPayments = (query: PaymentsQuery, enabled = true) =>
  useApiPage(
    '/payments/admin/payments/',
    { params: { query } },
    { ...OWNER, enabled, placeholderData: keepPreviousPage },
  );

export const useRecentPayments = (enabled = true) =>
  useApiQuery('/payments/admin/payments/recent_payments/', undefined, { ...OWNER, enabled });

export const useFailedPayments = (enabled = true) =>
  useApiQuery('/payments/admin/payments/failed_payments/', undefined, { ...OWNER, enabled });

export const useAdminPayment = (id: number | null) =>
  useApiQuery('/payments/admin/payments/{id}/', byId(id ?? 0), { enabled: id !== null });

// ---- users ----

export interface UsersPage extends Page<AdminUser> {
  expiredCount: number;
  soonToExpireCount: number;
}

/** The users list's page with the expiry counts the server sends in headers. */
const withExpiryCounts = (page: Page<AdminUser>): UsersPage => ({
  ...page,
  expiredCount: headerCount(page.headers, 'X-Expired-Count') ?? 0,
  soonToExpireCount: headerCount(page.headers, 'X-Soon-To-Expire-Count') ?? 0,
});

export const useOwnerUsers = (query: UsersQuery, enabled = true) =>
  useApiPage(
    '/accounts/owner/users/',
    { params: { query } },
    { ...OWNER, enabled, placeholderData: keepPreviousPage, select: withExpiryCounts },
  );

export const useActiveSubscribers = (query: SubscribersQuery, enabled = true) =>
  useApiPage(
    '/accounts/owner/users/active_subscribers/',
    { params: { query } },
    { ...OWNER, enabled, placeholderData: keepPreviousPage },
  );

export const useUserStats = (enabled = true) =>
  useApiQuery('/accounts/owner/users/user_stats/', undefined, { ...OWNER, enabled });

// ---- kitchen ----

/** Without format=csv the answer is the JSON sheet (the contract also lists text/csv). */
const jsonSheet = (answer: KitchenSheet | string) => answer as KitchenSheet;

export const useKitchenSheet = (date: string) =>
  useApiQuery(
    '/kitchen/sheet/',
    { params: { query: { date } } },
    {
      ...OWNER,
      enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
      staleTime: 0,
      select: jsonSheet,
    },
  );

export function useKitchenCsv() {
  const { api } = useApiScope();
  return (date: string): Promise<Blob> =>
    apiFetch(api, 'get', '/kitchen/sheet/', {
      params: { query: { date, format: 'csv' } },
      parseAs: 'blob',
    });
}

// ---- settings ----

export const useSettings = () => useApiQuery('/owner/settings/', undefined, OWNER);

export const useSaveSettings = () =>
  useApiMutation('put', '/owner/settings/', {
    init: (body: BusinessSettings) => ({ body }),
    refreshes: 'all',
  });

/** The part-paid subscriptions awaiting payment that the payment policy in force lets start. */
export const useStartableSubscriptions = () =>
  useApiQuery('/owner/settings/payments/startable/', undefined, OWNER);

/** Starts the ones the owner was shown (each the policy still lets start). */
export const useStartSubscriptions = () =>
  useApiMutation('post', '/owner/settings/payments/startable/start/', {
    init: (subscriptions: number[]) => ({ body: { subscriptions } }),
    refreshes: 'all',
  });

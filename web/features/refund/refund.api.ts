// The refund lifecycle's reads and writes: where the customer wants a PENDING refund paid; the
// owner's list, a refund's payout details and the owner's decisions (approve, reject, mark paid).
import type { components } from '@generated/api';
import { apiFetch, type ApiPath } from '@web/api/call';
import { PAGE_SIZE, statusFilter } from '@web/api/paging';
import { byId, useApiMutation, useApiPage, useApiQuery, useApiWrite } from '@web/api/query';
import { OWNER_READ } from '@web/api/scope';

type Schemas = components['schemas'];
export type AdminRefund = Schemas['Refund'];
export type RefundStatus = AdminRefund['status'];

const SUBSCRIPTIONS = '/subscriptions/subscriptions/' satisfies ApiPath<'get'>;

// ---- the customer's ----

/** The customer adds or changes where a PENDING refund is to be paid. */
export const useUpdateRefundPayout = () =>
  useApiMutation('patch', '/payments/refunds/{id}/', {
    init: ({ id, payout }: { id: number; payout: Schemas['RefundPayout'] }) => ({
      ...byId(id),
      body: { payout },
    }),
    refreshes: [SUBSCRIPTIONS],
  });

// ---- the owner's ----

export const useAdminRefunds = (status: RefundStatus | 'ALL', offset: number) =>
  useApiPage(
    '/payments/refunds/',
    { params: { query: { ...statusFilter(status, 'ALL'), limit: PAGE_SIZE, offset } } },
    OWNER_READ,
  );

/**
 * The full payout details of an APPROVED refund, for the Mark as Paid modal only (docs/rules/refund.md: Refund
 * payouts). Not kept once the modal closes: the whole account number stays out of the cache.
 */
export const useRefundPayout = (id: number | null) =>
  useApiQuery('/payments/refunds/{id}/payout/', byId(id ?? 0), {
    ...OWNER_READ,
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

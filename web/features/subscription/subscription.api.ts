// The subscription lifecycle's reads and writes: the customer's subscriptions, subscribing,
// renewing, cancelling (with what it would refund) and deleting; the owner's end-date adjustments,
// one subscription (with the record the preview is decided on) and "extend every active
// subscriber", which like every owner write refresh every read.
import type { components } from '@generated/api';
import type { ApiPath } from '@web/api/call';
import { byId, useApiMutation, useApiQuery } from '@web/api/query';
import { CUSTOMER_READ } from '@web/api/scope';

type Schemas = components['schemas'];
export type Subscription = Schemas['Subscription'];
export type CancelPreview = Schemas['CancelPreview'];

export type OwnerSubscription = components['schemas']['Subscription'];

/** One subscription as the owner sees it, for the adjust dialog's preview (fresh each time). */
export const useOwnerSubscription = (id: number | null) =>
  useApiQuery('/subscriptions/subscriptions/{id}/', byId(id ?? 0), {
    enabled: id !== null,
    staleTime: 0,
  });

export const useAdjustSubscription = () =>
  useApiMutation('post', '/subscriptions/subscriptions/{id}/adjust/', {
    init: ({ id, days, reason }: { id: number; days: number; reason: string }) => ({
      ...byId(id),
      body: { days, reason },
    }),
    refreshes: 'all',
  });

// No operation key: the server names the operation by today, the days and the reason, so a second
// click, a retry or the dialog opened again moves nobody twice.
export const useExtendAllActive = () =>
  useApiMutation('post', '/subscriptions/subscriptions/adjust_all/', {
    init: (body: { days: number; reason: string }) => ({ body }),
    refreshes: 'all',
  });

// ---- the customer's ----

const SUBSCRIPTIONS = '/subscriptions/subscriptions/' satisfies ApiPath<'get'>;
const LEAVES = '/subscriptions/leaves/' satisfies ApiPath<'get'>;

export const useSubscriptions = () =>
  useApiQuery('/subscriptions/subscriptions/', undefined, CUSTOMER_READ);

/** The ACTIVE subscription, or null (a 404 means none). */
export const useActiveSubscription = () =>
  useApiQuery('/subscriptions/subscriptions/active/', undefined, {
    ...CUSTOMER_READ,
    notFound: null,
  });

/** What cancelling would refund, asked afresh each time the dialog opens. */
export const useCancelPreview = (id: number | null) =>
  useApiQuery(
    '/subscriptions/subscriptions/{id}/cancel_preview/',
    { params: { path: { id: id ?? 0 } } },
    { enabled: id !== null, staleTime: 0, gcTime: 0 },
  );

export const useSubscribe = () =>
  useApiMutation('post', '/subscriptions/subscriptions/', {
    init: (planId: number) => ({ body: { plan: planId } }),
    refreshes: [SUBSCRIPTIONS],
  });

export const useDeleteSubscription = () =>
  useApiMutation('delete', '/subscriptions/subscriptions/{id}/', {
    init: byId,
    refreshes: [SUBSCRIPTIONS],
  });

/** `payout`: where the refund is to be paid; the spec's client sends no body, and may not. */
export const useCancelSubscription = () =>
  useApiMutation('post', '/subscriptions/subscriptions/{id}/cancel/', {
    init: ({ id, payout }: { id: number; payout?: Schemas['RefundPayout'] }) => ({
      ...byId(id),
      ...(payout ? { body: { payout } } : {}),
    }),
    refreshes: [SUBSCRIPTIONS, LEAVES],
  });

export const useRenewSubscription = () =>
  useApiMutation('post', '/subscriptions/subscriptions/{id}/renew/', {
    init: byId,
    refreshes: [SUBSCRIPTIONS],
  });

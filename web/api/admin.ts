// The owner's reads and writes that belong to no one lifecycle: the home's summary, plans, users
// and subscribers, the kitchen sheet and settings (./query derives each from the contract; a
// lifecycle's own are in web/features/<name>). An owner's write refreshes every read of the
// business ('all'): the owner's home counts payments, refunds, leaves and more.
import type { components, operations } from '@generated/api';
import { apiFetch } from './call';
import { headerCount, type Page } from './paging';
import { byId, keepPreviousPage, useApiMutation, useApiPage, useApiQuery } from './query';
import { OWNER_READ, useApiScope } from './scope';

type Schemas = components['schemas'];
export type AdminPlan = Schemas['Plan'];
export type PlanInput = Schemas['PlanInput'];
export type PlanPatch = Schemas['PlanPatch'];
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

export { PAGE_SIZE } from './paging';

// ---- dashboard ----

/** The owner's home: revenue, subscribers, work waiting, tomorrow's meals, 30 days. */
export const useOwnerSummary = () => useApiQuery('/owner/summary/', undefined, OWNER_READ);

// ---- plans ----

export const useAdminPlans = () =>
  useApiQuery(
    '/subscriptions/plans/',
    { params: { query: { include_inactive: true } } },
    OWNER_READ,
  );

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

// ---- users ----

interface UsersPage extends Page<AdminUser> {
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
    { ...OWNER_READ, enabled, placeholderData: keepPreviousPage, select: withExpiryCounts },
  );

export const useActiveSubscribers = (query: SubscribersQuery, enabled = true) =>
  useApiPage(
    '/accounts/owner/users/active_subscribers/',
    { params: { query } },
    { ...OWNER_READ, enabled, placeholderData: keepPreviousPage },
  );

export const useUserStats = (enabled = true) =>
  useApiQuery('/accounts/owner/users/user_stats/', undefined, { ...OWNER_READ, enabled });

// ---- kitchen ----

/** Without format=csv the answer is the JSON sheet (the contract also lists text/csv). */
const jsonSheet = (answer: KitchenSheet | string) => answer as KitchenSheet;

export const useKitchenSheet = (date: string) =>
  useApiQuery(
    '/kitchen/sheet/',
    { params: { query: { date } } },
    {
      ...OWNER_READ,
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

export const useSettings = () => useApiQuery('/owner/settings/', undefined, OWNER_READ);

export const useSaveSettings = () =>
  useApiMutation('put', '/owner/settings/', {
    init: (body: BusinessSettings) => ({ body }),
    refreshes: 'all',
  });

/** The part-paid subscriptions awaiting payment that the payment policy in force lets start. */
export const useStartableSubscriptions = () =>
  useApiQuery('/owner/settings/payments/startable/', undefined, OWNER_READ);

/** Starts the ones the owner was shown (each the policy still lets start). */
export const useStartSubscriptions = () =>
  useApiMutation('post', '/owner/settings/payments/startable/start/', {
    init: (subscriptions: number[]) => ({ body: { subscriptions } }),
    refreshes: 'all',
  });

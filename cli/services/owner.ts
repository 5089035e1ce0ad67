// The owner's views of customers: users, active subscribers, statistics and the kitchen sheet.
import type { components, operations } from '../../generated/api';
import type { Answer, Api } from './api';
import { unwrap } from './api';
import { fetchAllPages, unwrapPage } from './paging';

export type AdminUser = components['schemas']['AdminUser'];
export type AdminUserDetail = components['schemas']['AdminUserDetail'];
export type ActiveSubscriber = components['schemas']['ActiveSubscriber'];
export type UserStats = components['schemas']['UserStats'];
export type KitchenSheet = components['schemas']['KitchenSheet'];
export type OwnerSummary = components['schemas']['OwnerSummary'];
export type UserFilters = Pick<
  NonNullable<operations['ownerListUsers']['parameters']['query']>,
  'search' | 'user_type' | 'subscription_status' | 'is_active' | 'ordering' | 'expiring_within_days'
>;
export type SubscriberFilters = NonNullable<
  operations['ownerActiveSubscribers']['parameters']['query']
>;

export async function listUsers(
  api: Api,
  filters: UserFilters = {},
  onProgress?: (fetched: number, total: number | null) => void,
): Promise<AdminUser[]> {
  return fetchAllPages(
    (limit, offset) =>
      unwrapPage(
        api,
        api.client.GET('/accounts/owner/users/', {
          params: { query: { ...filters, limit, offset } },
        }),
        'The users',
      ),
    onProgress,
  );
}

export async function getUser(api: Api, id: number): Promise<AdminUserDetail> {
  return unwrap(
    api,
    api.client.GET('/accounts/owner/users/{id}/', { params: { path: { id } } }),
    `User ${id}`,
  );
}

export async function userStats(api: Api): Promise<UserStats> {
  return unwrap(api, api.client.GET('/accounts/owner/users/user_stats/'), 'The user statistics');
}

export async function activeSubscribers(
  api: Api,
  filters: SubscriberFilters = {},
): Promise<ActiveSubscriber[]> {
  return unwrap(
    api,
    api.client.GET('/accounts/owner/users/active_subscribers/', { params: { query: filters } }),
    'The active subscribers',
  );
}

export async function kitchenSheet(api: Api, date?: string): Promise<KitchenSheet> {
  return unwrap(
    api,
    // The operation also answers text/csv (format=csv); without `format` it is always JSON.
    api.client.GET('/kitchen/sheet/', {
      params: { query: date ? { date } : {} },
    }) as Promise<Answer<KitchenSheet>>,
    'The kitchen sheet',
  );
}

/** The owner's home: revenue, subscribers, work waiting, tomorrow's meals and 30 days. */
export async function ownerSummary(api: Api): Promise<OwnerSummary> {
  return unwrap(api, api.client.GET('/owner/summary/'), "The owner's summary");
}

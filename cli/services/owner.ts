// The owner's views of customers: users, active subscribers, statistics and the kitchen sheet.
import type { components, operations } from '../../generated/api';
import { cookingMealAt, type Meal } from '@machines/settings';
import type { Answer, Api } from './api';
import { byId, businessTimeZone, unwrap } from './api';
import type { DIETS } from '@machines/menu';
import { usageError } from '../errors';
import { allPages } from './paging';
import { givenFlags, profileFrom, type ProfileFlags } from './profile';

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
  return allPages(
    api,
    'The users',
    (page) =>
      api.client.GET('/accounts/owner/users/', { params: { query: { ...filters, ...page } } }),
    onProgress,
  );
}

export async function getUser(api: Api, id: number): Promise<AdminUserDetail> {
  return unwrap(api, api.client.GET('/accounts/owner/users/{id}/', byId(id)), `User ${id}`);
}

type CustomerDetailsRequest = components['schemas']['CustomerDetailsRequest'];
type CustomerDetailsUpdated = components['schemas']['CustomerDetailsUpdated'];

/** A change of a customer's details: each field given is changed (the rest of a profile kept). */
export interface CustomerEdit extends ProfileFlags {
  phone?: string;
  language?: 'en' | 'hi';
  diet?: (typeof DIETS)[number] | 'none';
}

/** A flag's name as typed (`studentId` is --student-id). */
const flagName = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * `dabba users edit`: the changes the flags give, the profile's other fields kept as the customer
 * has them (the API takes the whole profile of the customer's type); --dry-run stops at the change.
 */
export async function editCustomer(
  api: Api,
  id: number,
  options: CustomerEdit,
): Promise<CustomerDetailsUpdated> {
  const regular = givenFlags(options, 'regular');
  const student = givenFlags(options, 'student');
  let body: CustomerDetailsRequest = {
    ...(options.phone !== undefined ? { phone: options.phone } : {}),
    ...(options.language ? { language: options.language } : {}),
    ...(options.diet ? { diet: options.diet === 'none' ? null : options.diet } : {}),
  };
  if (Object.keys(body).length === 0 && regular.length === 0 && student.length === 0) {
    throw usageError(
      'Nothing to change.',
      "Give --phone, --language, --diet, an address (--address, --landmark, --pincode, --city) or a student's details (--institute, --student-id, --hostel, --year, --course).",
    );
  }
  if (regular.length > 0 || student.length > 0) {
    const user = await getUser(api, id);
    const wrong = user.user_type === 'student' ? regular : student;
    if (wrong.length > 0) {
      throw usageError(
        `Customer ${id} is ${user.user_type === 'student' ? 'a student' : 'a regular customer'}: ${wrong.map(flagName).join(', ')} is not theirs to change.`,
        user.user_type === 'student'
          ? 'A student has --institute, --student-id, --hostel, --year and --course.'
          : 'A regular customer has --address, --landmark, --pincode and --city.',
      );
    }
    body = { ...body, ...profileFrom(user.user_type, options, user) };
  }
  return unwrap(
    api,
    api.client.PATCH('/accounts/owner/users/{id}/', { params: { path: { id } }, body }),
    `Customer ${id}`,
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

async function kitchenSheet(api: Api, date?: string): Promise<KitchenSheet> {
  return unwrap(
    api,
    // The operation also answers text/csv (format=csv); without `format` it is always JSON.
    api.client.GET('/kitchen/sheet/', {
      params: { query: date ? { date } : {} },
    }) as Promise<Answer<KitchenSheet>>,
    'The kitchen sheet',
  );
}

/**
 * The sheet `dabba kitchen` prints, and its one meal (null: the whole day). Without --date or --meal
 * it is the meal being cooked now by the business's clock (machines/settings cookingMealAt), as the
 * web's kitchen sheet opens on it; --meal alone is that meal of the same date; --date alone is the
 * whole day.
 */
export async function kitchenSheetFor(
  api: Api,
  query: { date?: string; meal?: Meal },
  now: Date,
): Promise<{ sheet: KitchenSheet; meal: Meal | null }> {
  const cooking = cookingMealAt(now.toISOString(), await businessTimeZone(api));
  const meal = query.meal ?? (query.date ? null : cooking.meal);
  return { sheet: await kitchenSheet(api, query.date ?? cooking.date), meal };
}

/** The owner's home: revenue, subscribers, work waiting, tomorrow's meals and 30 days. */
export async function ownerSummary(api: Api): Promise<OwnerSummary> {
  return unwrap(api, api.client.GET('/owner/summary/'), "The owner's summary");
}

// The customer's and everyone's reads that belong to no one lifecycle: the business, plans, meals,
// policies and notices (./query derives each from the contract; a lifecycle's own are in
// web/features/<name>). Pages never fetch by hand.
import type { components } from '@generated/api';
import { injectedBusiness } from '@web/app/business';
import { rememberBusinessTimeZone } from '@web/lib/format';
import { useApiPage, useApiQuery } from './query';
import { CUSTOMER_READ } from './scope';

export type Schemas = components['schemas'];
export type Plan = Schemas['Plan'];
export type NotificationEvent = Schemas['NotificationEvent'];
export type UpcomingMeal = Schemas['UpcomingMeal'];
export type NotificationFilter = 'all' | 'sent' | 'failed' | 'pending';

/** Notices shown per page of the notification history. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The business profile: the one the page carries (web/app/business.ts), else GET /api/business/. */
export const useBusiness = () =>
  useApiQuery('/business/', undefined, {
    initialData: () => injectedBusiness() ?? undefined,
    staleTime: Infinity,
    // A page without the profile (the dev server's) learns the business's clock from the answer.
    select: (business) => {
      rememberBusinessTimeZone(business);
      return business;
    },
  });

export const usePlans = (enabled = true) =>
  useApiQuery('/subscriptions/plans/', undefined, { enabled });

/** The customer's meals of today and tomorrow, with cutoffs; asked again every minute. */
export const useUpcomingMeals = () =>
  useApiQuery('/meals/upcoming/', undefined, { ...CUSTOMER_READ, refetchInterval: 60_000 });

/** The policies a customer's requests are decided by (the leave form's numbers). */
export const usePolicies = () => useApiQuery('/policies/', undefined, CUSTOMER_READ);

/** One page of the user's notices, each with its e-mail and SMS status. */
export const useNotifications = (status: NotificationFilter, offset: number) =>
  useApiPage(
    '/notifications/events/',
    {
      params: {
        query: {
          ...(status === 'all' ? {} : { status }),
          limit: NOTIFICATIONS_PAGE_SIZE,
          offset,
        },
      },
    },
    { role: 'signedIn' },
  );

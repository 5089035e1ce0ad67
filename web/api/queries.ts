// The customer's and everyone's reads (./query derives each from the contract); pages never fetch
// by hand.
import type { components } from '@generated/api';
import { DEFAULT_LEAVE_POLICY, type LeavePolicy } from '@machines/settings';
import { injectedBusiness } from '@web/app/business';
import { rememberBusinessTimeZone } from '@web/lib/format';
import { useLanguage } from '@web/i18n/i18n';
import { useApiPage, useApiQuery } from './query';

export type Schemas = components['schemas'];
export type Plan = Schemas['Plan'];
export type Subscription = Schemas['Subscription'];
export type Payment = Schemas['Payment'];
export type Feedback = Schemas['Feedback'];
export type CancelPreview = Schemas['CancelPreview'];
export type LeaveRequest = Schemas['LeaveRequest'];
export type NotificationEvent = Schemas['NotificationEvent'];
export type UpcomingMeal = Schemas['UpcomingMeal'];
export type NotificationFilter = 'all' | 'sent' | 'failed' | 'pending';

/** Notices shown per page of the notification history. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** A customer's own reads wait until the signed-in user is known to be a customer. */
const CUSTOMER = { role: 'customer' } as const;

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

export const useSubscriptions = () =>
  useApiQuery('/subscriptions/subscriptions/', undefined, CUSTOMER);

/** The ACTIVE subscription, or null (a 404 means none). */
export const useActiveSubscription = () =>
  useApiQuery('/subscriptions/subscriptions/active/', undefined, { ...CUSTOMER, notFound: null });

/** What cancelling would refund, asked afresh each time the dialog opens. */
export const useCancelPreview = (id: number | null) =>
  useApiQuery(
    '/subscriptions/subscriptions/{id}/cancel_preview/',
    { params: { path: { id: id ?? 0 } } },
    { enabled: id !== null, staleTime: 0, gcTime: 0 },
  );

/** The caller's payments; a 404 reads as none, not as an error. */
export const usePayments = () =>
  useApiQuery('/payments/payments/', undefined, { ...CUSTOMER, notFound: [] });

/** The receipt as HTML, which the server writes in the app's language: one copy per language. */
export function useReceiptHtml(id: number | null, layout: 'a4' | 'thermal' = 'a4') {
  const language = useLanguage();
  return useApiQuery(
    '/payments/payments/{id}/receipt/',
    {
      params: { path: { id: id ?? 0 }, ...(layout === 'thermal' ? { query: { layout } } : {}) },
      headers: { 'Accept-Language': language },
      parseAs: 'text',
    },
    { enabled: id !== null },
  );
}

/** The customer's meals of today and tomorrow, with cutoffs; asked again every minute. */
export const useUpcomingMeals = () =>
  useApiQuery('/meals/upcoming/', undefined, { ...CUSTOMER, refetchInterval: 60_000 });

/** The policies a customer's requests are decided by (the leave form's numbers). */
export const usePolicies = () => useApiQuery('/policies/', undefined, CUSTOMER);

/** The leave policy in force; the spec's rules until the server has answered. */
export const useLeavePolicy = (): LeavePolicy => usePolicies().data?.leaves ?? DEFAULT_LEAVE_POLICY;

export const useFeedbackList = () => useApiQuery('/feedback/', undefined, CUSTOMER);

/**
 * An attachment's image. The file needs the bearer token, so it is fetched as a Blob and shown
 * through an object URL (web/lib/useObjectUrl.ts) rather than a plain <img src>.
 */
export const useAttachmentImage = (id: number) =>
  useApiQuery(
    '/feedback/attachments/{id}/file/',
    { params: { path: { id } }, parseAs: 'blob' },
    // A stored photo never changes: a new one gets a new id.
    { staleTime: Infinity },
  );

/** A 404 counts as total_feedbacks 0, not as an error. */
export const useFeedbackStats = () =>
  useApiQuery('/feedback/my_stats/', undefined, {
    ...CUSTOMER,
    notFound: {
      total_feedbacks: 0,
      open_feedbacks: 0,
      resolved_feedbacks: 0,
      closed_feedbacks: 0,
      average_rating: null,
    },
  });

export const useLeaves = () => useApiQuery('/subscriptions/leaves/', undefined, CUSTOMER);

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

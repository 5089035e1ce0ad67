// Server state, one hook per read; pages never fetch by hand.
import { useQuery } from '@tanstack/react-query';
import type { components } from '@generated/api';
import { injectedBusiness } from '@web/app/business';
import { useLanguage, type Language } from '@web/i18n/i18n';
import { useApi, useSession } from '@web/session/SessionProvider';
import { isNotFound, unwrap } from './errors';
import { unwrapPage } from './paging';

export type Schemas = components['schemas'];
export type Plan = Schemas['Plan'];
export type Subscription = Schemas['Subscription'];
export type Payment = Schemas['Payment'];
export type Feedback = Schemas['Feedback'];
export type CancelPreview = Schemas['CancelPreview'];
export type LeaveRequest = Schemas['LeaveRequest'];

export const keys = {
  business: ['business'] as const,
  plans: ['plans'] as const,
  subscriptions: ['subscriptions'] as const,
  activeSubscription: ['subscriptions', 'active'] as const,
  cancelPreview: (id: number) => ['subscriptions', id, 'cancel_preview'] as const,
  payments: ['payments'] as const,
  /** The server writes the receipt in the app's language: one cached copy per language. */
  receipt: (id: number, language: Language) => ['payments', id, 'receipt', language] as const,
  feedback: ['feedback'] as const,
  feedbackStats: ['feedback', 'my_stats'] as const,
  attachment: (id: number) => ['feedback', 'attachment', id] as const,
  leaves: ['leaves'] as const,
  notifications: (status: string, offset: number) => ['notifications', status, offset] as const,
};

/** The business profile: the one the page carries (web/app/business.ts), else GET /api/business/. */
export function useBusiness() {
  const api = useApi();
  return useQuery({
    queryKey: keys.business,
    queryFn: () => unwrap(api.GET('/business/')),
    initialData: () => injectedBusiness() ?? undefined,
    staleTime: Infinity,
  });
}

export function usePlans(enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: keys.plans,
    enabled,
    queryFn: () => unwrap(api.GET('/subscriptions/plans/')),
  });
}

/** Signed-in customers only: the per-user reads wait for the user to be known. */
function useCustomerEnabled() {
  const { user } = useSession();
  return !!user && user.user_type !== 'mess_owner';
}

export function useSubscriptions() {
  const api = useApi();
  const enabled = useCustomerEnabled();
  return useQuery({
    queryKey: keys.subscriptions,
    enabled,
    queryFn: () => unwrap(api.GET('/subscriptions/subscriptions/')),
  });
}

/** The ACTIVE subscription, or null (a 404 means none). */
export function useActiveSubscription() {
  const api = useApi();
  const enabled = useCustomerEnabled();
  return useQuery({
    queryKey: keys.activeSubscription,
    enabled,
    queryFn: async (): Promise<Subscription | null> => {
      try {
        return await unwrap(api.GET('/subscriptions/subscriptions/active/'));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  });
}

export function useCancelPreview(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: keys.cancelPreview(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    queryFn: () =>
      unwrap(
        api.GET('/subscriptions/subscriptions/{id}/cancel_preview/', {
          params: { path: { id: id ?? 0 } },
        }),
      ),
  });
}

/** The caller's payments; a 404 reads as none, not as an error. */
export function usePayments() {
  const api = useApi();
  const enabled = useCustomerEnabled();
  return useQuery({
    queryKey: keys.payments,
    enabled,
    queryFn: async (): Promise<Payment[]> => {
      try {
        return await unwrap(api.GET('/payments/payments/'));
      } catch (error) {
        if (isNotFound(error)) return [];
        throw error;
      }
    },
  });
}

export function useReceiptHtml(id: number | null) {
  const api = useApi();
  const language = useLanguage();
  return useQuery({
    queryKey: keys.receipt(id ?? 0, language),
    enabled: id !== null,
    queryFn: () =>
      unwrap(
        api.GET('/payments/payments/{id}/receipt/', {
          params: { path: { id: id ?? 0 } },
          parseAs: 'text',
        }),
      ) as Promise<string>,
  });
}

export function useFeedbackList() {
  const api = useApi();
  const enabled = useCustomerEnabled();
  return useQuery({
    queryKey: keys.feedback,
    enabled,
    queryFn: () => unwrap(api.GET('/feedback/')),
  });
}

/**
 * An attachment's image. The file needs the bearer token, so it is fetched as a Blob and shown
 * through an object URL (web/lib/useObjectUrl.ts) rather than a plain <img src>.
 */
export function useAttachmentImage(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: keys.attachment(id),
    // A stored photo never changes: a new one gets a new id.
    staleTime: Infinity,
    queryFn: () =>
      unwrap(
        api.GET('/feedback/attachments/{id}/file/', {
          params: { path: { id } },
          parseAs: 'blob',
        }) as Promise<{ data?: Blob; error?: unknown; response: Response }>,
      ),
  });
}

/** A 404 counts as total_feedbacks 0, not as an error. */
export function useFeedbackStats() {
  const api = useApi();
  const enabled = useCustomerEnabled();
  return useQuery({
    queryKey: keys.feedbackStats,
    enabled,
    queryFn: async () => {
      try {
        return await unwrap(api.GET('/feedback/my_stats/'));
      } catch (error) {
        if (isNotFound(error)) {
          return {
            total_feedbacks: 0,
            open_feedbacks: 0,
            resolved_feedbacks: 0,
            closed_feedbacks: 0,
            average_rating: null,
          };
        }
        throw error;
      }
    },
  });
}

export function useLeaves() {
  const api = useApi();
  const enabled = useCustomerEnabled();
  return useQuery({
    queryKey: keys.leaves,
    enabled,
    queryFn: () => unwrap(api.GET('/subscriptions/leaves/')),
  });
}

export type NotificationFilter = 'all' | 'sent' | 'failed' | 'pending';
export type NotificationEvent = Schemas['NotificationEvent'];

/** Notices shown per page of the notification history. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** One page of the user's notices, each with its e-mail and SMS status. */
export function useNotifications(status: NotificationFilter, offset: number) {
  const api = useApi();
  const { user } = useSession();
  return useQuery({
    queryKey: keys.notifications(status, offset),
    enabled: !!user,
    queryFn: () =>
      unwrapPage(
        api.GET('/notifications/events/', {
          params: {
            query: {
              ...(status === 'all' ? {} : { status }),
              limit: NOTIFICATIONS_PAGE_SIZE,
              offset,
            },
          },
        }),
      ),
  });
}

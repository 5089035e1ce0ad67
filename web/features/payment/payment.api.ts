// The payment lifecycle's reads and writes: the customer's payments and receipts; the owner's
// payments (all, recent, failed, one), the subscriptions awaiting payment (a page of them) and
// recording money received at the mess for one, which refreshes every owner read (payments,
// users, subscribers).
import type { components, operations } from '@generated/api';
import { apiFetch } from '@web/api/call';
import type { SubscriptionSummary } from '@web/features/subscription';
import { useLanguage } from '@web/i18n/i18n';
import {
  byId,
  keepPreviousPage,
  useApiMutation,
  useApiPage,
  useApiQuery,
  useApiWrite,
} from '@web/api/query';
import { CUSTOMER_READ, OWNER_READ } from '@web/api/scope';

export type Payment = components['schemas']['Payment'];
export type AdminPayment = components['schemas']['AdminPayment'];
export type PaymentsQuery = NonNullable<operations['adminListPayments']['parameters']['query']>;

export type PendingSubscription = components['schemas']['Subscription'];
export type OfflinePaymentRequest = components['schemas']['OfflinePaymentRequest'];

/** Who a subscription awaiting payment is for, and which one, as the owner's dialogs name it. */
export const pendingSummary = (subscription: PendingSubscription): SubscriptionSummary => ({
  name: subscription.user.full_name || subscription.user.username,
  username: subscription.user.username,
  plan: subscription.plan.name,
  id: subscription.id,
});

/** What the owner's dialogs about one pending subscription are given: it (null: closed), and Close. */
export interface PendingDialogProps {
  subscription: PendingSubscription | null;
  onClose: () => void;
}

export const usePendingSubscriptions = (offset: number, limit: number) =>
  useApiPage(
    '/subscriptions/subscriptions/',
    { params: { query: { status: 'PENDING_PAYMENT', limit, offset } } },
    { role: 'business', placeholderData: keepPreviousPage },
  );

export const useRecordOfflinePayment = () =>
  useApiMutation('post', '/payments/admin/payments/record_offline/', {
    init: (body: OfflinePaymentRequest) => ({ body }),
    refreshes: 'all',
  });

// ---- the customer's ----

/** The caller's payments; a 404 reads as none, not as an error. */
export const usePayments = () =>
  useApiQuery('/payments/payments/', undefined, { ...CUSTOMER_READ, notFound: [] });

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

/** GET receipt_pdf as a Blob (A4, or 80 mm for a thermal printer), saved by the page. */
export const useDownloadReceipt = () =>
  useApiWrite((api, { id, layout }: { id: number; layout: 'a4' | 'thermal' }) =>
    apiFetch(api, 'get', '/payments/payments/{id}/receipt_pdf/', {
      params: { path: { id }, ...(layout === 'thermal' ? { query: { layout } } : {}) },
      parseAs: 'blob',
    }),
  );

// ---- the owner's ----

export const useAdminPayments = (query: PaymentsQuery, enabled = true) =>
  useApiPage(
    '/payments/admin/payments/',
    { params: { query } },
    { ...OWNER_READ, enabled, placeholderData: keepPreviousPage },
  );

export const useRecentPayments = (enabled = true) =>
  useApiQuery('/payments/admin/payments/recent_payments/', undefined, { ...OWNER_READ, enabled });

export const useFailedPayments = (enabled = true) =>
  useApiQuery('/payments/admin/payments/failed_payments/', undefined, { ...OWNER_READ, enabled });

export const useAdminPayment = (id: number | null) =>
  useApiQuery('/payments/admin/payments/{id}/', byId(id ?? 0), { enabled: id !== null });

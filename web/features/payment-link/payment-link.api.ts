// Payment links and the counter UPI request: the owner's links of a customer, making and cancelling
// one, the UPI request for a subscription's dues, and the sandbox's hosted pay page.
import type { components } from '@generated/api';
import { byId, useApiMutation, useApiQuery } from '@web/api/query';

export type PaymentLink = components['schemas']['PaymentLink'];

/** The owner's links of one customer, newest first. */
export const useCustomerPaymentLinks = (userId: number | null) =>
  useApiQuery(
    '/payments/admin/payment-links/',
    { params: { query: { user: userId ?? 0 } } },
    { role: 'business', enabled: userId !== null },
  );

export const useCreatePaymentLink = () =>
  useApiMutation('post', '/payments/admin/payment-links/', {
    init: (body: components['schemas']['PaymentLinkCreate']) => ({ body }),
    refreshes: ['/payments/admin/payment-links/'],
  });

export const useCancelPaymentLink = () =>
  useApiMutation('post', '/payments/admin/payment-links/{id}/cancel/', {
    init: byId,
    refreshes: ['/payments/admin/payment-links/'],
  });

/** The UPI request (upi://pay…) for what a subscription owes, to show as a QR code. */
export const useUpiRequest = (subscriptionId: number | null) =>
  useApiQuery('/subscriptions/subscriptions/{id}/upi_qr/', byId(subscriptionId ?? 0), {
    role: 'signedIn',
    enabled: subscriptionId !== null,
    retry: false,
  });

/** The sandbox's hosted pay page: anyone with the link reads it. */
export const useHostedPaymentLink = (linkId: string) =>
  useApiQuery(
    '/payments/sandbox/links/{link_id}/',
    { params: { path: { link_id: linkId } } },
    { retry: false },
  );

export const usePayHostedLink = (linkId: string) =>
  useApiMutation('post', '/payments/sandbox/links/{link_id}/pay/', {
    init: (outcome: 'success' | 'failure') => ({
      params: { path: { link_id: linkId } },
      body: { outcome },
    }),
    refreshes: ['/payments/sandbox/links/{link_id}/'],
  });

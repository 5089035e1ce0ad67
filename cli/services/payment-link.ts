// The owner's UPI payment links from the terminal: create one for what a subscription owes (or
// part of it), list them, cancel one. The server decides (machines/payment-link); this only asks
// and prints.
import type { components } from '@generated/api';
import { rupees } from '../output';
import type { Api } from './api';
import { byId, unwrap } from './api';

export type PaymentLink = components['schemas']['PaymentLink'];
export type PaymentLinkStatus = components['schemas']['PaymentLinkStatus'];

export const createPaymentLink = (
  api: Api,
  body: { subscription: number; amount?: number },
): Promise<PaymentLink> =>
  unwrap(api, api.client.POST('/payments/admin/payment-links/', { body }), 'The payment link');

export const listPaymentLinks = (
  api: Api,
  query: { status?: PaymentLinkStatus; user?: number },
): Promise<PaymentLink[]> =>
  unwrap(
    api,
    api.client.GET('/payments/admin/payment-links/', { params: { query } }),
    'The payment links',
  );

export const cancelPaymentLink = (api: Api, id: number): Promise<PaymentLink> =>
  unwrap(
    api,
    api.client.POST('/payments/admin/payment-links/{id}/cancel/', byId(id)),
    `Payment link #${id}`,
  );

/** What a link asks for, in one line: "Link #3 for ₹1,800 (subscription #12, Asha Rao): created, https://…". */
export function describePaymentLink(link: PaymentLink): string {
  return (
    `Link #${link.id} for ${rupees(link.amount)} (subscription #${link.subscription}, ` +
    `${link.customer_name}): ${link.status}${link.status === 'created' ? `, ${link.short_url}` : ''}\n`
  );
}

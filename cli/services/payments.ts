// Payments for the owner: the list with filters, one payment, and its receipt as text, HTML or PDF.
import type { components, operations } from '../../generated/api';
import { refusedError } from '../errors';
import type { Api } from './api';
import { byId, httpError, unwrap } from './api';
import { allPages } from './paging';

export type AdminPayment = components['schemas']['AdminPayment'];
export type PaymentFilters = Pick<
  NonNullable<operations['adminListPayments']['parameters']['query']>,
  'status' | 'date_from' | 'date_to' | 'search'
>;

export async function listPayments(
  api: Api,
  filters: PaymentFilters = {},
): Promise<AdminPayment[]> {
  return allPages(api, 'The payments', (page) =>
    api.client.GET('/payments/admin/payments/', { params: { query: { ...filters, ...page } } }),
  );
}

export async function getPayment(api: Api, id: number): Promise<AdminPayment> {
  return unwrap(api, api.client.GET('/payments/admin/payments/{id}/', byId(id)), `Payment ${id}`);
}

const noReceipt = (id: number) =>
  `Payment ${id} has no receipt: receipts exist for successful payments only.`;

/**
 * A receipt's facts as data: the successful payment, with its tax invoice (GSTIN, taxable value,
 * CGST, SGST) when it was recorded under one.
 */
export async function receiptData(api: Api, id: number): Promise<AdminPayment> {
  const payment = await getPayment(api, id);
  if (payment.status !== 'SUCCESS') throw refusedError(noReceipt(id));
  return payment;
}

/**
 * The receipt: plain text for the terminal, the HTML document, or the PDF's bytes. Receipts exist
 * for successful payments only.
 */
export async function getReceipt(api: Api, id: number, format: 'text' | 'html'): Promise<string>;
export async function getReceipt(api: Api, id: number, format: 'pdf'): Promise<Uint8Array>;
export async function getReceipt(
  api: Api,
  id: number,
  format: 'text' | 'html' | 'pdf',
): Promise<string | Uint8Array> {
  const params = { path: { id } };
  const answer =
    format === 'pdf'
      ? await api.client.GET('/payments/payments/{id}/receipt_pdf/', {
          params,
          parseAs: 'arrayBuffer',
        })
      : await api.client.GET('/payments/payments/{id}/receipt/', {
          params: { ...params, query: { format } },
          parseAs: 'text',
        });
  if (!answer.response.ok) {
    const body = answer.error;
    if (answer.response.status === 404) throw refusedError(noReceipt(id));
    throw httpError(
      answer.response.status,
      body,
      `The receipt of payment ${id}`,
      undefined,
      api.url,
    );
  }
  return format === 'pdf' ? new Uint8Array(answer.data as ArrayBuffer) : (answer.data as string);
}

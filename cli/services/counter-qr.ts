// The provider's counter QR codes from the terminal: make one for what a subscription owes (or
// part of it), ask how it stands, close it. The server decides (machines/counter-qr); this only
// asks and prints.
import type { components } from '@generated/api';
import { rupees } from '../output';
import type { Api } from './api';
import { byId, unwrap } from './api';

export type CounterQr = components['schemas']['CounterQr'];

export const createCounterQr = (
  api: Api,
  body: { subscription: number; amount?: number },
): Promise<CounterQr> =>
  unwrap(api, api.client.POST('/payments/admin/counter-qr/', { body }), 'The QR code');

export const getCounterQr = (api: Api, id: number): Promise<CounterQr> =>
  unwrap(api, api.client.GET('/payments/admin/counter-qr/{id}/', byId(id)), `QR code #${id}`);

export const closeCounterQr = (api: Api, id: number): Promise<CounterQr> =>
  unwrap(
    api,
    api.client.POST('/payments/admin/counter-qr/{id}/close/', byId(id)),
    `QR code #${id}`,
  );

/**
 * A QR in a few lines: "QR #3 for ₹1,800 (subscription #12, Asha Rao): created, closes at …",
 * then the UPI request it encodes while it can be paid.
 */
export function describeCounterQr(qr: CounterQr): string {
  let text =
    `QR #${qr.id} (${qr.qr_id}) for ${rupees(qr.amount)} (subscription #${qr.subscription}, ` +
    `${qr.customer_name}): ${qr.status}`;
  if (qr.status === 'created') text += `, closes at ${qr.close_by}`;
  if (qr.payment !== null) text += `, payment #${qr.payment}`;
  text += '\n';
  if (qr.status === 'created') {
    if (qr.upi_uri) text += `${qr.upi_uri}\n`;
    else if (qr.image_url) text += `${qr.image_url}\n`;
  }
  return text;
}

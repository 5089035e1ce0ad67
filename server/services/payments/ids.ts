// Razorpay-shaped identifiers (order_XXXXXXXXXXXXXX, pay_XXXXXXXXXXXXXX, plink_…, qr_…) for the sandbox.
import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `offline` names the payments the owner records for money received at the mess. */
export function providerId(
  prefix: 'order' | 'pay' | 'offline' | 'plink' | 'qr',
  length = 14,
): string {
  let id = '';
  for (let index = 0; index < length; index += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}_${id}`;
}

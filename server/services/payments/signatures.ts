// Razorpay's signatures: the checkout's HMAC-SHA256(order_id|payment_id) with the key secret, and
// the webhook's HMAC-SHA256(raw body) with the webhook secret. Both compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time comparison of two hex strings (unequal lengths are simply unequal). */
export function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  if (a.length !== b.length) {
    // Still spend the comparison so timing does not reveal the length.
    timingSafeEqual(a, a);
    return false;
  }
  return timingSafeEqual(a, b);
}

export const paymentSignature = (keySecret: string, orderId: string, paymentId: string) =>
  hmacHex(keySecret, `${orderId}|${paymentId}`);

export const isValidPaymentSignature = (
  keySecret: string,
  orderId: string,
  paymentId: string,
  signature: string,
) => sameHex(paymentSignature(keySecret, orderId, paymentId), signature);

export const isValidWebhookSignature = (
  webhookSecret: string,
  rawBody: Buffer,
  signature: string,
) => sameHex(hmacHex(webhookSecret, rawBody), signature);

// Razorpay's Orders API over HTTPS (POST /v1/orders with basic auth), without the SDK.
import type { Config } from '@server/config.js';
import { ProviderError, type PaymentProvider } from './provider.js';

const TIMEOUT_MS = 10_000;

export function createRazorpayProvider(settings: Config['payments']): PaymentProvider {
  const authorization =
    'Basic ' + Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64');
  const url = `${settings.razorpayApiUrl.replace(/\/+$/, '')}/v1/orders`;
  return {
    name: 'razorpay',
    async createOrder(request) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({
            amount: request.amountPaise,
            currency: request.currency,
            receipt: request.receipt.slice(0, 40),
            notes: request.notes,
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new ProviderError('Razorpay could not be reached', { cause: error });
      }
      const text = await response.text();
      if (!response.ok) {
        throw new ProviderError(
          `Razorpay refused the order (HTTP ${response.status}): ${text.slice(0, 300)}`,
        );
      }
      let body: { id?: unknown };
      try {
        body = JSON.parse(text) as { id?: unknown };
      } catch (error) {
        throw new ProviderError('Razorpay answered with something that is not JSON', {
          cause: error,
        });
      }
      if (typeof body.id !== 'string' || body.id === '') {
        throw new ProviderError('Razorpay answered without an order id');
      }
      return { orderId: body.id };
    },
  };
}

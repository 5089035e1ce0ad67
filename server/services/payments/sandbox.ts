// The sandbox provider: the server issues order ids itself; POST /payments/sandbox/pay/ plays the
// hosted checkout and signs its result with the same key secret Razorpay would use.
import { providerId } from './ids.js';
import type { PaymentProvider } from './provider.js';

export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    async createOrder() {
      return { orderId: providerId('order') };
    },
  };
}

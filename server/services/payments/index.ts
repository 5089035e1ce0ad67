// The payment provider the configuration names: Razorpay, or the local sandbox that speaks its
// protocol.
import type { Config } from '@server/config.js';
import type { Db } from '@server/platform/db/index.js';
import type { PaymentProvider } from './provider.js';
import { createRazorpayProvider } from './razorpay.js';
import { createSandboxProvider } from './sandbox.js';

export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  return config.payments.provider === 'razorpay'
    ? createRazorpayProvider(config.payments)
    : createSandboxProvider(config, db);
}

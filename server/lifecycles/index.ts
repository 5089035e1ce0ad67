// The lifecycle stores, built once per app: the only code that writes a lifecycle's status.
import { createPaymentProvider } from '@server/services/payments/index.js';
import { createAccountStore } from './onboarding/onboarding.store.js';
import { createAdjustmentBatches } from './subscription/adjustments.store.js';
import { createCancellation } from './subscription/cancellation.js';
import { createFeedbackStore } from './feedback/feedback.store.js';
import { createLeaveStore } from './leave/leave.store.js';
import { createPaymentStore } from './payment/payment.store.js';
import { createRefundStore } from './refund/refund.store.js';
import type { StoreDeps } from './store.js';
import { createSubscriptionStore } from './subscription/subscription.store.js';

export function createStores(deps: StoreDeps) {
  const accounts = createAccountStore(deps);
  const subscriptions = createSubscriptionStore(deps);
  const leaves = createLeaveStore(deps, subscriptions);
  const refunds = createRefundStore(deps);
  const payments = createPaymentStore(deps, subscriptions, createPaymentProvider(deps.config));
  const cancellation = createCancellation(deps, { subscriptions, leaves, refunds });
  const feedback = createFeedbackStore(deps);
  const adjustments = createAdjustmentBatches(deps, subscriptions);
  return {
    accounts,
    subscriptions,
    leaves,
    refunds,
    payments,
    cancellation,
    feedback,
    adjustments,
  };
}

export type Stores = ReturnType<typeof createStores>;

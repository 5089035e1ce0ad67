// The services and stores every handler shares, built once per app. This is the one place that
// builds the stores: elsewhere a store is only ever handed in (lint: no-restricted-imports).
import type { FastifyBaseLogger } from 'fastify';
import type { AttachmentStore } from './platform/attachments/index.js';
import type { Config } from './config.js';
import type { Db } from './platform/db/index.js';
import { createAccountStore } from './lifecycles/onboarding/onboarding.store.js';
import { createFeedbackStore } from './lifecycles/feedback/feedback.store.js';
import { createLeaveStore } from './lifecycles/leave/leave.store.js';
import { createPaymentStore } from './lifecycles/payment/payment.store.js';
import { createRefundStore } from './lifecycles/refund/refund.store.js';
import type { StoreDeps } from './lifecycles/store.js';
import { createPaymentLinkStore } from './lifecycles/payment-link/payment-link.store.js';
import { createCounterQrStore } from './lifecycles/counter-qr/counter-qr.store.js';
import { createPaymentRequests } from './lifecycles/payment-link/payment-requests.js';
import { createReminderStore } from './lifecycles/reminder/reminder.store.js';
import { createConsentStore } from './lifecycles/consent/consent.store.js';
import { createErasureStore } from './lifecycles/erasure/erasure.store.js';
import { createClosedDayStore } from './lifecycles/closed-day/closed-day.store.js';
import { createClosureRuleStore } from './lifecycles/closure-rule/closure-rule.store.js';
import { createAdjustmentBatches } from './lifecycles/subscription/adjustments.store.js';
import { createCancellation } from './lifecycles/subscription/cancellation.js';
import { createSubscriptionStore } from './lifecycles/subscription/subscription.store.js';
import { createMenuStore } from './resources/menu/menu.store.js';
import { createPlanStore } from './resources/plans/plan.store.js';
import { createSettingsStore } from './resources/settings/settings.store.js';
import { createMealSkipStore } from './lifecycles/meal-skip/meal-skip.store.js';
import { createWalkInStore } from './lifecycles/walk-in/walk-in.store.js';
import { createStaffStore } from './lifecycles/staff/staff.store.js';
import { createClaimLinks } from './lifecycles/walk-in/claim-links.js';
import { createLedgerStore } from './lifecycles/dues/dues.store.js';
import { createDeliveryStore } from './lifecycles/delivery-stop/delivery-stop.store.js';
import { createPaymentProvider } from './services/payments/index.js';
import type { BackgroundTasks } from './services/background.js';
import type { LoginThrottle } from './services/login-throttle.js';
import type { Notifier } from './services/notifier.js';
import type { WhatsappQueue } from './services/whatsapp/queue.js';
import type { RateLimiter } from './services/rate-limit.js';
import { dateInZone, type Clock } from './platform/time.js';

/** Every store: the lifecycles' (the only code that writes a status), the plans' and the menu's. */
function createStores(deps: StoreDeps) {
  const accounts = createAccountStore(deps);
  const subscriptions = createSubscriptionStore(deps);
  const mealSkips = createMealSkipStore(deps, subscriptions);
  const leaves = createLeaveStore(deps, subscriptions, mealSkips);
  const ledger = createLedgerStore(deps);
  const refunds = createRefundStore(deps, ledger);
  const provider = createPaymentProvider(deps.config, deps.db);
  const payments = createPaymentStore(deps, subscriptions, ledger, provider);
  const paymentLinks = createPaymentLinkStore(deps, payments, provider);
  const counterQrs = createCounterQrStore(deps, payments, provider);
  const paymentRequests = createPaymentRequests(deps, { paymentLinks, counterQrs });
  // A due settled by any path withdraws the customer's links and QR codes that ask for more.
  payments.onSettled((payment) => paymentRequests.withdrawExcessOf(payment.user_id));
  const reminders = createReminderStore(deps, paymentLinks);
  const consents = createConsentStore(deps);
  const erasures = createErasureStore(deps);
  const cancellation = createCancellation(deps, { subscriptions, leaves, refunds });
  const feedback = createFeedbackStore(deps);
  const adjustments = createAdjustmentBatches(deps, subscriptions);
  const plans = createPlanStore(deps);
  const settings = createSettingsStore(deps);
  const closedDays = createClosedDayStore(deps, adjustments);
  const closureRules = createClosureRuleStore(deps, closedDays);
  const menu = createMenuStore(deps);
  const walkIns = createWalkInStore(deps, { accounts, subscriptions, payments, ledger });
  const staff = createStaffStore(deps, { accounts });
  const claimLinks = createClaimLinks({ walkIns, staff });
  const delivery = createDeliveryStore(deps, payments);
  return {
    accounts,
    ledger,
    subscriptions,
    leaves,
    refunds,
    payments,
    cancellation,
    feedback,
    adjustments,
    plans,
    settings,
    mealSkips,
    closedDays,
    closureRules,
    menu,
    paymentLinks,
    counterQrs,
    paymentRequests,
    reminders,
    walkIns,
    staff,
    claimLinks,
    delivery,
    consents,
    erasures,
  };
}

type Stores = ReturnType<typeof createStores>;

export interface AppContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  notifier: Notifier;
  rateLimiter: RateLimiter;
  loginThrottle: LoginThrottle;
  /** Where feedback photos are kept (ATTACHMENT_STORE): local disk, the database or S3. */
  attachments: AttachmentStore;
  /** Work done after the answer (mail, SMS) whose timing must not show in the response. */
  background: BackgroundTasks;
  /** The WhatsApp send queue (services/whatsapp/queue.ts). */
  whatsapp: WhatsappQueue;
  /** Today's calendar date in the business time zone. */
  today(): string;
  /** The stores: every status change, and every change to plans, is written through them. */
  stores: Stores;
}

export function createContext(parts: Omit<AppContext, 'today' | 'stores'>): AppContext {
  // Every request asks for today; the answer can only change when the minute does.
  let todayMinute = -1;
  let todayDate = '';
  const today = () => {
    const now = parts.clock.now();
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== todayMinute) {
      todayDate = dateInZone(now, parts.config.businessTz);
      todayMinute = minute;
    }
    return todayDate;
  };
  const services = { ...parts, today };
  return { ...services, stores: createStores(services) };
}

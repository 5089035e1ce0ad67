// The payment jobs: checkout orders nobody will pay are expired (daily); payment links and QR codes
// asking for more than is owed are withdrawn (hourly). Idempotent; the scheduler's
// job_runs claim makes one instance run each per period.
import type { AppContext } from '@server/context.js';
import { hourKey, type Job } from '@server/services/scheduler.js';

/** Open orders older than a day, or of subscriptions no longer awaiting payment, expire. */
export const cleanStaleOrders = (ctx: AppContext) => ctx.stores.payments.expireStaleOrders();

export const paymentJobs: Job[] = [
  { name: 'clean-stale-orders', runKey: (ctx) => ctx.today(), run: cleanStaleOrders },
  // Payment links and counter QR codes that ask for more than is owed (a due settled while a
  // provider could not be reached to withdraw them) are withdrawn again, hourly.
  {
    name: 'withdraw-excess-requests',
    runKey: hourKey,
    run: (ctx) => ctx.stores.paymentRequests.sweep(),
  },
];

// The daily payment job: checkout orders nobody will pay are expired. Idempotent; the scheduler's
// job_runs claim makes one instance run it per business day.
import type { AppContext } from '@server/context.js';
import type { Job } from '@server/services/scheduler.js';

/** Open orders older than a day, or of subscriptions no longer awaiting payment, expire. */
export const cleanStaleOrders = (ctx: AppContext) => ctx.stores.payments.expireStaleOrders();

export const paymentJobs: Job[] = [
  { name: 'clean-stale-orders', runKey: (ctx) => ctx.today(), run: cleanStaleOrders },
];

// Daily subscription jobs: expire ended subscriptions. Idempotent; the scheduler's job_runs claim
// makes one instance run it per business day. The reminder before the end is the owner's reminder
// schedule's (server/lifecycles/reminder, settings.reminders.before_expiry_days).
import type { AppContext } from '@server/context.js';
import type { Job } from '@server/services/scheduler.js';

/** Ended subscriptions are stored EXPIRED by the subscription store; the customer is told once. */
export const expireSubscriptions = (ctx: AppContext) => ctx.stores.subscriptions.expireDue();

const daily = (ctx: AppContext) => ctx.today();

export const subscriptionJobs: Job[] = [
  { name: 'expire-subscriptions', runKey: daily, run: expireSubscriptions },
];

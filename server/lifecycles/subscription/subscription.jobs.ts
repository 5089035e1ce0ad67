// Daily subscription jobs: expire ended subscriptions, remind 3 days before the end. Each is
// idempotent; the scheduler's job_runs claim makes one instance run it per business day.
import { addDays } from '@machines/shared';
import type { AppContext } from '@server/context.js';
import { subscriptionStatusIs } from './subscription.read.js';
import { notifyCustomer } from '@server/services/notify.js';
import type { Job } from '@server/services/scheduler.js';

/** The reminder goes out when this many days or fewer are left before the end date. */
export const REMINDER_DAYS_BEFORE_END = 3;

/** Ended subscriptions are stored EXPIRED by the subscription store; the customer is told once. */
export const expireSubscriptions = (ctx: AppContext) => ctx.stores.subscriptions.expireDue();

/** One reminder per subscription when its end is 3 days away or closer (the notifier dedupes). */
export async function sendExpiryReminders(ctx: AppContext): Promise<number> {
  const today = ctx.today();
  const rows = await ctx.db.kysely
    .selectFrom('subscriptions')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .select([
      'subscriptions.id',
      'subscriptions.user_id',
      'subscriptions.adjusted_end_date',
      'plans.name as plan_name',
    ])
    .where((eb) => subscriptionStatusIs(eb, 'ACTIVE', today))
    .where('subscriptions.adjusted_end_date', '<=', addDays(today, REMINDER_DAYS_BEFORE_END))
    .orderBy('subscriptions.id')
    .execute();
  for (const row of rows) {
    await notifyCustomer(ctx, row.user_id, (l) => ({
      type: 'subscription_expiring',
      subject: l.t('notice.subscription_expiring.subject'),
      summary: l.t('notice.subscription_expiring.summary', {
        plan: row.plan_name,
        id: row.id,
        date: l.date(row.adjusted_end_date),
      }),
      text: l.t('notice.subscription_expiring.text', {
        plan: row.plan_name,
        id: row.id,
        date: l.date(row.adjusted_end_date),
        link: `${ctx.config.publicUrl}/subscriptions`,
      }),
      sms: l.t('notice.subscription_expiring.sms', {
        business: ctx.config.business.name,
        plan: row.plan_name,
        date: l.date(row.adjusted_end_date),
      }),
      dedupeKey: `subscription-expiring:${row.id}`,
    }));
  }
  return rows.length;
}

const daily = (ctx: AppContext) => ctx.today();

export const subscriptionJobs: Job[] = [
  { name: 'expire-subscriptions', runKey: daily, run: expireSubscriptions },
  { name: 'subscription-expiry-reminders', runKey: daily, run: sendExpiryReminders },
];

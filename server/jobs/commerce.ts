// Daily commerce jobs: expire ended subscriptions, remind 3 days before the end, clean stale orders.
// Each is idempotent; the scheduler's job_runs claim makes one instance run it per business day.
import { addDays } from '../../machines/shared/dates.js';
import { decide } from '../../machines/shared/lifecycle.js';
import { subscriptionMachine } from '../../machines/subscription/index.js';
import type { AppContext } from '../context.js';
import { loadSubscriptionState } from '../serializers/subscriptions.js';
import { notifyCustomer } from '../services/payments/notify.js';
import type { Job } from '../services/scheduler.js';

/** An open order nobody paid within this long is expired (verify still accepts a late payment). */
export const STALE_ORDER_HOURS = 24;
/** The reminder goes out when this many days or fewer are left before the end date. */
export const REMINDER_DAYS_BEFORE_END = 3;

const BATCH = 500;

async function planName(ctx: AppContext, planId: number) {
  const plan = await ctx.db.kysely
    .selectFrom('plans')
    .select('name')
    .where('id', '=', planId)
    .executeTakeFirst();
  return plan?.name ?? 'your plan';
}

/** ACTIVE subscriptions whose adjusted end date has passed become EXPIRED; the customer is told once. */
export async function expireSubscriptions(ctx: AppContext): Promise<number> {
  const db = ctx.db.kysely;
  const today = ctx.today();
  let expired = 0;
  for (;;) {
    const rows = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('status', '=', 'ACTIVE')
      .where('adjusted_end_date', '<', today)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const state = await loadSubscriptionState(db, row, today);
      // Decide from the stored status: the effective one already says EXPIRED.
      const decision = decide(
        subscriptionMachine,
        { ...state, value: row.status },
        { type: 'subscription.expire', today },
      );
      if (!decision.ok) continue;
      const updated = await db
        .updateTable('subscriptions')
        .set({ status: 'EXPIRED', updated_at: ctx.clock.now().toISOString() })
        .where('id', '=', row.id)
        .where('status', '=', 'ACTIVE')
        .where('adjusted_end_date', '<', today)
        .returning('id')
        .executeTakeFirst();
      if (!updated) continue;
      expired += 1;
      const name = await planName(ctx, row.plan_id);
      await notifyCustomer(ctx, row.user_id, {
        type: 'subscription_expired',
        subject: 'Subscription expired',
        text:
          `Your subscription to ${name} (#${row.id}) ended on ${row.adjusted_end_date ?? ''}. ` +
          `Renew it any time: ${ctx.config.publicUrl}/subscriptions`,
        sms: `${ctx.config.business.name}: your ${name} subscription has expired. Renew at ${ctx.config.publicUrl}/subscriptions`,
        dedupeKey: `subscription-expired:${row.id}`,
      });
    }
    if (rows.length < BATCH) break;
  }
  return expired;
}

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
    .where('subscriptions.status', '=', 'ACTIVE')
    .where('subscriptions.adjusted_end_date', '>=', today)
    .where('subscriptions.adjusted_end_date', '<=', addDays(today, REMINDER_DAYS_BEFORE_END))
    .orderBy('subscriptions.id')
    .execute();
  for (const row of rows) {
    await notifyCustomer(ctx, row.user_id, {
      type: 'subscription_expiring',
      subject: 'Your subscription ends soon',
      text:
        `Your subscription to ${row.plan_name} (#${row.id}) ends on ${row.adjusted_end_date ?? ''}. ` +
        `Renew it in time to keep your meals coming: ${ctx.config.publicUrl}/subscriptions`,
      sms: `${ctx.config.business.name}: your ${row.plan_name} subscription ends on ${row.adjusted_end_date ?? ''}.`,
      dedupeKey: `subscription-expiring:${row.id}`,
    });
  }
  return rows.length;
}

/** Open orders older than a day, or of subscriptions no longer awaiting payment, are expired. */
export async function cleanStaleOrders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - STALE_ORDER_HOURS * 3600_000).toISOString();
  const result = await ctx.db.kysely
    .updateTable('payment_orders')
    .set({ status: 'expired', updated_at: now.toISOString() })
    .where('status', '=', 'created')
    .where((eb) =>
      eb.or([
        eb('created_at', '<', cutoff),
        eb(
          'subscription_id',
          'in',
          eb.selectFrom('subscriptions').select('id').where('status', '<>', 'PENDING_PAYMENT'),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const daily = (ctx: AppContext) => ctx.today();

export const commerceJobs: Job[] = [
  { name: 'expire-subscriptions', runKey: daily, run: expireSubscriptions },
  { name: 'subscription-expiry-reminders', runKey: daily, run: sendExpiryReminders },
  { name: 'clean-stale-orders', runKey: daily, run: cleanStaleOrders },
];

// The dues hold's notice (issue 21): each time a meal cutoff passes (the kitchen lock job's run
// key), every customer the hold holds is told why their meals are paused and how to pay, once per
// hold episode. Nothing stores the hold: an episode is the time between two payments, so the
// notice's dedupe key is the customer's latest payment or credit entry; a payment that leaves them
// held starts a new episode and one new notice with the new figure.
import { sql } from 'kysely';
import type { AppContext } from '@server/context.js';
import { notifyCustomer } from '@server/services/notify.js';
import type { Job } from '@server/services/scheduler.js';
import { dueMealsKey } from '@server/lifecycles/kitchen/kitchen.lock.js';
import { heldCustomers, readHoldPolicy, type DuesHoldBody } from './dues.read.js';

/** The notice's sentence for why: over the amount limit, or overdue too long. */
function why(l: Parameters<Parameters<typeof notifyCustomer>[2]>[0], hold: DuesHoldBody) {
  const amount = l.rupees(Math.round(hold.balance * 100));
  return hold.reason === 'over_amount'
    ? l.t('notice.dues_hold.over_amount', {
        amount,
        limit: l.rupees((hold.max_amount ?? 0) * 100),
      })
    : l.t('notice.dues_hold.overdue_days', {
        amount,
        days: hold.days_due,
        limit: hold.max_days_overdue ?? 0,
      });
}

/** Tells every held customer, once per episode (the notifier dedupes); how many are held. */
export async function notifyHeldCustomers(ctx: AppContext): Promise<number> {
  const db = ctx.db.kysely;
  const policy = await readHoldPolicy(db);
  const held = await heldCustomers(db, policy, ctx.today());
  if (held.size === 0) return 0;
  const latestPayments = await db
    .selectFrom('ledger_entries')
    .select(['user_id', sql<number>`max(id)`.as('latest')])
    .where('user_id', 'in', [...held.keys()])
    .where('amount_paise', '<', 0)
    .groupBy('user_id')
    .execute();
  const episodeOf = new Map(latestPayments.map((row) => [row.user_id, Number(row.latest)]));
  const link = `${ctx.config.publicUrl}/payments`;
  for (const [userId, hold] of held) {
    await notifyCustomer(ctx, userId, (l) => ({
      type: 'dues_hold',
      subject: l.t('notice.dues_hold.subject'),
      summary: why(l, hold),
      text: l.t('notice.dues_hold.text', { why: why(l, hold), link }),
      sms: l.t('notice.dues_hold.sms', {
        business: ctx.config.business.name,
        why: why(l, hold),
        link,
      }),
      dedupeKey: `dues-hold:${userId}:${episodeOf.get(userId) ?? 0}`,
    }));
  }
  return held.size;
}

export const ledgerJobs: Job[] = [
  { name: 'dues-hold-notices', runKey: dueMealsKey, run: notifyHeldCustomers },
];

// The subscription lifecycle's read side: the status every read reports (the machine's expiry rule)
// as a value and as SQL, and a stored row as the machine sees it. Other folders' read models and
// stores import these, never the store.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Persisted } from '@machines/shared';
import {
  effectiveSubscriptionStatus,
  subscriptionFromApi,
  type SubscriptionMachine,
  type SubscriptionStatus,
} from '@machines/subscription';
import type { Database, Subscription } from '@server/platform/db/schema.js';
import type { Executor } from '@server/lifecycles/store.js';

/** Subscriptions (`s`) with their plans (`p`): where a read of what a subscription is for starts. */
export const subscriptionsWithPlans = (db: Executor) =>
  db.selectFrom('subscriptions as s').innerJoin('plans as p', 'p.id', 's.plan_id');

/** Subscriptions (`s`) with their plans (`p`) and their customers (`u`). */
export const subscriptionsWithCustomers = (db: Executor) =>
  subscriptionsWithPlans(db).innerJoin('users as u', 'u.id', 's.user_id');

/**
 * A customer's own subscription with its dates and its plan's meals (what a leave or a skip is
 * checked against); undefined when it is not theirs or does not exist.
 */
export const ownSubscriptionMeals = (db: Executor, userId: number, subscriptionId: number) =>
  subscriptionsWithPlans(db)
    .select(['s.id', 's.status', 's.start_date', 's.adjusted_end_date', 'p.included_meals'])
    .where('s.id', '=', subscriptionId)
    .where('s.user_id', '=', userId)
    .executeTakeFirst();

/** The status every read reports: the machine's rule (an ACTIVE row past its end is EXPIRED). */
export const subscriptionStatus = (
  row: Pick<Subscription, 'status' | 'adjusted_end_date'>,
  today: string,
): SubscriptionStatus => effectiveSubscriptionStatus(row.status, row.adjusted_end_date, today);

/**
 * The same rule as a WHERE condition on `subscriptions`, so SQL filters agree with what every read
 * shows (tests/api/subscription-status-sql.test.ts holds the two against each other on both
 * databases). Use with `.where((eb) => subscriptionStatusIs(eb, 'ACTIVE', today))`.
 */
export function subscriptionStatusIs<
  DB extends Pick<Database, 'subscriptions'>,
  TB extends keyof DB,
>(eb: ExpressionBuilder<DB, TB>, status: SubscriptionStatus, today: string) {
  // The casts name the subscriptions columns for any query that joins that table.
  const e = eb as unknown as ExpressionBuilder<Database, 'subscriptions'>;
  // The machine's isExpired: only a date before today has passed (no date has not).
  const stillRunning = e.or([
    e('subscriptions.adjusted_end_date', 'is', null),
    e('subscriptions.adjusted_end_date', '>=', today),
  ]);
  const ended = e('subscriptions.adjusted_end_date', '<', today);
  const condition =
    status === 'ACTIVE'
      ? e.and([e('subscriptions.status', '=', 'ACTIVE'), stillRunning])
      : status === 'EXPIRED'
        ? e.or([
            e('subscriptions.status', '=', 'EXPIRED'),
            e.and([e('subscriptions.status', '=', 'ACTIVE'), ended]),
          ])
        : e('subscriptions.status', '=', status);
  return condition as unknown as ReturnType<ExpressionBuilder<DB, TB>['and']>;
}

/** The ACTIVE rule for hand-written SQL over a subscriptions alias (the owner's tuned queries). */
export function subscriptionIsActiveSql(alias: string, today: string) {
  const status = sql.ref(`${alias}.status`);
  const end = sql.ref(`${alias}.adjusted_end_date`);
  return sql<boolean>`(${status} = 'ACTIVE' and (${end} is null or ${end} >= ${today}))`;
}

/**
 * ACTIVE and started by `today` (machines/subscription hasStarted): the customer eats on it now,
 * where one queued behind their running plan (ACTIVE too) waits for its first day.
 */
export function subscriptionIsRunningSql(alias: string, today: string) {
  const start = sql.ref(`${alias}.start_date`);
  return sql<boolean>`(${subscriptionIsActiveSql(alias, today)} and ${start} <= ${today})`;
}

/**
 * Whether anything was paid for the subscription (the machine's hasSuccessfulPayment), as SQL over
 * `subscriptions`: a SUCCESS payment of it beyond the part kept as an advance, or an advance used
 * for it (migration 042). A payment kept whole as an advance paid nothing of it.
 */
export function paidFor<DB extends Pick<Database, 'subscriptions'>, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
) {
  const e = eb as unknown as ExpressionBuilder<Database, 'subscriptions'>;
  return e.or([
    e.exists(
      e
        .selectFrom('payments')
        .select('payments.id')
        .whereRef('payments.subscription_id', '=', 'subscriptions.id')
        .where('payments.status', '=', 'SUCCESS')
        .whereRef('payments.amount_paise', '>', 'payments.advance_paise'),
    ),
    e.exists(
      e
        .selectFrom('advance_applications')
        .select('advance_applications.id')
        .whereRef('advance_applications.subscription_id', '=', 'subscriptions.id'),
    ),
  ]) as unknown as ReturnType<ExpressionBuilder<DB, TB>['or']>;
}

/**
 * A subscription as the subscription machine sees it: the shared fromApi mapping, fed from the row,
 * its plan and whether it has a refund. `stored` keeps the stored status instead of the effective
 * one (the expiry job decides from what is stored).
 */
export async function readSubscription(
  db: Executor,
  row: Subscription,
  today: string,
  { stored = false } = {},
): Promise<Persisted<SubscriptionMachine>> {
  const [plan, refund, payment] = await Promise.all([
    db
      .selectFrom('plans')
      .select(['is_active', 'duration_days'])
      .where('id', '=', row.plan_id)
      .executeTakeFirstOrThrow(),
    db.selectFrom('refunds').select('id').where('subscription_id', '=', row.id).executeTakeFirst(),
    db
      .selectFrom('subscriptions')
      .select('id')
      .where('id', '=', row.id)
      .where((eb) => paidFor(eb))
      .executeTakeFirst(),
  ]);
  return subscriptionFromApi({
    status: stored ? row.status : subscriptionStatus(row, today),
    start_date: row.start_date,
    base_end_date: row.base_end_date,
    adjusted_end_date: row.adjusted_end_date,
    leave_days: row.leave_days,
    has_successful_payment: payment !== undefined,
    plan,
    refund_info: refund ?? null,
  });
}

/**
 * What moved a subscription's end date past its paid period, in days: approved leave, the days the
 * mess was closed (closed-day batches, less those reversed), and the owner's own adjustments. Their
 * sum is adjusted_end_date − base_end_date.
 */
export async function endDateMoves(
  db: Executor,
  subscription: Pick<Subscription, 'id' | 'leave_days'>,
): Promise<{ leave: number; closed: number; owner: number }> {
  const closedBatches = db
    .selectFrom('closed_days')
    .select('extend_batch_id as batch')
    .where('extend_batch_id', 'is not', null)
    .union(
      db
        .selectFrom('closed_days')
        .select('reverse_batch_id as batch')
        .where('reverse_batch_id', 'is not', null),
    );
  const rows = await db
    .selectFrom('subscription_adjustments as a')
    .where('a.subscription_id', '=', subscription.id)
    .where('a.outcome', '=', 'moved')
    .select([
      sql<number>`case when a.batch_id in (${closedBatches}) then 1 else 0 end`.as('closed'),
      sql<number>`sum(a.days)`.as('days'),
    ])
    .groupBy(sql`case when a.batch_id in (${closedBatches}) then 1 else 0 end`)
    .execute();
  const days = (closed: number) =>
    Number(rows.find((row) => Number(row.closed) === closed)?.days ?? 0);
  return { leave: subscription.leave_days, closed: days(1), owner: days(0) };
}

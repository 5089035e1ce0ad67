// The kitchen's meal counts for a date: read by the kitchen sheet and by the owner's home.
import { sql, type Kysely } from 'kysely';
import { MEALS as MEAL_NAMES } from '@machines/settings';
import type { Dialect } from '@server/platform/db/index.js';
import type { Database } from '@server/platform/db/schema.js';
import { fullName, parseMeals } from '@server/platform/format.js';
import { subscriptionIsRunningSql } from '@server/lifecycles/subscription/subscription.read.js';
import { skipsCounted } from '@server/lifecycles/meal-skip/meal-skip.read.js';

export type Service = 'mess' | 'tiffin';
type Meal = ReturnType<typeof parseMeals>[number];

const SERVICES: readonly Service[] = ['mess', 'tiffin'];

export const zeroMealCounts = () => ({
  mess: { breakfast: 0, lunch: 0, dinner: 0 },
  tiffin: { breakfast: 0, lunch: 0, dinner: 0 },
});

export type ServiceMealCounts = ReturnType<typeof zeroMealCounts>;

/** A closed meal is not cooked: its counts are 0 whoever would have eaten it (the closure says why). */
export function withoutClosedMeals(
  counts: ServiceMealCounts,
  closed: Readonly<Record<Meal, unknown>>,
): ServiceMealCounts {
  for (const meal of MEAL_NAMES) {
    if (closed[meal] === null) continue;
    counts.mess[meal] = 0;
    counts.tiffin[meal] = 0;
  }
  return counts;
}

export { leaveCovers } from '@server/lifecycles/leave/leave.read.js';

/** subscriptionsCovering's rows alone (alias s), for a read that needs no plan. */
const coveringRows = (db: Kysely<Database>, date: string) =>
  db
    .selectFrom('subscriptions as s')
    .where('s.status', '=', 'ACTIVE')
    .where('s.start_date', '<=', date)
    .where('s.adjusted_end_date', '>=', date);

/**
 * The ACTIVE subscriptions (alias s, with their plan as p) that have started and cover `date`.
 * A date from today on: an ACTIVE row covering it has not passed its end, so the stored status
 * is the machine's status.
 */
export const subscriptionsCovering = (db: Kysely<Database>, date: string) =>
  coveringRows(db, date).innerJoin('plans as p', 'p.id', 's.plan_id');

/**
 * The customers with more than one subscription of one service covering `date`: rows written
 * before a purchase while a plan ran was queued behind it (subscription.store activate). Almost
 * always none; the sheet then counts each of them once per meal (kitchen.lock doubleCounted).
 */
export async function overlappingCustomers(db: Kysely<Database>, date: string): Promise<number[]> {
  const rows = await coveringRows(db, date)
    .select('s.user_id')
    .groupBy(['s.user_id', 's.subscription_type'])
    .having(sql<number>`count(*)`, '>', 1)
    .execute();
  return [...new Set(rows.map((row) => row.user_id))];
}

interface PlanTally {
  readonly service: Service;
  readonly plan_id: number;
  /** ACTIVE, started and not ended on the date asked for: the kitchen cooks for them. */
  readonly cooking: number;
}

/**
 * Per service and plan, in one pass over the service's ACTIVE rows (migration 009's
 * subscriptions_active_meals holds every column read, in plan order): how many cover `date` (the
 * rows of subscriptionsCovering).
 */
export async function planTallies(db: Kysely<Database>, date: string): Promise<PlanTally[]> {
  const lists = await Promise.all(
    SERVICES.map((service) =>
      db
        .selectFrom('subscriptions as s')
        .where('s.status', '=', 'ACTIVE')
        .where('s.subscription_type', '=', service)
        .select([
          's.plan_id',
          sql<number>`sum(case when s.start_date <= ${date} and s.adjusted_end_date >= ${date} then 1 else 0 end)`.as(
            'cooking',
          ),
        ])
        .groupBy('s.plan_id')
        .execute()
        .then((rows) =>
          rows.map((row) => ({ service, plan_id: row.plan_id, cooking: Number(row.cooking) })),
        ),
    ),
  );
  return lists.flat();
}

/**
 * Per service, the customers with a subscription running `today` (started, not ended), each once
 * however many of their rows overlap: the owner home's active subscribers.
 */
export async function activeSubscriberCounts(
  db: Kysely<Database>,
  today: string,
): Promise<Record<Service, number>> {
  const rows = await db
    .selectFrom('subscriptions as s')
    .where('s.status', '=', 'ACTIVE')
    .where(subscriptionIsRunningSql('s', today))
    .select(['s.subscription_type as service', sql<number>`count(distinct s.user_id)`.as('count')])
    .groupBy('s.subscription_type')
    .execute();
  const counts: Record<Service, number> = { mess: 0, tiffin: 0 };
  for (const row of rows) counts[row.service as Service] = Number(row.count);
  return counts;
}

/**
 * Per service and plan, the subscriptions covering `date` that a leave APPROVED for that date
 * takes off the sheet: read from the few approved leaves that cover the date (the rows of
 * subscriptionsCovering with leaveCovers('APPROVED')), never a per-row lookup of leaves.
 */
/**
 * The leaves in `statuses` that cover `date`, on ACTIVE subscriptions that have started and cover
 * it: the subscriptions the sheet counts.
 */
function leavesCovering(
  db: Kysely<Database>,
  dialect: Dialect,
  date: string,
  statuses: readonly ('APPROVED' | 'PENDING')[],
) {
  return (
    db
      .selectFrom('leaves as l')
      .innerJoin('subscriptions as s', 's.id', 'l.subscription_id')
      .where('l.status', 'in', statuses)
      .where('l.leave_end_date', '>=', date)
      // The range must be on the end date (leaves_status_end, migration 009): leaves that ended
      // are the many, years of them. PostgreSQL picks it from its statistics; SQLite takes the
      // older (status, start) index unless coalesce() keeps the start out of its choice, which
      // would in turn hide the start from PostgreSQL's row estimate and turn its join into a
      // scan of every ACTIVE subscription.
      .where(
        dialect === 'sqlite' ? sql<string>`coalesce(l.leave_start_date, '')` : 'l.leave_start_date',
        '<=',
        date,
      )
      .where('s.status', '=', 'ACTIVE')
      .where('s.start_date', '<=', date)
      .where('s.adjusted_end_date', '>=', date)
  );
}

export async function onLeaveTallies(db: Kysely<Database>, dialect: Dialect, date: string) {
  const rows = await leavesCovering(db, dialect, date, ['APPROVED'])
    .select([
      's.subscription_type as service',
      's.plan_id',
      // Approved leaves never overlap, but a subscription is one person's meals whatever happens.
      sql<number>`count(distinct s.id)`.as('count'),
    ])
    .groupBy(['s.subscription_type', 's.plan_id'])
    .execute();
  return rows.map((row) => ({
    service: row.service as Service,
    plan_id: row.plan_id,
    count: Number(row.count),
  }));
}

export interface KitchenLeave {
  leave_id: number;
  status: 'APPROVED' | 'PENDING';
  user_id: number;
  name: string;
  username: string;
  phone: string;
  service_type: Service;
  plan_name: string;
  leave_start_date: string;
  leave_end_date: string;
}

/**
 * Per meal, the customers whose APPROVED or PENDING leave covers `date` on a subscription the
 * sheet counts (subscriptionsCovering): approved ones first (off the counts), then pending ones
 * (still cooked for), each by service and name. Read from the few leaves that cover the date, by
 * the same index as onLeaveTallies.
 */
export async function leavesOnDate(
  db: Kysely<Database>,
  dialect: Dialect,
  date: string,
): Promise<Record<Meal, KitchenLeave[]>> {
  const rows = await leavesCovering(db, dialect, date, ['APPROVED', 'PENDING'])
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'l.id as leave_id',
      'l.status',
      'l.leave_start_date',
      'l.leave_end_date',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
      'u.username',
      'u.phone',
      's.subscription_type as service_type',
      'p.name as plan_name',
      'p.included_meals as meals',
    ])
    .orderBy(sql`case when l.status = 'APPROVED' then 0 else 1 end`)
    .orderBy('s.subscription_type')
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.username')
    .orderBy('l.id')
    .execute();
  const byMeal: Record<Meal, KitchenLeave[]> = { breakfast: [], lunch: [], dinner: [] };
  for (const row of rows) {
    const leave: KitchenLeave = {
      leave_id: row.leave_id,
      status: row.status as KitchenLeave['status'],
      user_id: row.user_id,
      name: fullName(row) || row.username,
      username: row.username,
      phone: row.phone,
      service_type: row.service_type as Service,
      plan_name: row.plan_name,
      leave_start_date: row.leave_start_date,
      leave_end_date: row.leave_end_date,
    };
    for (const meal of parseMeals(row.meals)) byMeal[meal].push(leave);
  }
  return byMeal;
}

/** Every plan's included meals, by plan id. */
export async function planMeals(db: Kysely<Database>) {
  const plans = await db.selectFrom('plans').select(['id', 'included_meals']).execute();
  return new Map(plans.map((plan) => [plan.id, parseMeals(plan.included_meals)]));
}

/** Per service and meal, the meals of `date` skipped (meal skips the sheet counts). */
async function skipTallies(db: Kysely<Database>, date: string): Promise<ServiceMealCounts> {
  const rows = await skipsCounted(db, date)
    .select(['s.subscription_type as service', 'k.meal', sql<number>`count(*)`.as('count')])
    .groupBy(['s.subscription_type', 'k.meal'])
    .execute();
  const skipped = zeroMealCounts();
  for (const row of rows) skipped[row.service as Service][row.meal] += Number(row.count);
  return skipped;
}

export interface KitchenSkip {
  skip_id: number;
  subscription_id: number;
  user_id: number;
  name: string;
  phone: string;
  service_type: Service;
  plan_name: string;
}

/** Per meal, the customers who skipped it on `date` (the skips the counts leave out), by name. */
export async function skipsOnDate(
  db: Kysely<Database>,
  date: string,
  onlyUsers?: readonly number[],
): Promise<Record<Meal, KitchenSkip[]>> {
  let skips = skipsCounted(db, date);
  if (onlyUsers) skips = skips.where('k.user_id', 'in', onlyUsers);
  const rows = await skips
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'k.id as skip_id',
      'k.subscription_id',
      'k.meal',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
      'u.username',
      'u.phone',
      's.subscription_type as service_type',
      'p.name as plan_name',
    ])
    .orderBy('s.subscription_type')
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.username')
    .orderBy('k.id')
    .execute();
  const byMeal: Record<Meal, KitchenSkip[]> = { breakfast: [], lunch: [], dinner: [] };
  for (const row of rows) {
    byMeal[row.meal].push({
      skip_id: row.skip_id,
      subscription_id: row.subscription_id,
      user_id: row.user_id,
      name: fullName(row) || row.username,
      phone: row.phone,
      service_type: row.service_type as Service,
      plan_name: row.plan_name,
    });
  }
  return byMeal;
}

/**
 * Meals to cook per service, net of leaves APPROVED for the date and of meals skipped (`counts`),
 * the meals those leaves took away (`onLeave`), from each plan's included meals, and the skipped
 * ones (`skipped`).
 */
export function mealsFromTallies(
  mealsOf: ReadonlyMap<number, readonly Meal[]>,
  cooking: readonly { service: Service; plan_id: number; count: number }[],
  away: readonly { service: Service; plan_id: number; count: number }[],
  skipped: ServiceMealCounts = zeroMealCounts(),
): { counts: ServiceMealCounts; onLeave: ServiceMealCounts; skipped: ServiceMealCounts } {
  const counts = zeroMealCounts();
  const onLeave = zeroMealCounts();
  const add = (target: ServiceMealCounts, rows: typeof cooking, sign: number) => {
    for (const row of rows) {
      for (const meal of mealsOf.get(row.plan_id) ?? []) {
        target[row.service][meal] += sign * row.count;
      }
    }
  };
  add(counts, cooking, 1);
  add(counts, away, -1);
  add(onLeave, away, 1);
  for (const service of SERVICES) {
    for (const meal of ['breakfast', 'lunch', 'dinner'] as const) {
      counts[service][meal] -= skipped[service][meal];
    }
  }
  return { counts, onLeave, skipped };
}

/** The kitchen sheet's counts for `date`: what mealsFromTallies says of that date's tallies. */
export async function mealCounts(
  db: Kysely<Database>,
  dialect: Dialect,
  date: string,
): Promise<{ counts: ServiceMealCounts; onLeave: ServiceMealCounts; skipped: ServiceMealCounts }> {
  const [mealsOf, tallies, away, skipped] = await Promise.all([
    planMeals(db),
    planTallies(db, date),
    onLeaveTallies(db, dialect, date),
    skipTallies(db, date),
  ]);
  const cooking = tallies.map((tally) => ({ ...tally, count: tally.cooking }));
  return mealsFromTallies(mealsOf, cooking, away, skipped);
}

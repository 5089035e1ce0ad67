// The day's meals: who is served which meal on a date. The one definition of "this subscription is
// served this meal on this date", read by the kitchen sheet, its locks, the delivery run sheets and
// the owner's home: one query of the date's subscriptions (daySubscriptions) and one rule
// (mealsOfTheDay) that takes off, in this order, an approved leave, a meal skip, a closed meal, a
// customer's second subscription of one service (old overlapping rows) and the dues hold.
import { sql, type Kysely } from 'kysely';
import { holdTakesOff, isPastCutoff } from '@machines/kitchen';
import { DIETS, type Diet } from '@machines/menu';
import { cutoffAt, MEALS, type BusinessSettings, type Meal } from '@machines/settings';
import type { AppContext } from '@server/context.js';
import type { Database } from '@server/platform/db/schema.js';
import { fullName, parseMeals } from '@server/platform/format.js';
import {
  closedMealsOfDate,
  type ClosedMealsOfDate,
} from '@server/lifecycles/closed-day/closed-day.read.js';
import { leaveCovers } from '@server/lifecycles/leave/leave.read.js';
import { heldCustomers, type DuesHoldBody } from '@server/lifecycles/dues/dues.read.js';
import { skipsCounted } from '@server/lifecycles/meal-skip/meal-skip.read.js';
import { holdPolicyOf } from '@machines/dues';
import { subscriptionsWithPlans } from '@server/lifecycles/subscription/subscription.read.js';

export type Service = 'mess' | 'tiffin';
export type ByMeal<T> = Record<Meal, T[]>;
const byMeals = <T>(): ByMeal<T> => ({ breakfast: [], lunch: [], dinner: [] });

export const zeroMealCounts = () => ({
  mess: { breakfast: 0, lunch: 0, dinner: 0 },
  tiffin: { breakfast: 0, lunch: 0, dinner: 0 },
});
export type ServiceMealCounts = ReturnType<typeof zeroMealCounts>;

/** Which subscriptions a read of the day is about (all of them when absent). */
export interface DayFilter {
  /** These customers alone: each customer's every subscription, so doubles are still seen. */
  onlyUsers?: readonly number[];
  service?: Service;
}

/**
 * The ACTIVE subscriptions (alias s, with their plan as p) that have started and cover `date`.
 * A date from today on: an ACTIVE row covering it has not passed its end, so the stored status
 * is the machine's status.
 */
const subscriptionsCovering = (db: Kysely<Database>, date: string) =>
  subscriptionsWithPlans(db)
    .where('s.status', '=', 'ACTIVE')
    .where('s.start_date', '<=', date)
    .where('s.adjusted_end_date', '>=', date);

/**
 * The day's one query: the subscriptions covering `date` (s, p) with their customers (u) and
 * whether a leave APPROVED for the date covers them, in the sheet's order (service, then name).
 * A read that wants more of each (a delivery's address) joins and selects it on top.
 */
export function daySubscriptions(db: Kysely<Database>, date: string, filter: DayFilter = {}) {
  let query = subscriptionsCovering(db, date).innerJoin('users as u', 'u.id', 's.user_id');
  if (filter.onlyUsers) query = query.where('s.user_id', 'in', filter.onlyUsers);
  if (filter.service) query = query.where('s.subscription_type', '=', filter.service);
  return query.select([
    's.id as subscription_id',
    'u.id as user_id',
    'u.first_name',
    'u.last_name',
    'u.username',
    'u.diet',
    's.subscription_type as service_type',
    'p.included_meals as meals',
    'p.name as plan_name',
    'p.name_hi as plan_name_hi',
    sql<number>`case when ${leaveCovers('APPROVED', date)} then 1 else 0 end`.as('on_leave'),
  ]);
}

/** What mealsOfTheDay reads of a subscription: daySubscriptions' columns. */
export interface DayRow {
  subscription_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  username: string;
  diet: string | null;
  service_type: string;
  meals: string;
  on_leave: number | string;
}

/** A subscription as the day's lists name it. */
export interface CountedSubscription {
  subscription_id: number;
  user_id: number;
  name: string;
  service_type: Service;
  diet: Diet | 'unset';
}

/** A subscription the dues hold takes off a meal, and why its customer is held. */
export type HeldSubscription = CountedSubscription & { hold: DuesHoldBody };

export interface KitchenSkip {
  skip_id: number;
  subscription_id: number;
  user_id: number;
  name: string;
  phone: string;
  service_type: Service;
  plan_name: string;
}

/** The columns a day's list of names reads of a customer (u) and their subscription (s, p). */
export const NAMED_CUSTOMER = [
  'u.id as user_id',
  'u.first_name',
  'u.last_name',
  'u.username',
  'u.phone',
  's.subscription_type as service_type',
  'p.name as plan_name',
] as const;

/** The order of a day's list of names: by service, then name. */
export const SHEET_ORDER = sql`s.subscription_type, u.first_name, u.last_name, u.username`;

/** Per meal, the customers who skipped it on `date` (the skips the counts leave out), by name. */
async function skipsOnDate(
  db: Kysely<Database>,
  date: string,
  onlyUsers?: readonly number[],
): Promise<ByMeal<KitchenSkip>> {
  let skips = skipsCounted(db, date);
  if (onlyUsers) skips = skips.where('k.user_id', 'in', onlyUsers);
  const rows = await skips
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([...NAMED_CUSTOMER, 'k.id as skip_id', 'k.subscription_id', 'k.meal'])
    .orderBy(SHEET_ORDER)
    .orderBy('k.id')
    .execute();
  const byMeal = byMeals<KitchenSkip>();
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

/** A meal's stored lock: the subscriptions it counted. */
export interface LockedMeal {
  subscription_ids: string;
}

/**
 * Whose dues hold takes them off which meal: from the next cutoff, so a meal already locked keeps
 * whom it counted (machines/kitchen holdTakesOff). `locking`: the day's meals are being counted for
 * a lock of the due meals, which the hold takes every held customer off.
 */
export type HoldState =
  | { settings: BusinessSettings; rows: ReadonlyMap<Meal, LockedMeal> }
  | { settings: BusinessSettings; locking: true };

/** What the day's meals are net of, besides an approved leave (a column of daySubscriptions). */
export interface OffTheDay {
  closed: ClosedMealsOfDate;
  skips: ByMeal<KitchenSkip>;
  /** True when the dues hold takes this subscription of this customer off this meal. */
  heldOff: (meal: Meal, subscriptionId: number, userId: number) => DuesHoldBody | null;
}

/** Closed meals, meal skips and the dues hold of `date` (of `onlyUsers`, when given). */
export async function offTheDay(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'today'>,
  date: string,
  hold: HoldState,
  onlyUsers?: readonly number[],
): Promise<OffTheDay> {
  const db = ctx.db.kysely;
  const policy = holdPolicyOf(hold.settings.payments);
  const [closed, skips, held] = await Promise.all([
    closedMealsOfDate(db, date),
    skipsOnDate(db, date, onlyUsers),
    heldCustomers(db, policy, ctx.today()),
  ]);
  if (held.size === 0) return { closed, skips, heldOff: () => null };
  if ('locking' in hold) return { closed, skips, heldOff: (_, __, user) => held.get(user) ?? null };
  const now = ctx.clock.now().toISOString();
  const byMeal = new Map(
    MEALS.map((meal) => {
      const row = hold.rows.get(meal);
      const lockedIds = row ? new Set(JSON.parse(row.subscription_ids) as number[]) : null;
      const cutoff = cutoffAt(hold.settings, meal, date, ctx.config.businessTz);
      return [meal, { lockedIds, pastCutoff: isPastCutoff(now, cutoff) }] as const;
    }),
  );
  return {
    closed,
    skips,
    heldOff: (meal, subscriptionId, userId) => {
      const customer = held.get(userId);
      const { lockedIds, pastCutoff } = byMeal.get(meal)!;
      return customer && holdTakesOff(subscriptionId, lockedIds, pastCutoff) ? customer : null;
    },
  };
}

/** The day's meals: per meal, who is served and who is not, and why. */
export interface DayMeals {
  /** Whom the kitchen cooks for: one per customer, service and meal, in the sheet's order. */
  served: ByMeal<CountedSubscription>;
  /** Whom the dues hold takes off. */
  held: ByMeal<HeldSubscription>;
  /** A customer's second subscription of a service for a meal already served to them. */
  doubled: ByMeal<CountedSubscription>;
  /** Per service, the meals a leave APPROVED for the date takes away. */
  onLeave: ServiceMealCounts;
  skips: ByMeal<KitchenSkip>;
  closed: ClosedMealsOfDate;
}

const dietOf = (diet: string | null): Diet | 'unset' =>
  diet && (DIETS as readonly string[]).includes(diet) ? (diet as Diet) : 'unset';

/**
 * The rule, over daySubscriptions' rows: a subscription is served a meal of its plan unless a
 * leave APPROVED for the date covers it, the meal is skipped, the meal is closed, another of the
 * customer's subscriptions of that service is already served it (the oldest is kept), or the dues
 * hold takes the customer off it.
 */
export function mealsOfTheDay(rows: readonly DayRow[], off: OffTheDay): DayMeals {
  const skipped = new Set(
    MEALS.flatMap((meal) => off.skips[meal].map((skip) => `${skip.subscription_id}/${meal}`)),
  );
  const day: DayMeals = {
    served: byMeals(),
    held: byMeals(),
    doubled: byMeals(),
    onLeave: zeroMealCounts(),
    skips: off.skips,
    closed: off.closed,
  };
  // A day's thousands of subscriptions share a few plans' meals.
  const parsed = new Map<string, Meal[]>();
  const planMeals = (meals: string) => {
    let list = parsed.get(meals);
    if (!list) parsed.set(meals, (list = parseMeals(meals)));
    return list;
  };
  const counted = (row: DayRow, meal: Meal) =>
    Number(row.on_leave) !== 1 &&
    off.closed[meal] === null &&
    !skipped.has(`${row.subscription_id}/${meal}`) &&
    planMeals(row.meals).includes(meal);
  // One person is one meal, whatever old overlapping rows say: of a customer's subscriptions of a
  // service counted for a meal, the oldest is served. Only customers with more than one row of a
  // service (almost never anyone) are looked at.
  const rowsOf = new Map<string, DayRow[]>();
  for (const row of rows) {
    const key = `${row.user_id}/${row.service_type}`;
    const list = rowsOf.get(key);
    if (list) list.push(row);
    else rowsOf.set(key, [row]);
  }
  const isDouble = (row: DayRow, meal: Meal) => {
    const list = rowsOf.get(`${row.user_id}/${row.service_type}`)!;
    return (
      list.length > 1 &&
      list.some((other) => other.subscription_id < row.subscription_id && counted(other, meal))
    );
  };
  for (const row of rows) {
    const service = row.service_type as Service;
    let one: CountedSubscription | null = null;
    for (const meal of planMeals(row.meals)) {
      if (Number(row.on_leave) === 1) {
        day.onLeave[service][meal] += 1;
        continue;
      }
      if (!counted(row, meal)) continue;
      one ??= {
        subscription_id: row.subscription_id,
        user_id: row.user_id,
        name: fullName(row) || row.username,
        service_type: service,
        diet: dietOf(row.diet),
      };
      if (isDouble(row, meal)) {
        day.doubled[meal].push(one);
        continue;
      }
      const hold = off.heldOff(meal, row.subscription_id, row.user_id);
      if (hold) day.held[meal].push({ ...one, hold });
      else day.served[meal].push(one);
    }
  }
  return day;
}

/** Per service and meal, how many of `lists` there are. */
export function countsOf(lists: ByMeal<{ service_type: Service }>): ServiceMealCounts {
  const counts = zeroMealCounts();
  for (const meal of MEALS) for (const one of lists[meal]) counts[one.service_type][meal] += 1;
  return counts;
}

export type DietCounts = Record<Diet | 'unset', number>;

/** Per meal, how many of `lists` eat each diet. */
export function dietsOf(lists: ByMeal<{ diet: Diet | 'unset' }>): Record<Meal, DietCounts> {
  const zero = (): DietCounts => ({ veg: 0, egg: 0, non_veg: 0, jain: 0, unset: 0 });
  const diets = { breakfast: zero(), lunch: zero(), dinner: zero() };
  for (const meal of MEALS) for (const one of lists[meal]) diets[meal][one.diet] += 1;
  return diets;
}

/** The day's meals of `date` (of `filter`'s customers): daySubscriptions by the rule. */
export async function readDayMeals(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'today'>,
  date: string,
  hold: HoldState,
  filter: DayFilter = {},
): Promise<DayMeals> {
  const [rows, off] = await Promise.all([
    daySubscriptions(ctx.db.kysely, date, filter)
      .orderBy('s.subscription_type')
      .orderBy('u.first_name')
      .orderBy('u.last_name')
      .orderBy('s.id')
      .execute(),
    offTheDay(ctx, date, hold, filter.onlyUsers),
  ]);
  return mealsOfTheDay(rows, off);
}

// The owner's home: the business's figures in one read, each the same rule as the list it
// summarises (payments, refunds, active subscribers, users, leaves, feedback, kitchen sheet).
import { sql, type Kysely } from 'kysely';
import { addDays } from '@machines';
import type { Dialect } from '@server/platform/db/index.js';
import type { Database } from '@server/platform/db/schema.js';
import { rupees } from '@server/platform/format.js';
import { businessDayStart } from '@server/platform/time.js';
import { doubleCounted, withoutDoubled } from '@server/lifecycles/kitchen/kitchen.lock.js';
import {
  activeSubscriberCounts,
  mealsFromTallies,
  onLeaveTallies,
  planMeals,
  planTallies,
  withoutClosedMeals,
} from '@server/lifecycles/kitchen/kitchen.query.js';
import { closedMealsOfDate } from '@server/lifecycles/closed-day/closed-day.read.js';

/** The home's series: this many business days, ending today. */
const SUMMARY_DAYS = 30;
/** "Expiring soon" on the home: the users list's `expiring_within_days` it links to. */
const HOME_EXPIRING_WITHIN_DAYS = 3;

/** Money settled on one business date, in paise: the same rule on the home and in the reports. */
export interface DayMoney {
  date: string;
  /** SUCCESS payments whose created_at falls on the date (what a receipt is dated). */
  collectedPaise: number;
  /** Refunds marked PAID on the date, and how many. */
  refundedPaise: number;
  refunds: number;
}

/**
 * Money received and paid back per business date, for `dates` (ascending, consecutive or not).
 * One row per date from a VALUES list of [start, end) instants, so each day is an index range
 * over payments(status, created_at) and refunds(status, paid_at), never a time-zone function
 * the two databases would spell differently.
 */
export async function moneyByDay(
  db: Kysely<Database>,
  dates: readonly string[],
  timeZone: string,
): Promise<DayMoney[]> {
  if (dates.length === 0) return [];
  // Day i runs from the start of day i to the start of the day after it.
  const values = sql.join(
    dates.map(
      (date) =>
        sql`(${date}, ${businessDayStart(date, timeZone)}, ${businessDayStart(addDays(date, 1), timeZone)})`,
    ),
  );
  const money = await sql<{ day: string; collected: number; refunded: number; refunds: number }>`
    with d(day, lo, hi) as (values ${values})
    select d.day,
      (select coalesce(sum(p.amount_paise), 0) from payments p
        where p.status = 'SUCCESS' and p.created_at >= d.lo and p.created_at < d.hi) as collected,
      (select coalesce(sum(r.amount_paise), 0) from refunds r
        where r.status = 'PAID' and r.paid_at >= d.lo and r.paid_at < d.hi) as refunded,
      (select count(*) from refunds r
        where r.status = 'PAID' and r.paid_at >= d.lo and r.paid_at < d.hi) as refunds
    from d`.execute(db);
  const byDate = new Map(money.rows.map((row) => [row.day, row]));
  return dates.map((date) => ({
    date,
    collectedPaise: Number(byDate.get(date)?.collected ?? 0),
    refundedPaise: Number(byDate.get(date)?.refunded ?? 0),
    refunds: Number(byDate.get(date)?.refunds ?? 0),
  }));
}

interface DayFigures extends DayMoney {
  newSubscribers: number;
}

/** Money settled (moneyByDay) and subscriptions activated per business date, for `days` dates ending today. */
async function dailyFigures(
  db: Kysely<Database>,
  today: string,
  days: number,
  timeZone: string,
): Promise<DayFigures[]> {
  const dates = Array.from({ length: days }, (_, index) => addDays(today, index - days + 1));
  const first = dates[0]!;
  const [money, started] = await Promise.all([
    moneyByDay(db, dates, timeZone),
    db
      .selectFrom('subscriptions')
      .where('start_date', '>=', first)
      .where('start_date', '<=', today)
      .select(['start_date', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('start_date')
      .execute(),
  ]);
  const activated = new Map(started.map((row) => [row.start_date, Number(row.count)]));
  return money.map((day) => ({ ...day, newSubscribers: activated.get(day.date) ?? 0 }));
}

function revenue(days: DayFigures[], from: string, to: string) {
  const inPeriod = days.filter((day) => day.date >= from && day.date <= to);
  const collectedPaise = inPeriod.reduce((sum, day) => sum + day.collectedPaise, 0);
  const refundedPaise = inPeriod.reduce((sum, day) => sum + day.refundedPaise, 0);
  return {
    from,
    to,
    collected: rupees(collectedPaise),
    refunded: rupees(refundedPaise),
    net: rupees(collectedPaise - refundedPaise),
  };
}

const count = (row: { count: number | string } | undefined) => Number(row?.count ?? 0);

export async function ownerSummary(
  db: Kysely<Database>,
  dialect: Dialect,
  today: string,
  timeZone: string,
) {
  const monthStart = `${today.slice(0, 7)}-01`;
  const tomorrow = addDays(today, 1);
  // A month has up to 31 days: read back far enough for both the series and the month.
  const span = Math.max(SUMMARY_DAYS, Number(today.slice(8, 10)));
  const [
    days,
    mealsOf,
    tallies,
    active,
    away,
    doubled,
    closed,
    expiring,
    leaves,
    refunds,
    feedback,
  ] = await Promise.all([
    dailyFigures(db, today, span, timeZone),
    planMeals(db),
    planTallies(db, tomorrow),
    activeSubscriberCounts(db, today),
    onLeaveTallies(db, dialect, tomorrow),
    doubleCounted(db, tomorrow),
    closedMealsOfDate(db, tomorrow),
    // The users list's expiring_within_days: the summary's active_end (migration 002).
    db
      .selectFrom('customer_subscription_summaries')
      .where('active_end', '>=', today)
      .where('active_end', '<=', addDays(today, HOME_EXPIRING_WITHIN_DAYS))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst(),
    db
      .selectFrom('leaves')
      .where('status', '=', 'PENDING')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst(),
    db
      .selectFrom('refunds')
      .where('status', '=', 'PENDING')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst(),
    db
      .selectFrom('feedback')
      .where('status', 'in', ['open', 'in_progress'])
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst(),
  ]);
  const { mess, tiffin } = active;
  const meals = mealsFromTallies(
    mealsOf,
    tallies.map((tally) => ({ ...tally, count: tally.cooking })),
    away,
  );
  return {
    today,
    revenue: { today: revenue(days, today, today), month: revenue(days, monthStart, today) },
    active_subscribers: { total: mess + tiffin, mess, tiffin },
    expiring: { within_days: HOME_EXPIRING_WITHIN_DAYS, count: count(expiring) },
    pending_leaves: count(leaves),
    pending_refunds: count(refunds),
    open_feedback: count(feedback),
    // A meal the owner closed is not cooked, as on the kitchen sheet.
    tomorrow_meals: {
      date: tomorrow,
      counts: withoutClosedMeals(withoutDoubled(meals.counts, doubled), closed),
    },
    daily: days.slice(-SUMMARY_DAYS).map((day) => ({
      date: day.date,
      revenue: rupees(day.collectedPaise - day.refundedPaise),
      new_subscribers: day.newSubscribers,
    })),
  };
}

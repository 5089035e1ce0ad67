// The owner's home: the business's figures in one read, each the same rule as the list it
// summarises (payments, refunds, active subscribers, users, leaves, feedback, kitchen sheet).
import { sql, type Kysely } from 'kysely';
import { addDays } from '@machines';
import type { Database } from '@server/platform/db/schema.js';
import { rupees } from '@server/platform/format.js';
import { businessDayStart } from '@server/platform/time.js';
import { subscriptionIsRunningSql } from '@server/lifecycles/subscription/subscription.read.js';
import { countsOf, type Service } from '@server/lifecycles/kitchen/day-meals.js';
import { kitchenDayMeals } from '@server/lifecycles/kitchen/kitchen.lock.js';
import type { AppContext } from '@server/context.js';

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

/**
 * Per service, the customers with a subscription running `today` (started, not ended), each once
 * however many of their rows overlap: the owner home's active subscribers.
 */
async function activeSubscriberCounts(
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

const count = (row: { count: number | string } | undefined) => Number(row?.count ?? 0);

export async function ownerSummary(ctx: AppContext) {
  const db = ctx.db.kysely;
  const today = ctx.today();
  const timeZone = ctx.config.businessTz;
  const monthStart = `${today.slice(0, 7)}-01`;
  const tomorrow = addDays(today, 1);
  // A month has up to 31 days: read back far enough for both the series and the month.
  const span = Math.max(SUMMARY_DAYS, Number(today.slice(8, 10)));
  const [days, meals, active, expiring, leaves, refunds, feedback] = await Promise.all([
    dailyFigures(db, today, span, timeZone),
    // Tomorrow's meals as the kitchen sheet counts them.
    kitchenDayMeals(ctx, tomorrow),
    activeSubscriberCounts(db, today),
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
  return {
    today,
    revenue: { today: revenue(days, today, today), month: revenue(days, monthStart, today) },
    active_subscribers: { total: mess + tiffin, mess, tiffin },
    expiring: { within_days: HOME_EXPIRING_WITHIN_DAYS, count: count(expiring) },
    pending_leaves: count(leaves),
    pending_refunds: count(refunds),
    open_feedback: count(feedback),
    tomorrow_meals: { date: tomorrow, counts: countsOf(meals.served) },
    daily: days.slice(-SUMMARY_DAYS).map((day) => ({
      date: day.date,
      revenue: rupees(day.collectedPaise - day.refundedPaise),
      new_subscribers: day.newSubscribers,
    })),
  };
}

// The kitchen sheet's names of who is on leave on a date: approved leaves (off the day's meals,
// day-meals.ts) and pending ones (still cooked for).
import { sql, type Kysely } from 'kysely';
import type { Meal } from '@machines/settings';
import type { Dialect } from '@server/platform/db/index.js';
import type { Database } from '@server/platform/db/schema.js';
import { fullName, parseMeals } from '@server/platform/format.js';
import { NAMED_CUSTOMER, SHEET_ORDER, type Service } from './day-meals.js';

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
 * sheet counts (the day's subscriptions): approved ones first (off the counts), then pending ones
 * (still cooked for), each by service and name. Read from the few leaves that cover the date, by
 * the end-date index.
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
      ...NAMED_CUSTOMER,
      'l.id as leave_id',
      'l.status',
      'l.leave_start_date',
      'l.leave_end_date',
      'p.included_meals as meals',
    ])
    .orderBy(sql`case when l.status = 'APPROVED' then 0 else 1 end`)
    .orderBy(SHEET_ORDER)
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

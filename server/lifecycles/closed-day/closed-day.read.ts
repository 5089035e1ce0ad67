// What other folders read of closed days: the SCHEDULED closures of a date, meal by meal (the
// kitchen sheet, the customer's upcoming meals, a meal skip), and the owner's list with how many
// subscriptions each one moved.
import { sql, type Kysely } from 'kysely';
import { closedMeals, type Meal } from '@machines';
import type { ClosedDay, Database } from '@server/platform/db/schema.js';

/** The closure that closes a meal: its id and the owner's reason. */
interface MealClosure {
  readonly id: number;
  readonly reason: string;
}

export type ClosedMealsOfDate = Record<Meal, MealClosure | null>;

/** Per date, per meal: the SCHEDULED closure that closes it, or null. */
export async function closedMealsOn(
  db: Kysely<Database>,
  dates: readonly string[],
): Promise<Map<string, ClosedMealsOfDate>> {
  const byDate = new Map<string, ClosedMealsOfDate>();
  for (const date of dates) byDate.set(date, { breakfast: null, lunch: null, dinner: null });
  if (dates.length === 0) return byDate;
  const rows = await db
    .selectFrom('closed_days')
    .select(['id', 'closed_date', 'meal', 'reason'])
    .where('closed_date', 'in', dates)
    .where('status', '=', 'SCHEDULED')
    .execute();
  for (const row of rows) {
    const meals = byDate.get(row.closed_date);
    if (!meals) continue;
    for (const meal of closedMeals(row.meal)) meals[meal] = { id: row.id, reason: row.reason };
  }
  return byDate;
}

/** The SCHEDULED closures of one date, meal by meal. */
export async function closedMealsOfDate(
  db: Kysely<Database>,
  date: string,
): Promise<ClosedMealsOfDate> {
  const map = await closedMealsOn(db, [date]);
  return map.get(date) ?? { breakfast: null, lunch: null, dinner: null };
}

/** A closure with how many subscriptions it moved later (extended) and back (reversed). */
export type ClosedDayRow = ClosedDay & { extended: number; reversed: number };

const movedBy = (batch: 'extend_batch_id' | 'reverse_batch_id') =>
  sql<number>`(select count(*) from subscription_adjustments a where a.batch_id = cd.${sql.ref(batch)} and a.outcome = 'moved')`;

/** Closures with their counts, the latest date first. */
export const closedDayRows = (db: Kysely<Database>) =>
  db
    .selectFrom('closed_days as cd')
    .selectAll('cd')
    .select([movedBy('extend_batch_id').as('extended'), movedBy('reverse_batch_id').as('reversed')])
    .orderBy('cd.closed_date', 'desc')
    .orderBy('cd.id', 'desc');

export async function readClosedDay(
  db: Kysely<Database>,
  id: number,
): Promise<ClosedDayRow | undefined> {
  const row = await closedDayRows(db).where('cd.id', '=', id).executeTakeFirst();
  return row
    ? { ...row, extended: Number(row.extended), reversed: Number(row.reversed) }
    : undefined;
}

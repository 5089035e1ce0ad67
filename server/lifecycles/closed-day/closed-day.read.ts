// What other folders read of closed days: the SCHEDULED closures of a date, meal by meal (the
// kitchen sheet, the customer's upcoming meals, a meal skip), the owner's list with how many
// subscriptions each one moved, and the closures each closure rule made.
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

/** The closures closure rules made (`ruleIds`: of these rules only), the earliest date first. */
export async function ruleClosures(
  db: Kysely<Database>,
  ruleIds?: readonly number[],
): Promise<ClosedDayRow[]> {
  if (ruleIds?.length === 0) return [];
  let query = closedDayRows(db).where('cd.rule_id', 'is not', null);
  if (ruleIds) query = query.where('cd.rule_id', 'in', ruleIds);
  const rows = await query.execute();
  return rows
    .map((row) => ({ ...row, extended: Number(row.extended), reversed: Number(row.reversed) }))
    .sort((a, b) => a.closed_date.localeCompare(b.closed_date) || a.id - b.id);
}

/** Rule-made closures whose extensions or their reversal a failure left waiting. */
export async function unfinishedRuleClosures(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('closed_days as cd')
    .innerJoin('adjustment_batches as b', (join) =>
      join.on((eb) =>
        eb.or([
          eb('b.id', '=', eb.ref('cd.extend_batch_id')),
          eb('b.id', '=', eb.ref('cd.reverse_batch_id')),
        ]),
      ),
    )
    .select('cd.id')
    .distinct()
    .where('cd.rule_id', 'is not', null)
    .where('b.completed_at', 'is', null)
    .orderBy('cd.id')
    .execute();
  return rows.map((row) => row.id);
}

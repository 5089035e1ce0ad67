// What the menu's readers read: the weekday pattern and the changes for dates, as the rules of
// machines/menu take them (a date's change wins over its weekday's dishes).
import type { Kysely } from 'kysely';
import {
  isDishMark,
  MENU_MEALS,
  type DateChanges,
  type Dish,
  type MenuMeal,
  type WeekPattern,
  type Weekday,
} from '@machines/menu';
import type { Database } from '@server/platform/db/schema.js';

/** A stored dishes column as dishes; anything unreadable in it is left out, never a 500. */
export function parseDishes(text: string): Dish[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item: unknown) => {
    const dish = item as { name?: unknown; name_hi?: unknown; mark?: unknown } | null;
    if (!dish || typeof dish.name !== 'string' || !isDishMark(dish.mark)) return [];
    const nameHi = typeof dish.name_hi === 'string' && dish.name_hi ? dish.name_hi : null;
    return [{ name: dish.name, name_hi: nameHi, mark: dish.mark }];
  });
}

/** The weekday pattern as stored: per weekday, the meals that have been set. */
export async function readWeek(db: Kysely<Database>): Promise<WeekPattern> {
  const rows = await db.selectFrom('menu_week').select(['weekday', 'meal', 'dishes']).execute();
  const week: Partial<Record<Weekday, Partial<Record<MenuMeal, Dish[]>>>> = {};
  for (const row of rows) (week[row.weekday] ??= {})[row.meal] = parseDishes(row.dishes);
  return week;
}

export interface MenuChangeRow {
  readonly date: string;
  readonly meal: MenuMeal;
  readonly dishes: Dish[];
}

/** The changes for dates from `from` to `to` (both included; no `to`: every later one). */
export async function readChanges(
  db: Kysely<Database>,
  from: string,
  to?: string,
): Promise<MenuChangeRow[]> {
  let select = db
    .selectFrom('menu_dates')
    .select(['date', 'meal', 'dishes'])
    .where('date', '>=', from);
  if (to !== undefined) select = select.where('date', '<=', to);
  const rows = await select.orderBy('date').execute();
  const mealOrder = (meal: MenuMeal) => MENU_MEALS.indexOf(meal);
  return rows
    .map((row) => ({ date: row.date, meal: row.meal, dishes: parseDishes(row.dishes) }))
    .sort((a, b) => a.date.localeCompare(b.date) || mealOrder(a.meal) - mealOrder(b.meal));
}

/** The changes by date and meal, as the rules take them. */
export function changesByDate(rows: readonly MenuChangeRow[]): DateChanges {
  const changes: Record<string, Partial<Record<MenuMeal, Dish[]>>> = {};
  for (const row of rows) (changes[row.date] ??= {})[row.meal] = row.dishes;
  return changes;
}

// The kitchen sheet's diet counts (issue 20): per meal, the customers the kitchen cooks for on a
// date (mess and tiffin together, net of leaves APPROVED for the date and of meals skipped: the rows
// `counts` adds up), by their diet. One grouped query over the date's subscriptions, spread over
// each plan's meals, less one grouped query over the date's skips.
import { sql, type Kysely } from 'kysely';
import { DIETS, MENU_MEALS, type Diet, type MenuMeal } from '@machines/menu';
import type { Database } from '@server/platform/db/schema.js';
import { skipsCounted } from '@server/lifecycles/meal-skip/meal-skip.read.js';
import { leaveCovers, planMeals, subscriptionsCovering } from './kitchen.query.js';

export type DietCounts = Record<Diet | 'unset', number>;
export type MealDietCounts = Record<MenuMeal, DietCounts>;

const zeroDietCounts = (): DietCounts => ({ veg: 0, egg: 0, non_veg: 0, jain: 0, unset: 0 });

export async function dietCounts(db: Kysely<Database>, date: string): Promise<MealDietCounts> {
  const [mealsOf, rows, skipped] = await Promise.all([
    planMeals(db),
    subscriptionsCovering(db, date)
      .innerJoin('users as u', 'u.id', 's.user_id')
      .where(sql<boolean>`not ${leaveCovers('APPROVED', date)}`)
      .select(['s.plan_id', 'u.diet', sql<number>`count(*)`.as('count')])
      .groupBy(['s.plan_id', 'u.diet'])
      .execute(),
    skipsCounted(db, date)
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['k.meal', 'u.diet', sql<number>`count(*)`.as('count')])
      .groupBy(['k.meal', 'u.diet'])
      .execute(),
  ]);
  const counts = Object.fromEntries(
    MENU_MEALS.map((meal) => [meal, zeroDietCounts()]),
  ) as MealDietCounts;
  const dietOf = (diet: string | null) =>
    diet && (DIETS as readonly string[]).includes(diet) ? (diet as Diet) : 'unset';
  for (const row of rows) {
    for (const meal of mealsOf.get(row.plan_id) ?? []) {
      counts[meal][dietOf(row.diet)] += Number(row.count);
    }
  }
  for (const row of skipped) counts[row.meal][dietOf(row.diet)] -= Number(row.count);
  return counts;
}

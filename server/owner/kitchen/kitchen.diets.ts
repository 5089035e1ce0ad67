// The kitchen sheet's diet counts (issue 20): per meal, the customers the kitchen cooks for on a
// date (mess and tiffin together, net of leaves APPROVED for the date: the rows `counts` adds up),
// by their diet. One grouped query over the date's subscriptions, spread over each plan's meals.
import { sql, type Kysely } from 'kysely';
import { DIETS, MENU_MEALS, type Diet, type MenuMeal } from '@machines/menu';
import type { Database } from '@server/platform/db/schema.js';
import { leaveCovers, planMeals, subscriptionsCovering } from './kitchen.query.js';

export type DietCounts = Record<Diet | 'unset', number>;
export type MealDietCounts = Record<MenuMeal, DietCounts>;

const zeroDietCounts = (): DietCounts => ({ veg: 0, egg: 0, non_veg: 0, jain: 0, unset: 0 });

export async function dietCounts(db: Kysely<Database>, date: string): Promise<MealDietCounts> {
  const [mealsOf, rows] = await Promise.all([
    planMeals(db),
    subscriptionsCovering(db, date)
      .innerJoin('users as u', 'u.id', 's.user_id')
      .where(sql<boolean>`not ${leaveCovers('APPROVED', date)}`)
      .select(['s.plan_id', 'u.diet', sql<number>`count(*)`.as('count')])
      .groupBy(['s.plan_id', 'u.diet'])
      .execute(),
  ]);
  const counts = Object.fromEntries(
    MENU_MEALS.map((meal) => [meal, zeroDietCounts()]),
  ) as MealDietCounts;
  for (const row of rows) {
    const diet = row.diet && (DIETS as readonly string[]).includes(row.diet) ? row.diet : 'unset';
    for (const meal of mealsOf.get(row.plan_id) ?? []) counts[meal][diet] += Number(row.count);
  }
  return counts;
}

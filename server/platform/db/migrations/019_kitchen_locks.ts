// The kitchen sheet's locks (issue 20): at a meal's cutoff its count for the date is fixed and kept
// here, one row per date and meal, never recomputed. The counts per service and per diet, and the
// subscriptions counted (a JSON array, so the sheet can name who came or went after the lock),
// with the cutoff it locked for and when the row was really written. The primary key makes the
// first writer win: every instance may try, one row stays.
import type { Kysely } from 'kysely';
import { notNull, tablePerMeal } from './columns.js';

export function kitchenLocksMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await tablePerMeal(db, 'kitchen_locks', 'meal_date')
        .addColumn('mess_count', 'integer', notNull)
        .addColumn('tiffin_count', 'integer', notNull)
        // {veg, egg, non_veg, jain, unset}: the sheet's `diets` of the meal at the lock.
        .addColumn('diets', 'text', notNull)
        .addColumn('subscription_ids', 'text', notNull)
        .addColumn('cutoff_at', 'text', notNull)
        .addColumn('locked_at', 'text', notNull)
        .execute();
    },
  };
}

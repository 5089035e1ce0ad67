// The kitchen sheet's locks (issue 20): at a meal's cutoff its count for the date is fixed and kept
// here, one row per date and meal, never recomputed. The counts per service and per diet, and the
// subscriptions counted (a JSON array, so the sheet can name who came or went after the lock),
// with the cutoff it locked for and when the row was really written. The primary key makes the
// first writer win: every instance may try, one row stays.
import { sql, type Kysely } from 'kysely';

export function kitchenLocksMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('kitchen_locks')
        .addColumn('meal_date', 'text', (c) => c.notNull())
        .addColumn('meal', 'text', (c) =>
          c.notNull().check(sql`meal in ('breakfast', 'lunch', 'dinner')`),
        )
        .addColumn('mess_count', 'integer', (c) => c.notNull())
        .addColumn('tiffin_count', 'integer', (c) => c.notNull())
        // {veg, egg, non_veg, jain, unset}: the sheet's `diets` of the meal at the lock.
        .addColumn('diets', 'text', (c) => c.notNull())
        .addColumn('subscription_ids', 'text', (c) => c.notNull())
        .addColumn('cutoff_at', 'text', (c) => c.notNull())
        .addColumn('locked_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('kitchen_locks_pkey', ['meal_date', 'meal'])
        .execute();
    },
  };
}

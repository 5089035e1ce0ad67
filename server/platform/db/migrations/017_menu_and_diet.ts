// The menu and each customer's diet (issue 20): the weekday pattern (menu_week: per weekday and
// meal, its dishes), changes for given dates (menu_dates: per date and meal, the dishes that replace
// the weekday's), and users.diet, which the kitchen sheet counts per meal. Dishes are stored as a
// JSON array of {name, name_hi, mark} in text, the same on both databases: a meal's dishes are
// always read and written whole.
import { sql, type Kysely } from 'kysely';

export function menuAndDietMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('menu_week')
        .addColumn('weekday', 'text', (c) =>
          c
            .notNull()
            .check(
              sql`weekday in ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')`,
            ),
        )
        .addColumn('meal', 'text', (c) =>
          c.notNull().check(sql`meal in ('breakfast', 'lunch', 'dinner')`),
        )
        .addColumn('dishes', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('menu_week_pkey', ['weekday', 'meal'])
        .execute();
      await db.schema
        .createTable('menu_dates')
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('meal', 'text', (c) =>
          c.notNull().check(sql`meal in ('breakfast', 'lunch', 'dinner')`),
        )
        .addColumn('dishes', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('menu_dates_pkey', ['date', 'meal'])
        .execute();
      // A check rather than a lookup table, as users.language (migration 013): the marks change
      // only with machines/menu and a release. Null: the customer has not said.
      await db.schema
        .alterTable('users')
        .addColumn('diet', 'text', (c) => c.check(sql`diet in ('veg', 'egg', 'non_veg', 'jain')`))
        .execute();
    },
  };
}

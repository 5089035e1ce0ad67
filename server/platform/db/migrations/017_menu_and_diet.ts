// The menu and each customer's diet (issue 20): the weekday pattern (menu_week: per weekday and
// meal, its dishes), changes for given dates (menu_dates: per date and meal, the dishes that replace
// the weekday's), and users.diet, which the kitchen sheet counts per meal. Dishes are stored as a
// JSON array of {name, name_hi, mark} in text, the same on both databases: a meal's dishes are
// always read and written whole.
import type { Kysely } from 'kysely';
import { MEALS, notNull, nullOrOneOf, oneOf, tablePerMeal } from './columns.js';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

export function menuAndDietMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('menu_week')
        .addColumn('weekday', 'text', oneOf('weekday', WEEKDAYS))
        .addColumn('meal', 'text', oneOf('meal', MEALS))
        .addColumn('dishes', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .addPrimaryKeyConstraint('menu_week_pkey', ['weekday', 'meal'])
        .execute();
      await tablePerMeal(db, 'menu_dates', 'date')
        .addColumn('dishes', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      // A check rather than a lookup table, as users.language (migration 013): the marks change
      // only with machines/menu and a release. Null: the customer has not said.
      await db.schema
        .alterTable('users')
        .addColumn('diet', 'text', nullOrOneOf('diet', ['veg', 'egg', 'non_veg', 'jain']))
        .execute();
    },
  };
}

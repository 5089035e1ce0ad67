// The owner's settings (issue 20): one row of the business's policies as JSON (each meal's cutoff,
// whether single meals may be skipped), absent until the owner first saves them, when the defaults
// of machines/settings apply. And meal skips: one row per subscription, date and meal, SKIPPED or
// UNDONE (machines/meal-skip), so a skip, an undo and a skip again are one record and a burst of
// requests for the same meal can count it once.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import {
  index,
  MEALS,
  notNull,
  oneOf,
  ownedBy,
  tableWithId,
  timestamps,
  weakRef,
} from './columns.js';

export function settingsAndMealSkipsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('business_settings')
        // One business per install: the one row is id 1.
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('settings', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .addColumn('updated_by', 'integer', weakRef('users.id'))
        .execute();
      await tableWithId(db, 'meal_skips', dialect)
        .addColumn('subscription_id', 'integer', ownedBy('subscriptions.id'))
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('meal_date', 'text', notNull)
        .addColumn('meal', 'text', oneOf('meal', MEALS))
        .addColumn('status', 'text', oneOf('status', ['SKIPPED', 'UNDONE']))
        .$call(timestamps)
        .addUniqueConstraint('meal_skips_subscription_meal', [
          'subscription_id',
          'meal_date',
          'meal',
        ])
        .execute();
      // The kitchen reads a date's skips; a customer their own.
      await index(db, 'meal_skips_date', 'meal_skips', ['meal_date', 'status']);
      await index(db, 'meal_skips_user', 'meal_skips', ['user_id', 'meal_date']);
    },
  };
}

// The owner's settings (issue 20): one row of the business's policies as JSON (each meal's cutoff,
// whether single meals may be skipped), absent until the owner first saves them, when the defaults
// of machines/settings apply. And meal skips: one row per subscription, date and meal, SKIPPED or
// UNDONE (machines/meal-skip), so a skip, an undo and a skip again are one record and a burst of
// requests for the same meal can count it once.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';

export function settingsAndMealSkipsMigration(dialect: Dialect) {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('business_settings')
        // One business per install: the one row is id 1.
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createTable('meal_skips')
        .addColumn('id', 'integer', id)
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().references('subscriptions.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('meal_date', 'text', (c) => c.notNull())
        .addColumn('meal', 'text', (c) =>
          c.notNull().check(sql`meal in ('breakfast', 'lunch', 'dinner')`),
        )
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('SKIPPED', 'UNDONE')`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('meal_skips_subscription_meal', [
          'subscription_id',
          'meal_date',
          'meal',
        ])
        .execute();
      // The kitchen reads a date's skips; a customer their own.
      await db.schema
        .createIndex('meal_skips_date')
        .on('meal_skips')
        .columns(['meal_date', 'status'])
        .execute();
      await db.schema
        .createIndex('meal_skips_user')
        .on('meal_skips')
        .columns(['user_id', 'meal_date'])
        .execute();
    },
  };
}

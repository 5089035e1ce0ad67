// Closed days (issue 20): the owner closes a date, or one meal of it, with a reason
// (machines/closed-day: SCHEDULED → REMOVED). A partial unique index keeps one SCHEDULED closure
// per date and meal (the whole day is meal null), so a doubled request makes one. The closure
// names the two adjustment batches (migration 008) that extend its subscriptions and, if it is
// removed, move exactly those back: each batch applies its rows once.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';

export function closedDaysMigration(dialect: Dialect) {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('closed_days')
        .addColumn('id', 'integer', id)
        .addColumn('closed_date', 'text', (c) => c.notNull())
        .addColumn('meal', 'text', (c) => c.check(sql`meal in ('breakfast', 'lunch', 'dinner')`))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('SCHEDULED', 'REMOVED')`),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_by_username', 'text', (c) => c.notNull())
        .addColumn('removed_at', 'text')
        .addColumn('removed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('removed_by_username', 'text')
        .addColumn('extend_batch_id', 'integer', (c) =>
          c.references('adjustment_batches.id').onDelete('set null'),
        )
        .addColumn('reverse_batch_id', 'integer', (c) =>
          c.references('adjustment_batches.id').onDelete('set null'),
        )
        .execute();
      // One SCHEDULED closure per date and meal; coalesce makes the whole day (null) a value.
      await sql`create unique index closed_days_scheduled on closed_days (closed_date, coalesce(meal, 'day')) where status = 'SCHEDULED'`.execute(
        db,
      );
      await db.schema
        .createIndex('closed_days_date')
        .on('closed_days')
        .columns(['closed_date', 'status'])
        .execute();
    },
  };
}

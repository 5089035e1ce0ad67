// The owner's end-date adjustments: one row per subscription moved (subscription_adjustments), and
// for "extend every active subscriber" one adjustment_batches row whose unique operation_key makes
// a retried or doubled request the same operation. A batch lists its subscriptions when it is
// created; each row is then applied once (outcome set in the same transaction as the move), so a
// run that stopped half-way resumes where it stopped.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';

export function adjustmentsMigration(dialect: Dialect) {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('adjustment_batches')
        .addColumn('id', 'integer', id)
        .addColumn('operation_key', 'text', (c) => c.notNull().unique())
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('business_date', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('actor_username', 'text', (c) => c.notNull())
        .addColumn('target_count', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'text')
        .execute();
      await db.schema
        .createTable('subscription_adjustments')
        .addColumn('id', 'integer', id)
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().references('subscriptions.id').onDelete('cascade'),
        )
        .addColumn('batch_id', 'integer', (c) =>
          c.references('adjustment_batches.id').onDelete('cascade'),
        )
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('actor_username', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        // null: listed by a batch, not applied yet; 'moved' or 'skipped' once applied.
        .addColumn('outcome', 'text')
        .addColumn('refusal_code', 'text')
        .addColumn('before_end_date', 'text')
        .addColumn('after_end_date', 'text')
        .addColumn('applied_at', 'text')
        // A batch moves each subscription at most once (rows of single adjustments have no batch).
        .addUniqueConstraint('subscription_adjustments_batch_subscription', [
          'batch_id',
          'subscription_id',
        ])
        .execute();
      await db.schema
        .createIndex('subscription_adjustments_subscription')
        .on('subscription_adjustments')
        .columns(['subscription_id', 'id'])
        .execute();
    },
  };
}

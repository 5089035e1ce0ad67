// The owner's end-date adjustments: one row per subscription moved (subscription_adjustments), and
// for "extend every active subscriber" one adjustment_batches row whose unique operation_key makes
// a retried or doubled request the same operation. A batch lists its subscriptions when it is
// created; each row is then applied once (outcome set in the same transaction as the move), so a
// run that stopped half-way resumes where it stopped.
import type { Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import { actor, index, notNull, ownedBy, tableWithId } from './columns.js';

export function adjustmentsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await tableWithId(db, 'adjustment_batches', dialect)
        .addColumn('operation_key', 'text', (c) => c.notNull().unique())
        .addColumn('days', 'integer', notNull)
        .addColumn('reason', 'text', notNull)
        .addColumn('business_date', 'text', notNull)
        .$call(actor)
        .addColumn('target_count', 'integer', notNull)
        .addColumn('created_at', 'text', notNull)
        .addColumn('completed_at', 'text')
        .execute();
      await tableWithId(db, 'subscription_adjustments', dialect)
        .addColumn('subscription_id', 'integer', ownedBy('subscriptions.id'))
        .addColumn('batch_id', 'integer', (c) =>
          c.references('adjustment_batches.id').onDelete('cascade'),
        )
        .addColumn('days', 'integer', notNull)
        .addColumn('reason', 'text', notNull)
        .$call(actor)
        .addColumn('created_at', 'text', notNull)
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
      await index(db, 'subscription_adjustments_subscription', 'subscription_adjustments', [
        'subscription_id',
        'id',
      ]);
    },
  };
}

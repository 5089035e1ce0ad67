// What skipped meals earn (issue 20, the owner's skip_credit setting): one row per subscription
// and date on which every meal was skipped and the subscription was extended by a day for it. The
// primary key makes the day count once; an undo deletes the row as it takes the day back.
import type { Kysely } from 'kysely';
import { notNull, ownedBy } from './columns.js';

export function skipCreditsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('meal_skip_credits')
        .addColumn('subscription_id', 'integer', ownedBy('subscriptions.id'))
        .addColumn('meal_date', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .addPrimaryKeyConstraint('meal_skip_credits_pkey', ['subscription_id', 'meal_date'])
        .execute();
    },
  };
}

// Money received at the mess (issue 12): the date the owner says it was received and who recorded
// it, on the payment itself. Null for online payments. One SUCCESS payment per subscription was
// already true of every settle path (activation is a conditional update); the index makes the
// database hold it too, whichever path (verify, webhook, offline recording) races which.
import { sql, type Kysely } from 'kysely';
import { index, weakRef } from './columns.js';

export function offlinePaymentsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // One column per statement: SQLite's ALTER TABLE adds one column at a time.
      await db.schema.alterTable('payments').addColumn('received_on', 'text').execute();
      await db.schema
        .alterTable('payments')
        .addColumn('recorded_by', 'integer', weakRef('users.id'))
        .execute();
      await index(
        db,
        'payments_one_success_per_subscription',
        'payments',
        ['subscription_id'],
        (builder) => builder.unique().where(sql.ref('status'), '=', 'SUCCESS'),
      );
    },
  };
}

// Walk-ins (issue 21): a customer the owner enrolled at the counter, and the one-time link that lets
// them claim the account (a phone OTP, then their own password). One row per enrolled account; the
// link is stored as a hash only, used once (claimed_at) and expires (expires_at). A counter form
// sent twice finds the first enrolment by its request id (unique).
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';

export function walkInsMigration(dialect: Dialect) {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('walk_ins')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().unique().references('users.id').onDelete('cascade'),
        )
        .addColumn('subscription_id', 'integer', (c) =>
          c.references('subscriptions.id').onDelete('set null'),
        )
        .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('set null'))
        .addColumn('request_id', 'text', (c) => c.unique())
        .addColumn('claim_token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('verified_at', 'text')
        .addColumn('claimed_at', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

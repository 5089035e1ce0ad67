// Erasure of a customer's account (issue 23, DPDP Act). `erasure_requests`: the customer's request
// and its lifecycle (machines/erasure); the partial unique index lets one wait at a time. An erased
// account keeps its row (payments, invoices and the ledger point at it) with its personal data
// replaced, and `users.erased_at` says so. Tax documents read the customer's name live from users,
// so each keeps the name it was issued to in `payments.invoice_buyer_name` and
// `credit_notes.buyer_name`, written when the account is erased (null: read the user's name).
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';

export function erasureRequestsMigration(dialect: Dialect) {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('erasure_requests')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('requested', 'completed', 'cancelled')`),
        )
        .addColumn('requested_at', 'text', (c) => c.notNull())
        .addColumn('cancelled_at', 'text')
        .addColumn('completed_at', 'text')
        .addColumn('completed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('erasure_requests_waiting')
        .on('erasure_requests')
        .columns(['user_id'])
        .unique()
        .where(sql.ref('status'), '=', 'requested')
        .execute();
      await db.schema
        .createIndex('erasure_requests_status')
        .on('erasure_requests')
        .columns(['status', 'requested_at'])
        .execute();
      await db.schema.alterTable('users').addColumn('erased_at', 'text').execute();
      await db.schema.alterTable('payments').addColumn('invoice_buyer_name', 'text').execute();
      await db.schema.alterTable('credit_notes').addColumn('buyer_name', 'text').execute();
    },
  };
}

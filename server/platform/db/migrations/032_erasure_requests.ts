// Erasure of a customer's account (issue 23, DPDP Act). `erasure_requests`: the customer's request
// and its lifecycle (machines/erasure); the partial unique index lets one wait at a time. An erased
// account keeps its row (payments, invoices and the ledger point at it) with its personal data
// replaced, and `users.erased_at` says so. Tax documents read the customer's name live from users,
// so each keeps the name it was issued to in `payments.invoice_buyer_name` and
// `credit_notes.buyer_name`, written when the account is erased (null: read the user's name).
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import { index, notNull, oneOf, ownedBy, tableWithId, weakRef } from './columns.js';

export function erasureRequestsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await tableWithId(db, 'erasure_requests', dialect)
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('status', 'text', oneOf('status', ['requested', 'completed', 'cancelled']))
        .addColumn('requested_at', 'text', notNull)
        .addColumn('cancelled_at', 'text')
        .addColumn('completed_at', 'text')
        .addColumn('completed_by', 'integer', weakRef('users.id'))
        .execute();
      await index(db, 'erasure_requests_waiting', 'erasure_requests', ['user_id'], (builder) =>
        builder.unique().where(sql.ref('status'), '=', 'requested'),
      );
      await index(db, 'erasure_requests_status', 'erasure_requests', ['status', 'requested_at']);
      await db.schema.alterTable('users').addColumn('erased_at', 'text').execute();
      await db.schema.alterTable('payments').addColumn('invoice_buyer_name', 'text').execute();
      await db.schema.alterTable('credit_notes').addColumn('buyer_name', 'text').execute();
    },
  };
}

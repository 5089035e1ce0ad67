// Credit notes (GST Section 34): one per refund of an invoiced payment, issued when the refund is
// paid, numbered in their own gap-free series per financial year (CN/2026-27/0001). The unique
// indexes make a number, and a refund's note, exist once whatever runs concurrently. Also the
// customer's optional GSTIN and billing address, and the copy of them a tax invoice keeps (Rule 46:
// the recipient's GSTIN and address when registered), fixed when the payment is recorded.
import type { Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import { index, notNull, tableWithId } from './columns.js';

export function creditNotesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await tableWithId(db, 'credit_notes', dialect)
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('financial_year', 'text', notNull)
        .addColumn('sequence', 'integer', notNull)
        .addColumn('refund_id', 'integer', (c) => c.notNull().unique().references('refunds.id'))
        .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('issued_on', 'text', notNull)
        .addColumn('amount_paise', 'bigint', notNull)
        .addColumn('taxable_paise', 'bigint', notNull)
        .addColumn('cgst_paise', 'bigint', notNull)
        .addColumn('sgst_paise', 'bigint', notNull)
        .addColumn('gst_rate_basis_points', 'integer', notNull)
        .addColumn('sac', 'text', notNull)
        .addColumn('gstin', 'text', notNull)
        .addColumn('place_of_supply', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .addUniqueConstraint('credit_notes_year_sequence', ['financial_year', 'sequence'])
        .execute();
      await index(db, 'credit_notes_issued_on', 'credit_notes', ['issued_on']);
      await index(db, 'credit_notes_user_id', 'credit_notes', ['user_id']);
      // One column per statement: SQLite adds one column per ALTER TABLE.
      for (const [table, column] of [
        ['users', 'billing_gstin'],
        ['users', 'billing_address'],
        ['payments', 'invoice_buyer_gstin'],
        ['payments', 'invoice_buyer_address'],
      ] as const) {
        await db.schema.alterTable(table).addColumn(column, 'text').execute();
      }
    },
  };
}

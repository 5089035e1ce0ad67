// A SUCCESS payment keeps the GST it was invoiced under (GSTIN, place of supply, HSN/SAC, rate and
// the split), fixed when it is recorded: changing or setting BUSINESS_GSTIN or GST_RATE later never
// rewrites an invoice already issued. All null: a plain receipt (no GSTIN at the time).
import type { Kysely } from 'kysely';

const COLUMNS = [
  ['invoice_gstin', 'text'],
  ['invoice_place_of_supply', 'text'],
  ['invoice_sac', 'text'],
  ['gst_rate_basis_points', 'integer'],
  ['taxable_paise', 'bigint'],
  ['cgst_paise', 'bigint'],
  ['sgst_paise', 'bigint'],
] as const;

export function taxInvoicesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // One column per statement: SQLite adds one column per ALTER TABLE.
      for (const [name, type] of COLUMNS) {
        await db.schema.alterTable('payments').addColumn(name, type).execute();
      }
    },
  };
}

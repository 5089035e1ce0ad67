// A credit note's recipient as it was issued (CGST Rule 53(1A)(f)): an unregistered customer's
// address, and the state with its code, fixed in the note like an invoice's buyer columns, so a
// later profile edit or an erasure never rewrites an issued note. Notes issued before this keep
// what they showed (their invoice's billing address, if any).
import type { Kysely } from 'kysely';

export function creditNoteRecipientsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // One column per statement: SQLite adds one column per ALTER TABLE.
      for (const column of ['buyer_address', 'buyer_state']) {
        await db.schema.alterTable('credit_notes').addColumn(column, 'text').execute();
      }
    },
  };
}

// Words in the reader's language (issue 37): a plan's Hindi name and description beside the
// English ones, as a dish has (null: the English is shown to everyone), and an audit entry's
// summary kept as a message of the catalogues and its values (`summary_key`, `summary_values`,
// JSON), so each reader reads it in their language. Older entries have neither and show their
// English `summary` as it was written. An erasure may write over `summary_values` like the other
// texts (migration 033 keeps only who, when and what fixed).
import type { Kysely } from 'kysely';

export function hindiWordsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // One column per statement: SQLite adds one column per ALTER TABLE.
      for (const column of ['name_hi', 'description_hi']) {
        await db.schema.alterTable('plans').addColumn(column, 'text').execute();
      }
      for (const column of ['summary_key', 'summary_values']) {
        await db.schema.alterTable('audit_log').addColumn(column, 'text').execute();
      }
    },
  };
}

// A delivery stop's version (issue 22's lunch peak): a mark is written in one statement on
// PostgreSQL, which moves the stop only if it is still at the version the mark was decided on, and
// bumps it. Every stop row already stored starts at 1, as a new one does, so 0 means "no row yet".
import { sql, type Kysely } from 'kysely';

export function deliveryStopVersionsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('delivery_stops')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(sql`1`))
        .execute();
    },
  };
}

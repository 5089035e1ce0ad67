// Feedback photos kept in the database (ATTACHMENT_STORE=database), one row per stored image. The
// same table on both databases; only the bytes column's type is each one's own binary type.
import type { Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';

export function attachmentBlobsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('attachment_blobs')
        .addColumn('name', 'text', (c) => c.primaryKey().notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size_bytes', 'integer', (c) => c.notNull())
        .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

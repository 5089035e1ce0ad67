// Feedback photos kept in the database (ATTACHMENT_STORE=database), one row per stored image. The
// same table on both databases; only the bytes column's type is each one's own binary type.
import type { Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import { notNull } from './columns.js';

export function attachmentBlobsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('attachment_blobs')
        .addColumn('name', 'text', (c) => c.primaryKey().notNull())
        .addColumn('content_type', 'text', notNull)
        .addColumn('size_bytes', 'integer', notNull)
        .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', notNull)
        .addColumn('created_at', 'text', notNull)
        .execute();
    },
  };
}

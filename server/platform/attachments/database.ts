// Attachments as rows of attachment_blobs (bytea on PostgreSQL, BLOB on SQLite): every instance on
// the database sees them, and the database's backup holds them too.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@server/platform/db/index.js';
import type { Clock } from '@server/platform/time.js';
import { isAttachmentName, newAttachmentName, type AttachmentStore } from './store.js';

export function createDatabaseAttachmentStore(
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
): AttachmentStore {
  // Each call is its own statement on the app's pool, never inside a caller's transaction: on SQLite
  // (one connection) a write from within another transaction would wait for itself.
  const kysely = db.kysely;
  return {
    kind: 'database',
    async put(bytes, type) {
      const name = newAttachmentName(type);
      await kysely
        .insertInto('attachment_blobs')
        .values({
          name,
          content_type: type,
          size_bytes: bytes.length,
          bytes,
          created_at: clock.now().toISOString(),
        })
        .execute();
      return name;
    },
    async get(name) {
      if (!isAttachmentName(name)) return null;
      const row = await kysely
        .selectFrom('attachment_blobs')
        .select('bytes')
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.bytes ?? null;
    },
    async delete(name) {
      if (!isAttachmentName(name)) return;
      try {
        await kysely.deleteFrom('attachment_blobs').where('name', '=', name).execute();
      } catch (error) {
        log.warn(
          { err: error, attachment: name },
          'could not delete an attachment from the database',
        );
      }
    },
    async close() {},
  };
}

// The owner's audit log: one row per owner action (who, what, when, before and after). Rows are
// only ever added: a trigger on each database refuses UPDATE and DELETE, whatever the code does.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import { index, notNull, tableWithId } from './columns.js';

export function auditLogMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await tableWithId(db, 'audit_log', dialect)
        .addColumn('at', 'text', notNull)
        // No foreign key: the log keeps who acted (id and username) even if the account goes, and
        // a cascade or SET NULL would be an UPDATE the trigger refuses.
        .addColumn('actor_id', 'integer')
        .addColumn('actor_username', 'text', notNull)
        .addColumn('action', 'text', notNull)
        .addColumn('object_type', 'text', notNull)
        .addColumn('object_id', 'integer')
        .addColumn('summary', 'text', notNull)
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .execute();
      await index(db, 'audit_log_at', 'audit_log', ['at', 'id']);
      await index(db, 'audit_log_object', 'audit_log', ['object_type', 'object_id']);
      if (dialect === 'postgres') {
        await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
          begin raise exception 'audit_log is append-only'; end $$`.execute(db);
        await sql`create trigger audit_log_no_update before update or delete on audit_log
          for each row execute function audit_log_append_only()`.execute(db);
      } else {
        await sql`create trigger audit_log_no_update before update on audit_log
          begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
        await sql`create trigger audit_log_no_delete before delete on audit_log
          begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
      }
    },
  };
}

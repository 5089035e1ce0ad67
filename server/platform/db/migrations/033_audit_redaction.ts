// The audit log stays append-only, with one exception for the DPDP Act's erasure (issue 23): an
// erased customer's name, username, e-mail and phone may be written over in an entry's texts, once
// the entry is marked `redacted_at`, and nothing else of it may change (when, who by id, in which
// role, what action on which object). Deleting an entry is still refused.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';

/** The columns a redaction must leave as they were. */
const KEPT = ['id', 'at', 'actor_id', 'actor_role', 'action', 'object_type', 'object_id'];

export function auditRedactionMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('audit_log').addColumn('redacted_at', 'text').execute();
      if (dialect === 'postgres') {
        const unchanged = KEPT.map((column) => `new.${column} is not distinct from old.${column}`);
        await sql
          .raw(
            `create or replace function audit_log_append_only() returns trigger language plpgsql as $$
              begin
                if tg_op = 'UPDATE' and new.redacted_at is not null and ${unchanged.join(' and ')}
                then return new; end if;
                raise exception 'audit_log is append-only';
              end $$`,
          )
          .execute(db);
      } else {
        const unchanged = KEPT.map((column) => `new.${column} is old.${column}`);
        await sql`drop trigger audit_log_no_update`.execute(db);
        await sql
          .raw(
            `create trigger audit_log_no_update before update on audit_log
              when not (new.redacted_at is not null and ${unchanged.join(' and ')})
              begin select raise(abort, 'audit_log is append-only'); end`,
          )
          .execute(db);
      }
    },
  };
}

// Staff accounts (issue 22): the owner's managers, kitchen and delivery staff. Their users row
// carries the role in user_type (a text column with no CHECK since migration 001, so the new values
// need no change there); this table holds the staff lifecycle's facts (machines/staff) and the
// invite link, stored as a hash only, which the walk-in claim flow accepts too. The audit log
// gains the actor's role, so a manager's approval reads as a manager's.
import type { Kysely } from 'kysely';
import { index, notNull, weakRef } from './columns.js';

export function staffMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('staff_members')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('role', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('invited_at', 'text', notNull)
        .addColumn('joined_at', 'text')
        .addColumn('deactivated_at', 'text')
        .addColumn('invited_by', 'integer', weakRef('users.id'))
        .addColumn('invite_token_hash', 'text', (c) => c.unique())
        .addColumn('invite_expires_at', 'text')
        .addColumn('invite_verified_at', 'text')
        .execute();
      await index(db, 'staff_members_status', 'staff_members', ['status']);
      // Rows written before this migration were the owner's or the server's own.
      await db.schema.alterTable('audit_log').addColumn('actor_role', 'text').execute();
    },
  };
}

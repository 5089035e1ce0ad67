// Reminders (issue 21): one row per reminder the scheduler claimed. The unique key
// (`dues:<user>:<due_since>:<n>`, `expiry:<subscription>`) is the claim, so across instances and
// restarts each reminder is claimed once; `claimed_at` lets a later run take over a claim whose
// run died before it was marked sent (the notifier's dedupe key keeps that retry from sending twice).
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';

export function reminderSendsMigration(dialect: Dialect) {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('reminder_sends')
        .addColumn('id', 'integer', id)
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('dues', 'expiry')`))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('queued', 'sent', 'skipped')`),
        )
        .addColumn('number', 'integer')
        .addColumn('due_since', 'text')
        .addColumn('subscription_id', 'integer', (c) =>
          c.references('subscriptions.id').onDelete('set null'),
        )
        .addColumn('payment_link_id', 'integer', (c) =>
          c.references('payment_links.id').onDelete('set null'),
        )
        .addColumn('due_on', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema
        .createIndex('reminder_sends_user')
        .on('reminder_sends')
        .columns(['user_id', 'kind', 'due_since'])
        .execute();
      await db.schema
        .createIndex('reminder_sends_status')
        .on('reminder_sends')
        .columns(['status', 'claimed_at'])
        .execute();
    },
  };
}

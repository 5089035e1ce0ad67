// Reminders (issue 21): one row per reminder the scheduler claimed. The unique key
// (`dues:<user>:<due_since>:<n>`, `expiry:<subscription>`) is the claim, so across instances and
// restarts each reminder is claimed once; `claimed_at` lets a later run take over a claim whose
// run died before it was marked sent (the notifier's dedupe key keeps that retry from sending twice).
import type { Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import { index, notNull, oneOf, ownedBy, tableWithId, weakRef } from './columns.js';

export function reminderSendsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await tableWithId(db, 'reminder_sends', dialect)
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('kind', 'text', oneOf('kind', ['dues', 'expiry']))
        .addColumn('status', 'text', oneOf('status', ['queued', 'sent', 'skipped']))
        .addColumn('number', 'integer')
        .addColumn('due_since', 'text')
        .addColumn('subscription_id', 'integer', weakRef('subscriptions.id'))
        .addColumn('payment_link_id', 'integer', weakRef('payment_links.id'))
        .addColumn('due_on', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .addColumn('claimed_at', 'text', notNull)
        .addColumn('sent_at', 'text')
        .execute();
      await index(db, 'reminder_sends_user', 'reminder_sends', ['user_id', 'kind', 'due_since']);
      await index(db, 'reminder_sends_status', 'reminder_sends', ['status', 'claimed_at']);
    },
  };
}

// Consent and WhatsApp (issue 23). `consents`: one row per grant of a channel and purpose, closed by
// its withdrawal, so the history of a customer's yes and no stays readable; the partial unique index
// lets one grant be open at a time. `whatsapp_messages`: the send queue and the status of every
// WhatsApp notice, unique per notice key (the claim), with claimed_by/claimed_at for the
// compare-and-set that lets one instance send it. `whatsapp_tier_slots`: one row per unique recipient
// the account's tier allows in 24 hours, each taken with a compare-and-set, so instances share it.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';

export function consentsAndWhatsappMigration(dialect: Dialect) {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('consents')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('channel', 'text', (c) =>
          c.notNull().check(sql`channel in ('sms', 'email', 'whatsapp')`),
        )
        .addColumn('purpose', 'text', (c) =>
          c.notNull().check(sql`purpose in ('service', 'promotions')`),
        )
        .addColumn('granted_at', 'text', (c) => c.notNull())
        .addColumn('grant_method', 'text', (c) =>
          c
            .notNull()
            .check(
              sql`grant_method in ('registration_checkbox', 'reply_start', 'owner_recorded', 'profile')`,
            ),
        )
        .addColumn('recorded_by', 'text')
        .addColumn('recorded_by_id', 'integer', (c) =>
          c.references('users.id').onDelete('set null'),
        )
        .addColumn('notice_version', 'text', (c) => c.notNull())
        .addColumn('withdrawn_at', 'text')
        .addColumn('withdraw_method', 'text', (c) =>
          c.check(sql`withdraw_method in ('reply_stop', 'profile', 'owner')`),
        )
        .execute();
      await db.schema
        .createIndex('consents_open')
        .on('consents')
        .columns(['user_id', 'channel', 'purpose'])
        .unique()
        .where(sql.ref('withdrawn_at'), 'is', null)
        .execute();
      await db.schema
        .createIndex('consents_user')
        .on('consents')
        .columns(['user_id', 'granted_at'])
        .execute();

      await db.schema
        .createTable('whatsapp_messages')
        .addColumn('id', 'integer', id)
        .addColumn('notice_key', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('notification_type', 'text', (c) => c.notNull())
        .addColumn('to_phone', 'text', (c) => c.notNull())
        .addColumn('template', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('parameters', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .check(sql`status in ('queued', 'sent', 'delivered', 'read', 'failed', 'sms')`),
        )
        .addColumn('wamid', 'text', (c) => c.unique())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_at', 'text')
        .addColumn('failure_code', 'text')
        .addColumn('failure_reason', 'text')
        // What goes by SMS instead when the customer has not opted in or WhatsApp fails.
        .addColumn('fallback_subject', 'text', (c) => c.notNull())
        .addColumn('fallback_summary', 'text', (c) => c.notNull())
        .addColumn('fallback_sms', 'text', (c) => c.notNull())
        .addColumn('fallback_reason', 'text')
        .addColumn('fallback_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addColumn('delivered_at', 'text')
        .addColumn('read_at', 'text')
        .addColumn('failed_at', 'text')
        .execute();
      await db.schema
        .createIndex('whatsapp_messages_due')
        .on('whatsapp_messages')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createIndex('whatsapp_messages_user')
        .on('whatsapp_messages')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('whatsapp_tier_slots')
        .addColumn('slot', 'integer', (c) => c.primaryKey())
        .addColumn('to_phone', 'text')
        .addColumn('taken_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('whatsapp_tier_slots_phone')
        .on('whatsapp_tier_slots')
        .columns(['to_phone', 'taken_at'])
        .execute();
    },
  };
}

// Consent and WhatsApp (issue 23). `consents`: one row per grant of a channel and purpose, closed by
// its withdrawal, so the history of a customer's yes and no stays readable; the partial unique index
// lets one grant be open at a time. `whatsapp_messages`: the send queue and the status of every
// WhatsApp notice, unique per notice key (the claim), with claimed_by/claimed_at for the
// compare-and-set that lets one instance send it. `whatsapp_tier_slots`: one row per unique recipient
// the account's tier allows in 24 hours, each taken with a compare-and-set, so instances share it.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import { index, notNull, nullOrOneOf, oneOf, ownedBy, tableWithId, weakRef } from './columns.js';

export function consentsAndWhatsappMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await tableWithId(db, 'consents', dialect)
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('channel', 'text', oneOf('channel', ['sms', 'email', 'whatsapp']))
        .addColumn('purpose', 'text', oneOf('purpose', ['service', 'promotions']))
        .addColumn('granted_at', 'text', notNull)
        .addColumn(
          'grant_method',
          'text',
          oneOf('grant_method', [
            'registration_checkbox',
            'reply_start',
            'owner_recorded',
            'profile',
          ]),
        )
        .addColumn('recorded_by', 'text')
        .addColumn('recorded_by_id', 'integer', weakRef('users.id'))
        .addColumn('notice_version', 'text', notNull)
        .addColumn('withdrawn_at', 'text')
        .addColumn(
          'withdraw_method',
          'text',
          nullOrOneOf('withdraw_method', ['reply_stop', 'profile', 'owner']),
        )
        .execute();
      await index(db, 'consents_open', 'consents', ['user_id', 'channel', 'purpose'], (builder) =>
        builder.unique().where(sql.ref('withdrawn_at'), 'is', null),
      );
      await index(db, 'consents_user', 'consents', ['user_id', 'granted_at']);

      await tableWithId(db, 'whatsapp_messages', dialect)
        .addColumn('notice_key', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', weakRef('users.id'))
        .addColumn('notification_type', 'text', notNull)
        .addColumn('to_phone', 'text', notNull)
        .addColumn('template', 'text', notNull)
        .addColumn('language', 'text', notNull)
        .addColumn('parameters', 'text', notNull)
        .addColumn(
          'status',
          'text',
          oneOf('status', ['queued', 'sent', 'delivered', 'read', 'failed', 'sms']),
        )
        .addColumn('wamid', 'text', (c) => c.unique())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', notNull)
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_at', 'text')
        .addColumn('failure_code', 'text')
        .addColumn('failure_reason', 'text')
        // What goes by SMS instead when the customer has not opted in or WhatsApp fails.
        .addColumn('fallback_subject', 'text', notNull)
        .addColumn('fallback_summary', 'text', notNull)
        .addColumn('fallback_sms', 'text', notNull)
        .addColumn('fallback_reason', 'text')
        .addColumn('fallback_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('sent_at', 'text')
        .addColumn('delivered_at', 'text')
        .addColumn('read_at', 'text')
        .addColumn('failed_at', 'text')
        .execute();
      await index(db, 'whatsapp_messages_due', 'whatsapp_messages', ['status', 'next_attempt_at']);
      await index(db, 'whatsapp_messages_user', 'whatsapp_messages', ['user_id', 'created_at']);

      await db.schema
        .createTable('whatsapp_tier_slots')
        .addColumn('slot', 'integer', (c) => c.primaryKey())
        .addColumn('to_phone', 'text')
        .addColumn('taken_at', 'text', notNull)
        .execute();
      await index(db, 'whatsapp_tier_slots_phone', 'whatsapp_tier_slots', ['to_phone', 'taken_at']);
    },
  };
}

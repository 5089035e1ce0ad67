// Where each message really went (issue 37, item 6). Without SMTP, SMS or WhatsApp configured a
// message is written to a file in DATA_DIR/outbox and reaches no one, yet it was recorded as sent.
// - notification_logs.provider and whatsapp_messages.provider: what took the message, `outbox` (a
//   file on the server, as SMS_PROVIDER=outbox names it) or the provider that sends it on (smtp,
//   twilio, cloud_api); null before this migration, and on a row not yet tried.
// - notification_logs.whatsapp_message_id: the WhatsApp notice an SMS carried instead (no consent,
//   or WhatsApp failed), so the notice's list can say whether that SMS left the machine.
// WhatsApp messages written before this are told apart by their id: the outbox's start `wamid.outbox.`.
import { sql, type Kysely } from 'kysely';
import { index, nullOrOneOf, weakRef } from './columns.js';

export function messageProvidersMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('notification_logs')
        .addColumn('provider', 'text', nullOrOneOf('provider', ['outbox', 'smtp', 'twilio']))
        .execute();
      await db.schema
        .alterTable('notification_logs')
        .addColumn('whatsapp_message_id', 'integer', weakRef('whatsapp_messages.id'))
        .execute();
      await index(db, 'notification_logs_whatsapp_message', 'notification_logs', [
        'whatsapp_message_id',
      ]);
      await db.schema
        .alterTable('whatsapp_messages')
        .addColumn('provider', 'text', nullOrOneOf('provider', ['outbox', 'cloud_api']))
        .execute();
      await sql`
        update whatsapp_messages
        set provider = case when wamid like 'wamid.outbox.%' then 'outbox' else 'cloud_api' end
        where wamid is not null`.execute(db);
    },
  };
}

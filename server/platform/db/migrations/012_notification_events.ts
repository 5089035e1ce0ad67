// The notification history shows one entry per notice with each channel's status (the e-mail and
// the SMS of one notice were two unrelated rows) and a sentence saying what it was about.
import { sql, type Kysely } from 'kysely';
import { index } from './columns.js';

export function notificationEventsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('notification_logs').addColumn('event_id', 'integer').execute();
      await db.schema.alterTable('notification_logs').addColumn('summary', 'text').execute();
      // Earlier notices wrote their e-mail row, then at once their SMS row: an SMS right after an
      // e-mail of the same user, type and subject is that notice's second channel.
      await sql`
        update notification_logs set event_id = id - 1
        where channel = 'sms' and exists (
          select 1 from notification_logs e
          where e.id = notification_logs.id - 1 and e.channel = 'email'
            and e.user_id = notification_logs.user_id
            and e.notification_type = notification_logs.notification_type
            and e.subject = notification_logs.subject
        )`.execute(db);
      await index(db, 'notification_logs_user_event', 'notification_logs', ['user_id', 'event_id']);
    },
  };
}

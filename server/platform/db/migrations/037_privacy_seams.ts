// Privacy at the seams (issue 35).
// - A code asked for a phone no account waits on: the OTP endpoints answer every phone alike, so a
//   phone without an account gets a code that is never texted and matches nothing, stored like any
//   other (expiry, tries, replaced by the next), with no account: otp_codes.user_id may be null.
//   SQLite cannot drop a NOT NULL, so there the table is built again, rows and index kept.
// - A notice to the owner about a customer (a leave request names them and its reason) records
//   whom it is about, notification_logs.about_user_id, so erasing the customer empties it too.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import { index, weakRef } from './columns.js';

const COLUMNS =
  'id, user_id, phone, code_hash, created_at, expires_at, attempts, consumed_at, purpose';

export function privacySeamsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('notification_logs')
        .addColumn('about_user_id', 'integer', weakRef('users.id'))
        .execute();
      await index(db, 'notification_logs_about_user', 'notification_logs', ['about_user_id']);
      if (dialect === 'postgres') {
        await sql`alter table otp_codes alter column user_id drop not null`.execute(db);
        return;
      }
      await sql`
        create table otp_codes_unsent (
          id integer primary key autoincrement,
          user_id integer references users(id) on delete cascade,
          phone text not null,
          code_hash text not null,
          created_at text not null,
          expires_at text not null,
          attempts integer not null,
          consumed_at text,
          purpose text not null default 'verify' check (purpose in ('verify', 'sign_in'))
        )`.execute(db);
      await sql
        .raw(`insert into otp_codes_unsent (${COLUMNS}) select ${COLUMNS} from otp_codes`)
        .execute(db);
      await sql`drop table otp_codes`.execute(db);
      await sql`alter table otp_codes_unsent rename to otp_codes`.execute(db);
      await index(db, 'otp_codes_phone', 'otp_codes', ['phone', 'created_at']);
    },
  };
}

// Each user's language (issue 13): the web app shows its screens in it, and every e-mail and SMS
// the server sends that user is written in it. Existing accounts, the owner's included, stay English.
import type { Kysely } from 'kysely';
import { oneOf } from './columns.js';

export function userLanguageMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // A check rather than a lookup table: the list changes only with a catalogue (server/locales)
      // and a release. SQLite checks it against existing rows too, which all take the default.
      await db.schema
        .alterTable('users')
        .addColumn('language', 'text', (c) => oneOf('language', ['en', 'hi'])(c).defaultTo('en'))
        .execute();
    },
  };
}

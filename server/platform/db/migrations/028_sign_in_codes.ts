// Phone sign-in (issue 22): a one-time code is either a phone verification code or a sign-in
// code. Each purpose has its own current code per phone, so asking for a sign-in code never spends
// a pending verification code, and neither kind of code works for the other.
import type { Kysely } from 'kysely';
import { oneOf } from './columns.js';

export function signInCodesMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('otp_codes')
        .addColumn('purpose', 'text', (c) =>
          oneOf('purpose', ['verify', 'sign_in'])(c).defaultTo('verify'),
        )
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('otp_codes').dropColumn('purpose').execute();
    },
  };
}

// Per-account login throttling and per-phone OTP send limits, kept in the database so every
// instance sees the same counters.
import type { Kysely } from 'kysely';
import { notNull, tableWithTextKey } from './columns.js';

export function accountLimitsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await tableWithTextKey(db, 'login_throttles', 'key')
        .addColumn('failures', 'integer', notNull)
        .addColumn('last_failure_ms', 'bigint', notNull)
        .addColumn('blocked_until_ms', 'bigint', notNull)
        .execute();
      // Any phone, registered or not, so a refusal never tells which phones have accounts.
      await tableWithTextKey(db, 'otp_send_limits', 'phone')
        .addColumn('sent_ms_1', 'bigint', notNull)
        .addColumn('sent_ms_2', 'bigint', notNull)
        .addColumn('sent_ms_3', 'bigint', notNull)
        .execute();
    },
  };
}

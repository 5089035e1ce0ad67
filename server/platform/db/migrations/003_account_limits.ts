// Per-account login throttling and per-phone OTP send limits, kept in the database so every
// instance sees the same counters.
import type { Kysely } from 'kysely';

export function accountLimitsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('login_throttles')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('last_failure_ms', 'bigint', (c) => c.notNull())
        .addColumn('blocked_until_ms', 'bigint', (c) => c.notNull())
        .execute();
      // Any phone, registered or not, so a refusal never tells which phones have accounts.
      await db.schema
        .createTable('otp_send_limits')
        .addColumn('phone', 'text', (c) => c.primaryKey())
        .addColumn('sent_ms_1', 'bigint', (c) => c.notNull())
        .addColumn('sent_ms_2', 'bigint', (c) => c.notNull())
        .addColumn('sent_ms_3', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}

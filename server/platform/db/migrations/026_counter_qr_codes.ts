// Counter QR codes (issue 21): a Razorpay QR Code (or the sandbox's) for an amount a subscription
// owes, shown on the owner's screen at the counter (machines/counter-qr: created → credited |
// closed | expired). The provider's QR id is unique, so a QR is settled once whatever the webhook
// deliveries; the SUCCESS payment it became is named by paid_payment_id.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';

export function counterQrCodesMigration(dialect: Dialect) {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('counter_qr_codes')
        .addColumn('id', 'integer', id)
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_qr_id', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().references('subscriptions.id').onDelete('cascade'),
        )
        .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise >= 100`))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('created', 'credited', 'closed', 'expired')`),
        )
        .addColumn('upi_uri', 'text')
        .addColumn('image_url', 'text')
        .addColumn('close_by', 'text', (c) => c.notNull())
        .addColumn('paid_payment_id', 'integer', (c) =>
          c.references('payments.id').onDelete('set null'),
        )
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('counter_qr_codes_subscription')
        .on('counter_qr_codes')
        .columns(['subscription_id', 'status'])
        .execute();
    },
  };
}

// Payment links (issue 21): a Razorpay Payment Link (or the sandbox's) for an amount a subscription
// owes (machines/payment-link: created → paid | expired | cancelled). The provider's link id and our
// reference are unique, so a link is settled once whatever the webhook deliveries; the SUCCESS
// payment it became is named by paid_payment_id.
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';

export function paymentLinksMigration(dialect: Dialect) {
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? c.primaryKey().generatedByDefaultAsIdentity()
      : c.primaryKey().autoIncrement();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('payment_links')
        .addColumn('id', 'integer', id)
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_link_id', 'text', (c) => c.notNull().unique())
        .addColumn('reference_id', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('subscription_id', 'integer', (c) =>
          c.notNull().references('subscriptions.id').onDelete('cascade'),
        )
        .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise >= 100`))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('created', 'paid', 'expired', 'cancelled')`),
        )
        .addColumn('short_url', 'text', (c) => c.notNull())
        .addColumn('expire_by', 'text', (c) => c.notNull())
        .addColumn('paid_payment_id', 'integer', (c) =>
          c.references('payments.id').onDelete('set null'),
        )
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('payment_links_subscription')
        .on('payment_links')
        .columns(['subscription_id', 'status'])
        .execute();
      await db.schema
        .createIndex('payment_links_user')
        .on('payment_links')
        .columns(['user_id', 'created_at'])
        .execute();
    },
  };
}

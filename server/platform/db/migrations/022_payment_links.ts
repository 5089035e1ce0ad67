// Payment links (issue 21): a Razorpay Payment Link (or the sandbox's) for an amount a subscription
// owes (machines/payment-link: created → paid | expired | cancelled). The provider's link id and our
// reference are unique, so a link is settled once whatever the webhook deliveries; the SUCCESS
// payment it became is named by paid_payment_id.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import { index, notNull, oneOf, ownedBy, tableWithId, timestamps, weakRef } from './columns.js';

export function paymentLinksMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await tableWithId(db, 'payment_links', dialect)
        .addColumn('provider', 'text', notNull)
        .addColumn('provider_link_id', 'text', (c) => c.notNull().unique())
        .addColumn('reference_id', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('subscription_id', 'integer', ownedBy('subscriptions.id'))
        .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise >= 100`))
        .addColumn('status', 'text', oneOf('status', ['created', 'paid', 'expired', 'cancelled']))
        .addColumn('short_url', 'text', notNull)
        .addColumn('expire_by', 'text', notNull)
        .addColumn('paid_payment_id', 'integer', weakRef('payments.id'))
        .addColumn('created_by', 'integer', weakRef('users.id'))
        .$call(timestamps)
        .execute();
      await index(db, 'payment_links_subscription', 'payment_links', ['subscription_id', 'status']);
      await index(db, 'payment_links_user', 'payment_links', ['user_id', 'created_at']);
    },
  };
}

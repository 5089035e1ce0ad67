// Counter QR codes (issue 21): a Razorpay QR Code (or the sandbox's) for an amount a subscription
// owes, shown on the owner's screen at the counter (machines/counter-qr: created → credited |
// closed | expired). The provider's QR id is unique, so a QR is settled once whatever the webhook
// deliveries; the SUCCESS payment it became is named by paid_payment_id.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import { index, notNull, oneOf, ownedBy, tableWithId, timestamps, weakRef } from './columns.js';

export function counterQrCodesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await tableWithId(db, 'counter_qr_codes', dialect)
        .addColumn('provider', 'text', notNull)
        .addColumn('provider_qr_id', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('subscription_id', 'integer', ownedBy('subscriptions.id'))
        .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise >= 100`))
        .addColumn('status', 'text', oneOf('status', ['created', 'credited', 'closed', 'expired']))
        .addColumn('upi_uri', 'text')
        .addColumn('image_url', 'text')
        .addColumn('close_by', 'text', notNull)
        .addColumn('paid_payment_id', 'integer', weakRef('payments.id'))
        .addColumn('created_by', 'integer', weakRef('users.id'))
        .$call(timestamps)
        .execute();
      await index(db, 'counter_qr_codes_subscription', 'counter_qr_codes', [
        'subscription_id',
        'status',
      ]);
    },
  };
}

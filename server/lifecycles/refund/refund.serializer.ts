// Refunds as the API shows them (Refund), with their subscription, customer and payment, read in
// one query.
import type { Kysely } from 'kysely';
import type { components } from '@generated/api.js';
import type { Database } from '@server/platform/db/schema.js';
import { maskedPayout } from './refund.store.js';
import { subscriptionStatus } from '@server/lifecycles/subscription/subscription.store.js';
import { refundInfoBody } from '@server/lifecycles/subscription/subscription.serializer.js';
import { fullName, rupees } from '@server/platform/format.js';

export type RefundBody = components['schemas']['Refund'];

export function refundSelect(db: Kysely<Database>) {
  return db
    .selectFrom('refunds')
    .innerJoin('subscriptions', 'subscriptions.id', 'refunds.subscription_id')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .innerJoin('users', 'users.id', 'refunds.user_id')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .leftJoin('users as requester', 'requester.id', 'refunds.requested_by')
    .selectAll('refunds')
    .select([
      'subscriptions.status as subscription_status',
      'subscriptions.adjusted_end_date as subscription_adjusted_end_date',
      'plans.name as plan_name',
      'users.username as user_username',
      'users.first_name as user_first_name',
      'users.last_name as user_last_name',
      'payments.transaction_id as payment_transaction_id',
      'requester.username as requester_username',
    ]);
}

export type RefundRow = Awaited<
  ReturnType<ReturnType<typeof refundSelect>['executeTakeFirstOrThrow']>
>;

export function refundBody(row: RefundRow, today: string): RefundBody {
  return {
    id: row.id,
    amount: rupees(row.amount_paise),
    status: row.status,
    requested_at: row.requested_at,
    processed_at: row.processed_at,
    paid_at: row.paid_at,
    admin_comment: row.admin_comment,
    utr: row.utr,
    payout: maskedPayout(row),
    user: {
      id: row.user_id,
      username: row.user_username,
      full_name: fullName({ first_name: row.user_first_name, last_name: row.user_last_name }),
    },
    subscription: {
      id: row.subscription_id,
      status: subscriptionStatus(
        { status: row.subscription_status, adjusted_end_date: row.subscription_adjusted_end_date },
        today,
      ),
      plan_name: row.plan_name,
      refund_info: refundInfoBody(row, row.requester_username ?? row.user_username),
    },
    original_payment: { id: row.payment_id, transaction_id: row.payment_transaction_id },
  };
}

// The payment lifecycle's read side: payments with their subscription, plan, customer and recorder
// in one query, and the names the payment tables share with other code (the demo seeds receipts).
import type { RowOf } from '@server/platform/db/index.js';
import type { Kysely } from 'kysely';
import type { Database } from '@server/platform/db/schema.js';
import { subscriptionLedgerColumns } from '@server/lifecycles/dues/dues.read.js';

/** The counters row that numbers receipts, gap-free (payment.store.ts allocates them). */
export const RECEIPT_COUNTER = 'receipt_number';
/** payment_gateway of money received at the mess and recorded by the owner. */
export const OFFLINE_GATEWAY = 'offline';

/** Payments joined to their subscription, its plan and the customer, for a select to pick from. */
export const paymentsWithSubscription = (db: Kysely<Database>) =>
  db
    .selectFrom('payments')
    .innerJoin('subscriptions', 'subscriptions.id', 'payments.subscription_id')
    .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
    .innerJoin('users', 'users.id', 'payments.user_id');

export function paymentSelect(db: Kysely<Database>) {
  return (
    paymentsWithSubscription(db)
      // The owner who recorded an offline payment (none for online payments).
      .leftJoin('users as recorder', 'recorder.id', 'payments.recorded_by')
      .selectAll('payments')
      .select([
        'subscriptions.status as subscription_status',
        'subscriptions.adjusted_end_date as subscription_adjusted_end_date',
        'subscriptions.start_date as subscription_start_date',
        'subscriptions.base_end_date as subscription_base_end_date',
        'subscriptions.total_paid_paise as subscription_total_paid_paise',
        'plans.name as plan_name',
        'plans.name_hi as plan_name_hi',
        'plans.service_type as plan_service_type',
        'plans.base_price_paise as plan_base_price_paise',
        'plans.duration_days as plan_duration_days',
        'users.username as user_username',
        'users.first_name as user_first_name',
        'users.last_name as user_last_name',
        'recorder.username as recorder_username',
      ])
  );
}

/**
 * Payments as the owner reads them: with their subscription's ledger (what was paid for it, paid
 * back and is still owed) in the same query, so a list is one read.
 */
export const adminPaymentSelect = (db: Kysely<Database>) =>
  paymentSelect(db).select((eb) => subscriptionLedgerColumns(eb));

export type AdminPaymentRow = RowOf<typeof adminPaymentSelect>;

export type PaymentRow = RowOf<typeof paymentSelect>;

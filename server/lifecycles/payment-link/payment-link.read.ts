// The payment links as the API reads them (with the customer's and the plan's names), and what a
// subscription still owes.
import { dueOfSubscription as ledgerDue } from '@server/lifecycles/ledger/ledger.read.js';
import type { Executor } from '@server/lifecycles/store.js';

/** What the subscription still owes, by the ledger (0 for one that does not exist). */
export async function dueOfSubscription(db: Executor, subscriptionId: number): Promise<number> {
  const subscription = await db
    .selectFrom('subscriptions')
    .select(['id', 'total_paid_paise'])
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
  return subscription ? Math.max(0, await ledgerDue(db, subscription)) : 0;
}

export const paymentLinkSelect = (db: Executor) =>
  db
    .selectFrom('payment_links as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .innerJoin('subscriptions as s', 's.id', 'l.subscription_id')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .selectAll('l')
    .select(['u.first_name', 'u.last_name', 'u.username', 'p.name as plan_name']);

export type PaymentLinkRow = Awaited<
  ReturnType<ReturnType<typeof paymentLinkSelect>['executeTakeFirstOrThrow']>
>;

export const customerNameOf = (
  row: Pick<PaymentLinkRow, 'first_name' | 'last_name' | 'username'>,
) => `${row.first_name} ${row.last_name}`.trim() || row.username;

// The payment links as the API reads them (with the customer's and the plan's names), and what a
// subscription still owes.
import { sql } from 'kysely';
import type { Executor } from '@server/lifecycles/store.js';

/**
 * What a subscription still owes, in paise: its price less its SUCCESS payments (never below 0).
 * The one place that says it, for links and the counter QR; it will read the ledger once there is one.
 */
export async function dueOfSubscription(db: Executor, subscriptionId: number): Promise<number> {
  const row = await db
    .selectFrom('subscriptions as s')
    .select([
      's.total_paid_paise',
      sql<number>`coalesce((select sum(p.amount_paise) from payments p where p.subscription_id = s.id and p.status = 'SUCCESS'), 0)`.as(
        'paid_paise',
      ),
    ])
    .where('s.id', '=', subscriptionId)
    .executeTakeFirst();
  if (!row) return 0;
  return Math.max(0, Number(row.total_paid_paise) - Number(row.paid_paise));
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

// The ledger (issue 21): every charge (a subscription bought), payment (online, at the counter or by
// link), credit (what a cancellation gives back) and refund (money paid back) of a customer is an
// entry, signed so that a customer's balance, what they owe, is the sum of their entries. One
// entry per source and kind (the unique index), so a settle path that runs twice posts once.
// ledger_balances keeps each customer's sum and the date their oldest unpaid charge was made,
// written in the entry's transaction, so the owner's dues list reads one row per customer.
//
// Part payments: a subscription may now have several SUCCESS payments, so the index that held one
// per subscription (migration 006) goes; one per order stays. A counter recording may carry the
// client's request id, unique, so a form sent twice records once.
import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import { index, notNull, oneOf, tableWithId, weakRef } from './columns.js';

export function ledgerMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('payments_one_success_per_subscription').execute();
      await db.schema.alterTable('payments').addColumn('request_id', 'text').execute();
      await index(db, 'payments_request_id', 'payments', ['request_id'], (builder) =>
        builder.unique().where(sql.ref('request_id'), 'is not', null),
      );
      await tableWithId(db, 'ledger_entries', dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('subscription_id', 'integer', weakRef('subscriptions.id'))
        .addColumn('kind', 'text', oneOf('kind', ['charge', 'payment', 'credit', 'refund']))
        // Signed: a charge and a refund add to what the customer owes, a payment and a credit
        // take from it.
        .addColumn('amount_paise', 'bigint', notNull)
        .addColumn('source_type', 'text', notNull)
        .addColumn('source_id', 'integer', notNull)
        .addColumn('occurred_on', 'text', notNull)
        .addColumn('description', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .addColumn('created_by', 'integer', weakRef('users.id'))
        .execute();
      await index(
        db,
        'ledger_entries_source',
        'ledger_entries',
        ['source_type', 'source_id', 'kind'],
        (builder) => builder.unique(),
      );
      await index(db, 'ledger_entries_user', 'ledger_entries', ['user_id', 'occurred_on', 'id']);
      await index(db, 'ledger_entries_subscription', 'ledger_entries', ['subscription_id']);
      await db.schema
        .createTable('ledger_balances')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('balance_paise', 'bigint', notNull)
        // The date of the oldest charge the payments have not covered (paid first in, first out);
        // null when nothing is owed.
        .addColumn('due_since', 'text')
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await index(
        db,
        'ledger_balances_due',
        'ledger_balances',
        ['due_since', 'user_id'],
        (builder) => builder.where(sql.ref('balance_paise'), '>', 0),
      );

      await backfillLedger(db, new Date().toISOString());
    },
  };
}

/**
 * The entries of what is already stored (the migration's, and the demo's, which writes rows
 * directly, a chunk of customers at a time, so a source already posted is left as it is): each paid subscription's charge and its payments, each approved refund's credit and
 * each paid refund's refund. Backfilled accounts are settled (a paid subscription was paid in full)
 * or in credit.
 */
export async function backfillLedger(db: QueryExecutorProvider, at: string): Promise<void> {
  // What was already paid: each paid subscription's charge and its payments, each paid
  // refund's credit and refund (the cancellation gave back what the refund paid).
  await sql`
    insert into ledger_entries
      (user_id, subscription_id, kind, amount_paise, source_type, source_id, occurred_on,
       description, created_at, created_by)
    select s.user_id, s.id, 'charge', s.total_paid_paise, 'subscription', s.id,
           min(substr(p.created_at, 1, 10)), 'Subscription #' || s.id, ${sql.lit(at)}, null
    from subscriptions s join payments p on p.subscription_id = s.id and p.status = 'SUCCESS'
    group by s.id, s.user_id, s.total_paid_paise
    on conflict (source_type, source_id, kind) do nothing`.execute(db);
  await sql`
    insert into ledger_entries
      (user_id, subscription_id, kind, amount_paise, source_type, source_id, occurred_on,
       description, created_at, created_by)
    select p.user_id, p.subscription_id, 'payment', -p.amount_paise, 'payment', p.id,
           coalesce(p.received_on, substr(p.created_at, 1, 10)),
           'Payment for subscription #' || p.subscription_id, ${sql.lit(at)}, p.recorded_by
    from payments p where p.status = 'SUCCESS'
    on conflict (source_type, source_id, kind) do nothing`.execute(db);
  for (const [kind, sign, dateColumn, label] of [
    ['credit', -1, 'processed_at', 'Refund approved for subscription #'],
    ['refund', 1, 'paid_at', 'Refund paid for subscription #'],
  ] as const) {
    const statuses = kind === 'credit' ? ['APPROVED', 'PAID'] : ['PAID'];
    await sql`
      insert into ledger_entries
        (user_id, subscription_id, kind, amount_paise, source_type, source_id, occurred_on,
         description, created_at, created_by)
      select r.user_id, r.subscription_id, ${sql.lit(kind)}, ${sql.lit(sign)} * r.amount_paise, 'refund', r.id,
             substr(coalesce(${sql.ref(`r.${dateColumn}`)}, r.updated_at), 1, 10),
             ${sql.lit(label)} || r.subscription_id, ${sql.lit(at)}, null
      from refunds r where r.status in (${sql.join(statuses.map((status) => sql.lit(status)))})
      on conflict (source_type, source_id, kind) do nothing`.execute(db);
  }
  // Backfilled accounts are settled (a paid subscription was paid in full) or in credit.
  await sql`
    insert into ledger_balances (user_id, balance_paise, due_since, updated_at)
    select user_id, sum(amount_paise), null, ${sql.lit(at)} from ledger_entries group by user_id
    on conflict (user_id) do update set balance_paise = excluded.balance_paise`.execute(db);
}

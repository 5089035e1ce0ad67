// The payment links as the API reads them (with the customer's and the plan's names), what a
// subscription can still be paid, and the requests to pay it still open at the provider.
import type { RowOf } from '@server/platform/db/index.js';
import { payableDue, subscriptionLedgers } from '@server/lifecycles/dues/dues.read.js';
import { paymentLinkAmountProblems, type Refusal } from '@machines';
import type { Executor } from '@server/lifecycles/store.js';
import { subscriptionsWithCustomers } from '@server/lifecycles/subscription/subscription.read.js';

/**
 * What the subscription can still be paid, by the ledger: what it owes while awaiting payment or
 * once charged; 0 for one cancelled before it was paid, or one that does not exist.
 */
export async function dueOfSubscription(db: Executor, subscriptionId: number): Promise<number> {
  const subscription = await db
    .selectFrom('subscriptions')
    .select(['id', 'status', 'total_paid_paise'])
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
  if (!subscription) return 0;
  const ledgers = await subscriptionLedgers(db, [subscription.id]);
  return payableDue(subscription, ledgers.get(subscription.id));
}

/** A request to pay a subscription still open at the provider: a payment link or a counter QR. */
export interface OpenRequest {
  kind: 'payment_link' | 'counter_qr';
  id: number;
  amountPaise: number;
  createdAt: string;
}

/**
 * The subscription's payment links and counter QR codes that can still be paid at `now` (waiting,
 * and not past their expiry), newest first. Together they may ask for at most what it owes.
 */
export async function openRequestsOf(
  db: Executor,
  subscriptionId: number,
  now: string,
): Promise<OpenRequest[]> {
  const [links, qrs] = await Promise.all([
    db
      .selectFrom('payment_links')
      .select(['id', 'amount_paise', 'created_at'])
      .where('subscription_id', '=', subscriptionId)
      .where('status', '=', 'created')
      .where('expire_by', '>', now)
      .execute(),
    db
      .selectFrom('counter_qr_codes')
      .select(['id', 'amount_paise', 'created_at'])
      .where('subscription_id', '=', subscriptionId)
      .where('status', '=', 'created')
      .where('close_by', '>', now)
      .execute(),
  ]);
  return [
    ...links.map((row) => ({ kind: 'payment_link' as const, row })),
    ...qrs.map((row) => ({ kind: 'counter_qr' as const, row })),
  ]
    .map(({ kind, row }) => ({
      kind,
      id: row.id,
      amountPaise: Number(row.amount_paise),
      createdAt: row.created_at,
    }))
    .sort((a, b) =>
      a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1,
    );
}

/** What the subscription's open links and QR codes ask for together. */
const openRequestsPaise = async (db: Executor, subscriptionId: number, now: string) =>
  (await openRequestsOf(db, subscriptionId, now)).reduce((sum, one) => sum + one.amountPaise, 0);

/**
 * Subscriptions with their customers' and plans' names, as a link's or QR code's row is read with
 * them: each joins its own table to this.
 */
export const requestsWithParties = (db: Executor) =>
  subscriptionsWithCustomers(db).select([
    'u.first_name',
    'u.last_name',
    'u.username',
    'p.name as plan_name',
  ]);

export const paymentLinkSelect = (db: Executor) =>
  requestsWithParties(db)
    .innerJoin('payment_links as l', 'l.subscription_id', 's.id')
    .selectAll('l');

export type PaymentLinkRow = RowOf<typeof paymentLinkSelect>;

export const customerNameOf = (
  row: Pick<PaymentLinkRow, 'first_name' | 'last_name' | 'username'>,
) => `${row.first_name} ${row.last_name}`.trim() || row.username;

/**
 * What a new link or QR code for the subscription may ask for: the amount rules with what it owes
 * and what its open requests ask already (machines/payment-link). Read under the subscription's row
 * lock when `lock` is set (PostgreSQL; SQLite runs one writer), so two requests made at once cannot
 * both take the same unrequested rupees.
 */
export async function requestProblems(
  db: Executor,
  subscriptionId: number,
  amountPaise: number | null,
  now: string,
  lock = false,
): Promise<{ amountPaise: number; problems: Refusal[] }> {
  if (lock) {
    await db
      .selectFrom('subscriptions')
      .select('id')
      .where('id', '=', subscriptionId)
      .forUpdate()
      .execute();
  }
  const [due, open] = await Promise.all([
    dueOfSubscription(db, subscriptionId),
    openRequestsPaise(db, subscriptionId, now),
  ]);
  const asked = amountPaise ?? Math.max(0, due - open);
  return { amountPaise: asked, problems: paymentLinkAmountProblems(asked, due, open) };
}

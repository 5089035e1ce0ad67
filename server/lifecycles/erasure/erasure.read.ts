// Erasure requests as read: the customer's newest, the owner's list, and the facts the erasure
// machine decides on (the customer's open business with the mess, read fresh).
import {
  allowedEvents,
  erasureFromApi,
  erasureMachine,
  NOTHING_OPEN,
  rupeesFromPaise,
  type ErasureFacts,
} from '@machines';
import type { components } from '../../../generated/api';
import type { Executor } from '@server/lifecycles/store.js';
import { subscriptionStatusIs } from '@server/lifecycles/subscription/subscription.read.js';
import type { ErasureRequestRow } from '@server/platform/db/schema.js';
import { fullName } from '@server/platform/format.js';

export type ErasureRequestBody = components['schemas']['ErasureRequest'];
export type ErasureSummaryBody = components['schemas']['ErasureRequestSummary'];

/** Refunds still owed to the customer or not yet decided. */
const OPEN_REFUND_STATUSES = ['PENDING', 'APPROVED'] as const;

/** The customer's open business: what the machine's guards read before an erasure completes. */
export type ErasureBusiness = Omit<ErasureFacts, 'status'>;

export { NOTHING_OPEN };

/**
 * The customer's subscriptions running or awaiting payment, balance, open refunds, open payment
 * links and rider cash not yet confirmed, on the business date `today`.
 */
export async function erasureBusinessOf(
  db: Executor,
  userId: number,
  today: string,
): Promise<ErasureBusiness> {
  const [balance, active, pending, refunds, links, cash] = await Promise.all([
    db
      .selectFrom('ledger_balances')
      .select('balance_paise')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where((eb) => subscriptionStatusIs(eb, 'ACTIVE', today))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where((eb) => subscriptionStatusIs(eb, 'PENDING_PAYMENT', today))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('refunds')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('status', 'in', OPEN_REFUND_STATUSES)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payment_links')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('status', '=', 'created')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('cash_collections')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    active_subscriptions: Number(active.count),
    pending_subscriptions: Number(pending.count),
    balance_paise: Number(balance?.balance_paise ?? 0),
    open_refunds: Number(refunds.count),
    open_payment_links: Number(links.count),
    pending_cash_collections: Number(cash.count),
  };
}

const machineFacts = (row: Pick<ErasureRequestRow, 'status'>, business: ErasureBusiness) =>
  erasureFromApi({ status: row.status, ...business });

/** What the customer's and the owner's bodies of a request both say: its id, status and dates. */
const requestFields = (row: ErasureRequestRow) => ({
  id: row.id,
  status: row.status,
  requested_at: row.requested_at,
  cancelled_at: row.cancelled_at,
  completed_at: row.completed_at,
});

export function summaryBody(row: ErasureRequestRow): ErasureSummaryBody {
  const actions = allowedEvents(erasureMachine, machineFacts(row, NOTHING_OPEN)).filter(
    (action): action is 'erasure.cancel' => action === 'erasure.cancel',
  );
  return {
    ...requestFields(row),
    actions,
  };
}

/** The customer's newest request, or null. */
export async function newestRequestOf(
  db: Executor,
  userId: number,
): Promise<ErasureRequestRow | undefined> {
  return db
    .selectFrom('erasure_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function erasureRequestById(
  db: Executor,
  id: number,
): Promise<ErasureRequestRow | undefined> {
  return db.selectFrom('erasure_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One request as the owner sees it, with the open business that would block completing it. */
export async function erasureRequestBody(
  db: Executor,
  row: ErasureRequestRow,
  today: string,
): Promise<ErasureRequestBody> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('id', '=', row.user_id)
    .executeTakeFirstOrThrow();
  const business =
    row.status === 'requested' ? await erasureBusinessOf(db, row.user_id, today) : NOTHING_OPEN;
  const actions = allowedEvents(erasureMachine, machineFacts(row, business)).filter(
    (action): action is 'erasure.complete' => action === 'erasure.complete',
  );
  return {
    ...requestFields(row),
    customer: { id: user.id, full_name: fullName(user), username: user.username },
    active_subscriptions: business.active_subscriptions,
    pending_subscriptions: business.pending_subscriptions,
    balance: rupeesFromPaise(business.balance_paise),
    open_refunds: business.open_refunds,
    open_payment_links: business.open_payment_links,
    pending_cash_collections: business.pending_cash_collections,
    actions,
  };
}

/** Every request: waiting ones first (oldest first), then the rest (newest first). */
export async function listErasureRequests(
  db: Executor,
  today: string,
): Promise<ErasureRequestBody[]> {
  const rows = await db.selectFrom('erasure_requests').selectAll().orderBy('id', 'desc').execute();
  const waiting = rows.filter((row) => row.status === 'requested').reverse();
  const done = rows.filter((row) => row.status !== 'requested');
  const list: ErasureRequestBody[] = [];
  for (const row of [...waiting, ...done]) list.push(await erasureRequestBody(db, row, today));
  return list;
}

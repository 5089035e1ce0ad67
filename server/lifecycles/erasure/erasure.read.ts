// Erasure requests as read: the customer's newest, the owner's list, and the facts the erasure
// machine decides on (the customer's balance and open refunds, read fresh).
import { allowedEvents, erasureFromApi, erasureMachine, rupeesFromPaise } from '@machines';
import type { components } from '../../../generated/api';
import type { Executor } from '@server/lifecycles/store.js';
import type { ErasureRequestRow } from '@server/platform/db/schema.js';
import { fullName } from '@server/platform/format.js';

export type ErasureRequestBody = components['schemas']['ErasureRequest'];
export type ErasureSummaryBody = components['schemas']['ErasureRequestSummary'];

/** Refunds still owed to the customer or not yet decided. */
const OPEN_REFUND_STATUSES = ['PENDING', 'APPROVED'] as const;

export interface ErasureMoney {
  balancePaise: number;
  openRefunds: number;
}

/** What the customer owes (or is owed) now and how many refunds are open. */
export async function erasureMoneyOf(db: Executor, userId: number): Promise<ErasureMoney> {
  const [balance, refunds] = await Promise.all([
    db
      .selectFrom('ledger_balances')
      .select('balance_paise')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('refunds')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('status', 'in', OPEN_REFUND_STATUSES)
      .executeTakeFirstOrThrow(),
  ]);
  return { balancePaise: Number(balance?.balance_paise ?? 0), openRefunds: Number(refunds.count) };
}

const machineFacts = (row: Pick<ErasureRequestRow, 'status'>, money: ErasureMoney) =>
  erasureFromApi({
    status: row.status,
    balance_paise: money.balancePaise,
    open_refunds: money.openRefunds,
  });

export function summaryBody(row: ErasureRequestRow): ErasureSummaryBody {
  const actions = allowedEvents(erasureMachine, machineFacts(row, NO_MONEY)).filter(
    (action): action is 'erasure.cancel' => action === 'erasure.cancel',
  );
  return {
    id: row.id,
    status: row.status,
    requested_at: row.requested_at,
    cancelled_at: row.cancelled_at,
    completed_at: row.completed_at,
    actions,
  };
}

const NO_MONEY: ErasureMoney = { balancePaise: 0, openRefunds: 0 };

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

/** One request as the owner sees it, with the money that would block completing it. */
export async function erasureRequestBody(
  db: Executor,
  row: ErasureRequestRow,
): Promise<ErasureRequestBody> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('id', '=', row.user_id)
    .executeTakeFirstOrThrow();
  const money = row.status === 'requested' ? await erasureMoneyOf(db, row.user_id) : NO_MONEY;
  const actions = allowedEvents(erasureMachine, machineFacts(row, money)).filter(
    (action): action is 'erasure.complete' => action === 'erasure.complete',
  );
  return {
    id: row.id,
    status: row.status,
    requested_at: row.requested_at,
    cancelled_at: row.cancelled_at,
    completed_at: row.completed_at,
    customer: { id: user.id, full_name: fullName(user), username: user.username },
    balance: rupeesFromPaise(money.balancePaise),
    open_refunds: money.openRefunds,
    actions,
  };
}

/** Every request: waiting ones first (oldest first), then the rest (newest first). */
export async function listErasureRequests(db: Executor): Promise<ErasureRequestBody[]> {
  const rows = await db.selectFrom('erasure_requests').selectAll().orderBy('id', 'desc').execute();
  const waiting = rows.filter((row) => row.status === 'requested').reverse();
  const done = rows.filter((row) => row.status !== 'requested');
  const list: ErasureRequestBody[] = [];
  for (const row of [...waiting, ...done]) list.push(await erasureRequestBody(db, row));
  return list;
}

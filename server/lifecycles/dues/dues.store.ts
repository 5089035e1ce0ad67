// The ledger's store: the only code that writes ledger entries and balances. Every settle path
// (an order paid, money received at the counter, a payment link paid, a walk-in's enrolment) and
// every refund posts here, inside its own transaction, so an entry exists exactly when what it
// records does. One entry per source and kind (the unique index): a path that runs twice posts
// once (and only a subscription deleted before it was paid takes its entries back, see release).
// Each post locks the customer's balance row, then rewrites it from their entries
// (machines/dues balanceOf), so the balance is always the sum and concurrent posts queue.
import { balanceOf } from '@machines/dues';
import type { LedgerKind, Subscription } from '@server/platform/db/schema.js';
import { nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';

export interface LedgerPost {
  userId: number;
  subscriptionId: number | null;
  kind: LedgerKind;
  /** Unsigned: the kind gives the sign. */
  amountPaise: number;
  sourceType: 'subscription' | 'payment' | 'refund' | 'advance_application' | 'advance_refund';
  sourceId: number;
  occurredOn: string;
  description: string;
  createdBy: number | null;
}

/** Charges and refunds add to what the customer owes; payments and credits take from it. */
const SIGN: Record<LedgerKind, 1 | -1> = { charge: 1, refund: 1, payment: -1, credit: -1 };

export type LedgerStore = ReturnType<typeof createLedgerStore>;

export function createLedgerStore(deps: StoreDeps) {
  /** Holds the customer's balance row until the transaction ends (SQLite: one writer already). */
  async function lockBalance(trx: Executor, userId: number): Promise<void> {
    await trx
      .insertInto('ledger_balances')
      .values({ user_id: userId, balance_paise: 0, due_since: null, updated_at: nowIso(deps) })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute();
    if (deps.db.dialect !== 'postgres') return;
    await trx
      .selectFrom('ledger_balances')
      .select('user_id')
      .where('user_id', '=', userId)
      .forUpdate()
      .execute();
  }

  /** The customer's balance row, rewritten from their entries. */
  async function rebalance(trx: Executor, userId: number): Promise<void> {
    const entries = await trx
      .selectFrom('ledger_entries')
      .select(['amount_paise', 'occurred_on'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    const { balancePaise, dueSince } = balanceOf(
      entries.map((e) => ({ amountPaise: Number(e.amount_paise), occurredOn: e.occurred_on })),
    );
    await trx
      .updateTable('ledger_balances')
      .set({ balance_paise: balancePaise, due_since: dueSince, updated_at: nowIso(deps) })
      .where('user_id', '=', userId)
      .execute();
  }

  /** Posts the entry once (a second post of the same source and kind does nothing); in `trx`. */
  async function post(trx: Executor, entry: LedgerPost): Promise<boolean> {
    await lockBalance(trx, entry.userId);
    const inserted = await trx
      .insertInto('ledger_entries')
      .values({
        user_id: entry.userId,
        subscription_id: entry.subscriptionId,
        kind: entry.kind,
        amount_paise: SIGN[entry.kind] * Math.abs(entry.amountPaise),
        source_type: entry.sourceType,
        source_id: entry.sourceId,
        occurred_on: entry.occurredOn,
        description: entry.description,
        created_at: nowIso(deps),
        created_by: entry.createdBy,
      })
      .onConflict((conflict) => conflict.columns(['source_type', 'source_id', 'kind']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    await rebalance(trx, entry.userId);
    return true;
  }

  /**
   * The subscription's price becomes owed (once), on `on`: bought at the counter or paid for.
   * `description`: what the statement says of it (a walk-in's says when it starts).
   */
  function charge(
    trx: Executor,
    subscription: Subscription,
    on: string,
    by: number | null,
    { description = `Subscription #${subscription.id}` }: { description?: string } = {},
  ) {
    return post(trx, {
      userId: subscription.user_id,
      subscriptionId: subscription.id,
      kind: 'charge',
      amountPaise: subscription.total_paid_paise,
      sourceType: 'subscription',
      sourceId: subscription.id,
      occurredOn: on,
      description,
      createdBy: by,
    });
  }

  /**
   * A subscription deleted while awaiting payment never happened: its entries go (its charge and
   * what the customer's advance paid of it, on both sides of each use), in the deletion's `trx`,
   * so the advance is held again in full. The caller makes sure no money was paid for it.
   */
  async function release(trx: Executor, subscription: Subscription): Promise<void> {
    await lockBalance(trx, subscription.user_id);
    const uses = trx
      .selectFrom('advance_applications')
      .select('id')
      .where('subscription_id', '=', subscription.id);
    await trx
      .deleteFrom('ledger_entries')
      .where((eb) =>
        eb.or([
          eb('subscription_id', '=', subscription.id),
          eb.and([eb('source_type', '=', 'advance_application'), eb('source_id', 'in', uses)]),
        ]),
      )
      .execute();
    await rebalance(trx, subscription.user_id);
  }

  return { post, charge, release, lock: lockBalance };
}

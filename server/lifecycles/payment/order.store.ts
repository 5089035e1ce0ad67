// Checkout orders: the part of the payment store that writes payment_orders. Every status it
// writes is the order machine's decision (machines/order), made with a conditional UPDATE, so
// verify, the webhook, the owner's offline recording and the stale-order job agree on each order.
import { dueOfSubscription } from '@server/lifecycles/dues/dues.read.js';
import { getInitialSnapshot } from 'xstate';
import { decide, restore } from '@machines/shared';
import {
  ORDER_STATUSES,
  type OrderEvent,
  orderFromApi,
  orderMachine,
  type OrderStatus,
  selectIsOrderOpen,
} from '@machines/order';
import { allowed, nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import type { PaymentOrder, Subscription, User } from '@server/platform/db/schema.js';
import type { PaymentProvider } from '@server/services/payments/provider.js';

/** An open order nobody paid within this long is expired (verify still accepts a late payment). */
const STALE_ORDER_HOURS = 24;

/**
 * What the order machine says `event` does to an order in each status: the statuses it is allowed
 * from (the WHERE of the event's conditional UPDATE, also for many orders at once) and the one
 * status it writes.
 */
function orderTransition(event: OrderEvent): { from: OrderStatus[]; to: OrderStatus } {
  const moves = ORDER_STATUSES.flatMap((status) => {
    const decision = decide(orderMachine, orderFromApi({ status }), event);
    return decision.ok ? [{ from: status, to: decision.next }] : [];
  });
  const targets = [...new Set(moves.map((move) => move.to))];
  if (targets.length !== 1) {
    throw new Error(`order machine: ${event.type} leads to ${targets.join(', ') || 'no status'}`);
  }
  return { from: moves.map((move) => move.from), to: targets[0]! };
}

export function createOrderStore(deps: StoreDeps, provider: PaymentProvider) {
  const db = deps.db.kysely;
  const paying = orderTransition({ type: 'order.pay' });
  const expiring = orderTransition({ type: 'order.expire' });
  /** The statuses of an order the customer can still pay (the order machine's `open` tag). */
  const openStatuses = ORDER_STATUSES.filter((status) =>
    selectIsOrderOpen(restore(orderMachine, orderFromApi({ status }))),
  );

  const openOrderOf = (subscriptionId: number) =>
    db
      .selectFrom('payment_orders')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .where('status', 'in', openStatuses)
      .executeTakeFirst();

  /**
   * The open order of the subscription (reused while its provider is the one configured) or a new
   * one from the provider. `created` says whether it is new.
   */
  async function open(
    user: User,
    subscription: Subscription,
  ): Promise<{ order: PaymentOrder; created: boolean }> {
    const existing = await openOrderOf(subscription.id);
    if (existing && existing.provider === provider.name) return { order: existing, created: false };
    const at = nowIso(deps);
    if (existing) {
      // Left open under another provider (the configuration changed): start afresh.
      const { next } = allowed(
        decide(orderMachine, orderFromApi(existing), { type: 'order.expire' }),
      );
      await db
        .updateTable('payment_orders')
        .set({ status: next, updated_at: at })
        .where('id', '=', existing.id)
        .where('status', '=', existing.status)
        .execute();
    }
    // What it still owes: its price, less what was paid at the counter in part.
    const amountPaise = await dueOfSubscription(db, subscription);
    const { orderId } = await provider.createOrder({
      amountPaise,
      currency: 'INR',
      receipt: `subscription_${subscription.id}`,
      notes: { subscription_id: String(subscription.id), user_id: String(user.id) },
    });
    try {
      const order = await db
        .insertInto('payment_orders')
        .values({
          order_id: orderId,
          subscription_id: subscription.id,
          user_id: user.id,
          amount_paise: amountPaise,
          currency: 'INR',
          status: getInitialSnapshot(orderMachine, {}).value,
          provider: provider.name,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { order, created: true };
    } catch (error) {
      // Another request opened the order first: the partial unique index keeps one; reuse it.
      if (!isUniqueViolation(error)) throw error;
      const winner = await openOrderOf(subscription.id);
      if (!winner) throw error;
      return { order: winner, created: false };
    }
  }

  /**
   * order.pay in `trx`: the order as it is now, or undefined when it was paid already (as read, or
   * by a concurrent caller: the conditional UPDATE lets one win). It is claimed from any status the
   * machine lets pay, not only the one read: an order that expired meanwhile still takes the
   * payment the provider captured.
   */
  async function claimPaid(trx: Executor, order: PaymentOrder): Promise<PaymentOrder | undefined> {
    const decision = decide(orderMachine, orderFromApi(order), { type: 'order.pay' });
    if (!decision.ok) return undefined;
    return trx
      .updateTable('payment_orders')
      .set({ status: decision.next, updated_at: nowIso(deps) })
      .where('id', '=', order.id)
      .where('status', 'in', paying.from)
      .returningAll()
      .executeTakeFirst();
  }

  /** order.expire in `trx` for the subscription's open orders: paid another way, none may charge. */
  async function expireOpenOf(trx: Executor, subscriptionId: number): Promise<void> {
    await trx
      .updateTable('payment_orders')
      .set({ status: expiring.to, updated_at: nowIso(deps) })
      .where('subscription_id', '=', subscriptionId)
      .where('status', 'in', expiring.from)
      .execute();
  }

  /** order.expire for open orders older than a day, or of subscriptions that ended or were cancelled. */
  async function expireStale(): Promise<number> {
    const now = deps.clock.now();
    const cutoff = new Date(now.getTime() - STALE_ORDER_HOURS * 3600_000).toISOString();
    const result = await db
      .updateTable('payment_orders')
      .set({ status: expiring.to, updated_at: now.toISOString() })
      .where('status', 'in', expiring.from)
      .where((eb) =>
        eb.or([
          eb('created_at', '<', cutoff),
          eb(
            'subscription_id',
            'in',
            eb
              .selectFrom('subscriptions')
              .select('id')
              // An active one may still owe (started with dues): its order lives out its day.
              .where('status', 'not in', ['PENDING_PAYMENT', 'ACTIVE']),
          ),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  return { open, claimPaid, expireOpenOf, expireStale };
}

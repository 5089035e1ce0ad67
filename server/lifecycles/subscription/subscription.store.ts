// The subscription lifecycle's store: reads a row into the subscription machine's state and writes
// each transition the machine allows (create, delete, activate, extend, adjust, cancel, expire, renew) with
// a conditional UPDATE, so concurrent requests cause one transition.
import type { ExpressionBuilder } from 'kysely';
import { getInitialSnapshot } from 'xstate';
import { decide, refusal } from '@machines/shared';
import {
  hasStarted,
  queuedStartDate,
  type SubscriptionEvent,
  subscriptionMachine,
  subscriptionRefusals,
  type SubscriptionStatus,
  validateSubscriptionRequest,
} from '@machines/subscription';
import { diffDays } from '@machines/shared';
import type { Database, Plan, Subscription, User } from '@server/platform/db/schema.js';
import { amountDuePaise } from '@server/platform/gst.js';
import { recordAudit } from '@server/lifecycles/audit.js';
import { refusalError, refusalsError } from '@server/errors.js';
import { allowed, nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import { createSubscriptionNotices } from './subscription.notices.js';
import { startableUnder } from './startable.read.js';
import { readSubscription, subscriptionStatusIs } from './subscription.read.js';

/** WHERE the row is still exactly as it was read: the machine decided on these values. */
function unchanged(row: Subscription) {
  return (eb: ExpressionBuilder<Database, 'subscriptions'>) =>
    eb.and([
      eb('id', '=', row.id),
      eb('status', '=', row.status),
      eb('leave_days', '=', row.leave_days),
      row.adjusted_end_date === null
        ? eb('adjusted_end_date', 'is', null)
        : eb('adjusted_end_date', '=', row.adjusted_end_date),
    ]);
}

const lostRace = (type: keyof typeof subscriptionRefusals.events) =>
  refusalError(subscriptionRefusals.events[type]);

export type SubscriptionStore = ReturnType<typeof createSubscriptionStore>;

/** The owner's end-date adjustment, as the machine reads it. */
export type AdjustEvent = Extract<SubscriptionEvent, { type: 'subscription.adjust' }>;

export interface AdjustmentRequest {
  /** Days to move the end date by; negative shortens. */
  days: number;
  reason: string;
}

export function createSubscriptionStore(deps: StoreDeps) {
  const db = deps.db.kysely;
  const notices = createSubscriptionNotices(deps);

  async function rowOf(executor: Executor, id: number): Promise<Subscription | undefined> {
    return executor.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Creates a subscription in the machine's initial state after checking every create rule. The
   * user's row is touched first so that, on PostgreSQL, two concurrent requests of one customer run
   * one after the other (SQLite serializes transactions already) and cannot both pass the rules.
   */
  async function create(
    user: User,
    plan: Plan,
    renewedFromId: number | null,
    /** A caller's transaction (a walk-in's enrolment): no notice, the caller tells the customer. */
    within?: Executor,
  ) {
    const today = deps.today();
    const run = <T>(work: (trx: Executor) => Promise<T>) =>
      within ? work(within) : db.transaction().execute(work);
    const subscription = await run(async (trx) => {
      const fresh = await trx
        .updateTable('users')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const currentPlan = await trx
        .selectFrom('plans')
        .selectAll()
        .where('id', '=', plan.id)
        .executeTakeFirstOrThrow();
      const sameTitle = await trx
        .selectFrom('subscriptions')
        .select('id')
        .where('user_id', '=', user.id)
        .where('plan_id', '=', plan.id)
        .where((eb) =>
          eb.or([
            subscriptionStatusIs(eb, 'ACTIVE', today),
            subscriptionStatusIs(eb, 'PENDING_PAYMENT', today),
          ]),
        )
        .limit(1)
        .executeTakeFirst();
      const pending = await trx
        .selectFrom('subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', user.id)
        .where((eb) => subscriptionStatusIs(eb, 'PENDING_PAYMENT', today))
        .executeTakeFirstOrThrow();
      const verdict = validateSubscriptionRequest({
        planActive: currentPlan.is_active,
        planServiceType: currentPlan.service_type,
        profileComplete: fresh.status === 'profile_complete',
        isTiffinUser: fresh.is_tiffin_user,
        isMessUser: fresh.is_mess_user,
        hasOpenSubscriptionToPlan: sameTitle !== undefined,
        pendingPaymentCount: Number(pending.count),
      });
      if (!verdict.ok) throw refusalsError(verdict.refusals);
      const initial = getInitialSnapshot(subscriptionMachine, {
        durationDays: currentPlan.duration_days,
        startDate: null,
        baseEndDate: null,
        adjustedEndDate: null,
        leaveDays: 0,
        hasSuccessfulPayment: false,
        hasRefund: false,
        planActive: currentPlan.is_active,
      });
      const at = nowIso(deps);
      return trx
        .insertInto('subscriptions')
        .values({
          user_id: user.id,
          plan_id: currentPlan.id,
          subscription_type: currentPlan.service_type,
          status: initial.value as SubscriptionStatus,
          breakfast_included: currentPlan.included_meals.split(',').includes('breakfast'),
          total_paid_paise: amountDuePaise(currentPlan.base_price_paise, deps.config.gst),
          start_date: initial.context.startDate,
          base_end_date: initial.context.baseEndDate,
          adjusted_end_date: initial.context.adjustedEndDate,
          leave_days: initial.context.leaveDays,
          cancelled_at: null,
          renewed_from_id: renewedFromId,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    if (!within) await notices.created(subscription, plan);
    return subscription;
  }

  /**
   * subscription.delete: the row goes, with its open orders (their attempts go by cascade), and
   * `release` runs first in the same transaction (the ledger takes back what the customer's advance
   * paid of it). One that money was paid for (a part payment) is refused: its receipt stays.
   */
  async function remove(row: Subscription, release: (trx: Executor) => Promise<void>) {
    const state = await readSubscription(db, row, deps.today());
    allowed(decide(subscriptionMachine, state, { type: 'subscription.delete' }));
    await db.transaction().execute(async (trx) => {
      const paid = await trx
        .selectFrom('payments')
        .select('id')
        .where('subscription_id', '=', row.id)
        .where('status', '=', 'SUCCESS')
        .executeTakeFirst();
      if (paid) throw refusalError(refusal('subscription.part_paid'));
      await release(trx);
      const deleted = await trx
        .deleteFrom('subscriptions')
        .where(unchanged(row))
        .returning('id')
        .executeTakeFirst();
      if (!deleted) throw lostRace('subscription.delete');
    });
  }

  /** Holds the customer's row until the transaction ends: their subscriptions change one at a time. */
  async function lockCustomer(trx: Executor, userId: number) {
    await trx
      .updateTable('users')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', userId)
      .execute();
  }

  /**
   * payment.succeeded, inside the settling transaction: dates start on the payment's business
   * date, or, while the customer has a plan of the same service running (or queued), the day
   * after the last of them ends. The customer's row is locked first, so two activations of one
   * customer at once queue one behind the other. Throws the machine's refusal when the
   * subscription is not awaiting payment.
   */
  async function activate(trx: Executor, subscriptionId: number, paidOn: string) {
    const first = await rowOf(trx, subscriptionId);
    if (!first) throw refusalError(subscriptionRefusals.states.DELETED);
    await lockCustomer(trx, first.user_id);
    const row = (await rowOf(trx, subscriptionId)) ?? first;
    const state = await readSubscription(trx, row, deps.today());
    const sameService = await trx
      .selectFrom('subscriptions')
      .select('adjusted_end_date')
      .where('user_id', '=', row.user_id)
      .where('subscription_type', '=', row.subscription_type)
      .where('id', '<>', row.id)
      .where((eb) => subscriptionStatusIs(eb, 'ACTIVE', paidOn))
      .execute();
    const startsOn = queuedStartDate(
      paidOn,
      sameService.flatMap((other) => (other.adjusted_end_date ? [other.adjusted_end_date] : [])),
    );
    const { next, context } = allowed(
      decide(subscriptionMachine, state, { type: 'payment.succeeded', paidOn, startsOn }),
    );
    const activated = await trx
      .updateTable('subscriptions')
      .set({
        status: next as SubscriptionStatus,
        start_date: context.startDate,
        base_end_date: context.baseEndDate,
        adjusted_end_date: context.adjustedEndDate,
        updated_at: nowIso(deps),
      })
      .where(unchanged(row))
      .returningAll()
      .executeTakeFirst();
    if (!activated) throw lostRace('payment.succeeded');
    return activated;
  }

  /**
   * subscription.follow: `before` (as it was) now ends on `newEnd`; the customer's subscriptions
   * of the same service queued after it (not started yet) move by as many days, so the next one
   * still starts the day after it ends. In the caller's transaction, each as its machine decides.
   */
  async function realignFollowing(trx: Executor, before: Subscription, newEnd: string | null) {
    if (before.adjusted_end_date === null || newEnd === null) return;
    const days = diffDays(newEnd, before.adjusted_end_date);
    if (days === 0) return;
    const today = deps.today();
    const queued = await trx
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', before.user_id)
      .where('subscription_type', '=', before.subscription_type)
      .where('status', '=', 'ACTIVE')
      .where('id', '<>', before.id)
      .where('start_date', '>', before.adjusted_end_date)
      .orderBy('start_date')
      .execute();
    for (const row of queued) {
      const state = await readSubscription(trx, row, today);
      const decision = decide(subscriptionMachine, state, {
        type: 'subscription.follow',
        days,
        today,
      });
      // One that has started (old data) stays where it is.
      if (!decision.ok) continue;
      const { context } = decision;
      await trx
        .updateTable('subscriptions')
        .set({
          start_date: context.startDate,
          base_end_date: context.baseEndDate,
          adjusted_end_date: context.adjustedEndDate,
          updated_at: nowIso(deps),
        })
        .where(unchanged(row))
        .execute();
    }
  }

  /**
   * subscription.extend by `days` (an approved leave): compare-and-set on what was read, retried
   * when a concurrent change got there first, so no extension is lost or doubled.
   */
  async function extend(trx: Executor, subscriptionId: number, days: number) {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const row = await rowOf(trx, subscriptionId);
      if (!row) throw lostRace('subscription.extend');
      const state = await readSubscription(trx, row, deps.today());
      const { context } = allowed(
        decide(subscriptionMachine, state, { type: 'subscription.extend', days }),
      );
      const extended = await trx
        .updateTable('subscriptions')
        .set({
          adjusted_end_date: context.adjustedEndDate,
          leave_days: context.leaveDays,
          updated_at: nowIso(deps),
        })
        .where(unchanged(row))
        .returningAll()
        .executeTakeFirst();
      if (extended) {
        await realignFollowing(trx, row, extended.adjusted_end_date);
        return extended;
      }
    }
    throw new Error(`Subscription ${subscriptionId} kept changing while it was extended.`);
  }

  /**
   * subscription.cancel, inside the caller's transaction (cancellation.ts adds the leaves and the
   * refund). Returns the cancelled row and whether the machine says a refund is due.
   */
  async function cancel(trx: Executor, row: Subscription) {
    const state = await readSubscription(trx, row, deps.today());
    const decision = allowed(decide(subscriptionMachine, state, { type: 'subscription.cancel' }));
    const at = nowIso(deps);
    const cancelled = await trx
      .updateTable('subscriptions')
      .set({ status: decision.next as SubscriptionStatus, cancelled_at: at, updated_at: at })
      .where(unchanged(row))
      .where((eb) => subscriptionStatusIs(eb, 'ACTIVE', deps.today()))
      .returningAll()
      .executeTakeFirst();
    if (!cancelled) throw lostRace('subscription.cancel');
    // Ended today: a plan queued behind it starts tomorrow (one not started yet ends nothing).
    if (hasStarted(row.start_date, deps.today())) {
      await realignFollowing(trx, row, deps.today());
    }
    return { cancelled, refundDue: decision.context.hasRefund && !state.context.hasRefund };
  }

  /** subscription.expire from the stored status; false when the machine or a race says no. */
  async function expire(row: Subscription): Promise<Subscription | null> {
    const today = deps.today();
    const state = await readSubscription(db, row, today, { stored: true });
    const decision = decide(subscriptionMachine, state, { type: 'subscription.expire', today });
    if (!decision.ok) return null;
    const expired = await db
      .updateTable('subscriptions')
      .set({ status: decision.next as SubscriptionStatus, updated_at: nowIso(deps) })
      .where(unchanged(row))
      .returningAll()
      .executeTakeFirst();
    return expired ?? null;
  }

  /** The daily job: every subscription the rule already shows as ended is stored EXPIRED, once. */
  async function expireDue(): Promise<number> {
    const today = deps.today();
    let count = 0;
    let afterId = 0;
    for (;;) {
      const rows = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '>', afterId)
        .where((eb) => subscriptionStatusIs(eb, 'EXPIRED', today))
        .where('status', '<>', 'EXPIRED')
        .orderBy('id')
        .limit(500)
        .execute();
      if (rows.length === 0) return count;
      for (const row of rows) {
        afterId = row.id;
        const expired = await expire(row);
        if (!expired) continue;
        count += 1;
        await notices.expired(row);
      }
    }
  }

  /**
   * subscription.renew: a new subscription to the same plan, in the machine's initial state; the
   * expiry the read already shows is stored first.
   */
  async function renew(user: User, row: Subscription) {
    const state = await readSubscription(db, row, deps.today());
    allowed(decide(subscriptionMachine, state, { type: 'subscription.renew' }));
    if (row.status !== state.value) await expire(row);
    const plan = await db
      .selectFrom('plans')
      .selectAll()
      .where('id', '=', row.plan_id)
      .executeTakeFirstOrThrow();
    return create(user, plan, row.id);
  }

  /**
   * subscription.adjust inside the caller's transaction: the owner moves the end date by
   * `event.days`. Compare-and-set on what was read, retried when a concurrent change (a leave
   * approval) got there first, so both changes count. Throws the machine's refusal.
   */
  async function moveEndDate(
    trx: Executor,
    subscriptionId: number,
    event: AdjustEvent,
  ): Promise<{ before: Subscription; after: Subscription }> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const row = await rowOf(trx, subscriptionId);
      if (!row) throw refusalError(subscriptionRefusals.states.DELETED);
      const state = await readSubscription(trx, row, event.today);
      const { context } = allowed(decide(subscriptionMachine, state, event));
      const moved = await trx
        .updateTable('subscriptions')
        .set({ adjusted_end_date: context.adjustedEndDate, updated_at: nowIso(deps) })
        .where(unchanged(row))
        .returningAll()
        .executeTakeFirst();
      if (moved) {
        await realignFollowing(trx, row, moved.adjusted_end_date);
        return { before: row, after: moved };
      }
    }
    throw new Error(`Subscription ${subscriptionId} kept changing while it was adjusted.`);
  }

  /**
   * The owner's adjustment of one ACTIVE subscription: the move, its history row and its audit
   * entry commit together; the customer is told afterwards.
   */
  async function adjust(owner: User, subscriptionId: number, request: AdjustmentRequest) {
    const reason = request.reason.trim();
    const event: AdjustEvent = {
      type: 'subscription.adjust',
      days: request.days,
      reason,
      today: deps.today(),
    };
    const { before, after } = await db.transaction().execute(async (trx) => {
      const moved = await moveEndDate(trx, subscriptionId, event);
      const at = nowIso(deps);
      await trx
        .insertInto('subscription_adjustments')
        .values({
          subscription_id: subscriptionId,
          batch_id: null,
          days: event.days,
          reason,
          actor_id: owner.id,
          actor_username: owner.username,
          created_at: at,
          outcome: 'moved',
          refusal_code: null,
          before_end_date: moved.before.adjusted_end_date,
          after_end_date: moved.after.adjusted_end_date,
          applied_at: at,
        })
        .execute();
      const customer = await trx
        .selectFrom('users')
        .select('username')
        .where('id', '=', moved.after.user_id)
        .executeTakeFirstOrThrow();
      await recordAudit(deps, trx, {
        actor: owner,
        action: event.type,
        objectType: 'subscription',
        objectId: subscriptionId,
        summary: {
          key:
            event.days > 0
              ? 'audit.summary.subscription.extend'
              : 'audit.summary.subscription.shorten',
          values: {
            id: subscriptionId,
            customer: customer.username,
            days: Math.abs(event.days),
            end: { date: moved.after.adjusted_end_date ?? '' },
            reason,
          },
        },
        before: { adjusted_end_date: moved.before.adjusted_end_date },
        after: { adjusted_end_date: moved.after.adjusted_end_date, days: event.days, reason },
      });
      return moved;
    });
    await notices.adjusted(after, event.days, reason);
    return { before, after };
  }

  /**
   * The owner starts subscriptions awaiting payment that the payment policy in force lets start
   * (startable.read.ts), each in its own transaction under its row's lock and checked again there,
   * each audited. Returns the ids started and the ids left as they were (paid or started since,
   * deleted, or over the limit).
   */
  async function startWithDues(
    owner: User,
    ids: readonly number[],
  ): Promise<{ started: number[]; notStarted: number[] }> {
    const started: number[] = [];
    const notStarted: number[] = [];
    for (const id of ids) {
      const done = await db.transaction().execute(async (trx) => {
        let query = trx.selectFrom('subscriptions').selectAll().where('id', '=', id);
        if (deps.db.dialect === 'postgres') query = query.forUpdate();
        const row = await query.executeTakeFirst();
        if (!row) return false;
        const { payments: policy } = await readSettings(trx);
        const { startable, duePaise } = await startableUnder(trx, policy, row);
        if (!startable) return false;
        const after = await activate(trx, row.id, deps.today());
        const customer = await trx
          .selectFrom('users')
          .select('username')
          .where('id', '=', row.user_id)
          .executeTakeFirstOrThrow();
        await recordAudit(deps, trx, {
          actor: owner,
          action: 'subscription.start_with_dues',
          objectType: 'subscription',
          objectId: row.id,
          summary: {
            key: 'audit.summary.subscription.start_with_dues',
            values: {
              id: row.id,
              customer: customer.username,
              due: { money: duePaise },
              limit: { money: policy.max_dues * 100 },
            },
          },
          before: { status: row.status },
          after: {
            status: after.status,
            start_date: after.start_date,
            amount_due_paise: duePaise,
            max_dues: policy.max_dues,
          },
        });
        return true;
      });
      (done ? started : notStarted).push(id);
    }
    return { started, notStarted };
  }

  return {
    create,
    remove,
    activate,
    startWithDues,
    extend,
    adjust,
    moveEndDate,
    /** The customer hears the new end date and why (e-mail and SMS). */
    notifyAdjusted: notices.adjusted,
    cancel,
    expire,
    expireDue,
    renew,
    planName: notices.planName,
  };
}

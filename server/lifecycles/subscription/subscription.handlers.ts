// A customer's subscriptions: subscribe, read, delete while unpaid, cancel (with its refund), renew.
// The subscription store decides and writes every change; handlers parse, call it and serialize.
import type { AppContext } from '@server/context.js';
import type { Subscription, User } from '@server/platform/db/schema.js';
import { notFound, noSuchRecord } from '@server/errors.js';
import {
  requireBusiness,
  requireCustomer,
  requireOwner,
  requireUser,
  type Handlers,
  actsForBusiness,
} from '@server/http.js';
import { readSettings } from '@server/resources/settings/settings.read.js';
import { startableSubscriptions } from './startable.read.js';
import { endDateMoves, subscriptionStatusIs } from './subscription.read.js';
import { page } from '@server/platform/paging.js';
import {
  loadActiveSubscriptionBody,
  loadSubscriptionBodies,
  loadSubscriptionBody,
  type SubscriptionBody,
} from './subscription.serializer.js';
import { rupees } from '@server/platform/format.js';
import {
  createReadCache,
  answerOf,
  encodesItsAnswers,
  sendShared,
  wantsFreshRead,
  type SharedAnswer,
} from '@server/platform/read-cache.js';

/** Customers whose active subscription is kept in memory (under 1 kB each). */
const ACTIVE_READS_KEPT = 5_000;

export function subscriptionHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { subscriptions, cancellation } = ctx.stores;
  // Kept as the JSON it goes out as: a repeated read is not serialized again.
  const activeSubscriptions = createReadCache<SharedAnswer | null>(ACTIVE_READS_KEPT);

  async function bodyOf(id: number, viewer: User): Promise<SubscriptionBody> {
    const body = await loadSubscriptionBody(db, id, ctx.today(), viewer);
    if (!body) throw notFound();
    return body;
  }

  /** The caller's own subscription (the owner's too, when `ownerMaySee`), else 404. */
  async function visible(user: User, id: number, ownerMaySee: boolean): Promise<Subscription> {
    const row = await db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || (row.user_id !== user.id && !(ownerMaySee && actsForBusiness(user))))
      throw notFound();
    return row;
  }

  return {
    async listSubscriptions(request, reply) {
      const user = requireUser(request);
      const query = request.query ?? {};
      const today = ctx.today();
      let base = db.selectFrom('subscriptions');
      if (!actsForBusiness(user)) base = base.where('user_id', '=', user.id);
      else if (query.user) base = base.where('user_id', '=', query.user);
      const status = query.status;
      if (status) base = base.where((eb) => subscriptionStatusIs(eb, status, today));
      if (query.plan) base = base.where('plan_id', '=', query.plan);
      const rows = await page(base.selectAll(), reply, query, (ordered) =>
        ordered.orderBy('id', 'desc'),
      );
      return loadSubscriptionBodies(db, rows, today, user);
    },

    async createSubscription(request, reply) {
      const user = requireCustomer(request);
      const planId = request.body.plan;
      const plan = await db
        .selectFrom('plans')
        .selectAll()
        .where('id', '=', planId)
        .executeTakeFirst();
      if (!plan) {
        throw noSuchRecord('plan', planId);
      }
      const subscription = await subscriptions.create(user, plan, null);
      // An advance the customer holds pays their new bill first.
      await ctx.stores.payments.applyAdvance(user.id);
      reply.code(201);
      return bodyOf(subscription.id, user);
    },

    getActiveSubscription: encodesItsAnswers(async (request, reply) => {
      const user = requireCustomer(request);
      const today = ctx.today();
      const load = async (): Promise<SharedAnswer | null> => {
        const body = await loadActiveSubscriptionBody(db, user, today);
        return body && answerOf(reply, body);
      };
      // The dashboard asks on every visit; `Cache-Control: no-cache` reads the database.
      const answer = wantsFreshRead(request)
        ? await load()
        : await activeSubscriptions.read(user, today, load);
      if (!answer) throw notFound('No active subscription.');
      return sendShared(request, reply, answer);
    }),

    async getSubscription(request) {
      const user = requireUser(request);
      const row = await visible(user, request.params.id, true);
      return bodyOf(row.id, user);
    },

    async deleteSubscription(request, reply) {
      const row = await visible(requireCustomer(request), request.params.id, false);
      // No payment link or counter QR may stay payable for a subscription that is gone (only one
      // awaiting payment can be deleted; the store asks the machine).
      if (row.status === 'PENDING_PAYMENT') await ctx.stores.paymentRequests.withdrawAll(row.id);
      await subscriptions.remove(row, (trx) => ctx.stores.ledger.release(trx, row));
      return reply.code(204).send();
    },

    async cancelPreview(request) {
      const row = await visible(requireCustomer(request), request.params.id, false);
      const [{ breakdown, hasSuccessfulPayment }, moves] = await Promise.all([
        cancellation.preview(row),
        endDateMoves(db, row),
      ]);
      const today = ctx.today();
      return {
        subscription_id: row.id,
        refund_amount: hasSuccessfulPayment ? rupees(breakdown.amountPaise) : 0,
        paid_days: breakdown.paidDays,
        used_days: breakdown.usedDays,
        leave_days_taken: breakdown.leaveDaysTaken,
        unused_paid_days: breakdown.unusedPaidDays,
        base_end_date: row.base_end_date ?? today,
        adjusted_end_date: row.adjusted_end_date ?? today,
        end_date_moved_by: {
          leave_days: moves.leave,
          closed_days: moves.closed,
          owner_days: moves.owner,
        },
        has_successful_payment: hasSuccessfulPayment,
      };
    },

    async cancelSubscription(request) {
      const user = requireCustomer(request);
      const row = await visible(user, request.params.id, false);
      await cancellation.cancel(user, row, request.body?.payout ?? null);
      return bodyOf(row.id, user);
    },

    async ownerListStartableSubscriptions(request) {
      const reader = requireBusiness(request);
      const { payments: policy } = await readSettings(db);
      const rows = await startableSubscriptions(db, policy);
      return { subscriptions: await loadSubscriptionBodies(db, rows, ctx.today(), reader) };
    },

    async ownerStartStartableSubscriptions(request) {
      const owner = requireOwner(request);
      const { started, notStarted } = await subscriptions.startWithDues(
        owner,
        request.body.subscriptions,
      );
      const rows =
        started.length === 0
          ? []
          : await db.selectFrom('subscriptions').selectAll().where('id', 'in', started).execute();
      return {
        detail: `Started ${started.length} subscription${started.length === 1 ? '' : 's'}.`,
        started: await loadSubscriptionBodies(db, rows, ctx.today(), owner),
        not_started: notStarted,
      };
    },

    async renewSubscription(request, reply) {
      const user = requireCustomer(request);
      const row = await visible(user, request.params.id, false);
      const renewed = await subscriptions.renew(user, row);
      await ctx.stores.payments.applyAdvance(user.id);
      reply.code(201);
      return bodyOf(renewed.id, user);
    },
  } satisfies Partial<Handlers>;
}

// A customer's subscriptions: subscribe, read, delete while unpaid, cancel (with its refund), renew.
import type { Kysely } from 'kysely';
import { decide } from '../../machines/shared/lifecycle.js';
import { leaveMachine } from '../../machines/leave/index.js';
import {
  refundBreakdown,
  subscriptionMachine,
  subscriptionRefusals,
  validateSubscriptionRequest,
} from '../../machines/subscription/index.js';
import type { AppContext } from '../context.js';
import type { Database, Plan, Subscription, User } from '../db/schema.js';
import { ApiError, fieldError, notFound, nonFieldError } from '../errors.js';
import { isOwner, requireCustomer, requireUser, type Handlers } from '../http.js';
import { page } from '../paging.js';
import {
  effectiveStatusIs,
  loadSubscriptionBodies,
  loadSubscriptionBody,
  loadSubscriptionState,
  rupees,
  type SubscriptionBody,
} from '../serializers/subscriptions.js';
import { formatRupees, notifyCustomer } from '../services/payments/notify.js';
import { insertRefundRequest } from '../services/refunds.js';

const CANCELLED_LEAVE_COMMENT = 'Subscription cancelled.';

/**
 * Creates a PENDING_PAYMENT subscription after checking every create rule. The user's row is
 * touched first so that, on PostgreSQL, two concurrent requests of one customer run one after the
 * other (SQLite transactions are serialized already) and cannot both pass the pending-count rule.
 */
export async function createPendingSubscription(
  ctx: AppContext,
  user: User,
  plan: Plan,
  renewedFromId: number | null,
): Promise<Subscription> {
  const today = ctx.today();
  return ctx.db.kysely.transaction().execute(async (trx) => {
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
        eb.or([effectiveStatusIs(eb, 'ACTIVE', today), eb('status', '=', 'PENDING_PAYMENT')]),
      )
      .limit(1)
      .executeTakeFirst();
    const pending = await trx
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', user.id)
      .where('status', '=', 'PENDING_PAYMENT')
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
    if (!verdict.ok) {
      throw new ApiError(400, {
        non_field_errors: verdict.refusals.map((refusal) => refusal.message),
        code: verdict.refusals[0].code,
      });
    }
    const meals = currentPlan.included_meals.split(',');
    const now = ctx.clock.now().toISOString();
    return trx
      .insertInto('subscriptions')
      .values({
        user_id: user.id,
        plan_id: currentPlan.id,
        subscription_type: currentPlan.service_type,
        status: 'PENDING_PAYMENT',
        breakfast_included: meals.includes('breakfast'),
        total_paid_paise: currentPlan.base_price_paise,
        start_date: null,
        base_end_date: null,
        adjusted_end_date: null,
        leave_days: 0,
        cancelled_at: null,
        renewed_from_id: renewedFromId,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** The caller's own subscription (the owner's too, when `ownerMaySee`), else 404. */
async function visibleSubscription(
  db: Kysely<Database>,
  user: User,
  id: number,
  ownerMaySee: boolean,
): Promise<Subscription> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.user_id !== user.id && !(ownerMaySee && isOwner(user))) throw notFound();
  return row;
}

export function subscriptionHandlers(ctx: AppContext): Handlers {
  const db = ctx.db.kysely;

  async function bodyOf(id: number): Promise<SubscriptionBody> {
    const body = await loadSubscriptionBody(db, id, ctx.today());
    if (!body) throw notFound();
    return body;
  }

  async function notifyCreated(subscription: Subscription, plan: Plan) {
    await notifyCustomer(ctx, subscription.user_id, {
      type: 'subscription_created',
      subject: 'Subscription created',
      text:
        `Your subscription to ${plan.name} (#${subscription.id}) is created. ` +
        `Pay ${formatRupees(subscription.total_paid_paise)} to activate it: ${ctx.config.publicUrl}/subscriptions`,
    });
  }

  return {
    async listSubscriptions(request, reply) {
      const user = requireUser(request);
      const query = request.query ?? {};
      const today = ctx.today();
      let base = db.selectFrom('subscriptions');
      if (!isOwner(user)) base = base.where('user_id', '=', user.id);
      else if (query.user) base = base.where('user_id', '=', query.user);
      if (query.status) {
        const status = query.status;
        base = base.where((eb) => effectiveStatusIs(eb, status, today));
      }
      if (query.plan) base = base.where('plan_id', '=', query.plan);
      const rows = await page(base.selectAll(), reply, query, (ordered) =>
        ordered.orderBy('id', 'desc'),
      );
      return loadSubscriptionBodies(db, rows, today);
    },

    async createSubscription(request, reply) {
      const user = requireCustomer(request);
      const plan = await db
        .selectFrom('plans')
        .selectAll()
        .where('id', '=', request.body.plan)
        .executeTakeFirst();
      if (!plan) {
        throw fieldError(
          'plan',
          `Invalid pk "${request.body.plan}" - object does not exist.`,
          'does_not_exist',
        );
      }
      const subscription = await createPendingSubscription(ctx, user, plan, null);
      await notifyCreated(subscription, plan);
      reply.code(201);
      return bodyOf(subscription.id);
    },

    async getActiveSubscription(request) {
      const user = requireCustomer(request);
      const today = ctx.today();
      const row = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('user_id', '=', user.id)
        .where((eb) => effectiveStatusIs(eb, 'ACTIVE', today))
        .orderBy('adjusted_end_date', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) throw notFound('No active subscription.');
      const [body] = await loadSubscriptionBodies(db, [row], today);
      if (!body) throw notFound();
      return body;
    },

    async getSubscription(request) {
      const user = requireUser(request);
      const row = await visibleSubscription(db, user, request.params.id, true);
      return bodyOf(row.id);
    },

    async deleteSubscription(request, reply) {
      const user = requireCustomer(request);
      const row = await visibleSubscription(db, user, request.params.id, false);
      const state = await loadSubscriptionState(db, row, ctx.today());
      const decision = decide(subscriptionMachine, state, { type: 'subscription.delete' });
      if (!decision.ok) throw nonFieldError(decision.message, decision.code);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('payment_orders')
          .set({ status: 'expired', updated_at: ctx.clock.now().toISOString() })
          .where('subscription_id', '=', row.id)
          .where('status', '=', 'created')
          .execute();
        const deleted = await trx
          .deleteFrom('subscriptions')
          .where('id', '=', row.id)
          .where('status', '=', 'PENDING_PAYMENT')
          .returning('id')
          .executeTakeFirst();
        if (!deleted) {
          const refusal = subscriptionRefusals.events['subscription.delete'];
          throw nonFieldError(refusal.message, refusal.code);
        }
      });
      return reply.code(204).send();
    },

    async cancelPreview(request) {
      const user = requireCustomer(request);
      const today = ctx.today();
      const row = await visibleSubscription(db, user, request.params.id, false);
      const state = await loadSubscriptionState(db, row, today);
      const decision = decide(subscriptionMachine, state, { type: 'subscription.cancel' });
      if (!decision.ok) throw nonFieldError(decision.message, decision.code);
      const adjustedEndDate = row.adjusted_end_date ?? today;
      const breakdown = refundBreakdown({
        totalPaidPaise: row.total_paid_paise,
        startDate: row.start_date ?? today,
        adjustedEndDate,
        today,
      });
      const hasPayment = state.context.hasSuccessfulPayment;
      return {
        subscription_id: row.id,
        refund_amount: hasPayment ? rupees(breakdown.amountPaise) : 0,
        unused_days: breakdown.unusedDays,
        total_days: Math.max(1, breakdown.totalDays),
        adjusted_end_date: adjustedEndDate,
        has_successful_payment: hasPayment,
      };
    },

    async cancelSubscription(request) {
      const user = requireCustomer(request);
      const today = ctx.today();
      const row = await visibleSubscription(db, user, request.params.id, false);
      const state = await loadSubscriptionState(db, row, today);
      const decision = decide(subscriptionMachine, state, { type: 'subscription.cancel' });
      if (!decision.ok) throw nonFieldError(decision.message, decision.code);
      const now = ctx.clock.now().toISOString();
      const refundPaise = await db.transaction().execute(async (trx) => {
        const cancelled = await trx
          .updateTable('subscriptions')
          .set({ status: 'CANCELLED', cancelled_at: now, updated_at: now })
          .where('id', '=', row.id)
          .where('status', '=', 'ACTIVE')
          .where('adjusted_end_date', '>=', today)
          .returningAll()
          .executeTakeFirst();
        if (!cancelled) {
          const refusal = subscriptionRefusals.events['subscription.cancel'];
          throw nonFieldError(refusal.message, refusal.code);
        }
        // A cancelled subscription has no days left to take leave on.
        const pendingLeaves = await trx
          .selectFrom('leaves')
          .selectAll()
          .where('subscription_id', '=', row.id)
          .where('status', '=', 'PENDING')
          .execute();
        for (const leave of pendingLeaves) {
          const rejection = decide(
            leaveMachine,
            {
              value: leave.status,
              context: {
                startDate: leave.leave_start_date,
                endDate: leave.leave_end_date,
                adminComment: leave.admin_comment,
              },
            },
            { type: 'leave.reject', adminComment: CANCELLED_LEAVE_COMMENT },
          );
          if (!rejection.ok) continue;
          await trx
            .updateTable('leaves')
            .set({
              status: 'REJECTED',
              rejected_at: now,
              admin_comment: rejection.context.adminComment,
              updated_at: now,
            })
            .where('id', '=', leave.id)
            .where('status', '=', 'PENDING')
            .execute();
        }
        // The machine says whether cancelling creates a refund (a successful payment exists).
        if (!decision.context.hasRefund || state.context.hasRefund) return null;
        const { amountPaise } = await insertRefundRequest(trx, {
          subscription: cancelled,
          requestedBy: user.id,
          today,
          now,
        });
        return amountPaise;
      });
      const plan = await db
        .selectFrom('plans')
        .select('name')
        .where('id', '=', row.plan_id)
        .executeTakeFirst();
      await notifyCustomer(ctx, row.user_id, {
        type: 'subscription_cancelled',
        subject: 'Subscription cancelled',
        text:
          `Your subscription to ${plan?.name ?? 'your plan'} (#${row.id}) is cancelled.` +
          (refundPaise === null
            ? ''
            : ` A refund of ${formatRupees(refundPaise)} has been requested; we will tell you when the owner decides.`),
        sms:
          `${ctx.config.business.name}: subscription #${row.id} cancelled.` +
          (refundPaise === null ? '' : ` Refund requested: ${formatRupees(refundPaise)}.`),
      });
      return bodyOf(row.id);
    },

    async renewSubscription(request, reply) {
      const user = requireCustomer(request);
      const today = ctx.today();
      const row = await visibleSubscription(db, user, request.params.id, false);
      const state = await loadSubscriptionState(db, row, today);
      const decision = decide(subscriptionMachine, state, { type: 'subscription.renew' });
      if (!decision.ok) throw nonFieldError(decision.message, decision.code);
      if (row.status === 'ACTIVE') {
        // Persist the expiry the read already shows, decided by the machine.
        const expiry = decide(
          subscriptionMachine,
          { ...state, value: 'ACTIVE' },
          {
            type: 'subscription.expire',
            today,
          },
        );
        if (expiry.ok) {
          await db
            .updateTable('subscriptions')
            .set({ status: 'EXPIRED', updated_at: ctx.clock.now().toISOString() })
            .where('id', '=', row.id)
            .where('status', '=', 'ACTIVE')
            .where('adjusted_end_date', '<', today)
            .execute();
        }
      }
      const plan = await db
        .selectFrom('plans')
        .selectAll()
        .where('id', '=', row.plan_id)
        .executeTakeFirstOrThrow();
      const renewed = await createPendingSubscription(ctx, user, plan, row.id);
      await notifyCreated(renewed, plan);
      reply.code(201);
      return bodyOf(renewed.id);
    },
  };
}

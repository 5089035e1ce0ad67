// Refunds after cancellation: customers see (and, if cancel did not, request) their own; the owner
// approves, rejects and marks them paid, each step decided by the refund machine.
import type { components } from '../../generated/api.js';
import { decide } from '../../machines/shared/lifecycle.js';
import { refundMachine, type RefundEvent } from '../../machines/refund/index.js';
import { subscriptionMachine, subscriptionRefusals } from '../../machines/subscription/index.js';
import type { AppContext } from '../context.js';
import type { Refund, RefundStatus } from '../db/schema.js';
import { fieldError, nonFieldError, notFound } from '../errors.js';
import { isOwner, requireCustomer, requireOwner, requireUser, type Handlers } from '../http.js';
import { page } from '../paging.js';
import {
  effectiveStatus,
  loadSubscriptionState,
  refundInfoBody,
  rupees,
} from '../serializers/subscriptions.js';
import { formatRupees, notifyCustomer } from '../services/payments/notify.js';
import { insertRefundRequest } from '../services/refunds.js';
import { dateInZone } from '../time.js';
import { isUniqueViolation } from '../db/index.js';

type RefundBody = components['schemas']['Refund'];

export function refundHandlers(ctx: AppContext): Handlers {
  const db = ctx.db.kysely;

  function refundRows() {
    return db
      .selectFrom('refunds')
      .innerJoin('subscriptions', 'subscriptions.id', 'refunds.subscription_id')
      .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
      .innerJoin('users', 'users.id', 'refunds.user_id')
      .innerJoin('payments', 'payments.id', 'refunds.payment_id')
      .leftJoin('users as requester', 'requester.id', 'refunds.requested_by')
      .selectAll('refunds')
      .select([
        'subscriptions.status as subscription_status',
        'subscriptions.adjusted_end_date as subscription_adjusted_end_date',
        'plans.name as plan_name',
        'users.username as user_username',
        'users.first_name as user_first_name',
        'users.last_name as user_last_name',
        'payments.transaction_id as payment_transaction_id',
        'requester.username as requester_username',
      ]);
  }
  type RefundRow = Awaited<ReturnType<ReturnType<typeof refundRows>['executeTakeFirstOrThrow']>>;

  function refundBody(row: RefundRow): RefundBody {
    return {
      id: row.id,
      amount: rupees(row.amount_paise),
      status: row.status,
      requested_at: row.requested_at,
      processed_at: row.processed_at,
      paid_at: row.paid_at,
      admin_comment: row.admin_comment,
      utr: row.utr,
      user: {
        id: row.user_id,
        username: row.user_username,
        full_name: `${row.user_first_name} ${row.user_last_name}`.trim(),
      },
      subscription: {
        id: row.subscription_id,
        status: effectiveStatus(
          {
            status: row.subscription_status,
            adjusted_end_date: row.subscription_adjusted_end_date,
          },
          ctx.today(),
        ),
        plan_name: row.plan_name,
        refund_info: refundInfoBody(row, row.requester_username ?? row.user_username),
      },
      original_payment: { id: row.payment_id, transaction_id: row.payment_transaction_id },
    };
  }

  async function refundById(id: number): Promise<RefundRow> {
    const row = await refundRows().where('refunds.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  const byStatus = async (status: RefundStatus) =>
    (
      await refundRows()
        .where('refunds.status', '=', status)
        .orderBy('refunds.requested_at', 'asc')
        .orderBy('refunds.id', 'asc')
        .execute()
    ).map(refundBody);

  /** Decides an owner action with the refund machine, then writes it only if nobody moved first. */
  async function act(
    id: number,
    event: RefundEvent,
    notice: (refund: Refund) => { type: string; subject: string; text: string; sms: string },
  ): Promise<RefundBody> {
    const current = await refundById(id);
    const decision = decide(
      refundMachine,
      { value: current.status, context: { adminComment: current.admin_comment, utr: current.utr } },
      event,
    );
    if (!decision.ok) throw nonFieldError(decision.message, decision.code);
    const now = ctx.clock.now().toISOString();
    const next = decision.next;
    const updated = await db
      .updateTable('refunds')
      .set({
        status: next,
        admin_comment: decision.context.adminComment,
        utr: decision.context.utr,
        updated_at: now,
        ...(next === 'PAID' ? { paid_at: now } : { processed_at: now }),
      })
      .where('id', '=', id)
      .where('status', '=', current.status)
      .returningAll()
      .executeTakeFirst();
    if (!updated) {
      // Someone decided it first: explain with the machine, from the state it is in now.
      const latest = await refundById(id);
      const again = decide(
        refundMachine,
        { value: latest.status, context: { adminComment: latest.admin_comment, utr: latest.utr } },
        event,
      );
      const refusal = again.ok
        ? { message: 'This refund changed meanwhile; please try again.', code: 'refund.conflict' }
        : again;
      throw nonFieldError(refusal.message, refusal.code);
    }
    const message = notice(updated);
    await notifyCustomer(ctx, updated.user_id, message);
    return refundBody(await refundById(id));
  }

  return {
    async listRefunds(request, reply) {
      const user = requireUser(request);
      const query = request.query ?? {};
      let base = refundRows();
      if (!isOwner(user)) base = base.where('refunds.user_id', '=', user.id);
      if (query.status) base = base.where('refunds.status', '=', query.status);
      const rows = await page(base, reply, query, (ordered) =>
        ordered.orderBy('refunds.requested_at', 'desc').orderBy('refunds.id', 'desc'),
      );
      return rows.map(refundBody);
    },

    async getRefund(request) {
      const user = requireUser(request);
      const row = await refundById(request.params.id);
      if (row.user_id !== user.id && !isOwner(user)) throw notFound();
      return refundBody(row);
    },

    async pendingRefunds(request) {
      requireOwner(request);
      return byStatus('PENDING');
    },

    async approvedRefunds(request) {
      requireOwner(request);
      return byStatus('APPROVED');
    },

    async createRefund(request, reply) {
      const user = requireCustomer(request);
      const id = request.body.subscription;
      const subscription = await db
        .selectFrom('subscriptions')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!subscription) {
        throw fieldError(
          'subscription',
          `Invalid pk "${id}" - object does not exist.`,
          'does_not_exist',
        );
      }
      const state = await loadSubscriptionState(db, subscription, ctx.today());
      const decision = decide(subscriptionMachine, state, { type: 'subscription.request_refund' });
      if (!decision.ok) throw nonFieldError(decision.message, decision.code);
      // The cancel rule, as of the day it was cancelled.
      const cancelledOn = subscription.cancelled_at
        ? dateInZone(new Date(subscription.cancelled_at), ctx.config.businessTz)
        : ctx.today();
      const now = ctx.clock.now().toISOString();
      let refundId: number;
      try {
        const inserted = await insertRefundRequest(db, {
          subscription,
          requestedBy: user.id,
          today: cancelledOn,
          now,
        });
        refundId = inserted.id;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const refusal = subscriptionRefusals.guards.hasNoRefund;
        throw nonFieldError(refusal.message, refusal.code);
      }
      reply.code(201);
      return refundBody(await refundById(refundId));
    },

    async approveRefund(request) {
      requireOwner(request);
      const comment = request.body.admin_comment;
      return act(
        request.params.id,
        { type: 'refund.approve', adminComment: comment },
        (refund) => ({
          type: 'refund_approved',
          subject: 'Refund approved',
          text:
            `Your refund of ${formatRupees(refund.amount_paise)} for subscription #${refund.subscription_id} is approved. ` +
            `It will be paid to you shortly.\n\nComment: ${refund.admin_comment ?? ''}`,
          sms: `${ctx.config.business.name}: your refund of ${formatRupees(refund.amount_paise)} is approved.`,
        }),
      );
    },

    async rejectRefund(request) {
      requireOwner(request);
      const comment = request.body.admin_comment;
      return act(request.params.id, { type: 'refund.reject', adminComment: comment }, (refund) => ({
        type: 'refund_rejected',
        subject: 'Refund rejected',
        text:
          `Your refund request for subscription #${refund.subscription_id} was rejected.\n\n` +
          `Reason: ${refund.admin_comment ?? ''}`,
        sms: `${ctx.config.business.name}: your refund request was rejected. See your e-mail for the reason.`,
      }));
    },

    async markRefundPaid(request) {
      requireOwner(request);
      const { admin_comment: comment, utr } = request.body;
      return act(
        request.params.id,
        { type: 'refund.mark_paid', adminComment: comment, utr: utr ?? null },
        (refund) => ({
          type: 'refund_paid',
          subject: 'Refund paid',
          text:
            `Your refund of ${formatRupees(refund.amount_paise)} for subscription #${refund.subscription_id} has been paid.` +
            (refund.utr ? ` Bank reference (UTR): ${refund.utr}.` : '') +
            `\n\nComment: ${refund.admin_comment ?? ''}`,
          sms:
            `${ctx.config.business.name}: refund of ${formatRupees(refund.amount_paise)} paid.` +
            (refund.utr ? ` UTR ${refund.utr}.` : ''),
        }),
      );
    },
  };
}

// Refunds after cancellation: customers see (and, if cancel did not, request) their own and say
// where to pay them; the owner approves, rejects and marks them paid. The refund store decides and
// writes every change.
import type { AppContext } from '@server/context.js';
import type { RefundStatus } from '@server/platform/db/schema.js';
import { notFound, noSuchRecord, found } from '@server/errors.js';
import {
  requireCustomer,
  requireOwner,
  requireUser,
  type Handlers,
  requireBusiness,
  actsForBusiness,
} from '@server/http.js';
import { page } from '@server/platform/paging.js';
import { refundBody } from './refund.serializer.js';
import { refundSelect, type PayoutViewer, type RefundRow } from './refund.read.js';

export function refundHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { refunds } = ctx.stores;
  /** A refund as `viewer` reads it (a manager reads the UPI id masked). */
  const bodyFor = (viewer: PayoutViewer) => (row: RefundRow) =>
    refundBody(row, ctx.today(), viewer);

  async function refundById(id: number): Promise<RefundRow> {
    return found(refundSelect(db).where('refunds.id', '=', id).executeTakeFirst());
  }

  const byStatus = async (status: RefundStatus, viewer: PayoutViewer) =>
    (
      await refundSelect(db)
        .where('refunds.status', '=', status)
        .orderBy('refunds.requested_at', 'asc')
        .orderBy('refunds.id', 'asc')
        .execute()
    ).map(bodyFor(viewer));

  return {
    async listRefunds(request, reply) {
      const user = requireUser(request);
      const query = request.query ?? {};
      let base = refundSelect(db);
      if (!actsForBusiness(user)) base = base.where('refunds.user_id', '=', user.id);
      if (query.status) base = base.where('refunds.status', '=', query.status);
      const rows = await page(base, reply, query, (ordered) =>
        ordered.orderBy('refunds.requested_at', 'desc').orderBy('refunds.id', 'desc'),
      );
      return rows.map(bodyFor(user));
    },

    async getRefund(request) {
      const user = requireUser(request);
      const row = await refundById(request.params.id);
      if (row.user_id !== user.id && !actsForBusiness(user)) throw notFound();
      return bodyFor(user)(row);
    },

    async pendingRefunds(request) {
      return byStatus('PENDING', requireBusiness(request));
    },

    async approvedRefunds(request) {
      return byStatus('APPROVED', requireBusiness(request));
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
        throw noSuchRecord('subscription', id);
      }
      const refundId = await refunds.request(user, subscription, request.body.payout ?? null);
      reply.code(201);
      return bodyFor(user)(await refundById(refundId));
    },

    async updateRefund(request) {
      const user = requireCustomer(request);
      const refund = await refundById(request.params.id);
      if (refund.user_id !== user.id) throw notFound();
      await refunds.updatePayout(refund, request.body.payout);
      return bodyFor(user)(await refundById(refund.id));
    },

    async getRefundPayout(request) {
      const owner = requireOwner(request);
      return refunds.payoutToPay(owner, await refundById(request.params.id));
    },

    async approveRefund(request) {
      const owner = requireOwner(request);
      const refund = await refundById(request.params.id);
      await refunds.approve(owner, refund, request.body.admin_comment);
      return bodyFor(owner)(await refundById(refund.id));
    },

    async rejectRefund(request) {
      const owner = requireOwner(request);
      const refund = await refundById(request.params.id);
      await refunds.reject(owner, refund, request.body.admin_comment);
      return bodyFor(owner)(await refundById(refund.id));
    },

    async markRefundPaid(request) {
      const owner = requireOwner(request);
      const refund = await refundById(request.params.id);
      await refunds.markPaid(owner, refund, request.body.admin_comment, request.body.utr ?? null);
      return bodyFor(owner)(await refundById(refund.id));
    },
  } satisfies Partial<Handlers>;
}

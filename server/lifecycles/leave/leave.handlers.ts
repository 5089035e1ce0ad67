// Leave requests: customers ask, the owner approves or rejects. The leave store decides and writes
// every change; handlers parse, call it and serialize.
import type { AppContext } from '@server/context.js';
import type { User } from '@server/platform/db/schema.js';
import { notFound, refusalField } from '@server/errors.js';
import {
  requireCustomer,
  requireUser,
  type Handlers,
  requireBusiness,
  actsForBusiness,
} from '@server/http.js';
import { page } from '@server/platform/paging.js';
import { leaveBody } from './leave.serializer.js';
import { leaveSelect, type LeaveRow } from './leave.read.js';
import { businessDayRange, businessDayStart } from '@server/platform/time.js';

export function leaveHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { leaves } = ctx.stores;

  /** The caller's own leave (the owner: any), else 404. */
  async function visible(id: number, user: User): Promise<LeaveRow> {
    let query = leaveSelect(db).where('l.id', '=', id);
    if (!actsForBusiness(user)) query = query.where('l.user_id', '=', user.id);
    const row = (await query.executeTakeFirst()) as LeaveRow | undefined;
    if (!row) throw notFound();
    return row;
  }

  const count = (query: { executeTakeFirst(): Promise<{ count: number } | undefined> }) =>
    query.executeTakeFirst().then((row) => Number(row?.count ?? 0));

  return {
    async listLeaves(request, reply) {
      const user = requireUser(request);
      const query = request.query ?? {};
      // The joins cannot drop a leave (its foreign keys are NOT NULL), so the count is the same.
      let base = leaveSelect(db);
      if (!actsForBusiness(user)) base = base.where('l.user_id', '=', user.id);
      if (query.status) base = base.where('l.status', '=', query.status);
      if (query.user !== undefined) base = base.where('l.user_id', '=', query.user);
      // The leaves whose period overlaps the range: who is away on any of its days.
      if (query.date_from && query.date_to && query.date_to < query.date_from) {
        throw refusalField('date_to', 'invalid_date_range');
      }
      if (query.date_from) base = base.where('l.leave_end_date', '>=', query.date_from);
      if (query.date_to) base = base.where('l.leave_start_date', '<=', query.date_to);
      const rows = (await page(base, reply, query, (ordered) =>
        ordered.orderBy('l.requested_at', 'desc').orderBy('l.id', 'desc'),
      )) as LeaveRow[];
      return rows.map(leaveBody);
    },

    async createLeave(request, reply) {
      const user = requireCustomer(request);
      const body = request.body;
      const leave = await leaves.create(user, {
        subscription: body.subscription,
        startDate: body.leave_start_date,
        endDate: body.leave_end_date,
        reason: body.reason,
      });
      reply.code(201);
      return leaveBody(await visible(leave.id, user));
    },

    async leaveDashboardStats(request) {
      requireBusiness(request);
      const today = ctx.today();
      const tz = ctx.config.businessTz;
      const [todayStart, todayEnd] = businessDayRange(today, tz);
      const monthStart = businessDayStart(`${today.slice(0, 7)}-01`, tz);
      const counted = db.selectFrom('leaves').select((eb) => eb.fn.countAll<number>().as('count'));
      const [pending, approvedToday, thisMonth] = await Promise.all([
        count(counted.where('status', '=', 'PENDING')),
        count(
          counted
            .where('status', '=', 'APPROVED')
            .where('approved_at', '>=', todayStart)
            .where('approved_at', '<', todayEnd),
        ),
        count(counted.where('requested_at', '>=', monthStart)),
      ]);
      return {
        pending_leaves: pending,
        approved_leaves_today: approvedToday,
        total_leaves_this_month: thisMonth,
      };
    },

    async pendingLeaves(request) {
      requireBusiness(request);
      const rows = (await leaveSelect(db)
        .where('l.status', '=', 'PENDING')
        .orderBy('l.requested_at', 'asc')
        .orderBy('l.id', 'asc')
        .execute()) as LeaveRow[];
      return rows.map(leaveBody);
    },

    async getLeave(request) {
      return leaveBody(await visible(request.params.id, requireUser(request)));
    },

    async updateLeave(request) {
      const user = requireCustomer(request);
      const leave = await visible(request.params.id, user);
      const body = request.body;
      await leaves.update(user, leave, {
        ...(body.leave_start_date !== undefined ? { startDate: body.leave_start_date } : {}),
        ...(body.leave_end_date !== undefined ? { endDate: body.leave_end_date } : {}),
        ...(body.reason !== undefined ? { reason: body.reason } : {}),
      });
      return leaveBody(await visible(leave.id, user));
    },

    async deleteLeave(request, reply) {
      const user = requireCustomer(request);
      await leaves.remove(await visible(request.params.id, user));
      return reply.code(204).send();
    },

    async approveLeave(request) {
      const owner = requireBusiness(request);
      const leave = await visible(request.params.id, owner);
      await leaves.approve(owner, leave, request.body.admin_comment);
      return leaveBody(await visible(leave.id, owner));
    },

    async rejectLeave(request) {
      const owner = requireBusiness(request);
      const leave = await visible(request.params.id, owner);
      await leaves.reject(owner, leave, request.body.admin_comment);
      return leaveBody(await visible(leave.id, owner));
    },
  } satisfies Partial<Handlers>;
}

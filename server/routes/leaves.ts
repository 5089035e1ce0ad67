// Leave requests (spec §3 "Leave request"): customers ask, the owner approves or rejects.
// Every decision goes through machines/leave; approval extends the subscription exactly once.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  addDays,
  decide,
  leaveMachine,
  leaveRefusals,
  leaveRequestRefusals,
  validateLeaveRequest,
  type Refusal,
} from '../../machines/index.js';
import type { AppContext } from '../context.js';
import type { Database, Leave, User } from '../db/schema.js';
import { ApiError, fieldError, nonFieldError, notFound } from '../errors.js';
import { isOwner, requireCustomer, requireOwner, requireUser, type Handlers } from '../http.js';
import { page } from '../paging.js';
import { businessDayStart } from '../time.js';
import { fullName } from '../serializers/subscriptions.js';
import { isUniqueViolation } from '../db/index.js';

// ---- small helpers shared by the care routes (leaves, feedback, owner views, kitchen) ----

/** A LIKE pattern matching `text` anywhere, with % _ and \ escaped (use with ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `text` (case-insensitive) inside any of `columns`: lower(col) LIKE '%text%', on both databases. */
export function searchCondition(columns: Array<string | RawBuilder<unknown>>, text: string) {
  const pattern = containsPattern(text);
  return sql<boolean>`(${sql.join(
    columns.map(
      (column) =>
        sql`lower(${typeof column === 'string' ? sql.ref(column) : column}) like ${pattern} escape '\\'`,
    ),
    sql` or `,
  )})`;
}

/** [start, end) of business date `date` as ISO instants, for comparing stored timestamps. */
export function businessDayRange(date: string, timeZone: string): [string, string] {
  return [businessDayStart(date, timeZone), businessDayStart(addDays(date, 1), timeZone)];
}

/** Status as every read must show it: an ACTIVE subscription past its end date is EXPIRED. */
export function effectiveStatus(
  status: string,
  adjustedEndDate: string | null,
  today: string,
): string {
  return status === 'ACTIVE' && adjustedEndDate !== null && adjustedEndDate < today
    ? 'EXPIRED'
    : status;
}

/** E-mail every mess owner (new leave requests). */
export async function notifyOwners(
  ctx: AppContext,
  message: { type: string; subject: string; text: string },
) {
  const owners = await ctx.db.kysely
    .selectFrom('users')
    .select(['id', 'email'])
    .where('user_type', '=', 'mess_owner')
    .where('is_active', '=', true)
    .execute();
  for (const owner of owners) {
    await ctx.notifier.notify({
      userId: owner.id,
      type: message.type,
      subject: message.subject,
      email: { to: owner.email, text: message.text },
    });
  }
}

/** A refusal list from the leave rules: all sentences, the first one's code. */
const refusalError = (refusals: readonly Refusal[]) =>
  new ApiError(400, {
    non_field_errors: refusals.map((refusal) => refusal.message),
    code: refusals[0]?.code ?? 'invalid',
  });

// ---- serialization ----

function leaveSelect(db: Kysely<Database>) {
  return db
    .selectFrom('leaves as l')
    .innerJoin('subscriptions as s', 's.id', 'l.subscription_id')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .selectAll('l')
    .select([
      'p.name as plan_name',
      's.subscription_type as subscription_type',
      'u.first_name as first_name',
      'u.last_name as last_name',
      'u.username as username',
      'u.phone as phone',
    ]);
}

type LeaveRow = Leave & {
  plan_name: string;
  subscription_type: 'mess' | 'tiffin';
  first_name: string;
  last_name: string;
  username: string;
  phone: string;
};

function leaveBody(row: LeaveRow) {
  return {
    id: row.id,
    status: row.status,
    subscription: {
      id: row.subscription_id,
      plan_name: row.plan_name,
      subscription_type: row.subscription_type,
    },
    leave_start_date: row.leave_start_date,
    leave_end_date: row.leave_end_date,
    reason: row.reason,
    requested_at: row.requested_at,
    approved_at: row.approved_at,
    rejected_at: row.rejected_at,
    admin_comment: row.admin_comment,
    duration_days: row.duration_days,
    subscription_user: {
      first_name: row.first_name,
      last_name: row.last_name,
      full_name: fullName(row),
      username: row.username,
    },
    user: row.user_id,
    user_phone: row.phone,
    subscription_plan: row.plan_name,
  };
}

const persisted = (leave: Leave) => ({
  value: leave.status,
  context: {
    startDate: leave.leave_start_date,
    endDate: leave.leave_end_date,
    adminComment: leave.admin_comment,
  },
});

export function leaveHandlers(ctx: AppContext): Handlers {
  const db = ctx.db.kysely;
  const now = () => ctx.clock.now().toISOString();

  async function loadLeave(id: number, user: User): Promise<LeaveRow> {
    let query = leaveSelect(db).where('l.id', '=', id);
    if (!isOwner(user)) query = query.where('l.user_id', '=', user.id);
    const row = (await query.executeTakeFirst()) as LeaveRow | undefined;
    if (!row) throw notFound();
    return row;
  }

  /** Every create/edit rule of the leave machine's rules helper, with the facts read from the DB. */
  async function checkDates(
    userId: number,
    subscriptionId: number,
    startDate: string,
    endDate: string,
    excludeLeaveId: number | null,
  ) {
    const subscription = await db
      .selectFrom('subscriptions')
      .select(['id', 'status', 'adjusted_end_date'])
      .where('id', '=', subscriptionId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!subscription) {
      throw fieldError('subscription', 'Subscription not found.', 'leave.subscription_not_found');
    }
    const today = ctx.today();
    let others = db
      .selectFrom('leaves')
      .select(['id', 'status', 'leave_start_date', 'leave_end_date'])
      .where('user_id', '=', userId)
      .where('status', 'in', ['PENDING', 'APPROVED']);
    if (excludeLeaveId !== null) others = others.where('id', '<>', excludeLeaveId);
    const rows = await others.execute();
    const verdict = validateLeaveRequest({
      startDate,
      endDate,
      today,
      adjustedEndDate: subscription.adjusted_end_date,
      subscriptionStatus: effectiveStatus(
        subscription.status,
        subscription.adjusted_end_date,
        today,
      ),
      hasOtherPending: rows.some((row) => row.status === 'PENDING'),
      overlapsExisting: rows.some(
        (row) => row.leave_start_date <= endDate && row.leave_end_date >= startDate,
      ),
    });
    if (!verdict.ok) throw refusalError(verdict.refusals);
    return verdict.durationDays;
  }

  async function notifyCustomer(leave: LeaveRow, type: string, subject: string, text: string) {
    const customer = await db
      .selectFrom('users')
      .select(['id', 'email', 'phone'])
      .where('id', '=', leave.user_id)
      .executeTakeFirst();
    if (!customer) return;
    await ctx.notifier.notify({
      userId: customer.id,
      type,
      subject,
      email: { to: customer.email, text },
      sms: { to: customer.phone, body: `Dabba: ${text}` },
    });
  }

  const period = (leave: LeaveRow) =>
    `${leave.leave_start_date} to ${leave.leave_end_date} (${leave.duration_days} day${
      leave.duration_days === 1 ? '' : 's'
    })`;

  async function decideByOwner(
    id: number,
    owner: User,
    event: { type: 'leave.approve' | 'leave.reject'; adminComment: string },
  ) {
    const leave = await loadLeave(id, owner);
    const decision = decide(leaveMachine, persisted(leave), event);
    if (!decision.ok) throw nonFieldError(decision.message, decision.code);
    const at = now();
    const comment = decision.context.adminComment;
    if (event.type === 'leave.reject') {
      const updated = await db
        .updateTable('leaves')
        .set({
          status: 'REJECTED',
          rejected_at: at,
          admin_comment: comment,
          decided_by: owner.id,
          updated_at: at,
        })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw notPendingAnymore(event.type);
      return loadLeave(id, owner);
    }
    const today = ctx.today();
    const approved = await db.transaction().execute(async (trx) => {
      // The conditional UPDATE is the lock: of 50 concurrent approvals only one gets a row back.
      const row = await trx
        .updateTable('leaves')
        .set({
          status: 'APPROVED',
          approved_at: at,
          admin_comment: comment,
          decided_by: owner.id,
          updated_at: at,
        })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const subscription = await trx
          .selectFrom('subscriptions')
          .select(['id', 'status', 'adjusted_end_date', 'leave_days'])
          .where('id', '=', row.subscription_id)
          .executeTakeFirstOrThrow();
        if (
          effectiveStatus(subscription.status, subscription.adjusted_end_date, today) !==
            'ACTIVE' ||
          subscription.adjusted_end_date === null
        ) {
          throw nonFieldError(
            'Leave can only be approved while its subscription is active.',
            'leave.subscription_not_active',
          );
        }
        // Compare-and-set on the end date, so a concurrent change of the subscription is not lost.
        const extended = await trx
          .updateTable('subscriptions')
          .set({
            adjusted_end_date: addDays(subscription.adjusted_end_date, row.duration_days),
            leave_days: subscription.leave_days + row.duration_days,
            updated_at: at,
          })
          .where('id', '=', subscription.id)
          .where('status', '=', 'ACTIVE')
          .where('adjusted_end_date', '=', subscription.adjusted_end_date)
          .where('leave_days', '=', subscription.leave_days)
          .returning('id')
          .executeTakeFirst();
        if (extended) return row;
      }
      throw new Error('The subscription kept changing while a leave was approved.');
    });
    if (!approved) throw notPendingAnymore(event.type);
    return loadLeave(id, owner);
  }

  /** The race was lost: another request decided the leave after we read it. */
  const notPendingAnymore = (type: 'leave.approve' | 'leave.reject') =>
    nonFieldError(leaveRefusals.events[type].message, leaveRefusals.events[type].code);

  return {
    async listLeaves(request, reply) {
      const user = requireUser(request);
      const query = request.query ?? {};
      // The joins cannot drop a leave (its foreign keys are NOT NULL), so the count is the same.
      let base = leaveSelect(db);
      if (!isOwner(user)) base = base.where('l.user_id', '=', user.id);
      if (query.status) base = base.where('l.status', '=', query.status);
      const rows = (await page(base, reply, query, (ordered) =>
        ordered.orderBy('l.requested_at', 'desc').orderBy('l.id', 'desc'),
      )) as LeaveRow[];
      return rows.map(leaveBody);
    },

    async createLeave(request, reply) {
      const user = requireCustomer(request);
      const body = request.body;
      const durationDays = await checkDates(
        user.id,
        body.subscription,
        body.leave_start_date,
        body.leave_end_date,
        null,
      );
      const at = now();
      let id: number;
      try {
        const inserted = await db
          .insertInto('leaves')
          .values({
            user_id: user.id,
            subscription_id: body.subscription,
            leave_start_date: body.leave_start_date,
            leave_end_date: body.leave_end_date,
            reason: body.reason.trim(),
            status: 'PENDING',
            duration_days: durationDays,
            requested_at: at,
            approved_at: null,
            rejected_at: null,
            admin_comment: null,
            decided_by: null,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = inserted.id;
      } catch (error) {
        // The partial unique index: two requests raced past the pending check.
        if (isUniqueViolation(error)) throw refusalError([leaveRequestRefusals.pendingExists]);
        throw error;
      }
      const leave = await loadLeave(id, user);
      await notifyCustomer(
        leave,
        'leave_submitted',
        'Leave request submitted',
        `Your leave request for ${period(leave)} on ${leave.plan_name} was submitted and awaits approval.`,
      );
      await notifyOwners(ctx, {
        type: 'leave_submitted_owner',
        subject: `New leave request from ${leave.username}`,
        text: `${fullName(leave)} (${leave.username}, ${leave.phone}) requested leave for ${period(
          leave,
        )} on ${leave.plan_name}. Reason: ${leave.reason}`,
      });
      reply.code(201);
      return leaveBody(leave);
    },

    async leaveDashboardStats(request) {
      requireOwner(request);
      const today = ctx.today();
      const tz = ctx.config.businessTz;
      const [todayStart, todayEnd] = businessDayRange(today, tz);
      const monthStart = businessDayStart(`${today.slice(0, 7)}-01`, tz);
      const count = (rows: { count: number | string } | undefined) => Number(rows?.count ?? 0);
      const [pending, approvedToday, thisMonth] = await Promise.all([
        db
          .selectFrom('leaves')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('status', '=', 'PENDING')
          .executeTakeFirst(),
        db
          .selectFrom('leaves')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('status', '=', 'APPROVED')
          .where('approved_at', '>=', todayStart)
          .where('approved_at', '<', todayEnd)
          .executeTakeFirst(),
        db
          .selectFrom('leaves')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('requested_at', '>=', monthStart)
          .executeTakeFirst(),
      ]);
      return {
        pending_leaves: count(pending),
        approved_leaves_today: count(approvedToday),
        total_leaves_this_month: count(thisMonth),
      };
    },

    async pendingLeaves(request) {
      requireOwner(request);
      const rows = (await leaveSelect(db)
        .where('l.status', '=', 'PENDING')
        .orderBy('l.requested_at', 'asc')
        .orderBy('l.id', 'asc')
        .execute()) as LeaveRow[];
      return rows.map(leaveBody);
    },

    async getLeave(request) {
      const user = requireUser(request);
      return leaveBody(await loadLeave(request.params.id, user));
    },

    async updateLeave(request) {
      const user = requireCustomer(request);
      const leave = await loadLeave(request.params.id, user);
      const body = request.body;
      const decision = decide(leaveMachine, persisted(leave), {
        type: 'leave.update',
        ...(body.leave_start_date !== undefined ? { startDate: body.leave_start_date } : {}),
        ...(body.leave_end_date !== undefined ? { endDate: body.leave_end_date } : {}),
      });
      if (!decision.ok) throw nonFieldError(decision.message, decision.code);
      const { startDate, endDate } = decision.context;
      const durationDays = await checkDates(
        user.id,
        leave.subscription_id,
        startDate,
        endDate,
        leave.id,
      );
      const updated = await db
        .updateTable('leaves')
        .set({
          leave_start_date: startDate,
          leave_end_date: endDate,
          duration_days: durationDays,
          ...(body.reason !== undefined ? { reason: body.reason.trim() } : {}),
          updated_at: now(),
        })
        .where('id', '=', leave.id)
        .where('status', '=', 'PENDING')
        .returning('id')
        .executeTakeFirst();
      if (!updated) {
        const current = await loadLeave(leave.id, user);
        const refusal = decide(leaveMachine, persisted(current), { type: 'leave.update' });
        throw refusal.ok
          ? nonFieldError('Only pending leave requests can be changed.', 'leave.not_pending')
          : nonFieldError(refusal.message, refusal.code);
      }
      return leaveBody(await loadLeave(leave.id, user));
    },

    async deleteLeave(request, reply) {
      const user = requireCustomer(request);
      const leave = await loadLeave(request.params.id, user);
      const decision = decide(leaveMachine, persisted(leave), { type: 'leave.delete' });
      if (!decision.ok) throw nonFieldError(decision.message, decision.code);
      const deleted = await db
        .deleteFrom('leaves')
        .where('id', '=', leave.id)
        .where('status', '=', 'PENDING')
        .returning('id')
        .executeTakeFirst();
      if (!deleted) {
        throw nonFieldError('Only pending leave requests can be deleted.', 'leave.not_pending');
      }
      return reply.code(204).send();
    },

    async approveLeave(request) {
      const owner = requireOwner(request);
      const leave = await decideByOwner(request.params.id, owner, {
        type: 'leave.approve',
        adminComment: request.body.admin_comment,
      });
      await notifyCustomer(
        leave,
        'leave_approved',
        'Leave request approved',
        `Your leave for ${period(leave)} was approved. Your subscription now ends one day later for each day of leave.${
          leave.admin_comment ? ` Comment: ${leave.admin_comment}` : ''
        }`,
      );
      return leaveBody(leave);
    },

    async rejectLeave(request) {
      const owner = requireOwner(request);
      const leave = await decideByOwner(request.params.id, owner, {
        type: 'leave.reject',
        adminComment: request.body.admin_comment,
      });
      await notifyCustomer(
        leave,
        'leave_rejected',
        'Leave request rejected',
        `Your leave request for ${period(leave)} was rejected.${
          leave.admin_comment ? ` Comment: ${leave.admin_comment}` : ''
        }`,
      );
      return leaveBody(leave);
    },
  };
}

// The owner's side of feedback: lists, statistics (docs/rules/feedback.md), respond, status.
import { sql } from 'kysely';
import type { FeedbackEvent } from '@machines';
import type { AppContext } from '@server/context.js';
import { notFound } from '@server/errors.js';
import { type Handlers, requireBusiness } from '@server/http.js';
import { page } from '@server/platform/paging.js';
import { feedbackSerializer } from './feedback.serializer.js';
import { feedbackSelect, type FeedbackRow } from './feedback.read.js';
import { searchCondition } from '@server/platform/db/search.js';
import { businessDayRange } from '@server/platform/time.js';

const OPEN = ['open', 'in_progress'] as const;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export function feedbackAdminHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const serialize = feedbackSerializer(db, ctx.config.publicUrl);

  async function load(id: number): Promise<FeedbackRow> {
    const row = (await feedbackSelect(db).where('f.id', '=', id).executeTakeFirst()) as
      FeedbackRow | undefined;
    if (!row) throw notFound();
    return row;
  }

  return {
    async adminListFeedback(request, reply) {
      requireBusiness(request);
      const query = request.query ?? {};
      let filtered = feedbackSelect(db);
      // in_progress is open feedback that has been answered, so "Open" includes it.
      if (query.status === 'open')
        filtered = filtered.where('f.status', 'in', ['open', 'in_progress']);
      else if (query.status) filtered = filtered.where('f.status', '=', query.status);
      if (query.feedback_type)
        filtered = filtered.where('f.feedback_type', '=', query.feedback_type);
      if (query.priority) filtered = filtered.where('f.priority', '=', query.priority);
      if (query.user) filtered = filtered.where('f.user_id', '=', query.user);
      const search = query.search?.trim();
      if (search) {
        filtered = filtered.where(
          searchCondition(['f.subject', 'f.message', 'u.username', 'u.email'], search),
        );
      }
      const rows = (await page(filtered, reply, query, (ordered) =>
        ordered.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc'),
      )) as FeedbackRow[];
      return serialize.many(rows);
    },

    async adminFeedbackDashboardStats(request) {
      requireBusiness(request);
      const [todayStart, todayEnd] = businessDayRange(ctx.today(), ctx.config.businessTz);
      const count = (condition: ReturnType<typeof sql>) =>
        sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
      const isOpen = sql`status in ('open', 'in_progress')`;
      const totals = await db
        .selectFrom('feedback')
        .select([
          (eb) => eb.fn.countAll<number>().as('total'),
          count(sql`admin_response is null and status not in ('resolved', 'closed')`).as('pending'),
          count(
            sql`feedback_type = 'food_complaint' and ${isOpen} and priority in ('urgent', 'high')`,
          ).as('urgent_complaints'),
          count(sql`feedback_type = 'food_complaint'`).as('food'),
          count(sql`feedback_type = 'general_feedback'`).as('general'),
          count(isOpen).as('open'),
          count(sql`${isOpen} and priority = 'urgent'`).as('urgent'),
          count(sql`${isOpen} and priority = 'high'`).as('high'),
          count(
            sql`status = 'resolved' and resolved_at >= ${todayStart} and resolved_at < ${todayEnd}`,
          ).as('resolved_today'),
          count(sql`admin_response is not null`).as('responded'),
          sql<number | null>`avg(rating)`.as('average_rating'),
        ])
        .executeTakeFirstOrThrow();
      const total = Number(totals.total);
      const recent = (await feedbackSelect(db)
        .where('f.feedback_type', '=', 'food_complaint')
        .orderBy('f.created_at', 'desc')
        .orderBy('f.id', 'desc')
        .limit(5)
        .execute()) as FeedbackRow[];
      return {
        total_feedbacks: total,
        pending_feedback: Number(totals.pending),
        urgent_complaints: Number(totals.urgent_complaints),
        food_complaints: Number(totals.food),
        general_feedbacks: Number(totals.general),
        open_feedbacks: Number(totals.open),
        urgent_feedbacks: Number(totals.urgent),
        high_priority_feedbacks: Number(totals.high),
        resolved_today: Number(totals.resolved_today),
        response_rate: total === 0 ? 0 : oneDecimal((Number(totals.responded) * 100) / total),
        average_rating:
          total === 0 || totals.average_rating === null
            ? null
            : oneDecimal(Number(totals.average_rating)),
        recent_complaints: await serialize.many(recent),
      };
    },

    async adminPendingResponses(request) {
      requireBusiness(request);
      const rows = (await feedbackSelect(db)
        .where('f.admin_response', 'is', null)
        .where('f.status', 'not in', ['resolved', 'closed'])
        .orderBy('f.created_at', 'asc')
        .orderBy('f.id', 'asc')
        .execute()) as FeedbackRow[];
      return serialize.many(rows);
    },

    async adminUrgentComplaints(request) {
      requireBusiness(request);
      const rows = (await feedbackSelect(db)
        .where('f.feedback_type', '=', 'food_complaint')
        .where('f.status', 'in', [...OPEN])
        .where('f.priority', 'in', ['urgent', 'high'])
        .orderBy('f.created_at', 'desc')
        .orderBy('f.id', 'desc')
        .execute()) as FeedbackRow[];
      return serialize.many(rows);
    },

    async adminPrioritySummary(request) {
      requireBusiness(request);
      const rows = await db
        .selectFrom('feedback')
        .select([
          'priority',
          (eb) => eb.fn.countAll<number>().as('count'),
          sql<number>`coalesce(sum(case when status in ('open', 'in_progress') then 1 else 0 end), 0)`.as(
            'open_count',
          ),
        ])
        .groupBy('priority')
        .execute();
      const byPriority = new Map(rows.map((row) => [row.priority, row]));
      return (['urgent', 'high', 'medium', 'low'] as const).map((priority) => ({
        priority,
        count: Number(byPriority.get(priority)?.count ?? 0),
        open_count: Number(byPriority.get(priority)?.open_count ?? 0),
      }));
    },

    async adminRecentActivity(request) {
      requireBusiness(request);
      const rows = (await feedbackSelect(db)
        .orderBy('f.updated_at', 'desc')
        .orderBy('f.id', 'desc')
        .limit(5)
        .execute()) as FeedbackRow[];
      return serialize.many(rows);
    },

    async adminGetFeedback(request) {
      requireBusiness(request);
      return serialize.one(await load(request.params.id));
    },

    async adminRespondFeedback(request) {
      const owner = requireBusiness(request);
      const body = request.body;
      const event: FeedbackEvent = body.status
        ? { type: 'feedback.set_status', status: body.status, response: body.admin_response }
        : { type: 'feedback.respond', response: body.admin_response };
      await ctx.stores.feedback.answer(owner, request.params.id, event);
      return serialize.one(await load(request.params.id));
    },

    async adminUpdateFeedbackStatus(request) {
      const owner = requireBusiness(request);
      await ctx.stores.feedback.answer(owner, request.params.id, {
        type: 'feedback.set_status',
        status: request.body.status,
      });
      return serialize.one(await load(request.params.id));
    },
  } satisfies Partial<Handlers>;
}

// A customer's feedback and food complaints, with one photo each. The feedback store decides and
// writes every change; handlers parse, call it and serialize.
import type { AppContext } from '@server/context.js';
import type { User } from '@server/platform/db/schema.js';
import { ApiError, forbidden, notFound, refusalField, found } from '@server/errors.js';
import { requireCustomer, requireUser, type Handlers, actsForBusiness } from '@server/http.js';
import { feedbackSerializer } from './feedback.serializer.js';
import { feedbackSelect, type FeedbackRow } from './feedback.read.js';

export function feedbackHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const serialize = feedbackSerializer(db, ctx.config.publicUrl);
  const { feedback } = ctx.stores;

  /** The caller's own feedback (the owner: any); anyone else's is 404. */
  async function visible(id: number, user: User): Promise<FeedbackRow> {
    let query = feedbackSelect(db).where('f.id', '=', id);
    if (!actsForBusiness(user)) query = query.where('f.user_id', '=', user.id);
    const row = (await query.executeTakeFirst()) as FeedbackRow | undefined;
    if (!row) throw notFound();
    return row;
  }

  return {
    async listFeedback(request) {
      const user = requireUser(request);
      const rows = (await feedbackSelect(db)
        .where('f.user_id', '=', user.id)
        .orderBy('f.created_at', 'desc')
        .orderBy('f.id', 'desc')
        .execute()) as FeedbackRow[];
      return serialize.many(rows);
    },

    async createFeedback(request, reply) {
      const user = requireCustomer(request);
      // Feedback comes from people we can reach: the phone must be verified first.
      if (user.status === 'unverified') {
        throw forbidden('Please verify your phone number before sending feedback.');
      }
      const body = request.body;
      const feedbackType = body.feedback_type ?? 'general_feedback';
      const isFood = feedbackType === 'food_complaint';
      const id = await feedback.create(user, {
        feedbackType,
        subject: body.subject,
        message: body.message,
        rating: body.rating ?? 5,
        subscriptionId: body.subscription ?? null,
        // Meal details belong to food complaints only.
        mealDate: isFood ? (body.meal_date ?? null) : null,
        mealType: isFood ? (body.meal_type ?? null) : null,
      });
      reply.code(201);
      return serialize.one(await visible(id, user));
    },

    async myFeedbackStats(request) {
      const user = requireCustomer(request);
      const rows = await db
        .selectFrom('feedback')
        .select([
          'status',
          (eb) => eb.fn.countAll<number>().as('count'),
          (eb) => eb.fn.sum<number>('rating').as('rating_sum'),
        ])
        .where('user_id', '=', user.id)
        .groupBy('status')
        .execute();
      let total = 0;
      let ratingSum = 0;
      const byStatus: Record<string, number> = {};
      for (const row of rows) {
        const count = Number(row.count);
        total += count;
        ratingSum += Number(row.rating_sum ?? 0);
        byStatus[row.status] = count;
      }
      return {
        total_feedbacks: total,
        open_feedbacks: (byStatus.open ?? 0) + (byStatus.in_progress ?? 0),
        resolved_feedbacks: byStatus.resolved ?? 0,
        closed_feedbacks: byStatus.closed ?? 0,
        average_rating: total === 0 ? null : Math.round((ratingSum / total) * 10) / 10,
      };
    },

    async getFeedback(request) {
      return serialize.one(await visible(request.params.id, requireUser(request)));
    },

    async updateFeedback(request) {
      const user = requireCustomer(request);
      const row = await visible(request.params.id, user);
      const { subject, message, rating } = request.body;
      await feedback.update(row, { subject, message, rating });
      return serialize.one(await visible(row.id, user));
    },

    async deleteFeedback(request, reply) {
      const user = requireCustomer(request);
      await feedback.remove(await visible(request.params.id, user));
      return reply.code(204).send();
    },

    async addFeedbackAttachment(request) {
      const user = requireCustomer(request);
      const row = await visible(request.params.id, user);
      await feedback.mayAttach(row);
      if (!request.isMultipart()) throw refusalField('file', 'required:image');
      let filename: string | undefined;
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part || part.fieldname !== 'file') throw refusalField('file', 'required:image');
        filename = part.filename;
        bytes = await part.toBuffer();
      } catch (error) {
        // Over the limit: FST_REQ_FILE_TOO_LARGE, answered 413 with the spec's sentence. Any other
        // parse failure (no boundary, truncated body, too many parts) is the client's: 400.
        if (
          error instanceof ApiError ||
          (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
        ) {
          throw error;
        }
        throw refusalField('file', 'invalid_upload');
      }
      if (bytes.length === 0) throw refusalField('file', 'required:image');
      await feedback.addAttachment(row, bytes, filename);
      return serialize.one(await visible(row.id, user));
    },

    async removeFeedbackAttachment(request) {
      const user = requireCustomer(request);
      const row = await visible(request.params.id, user);
      await feedback.removeAttachment(row);
      return serialize.one(await visible(row.id, user));
    },

    async getFeedbackAttachmentFile(request, reply) {
      const user = requireUser(request);
      let query = db
        .selectFrom('feedback_attachments as a')
        .innerJoin('feedback as f', 'f.id', 'a.feedback_id')
        .selectAll('a')
        .where('a.id', '=', request.params.id);
      if (!actsForBusiness(user)) query = query.where('f.user_id', '=', user.id);
      const attachment = await found(query.executeTakeFirst());
      // Only a missing file is a 404; a store that fails answers 5xx.
      const bytes = await ctx.attachments.get(attachment.storage_name);
      if (!bytes) throw notFound('The attachment file is missing.');
      return reply
        .type(attachment.content_type)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Length', String(bytes.length))
        .send(bytes);
    },
  } satisfies Partial<Handlers>;
}

// Customer feedback and food complaints (spec §3 "Feedback"), with one image attachment each.
// Every state change goes through machines/feedback.
import type { Kysely } from 'kysely';
import {
  computePriority,
  decide,
  feedbackMachine,
  feedbackRequestRefusals,
  validateAttachment,
  validateFeedbackRequest,
  type Refusal,
} from '../../machines/index.js';
import type { AppContext } from '../context.js';
import type { Database, Feedback, FeedbackAttachment, User } from '../db/schema.js';
import { ApiError, fieldError, forbidden, nonFieldError, notFound } from '../errors.js';
import { isOwner, requireCustomer, requireUser, type Handlers } from '../http.js';
import {
  cleanFilename,
  deleteAttachmentFile,
  detectImageType,
  readAttachment,
  reencodeImage,
  storeAttachment,
} from '../services/attachments.js';
import { isUniqueViolation } from '../db/index.js';

export function feedbackSelect(db: Kysely<Database>) {
  return db
    .selectFrom('feedback as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .selectAll('f')
    .select([
      'u.username as user_username',
      'u.email as user_email',
      'u.phone as user_phone',
      'u.user_type as user_user_type',
      'u.status as user_status',
    ]);
}

export type FeedbackRow = Feedback & {
  user_username: string;
  user_email: string;
  user_phone: string;
  user_user_type: User['user_type'];
  user_status: User['status'];
};

export const persistedFeedback = (row: Feedback, attachmentCount: number) => ({
  value: row.status,
  context: {
    hasResponse: row.admin_response !== null && row.admin_response.trim() !== '',
    canAddAttachments: row.can_add_attachments,
    attachmentCount,
  },
});

/** Attachments of these feedback ids, by feedback id (at most one each). */
export async function loadAttachments(db: Kysely<Database>, feedbackIds: number[]) {
  if (feedbackIds.length === 0) return new Map<number, FeedbackAttachment>();
  const rows = await db
    .selectFrom('feedback_attachments')
    .selectAll()
    .where('feedback_id', 'in', feedbackIds)
    .execute();
  return new Map(rows.map((row) => [row.feedback_id, row]));
}

export function feedbackSerializer(ctx: AppContext) {
  const fileUrl = (attachmentId: number) =>
    `${ctx.config.publicUrl.replace(/\/+$/, '')}/api/feedback/attachments/${attachmentId}/file/`;
  const body = (row: FeedbackRow, attachment: FeedbackAttachment | undefined) => ({
    id: row.id,
    feedback_type: row.feedback_type,
    subject: row.subject,
    message: row.message,
    rating: row.rating,
    subscription: row.subscription_id,
    meal_date: row.meal_date,
    meal_type: row.meal_type,
    status: row.status,
    priority: row.priority,
    created_at: row.created_at,
    updated_at: row.updated_at,
    admin_response: row.admin_response,
    responded_at: row.responded_at,
    user: {
      id: row.user_id,
      username: row.user_username,
      email: row.user_email,
      phone: row.user_phone,
      user_type: row.user_user_type,
      status: row.user_status,
    },
    attachment: attachment ? fileUrl(attachment.id) : null,
    attachments: attachment
      ? [
          {
            id: attachment.id,
            file: fileUrl(attachment.id),
            original_filename: attachment.original_filename,
            file_size: attachment.file_size,
            content_type: attachment.content_type as 'image/jpeg' | 'image/png' | 'image/webp',
            uploaded_at: attachment.created_at,
          },
        ]
      : [],
    attachment_count: attachment ? 1 : 0,
    can_add_attachments: decide(feedbackMachine, persistedFeedback(row, attachment ? 1 : 0), {
      type: 'feedback.add_attachment',
    }).ok,
  });
  return {
    async many(rows: FeedbackRow[]) {
      const attachments = await loadAttachments(
        ctx.db.kysely,
        rows.map((row) => row.id),
      );
      return rows.map((row) => body(row, attachments.get(row.id)));
    },
    async one(row: FeedbackRow) {
      const attachments = await loadAttachments(ctx.db.kysely, [row.id]);
      return body(row, attachments.get(row.id));
    },
  };
}

const refusalError = (refusals: readonly Refusal[]) =>
  new ApiError(400, {
    non_field_errors: refusals.map((refusal) => refusal.message),
    code: refusals[0]?.code ?? 'invalid',
  });

const CHOOSE_FILE = 'Please choose an image to upload.';

export function feedbackHandlers(ctx: AppContext): Handlers {
  const db = ctx.db.kysely;
  const serialize = feedbackSerializer(ctx);
  const now = () => ctx.clock.now().toISOString();

  /** The caller's own feedback (the owner: any); anyone else's is 404. */
  async function loadFeedback(id: number, user: User): Promise<FeedbackRow> {
    let query = feedbackSelect(db).where('f.id', '=', id);
    if (!isOwner(user)) query = query.where('f.user_id', '=', user.id);
    const row = (await query.executeTakeFirst()) as FeedbackRow | undefined;
    if (!row) throw notFound();
    return row;
  }

  async function attachmentOf(feedbackId: number) {
    return db
      .selectFrom('feedback_attachments')
      .selectAll()
      .where('feedback_id', '=', feedbackId)
      .executeTakeFirst();
  }

  /** Decides `type` for the feedback as stored now; throws the machine's refusal. */
  async function decideNow(
    row: Feedback,
    type: 'feedback.update' | 'feedback.delete' | 'feedback.add_attachment',
  ) {
    const attachment = await attachmentOf(row.id);
    const decision = decide(feedbackMachine, persistedFeedback(row, attachment ? 1 : 0), { type });
    if (!decision.ok) throw nonFieldError(decision.message, decision.code);
    return attachment;
  }

  /** Re-read after a conditional write found nothing to change, and explain why. */
  async function refusedNow(
    id: number,
    user: User,
    type: 'feedback.update' | 'feedback.delete' | 'feedback.add_attachment',
  ): Promise<ApiError> {
    const current = await loadFeedback(id, user);
    await decideNow(current, type);
    return nonFieldError('This feedback changed meanwhile. Please try again.', 'feedback.conflict');
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
      const rating = body.rating ?? 5;
      const isFood = feedbackType === 'food_complaint';
      const mealDate = isFood ? (body.meal_date ?? null) : null;
      const mealType = isFood ? (body.meal_type ?? null) : null;
      const subscriptionId = body.subscription ?? null;
      if (subscriptionId !== null) {
        const own = await db
          .selectFrom('subscriptions')
          .select('id')
          .where('id', '=', subscriptionId)
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        if (!own)
          throw fieldError(
            'subscription',
            'Subscription not found.',
            'feedback.subscription_not_found',
          );
      }
      const open = await db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', user.id)
        .where('status', 'in', ['open', 'in_progress'])
        .executeTakeFirstOrThrow();
      const verdict = validateFeedbackRequest({
        feedbackType,
        mealDate,
        mealType,
        today: ctx.today(),
        openCount: Number(open.count),
      });
      if (!verdict.ok) throw refusalError(verdict.refusals);
      const at = now();
      let id: number;
      try {
        const inserted = await db
          .insertInto('feedback')
          .values({
            user_id: user.id,
            subscription_id: subscriptionId,
            feedback_type: feedbackType,
            subject: body.subject.trim(),
            message: body.message.trim(),
            rating,
            meal_date: mealDate,
            meal_type: mealType,
            status: 'open',
            priority: computePriority({ feedbackType, rating }),
            admin_response: null,
            responded_at: null,
            responded_by: null,
            can_add_attachments: true,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = inserted.id;
      } catch (error) {
        if (isUniqueViolation(error)) throw refusalError([feedbackRequestRefusals.openExists]);
        throw error;
      }
      reply.code(201);
      return serialize.one(await loadFeedback(id, user));
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
      const user = requireUser(request);
      return serialize.one(await loadFeedback(request.params.id, user));
    },

    async updateFeedback(request) {
      const user = requireCustomer(request);
      const row = await loadFeedback(request.params.id, user);
      await decideNow(row, 'feedback.update');
      const body = request.body;
      const rating = body.rating ?? row.rating;
      const updated = await db
        .updateTable('feedback')
        .set({
          ...(body.subject !== undefined ? { subject: body.subject.trim() } : {}),
          ...(body.message !== undefined ? { message: body.message.trim() } : {}),
          rating,
          priority: computePriority({ feedbackType: row.feedback_type, rating }),
          updated_at: now(),
        })
        .where('id', '=', row.id)
        .where('status', '=', 'open')
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw await refusedNow(row.id, user, 'feedback.update');
      return serialize.one(await loadFeedback(row.id, user));
    },

    async deleteFeedback(request, reply) {
      const user = requireCustomer(request);
      const row = await loadFeedback(request.params.id, user);
      const attachment = await decideNow(row, 'feedback.delete');
      const deleted = await db
        .deleteFrom('feedback')
        .where('id', '=', row.id)
        .where('status', '=', 'open')
        .returning('id')
        .executeTakeFirst();
      if (!deleted) throw await refusedNow(row.id, user, 'feedback.delete');
      if (attachment) await deleteAttachmentFile(ctx.config.dataDir, attachment.storage_name);
      return reply.code(204).send();
    },

    async addFeedbackAttachment(request) {
      const user = requireCustomer(request);
      const row = await loadFeedback(request.params.id, user);
      await decideNow(row, 'feedback.add_attachment');
      if (!request.isMultipart()) throw fieldError('file', CHOOSE_FILE, 'required');
      let filename: string | undefined;
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part || part.fieldname !== 'file') throw fieldError('file', CHOOSE_FILE, 'required');
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
        throw fieldError('file', CHOOSE_FILE, 'invalid_upload');
      }
      if (bytes.length === 0) throw fieldError('file', CHOOSE_FILE, 'required');
      const detected = detectImageType(bytes);
      const refusal = validateAttachment({ sizeBytes: bytes.length, detectedMimeType: detected });
      if (refusal || !detected) {
        const reason = refusal ?? feedbackRequestRefusals.attachmentNotImage;
        throw new ApiError(400, {
          file: [reason.message],
          detail: reason.message,
          code: reason.code,
        });
      }
      let clean: Buffer;
      try {
        clean = await reencodeImage(bytes, detected);
      } catch {
        const reason = feedbackRequestRefusals.attachmentNotImage;
        throw new ApiError(400, {
          file: [reason.message],
          detail: reason.message,
          code: reason.code,
        });
      }
      const storageName = await storeAttachment(ctx.config.dataDir, clean, detected);
      let attached = false;
      try {
        attached = await db.transaction().execute(async (trx) => {
          // Still open and attachable at the moment of writing.
          const stillOpen = await trx
            .updateTable('feedback')
            .set({ updated_at: now() })
            .where('id', '=', row.id)
            .where('status', '=', 'open')
            .where('can_add_attachments', '=', true)
            .returning('id')
            .executeTakeFirst();
          // (No query on `db` inside the transaction: SQLite has one connection.)
          if (!stillOpen) return false;
          await trx
            .insertInto('feedback_attachments')
            .values({
              feedback_id: row.id,
              storage_name: storageName,
              original_filename: cleanFilename(filename, detected),
              content_type: detected,
              file_size: clean.length,
              created_at: now(),
            })
            .execute();
          return true;
        });
      } catch (error) {
        await deleteAttachmentFile(ctx.config.dataDir, storageName);
        if (isUniqueViolation(error)) {
          throw nonFieldError(
            'This feedback already has an attachment.',
            'feedback.attachment_exists',
          );
        }
        throw error;
      }
      if (!attached) {
        await deleteAttachmentFile(ctx.config.dataDir, storageName);
        throw await refusedNow(row.id, user, 'feedback.add_attachment');
      }
      return serialize.one(await loadFeedback(row.id, user));
    },

    async removeFeedbackAttachment(request) {
      const user = requireCustomer(request);
      const row = await loadFeedback(request.params.id, user);
      const attachment = await attachmentOf(row.id);
      const decision = decide(feedbackMachine, persistedFeedback(row, attachment ? 1 : 0), {
        type: 'feedback.remove_attachment',
      });
      if (!decision.ok) {
        if (decision.code === 'feedback.no_attachment') throw notFound(decision.message);
        throw nonFieldError(decision.message, decision.code);
      }
      const removed = await db.transaction().execute(async (trx) => {
        const stillOpen = await trx
          .updateTable('feedback')
          .set({ updated_at: now() })
          .where('id', '=', row.id)
          .where('status', '=', 'open')
          .returning('id')
          .executeTakeFirst();
        if (!stillOpen) {
          throw nonFieldError(
            'Attachments can only be removed from feedback that is open.',
            'feedback.not_open',
          );
        }
        return trx
          .deleteFrom('feedback_attachments')
          .where('feedback_id', '=', row.id)
          .returning('storage_name')
          .executeTakeFirst();
      });
      if (!removed) throw notFound('This feedback has no attachment.');
      await deleteAttachmentFile(ctx.config.dataDir, removed.storage_name);
      return serialize.one(await loadFeedback(row.id, user));
    },

    async getFeedbackAttachmentFile(request, reply) {
      const user = requireUser(request);
      let query = db
        .selectFrom('feedback_attachments as a')
        .innerJoin('feedback as f', 'f.id', 'a.feedback_id')
        .selectAll('a')
        .where('a.id', '=', request.params.id);
      if (!isOwner(user)) query = query.where('f.user_id', '=', user.id);
      const attachment = await query.executeTakeFirst();
      if (!attachment) throw notFound();
      let bytes: Buffer;
      try {
        bytes = await readAttachment(ctx.config.dataDir, attachment.storage_name);
      } catch {
        throw notFound('The attachment file is missing.');
      }
      return reply
        .type(attachment.content_type)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Length', String(bytes.length))
        .send(bytes);
    },
  };
}

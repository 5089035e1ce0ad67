// The feedback lifecycle's store: the customer's create, edit, delete and photo; the owner's
// response and status. Each change is decided by the feedback machine and written with a
// conditional UPDATE; the photo's bytes go to the attachment store, never half-written.
import { hasEmail } from '@machines/walk-in';
import { getInitialSnapshot } from 'xstate';
import { decide, refusal, type Refusal } from '@machines/shared';
import {
  computePriority,
  type FeedbackEvent,
  feedbackMachine,
  feedbackRefusals,
  feedbackRequestRefusals,
  type FeedbackStatus,
  type FeedbackType,
  type MealType,
  validateAttachment,
  validateFeedbackRequest,
} from '@machines/feedback';
import { isUniqueViolation } from '@server/platform/db/index.js';
import type { Feedback, User } from '@server/platform/db/schema.js';
import {
  ApiError,
  carrying,
  notFound,
  refusalField,
  refusedWith,
  refusalError,
  refusalsError,
  found,
} from '@server/errors.js';
import { localizer } from '@server/platform/i18n.js';
import { cleanFilename, detectImageType, reencodeImage } from './feedback.photos.js';
import { recordAudit } from '@server/lifecycles/audit.js';
import { feedbackState } from './feedback.read.js';
import { allowed, nowIso, type StoreDeps } from '@server/lifecycles/store.js';

export interface NewFeedback {
  feedbackType: FeedbackType;
  subject: string;
  message: string;
  rating: number;
  subscriptionId: number | null;
  mealDate: string | null;
  mealType: MealType | null;
}

type CustomerEvent = Extract<
  FeedbackEvent['type'],
  'feedback.update' | 'feedback.delete' | 'feedback.add_attachment' | 'feedback.remove_attachment'
>;
type OwnerEvent = Extract<FeedbackEvent, { type: 'feedback.respond' | 'feedback.set_status' }>;

const conflict = () => refusalError(refusal('feedback.conflict'));

/** The refusal of an attachment that is not an image we accept, under the `file` field. */
const fileRefusal = (reason: Refusal) =>
  new ApiError(
    400,
    carrying({ file: [reason.message], detail: reason.message, error_code: reason.code }, [reason]),
  );

export function createFeedbackStore(deps: StoreDeps) {
  const db = deps.db.kysely;

  const attachmentOf = (feedbackId: number) =>
    db
      .selectFrom('feedback_attachments')
      .selectAll()
      .where('feedback_id', '=', feedbackId)
      .executeTakeFirst();

  /** Decides a customer event for the feedback as stored; throws the machine's refusal. */
  async function decideFor(row: Feedback, type: CustomerEvent) {
    const attachment = await attachmentOf(row.id);
    allowed(decide(feedbackMachine, feedbackState(row, attachment ? 1 : 0), { type }));
    return attachment;
  }

  const feedbackById = (id: number) =>
    db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();

  /** A conditional write found nothing to change: explain with the fresh row, or say it moved. */
  async function refusedNow(id: number, type: CustomerEvent): Promise<ApiError> {
    const current = await feedbackById(id);
    if (!current) return notFound();
    await decideFor(current, type);
    return conflict();
  }

  /** New feedback in the machine's initial state (open); one open feedback per customer. */
  async function create(user: User, input: NewFeedback): Promise<number> {
    if (input.subscriptionId !== null) {
      const own = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('id', '=', input.subscriptionId)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!own) {
        throw refusalField('subscription', 'feedback.subscription_not_found');
      }
    }
    const open = await db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', user.id)
      .where('status', 'in', ['open', 'in_progress'])
      .executeTakeFirstOrThrow();
    const verdict = validateFeedbackRequest({
      feedbackType: input.feedbackType,
      mealDate: input.mealDate,
      mealType: input.mealType,
      today: deps.today(),
      openCount: Number(open.count),
    });
    if (!verdict.ok) throw refusalsError(verdict.refusals);
    const initial = getInitialSnapshot(feedbackMachine, {
      hasResponse: false,
      canAddAttachments: true,
      attachmentCount: 0,
    });
    const at = nowIso(deps);
    try {
      const inserted = await db
        .insertInto('feedback')
        .values({
          user_id: user.id,
          subscription_id: input.subscriptionId,
          feedback_type: input.feedbackType,
          subject: input.subject.trim(),
          message: input.message.trim(),
          rating: input.rating,
          meal_date: input.mealDate,
          meal_type: input.mealType,
          status: initial.value as FeedbackStatus,
          priority: computePriority({ feedbackType: input.feedbackType, rating: input.rating }),
          admin_response: null,
          responded_at: null,
          responded_by: null,
          can_add_attachments: initial.context.canAddAttachments !== false,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw refusalsError([feedbackRequestRefusals.openExists]);
      throw error;
    }
  }

  /** feedback.update: subject, message and rating while open; the priority follows the rating. */
  async function update(
    row: Feedback,
    changes: {
      subject?: string | undefined;
      message?: string | undefined;
      rating?: number | undefined;
    },
  ): Promise<void> {
    await decideFor(row, 'feedback.update');
    const rating = changes.rating ?? row.rating;
    const updated = await db
      .updateTable('feedback')
      .set({
        ...(changes.subject !== undefined ? { subject: changes.subject.trim() } : {}),
        ...(changes.message !== undefined ? { message: changes.message.trim() } : {}),
        rating,
        priority: computePriority({ feedbackType: row.feedback_type, rating }),
        updated_at: nowIso(deps),
      })
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw await refusedNow(row.id, 'feedback.update');
  }

  /** feedback.delete: the row goes while open, and its photo with it. */
  async function remove(row: Feedback): Promise<void> {
    const attachment = await decideFor(row, 'feedback.delete');
    const deleted = await db
      .deleteFrom('feedback')
      .where('id', '=', row.id)
      .where('status', '=', row.status)
      .returning('id')
      .executeTakeFirst();
    if (!deleted) throw await refusedNow(row.id, 'feedback.delete');
    if (attachment) await deps.attachments.delete(attachment.storage_name);
  }

  /**
   * feedback.add_attachment: an image recognised by its bytes, re-encoded without metadata, stored,
   * then recorded while the feedback is still open; on any refusal the stored bytes are removed.
   */
  async function addAttachment(row: Feedback, bytes: Buffer, filename: string | undefined) {
    await decideFor(row, 'feedback.add_attachment');
    const detected = detectImageType(bytes);
    const refusal = validateAttachment({ sizeBytes: bytes.length, detectedMimeType: detected });
    if (refusal || !detected)
      throw fileRefusal(refusal ?? feedbackRequestRefusals.attachmentNotImage);
    let clean: Buffer;
    try {
      clean = await reencodeImage(bytes, detected);
    } catch {
      throw fileRefusal(feedbackRequestRefusals.attachmentNotImage);
    }
    const storageName = await deps.attachments.put(clean, detected);
    let attached = false;
    try {
      attached = await db.transaction().execute(async (trx) => {
        // Still open and attachable at the moment of writing.
        const stillOpen = await trx
          .updateTable('feedback')
          .set({ updated_at: nowIso(deps) })
          .where('id', '=', row.id)
          .where('status', '=', 'open')
          .where('can_add_attachments', '=', true)
          .returning('id')
          .executeTakeFirst();
        if (!stillOpen) return false;
        await trx
          .insertInto('feedback_attachments')
          .values({
            feedback_id: row.id,
            storage_name: storageName,
            original_filename: cleanFilename(filename, detected),
            content_type: detected,
            file_size: clean.length,
            created_at: nowIso(deps),
          })
          .execute();
        return true;
      });
    } catch (error) {
      await deps.attachments.delete(storageName);
      if (isUniqueViolation(error)) throw refusalError(feedbackRefusals.guards.hasNoAttachment);
      throw error;
    }
    if (!attached) {
      await deps.attachments.delete(storageName);
      throw await refusedNow(row.id, 'feedback.add_attachment');
    }
  }

  /** feedback.remove_attachment while open; "no attachment" is a 404. */
  async function removeAttachment(row: Feedback): Promise<void> {
    const attachment = await attachmentOf(row.id);
    const decision = decide(feedbackMachine, feedbackState(row, attachment ? 1 : 0), {
      type: 'feedback.remove_attachment',
    });
    if (!decision.ok) {
      if (decision.code === feedbackRefusals.guards.hasAttachment.code) {
        throw refusedWith(404, decision, 'not_found');
      }
      throw refusalError(decision);
    }
    const removed = await db.transaction().execute(async (trx) => {
      const stillOpen = await trx
        .updateTable('feedback')
        .set({ updated_at: nowIso(deps) })
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .returning('id')
        .executeTakeFirst();
      if (!stillOpen) throw refusalError(feedbackRefusals.events['feedback.remove_attachment']);
      return trx
        .deleteFrom('feedback_attachments')
        .where('feedback_id', '=', row.id)
        .returning('storage_name')
        .executeTakeFirst();
    });
    if (!removed) throw refusedWith(404, feedbackRefusals.guards.hasAttachment, 'not_found');
    await deps.attachments.delete(removed.storage_name);
  }

  /**
   * An owner event (respond, set_status) through the machine, written with a conditional UPDATE on
   * the status it was decided on; a concurrent change makes it decide again on the fresh row.
   */
  async function answer(owner: User, id: number, event: OwnerEvent): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const row = await found(feedbackById(id));
      const attachment = await attachmentOf(id);
      const { next } = allowed(
        decide(feedbackMachine, feedbackState(row, attachment ? 1 : 0), event),
      );
      const status = next as FeedbackStatus;
      const at = nowIso(deps);
      const response =
        event.type === 'feedback.respond'
          ? event.response.trim()
          : event.response
            ? event.response.trim()
            : null;
      const updated = await db.transaction().execute(async (trx) => {
        const written = await trx
          .updateTable('feedback')
          .set({
            status,
            ...(response !== null
              ? { admin_response: response, responded_at: at, responded_by: owner.id }
              : {}),
            ...(status === 'resolved' && row.status !== 'resolved' ? { resolved_at: at } : {}),
            updated_at: at,
          })
          .where('id', '=', id)
          .where('status', '=', row.status)
          .returningAll()
          .executeTakeFirst();
        if (!written) return undefined;
        await recordAudit(deps, trx, {
          actor: owner,
          action: event.type,
          objectType: 'feedback',
          objectId: id,
          summary: {
            key:
              response !== null
                ? 'audit.summary.feedback.respond'
                : 'audit.summary.feedback.set_status',
            values: {
              id,
              subject: written.subject,
              status: { message: `label.feedback_status.${written.status}` },
            },
          },
          before: { status: row.status, admin_response: row.admin_response },
          after: { status: written.status, admin_response: written.admin_response },
        });
        return written;
      });
      if (!updated) continue;
      if (response !== null) await notifyAnswered(updated);
      return response !== null;
    }
    throw conflict();
  }

  async function notifyAnswered(feedback: Feedback) {
    const author = await db
      .selectFrom('users')
      .select(['email', 'phone', 'language'])
      .where('id', '=', feedback.user_id)
      .executeTakeFirst();
    if (!author) return;
    const l = localizer(author.language);
    const text = l.t('notice.feedback_answered.text', {
      subject: feedback.subject,
      response: feedback.admin_response ?? '',
    });
    await deps.notifier.notify({
      userId: feedback.user_id,
      type: 'feedback_answered',
      subject: l.t('notice.feedback_answered.subject'),
      summary: text,
      ...(hasEmail(author.email) ? { email: { to: author.email, text } } : {}),
      sms: {
        to: author.phone,
        body: l.t('notice.feedback_answered.sms', { subject: feedback.subject.slice(0, 60) }),
      },
    });
  }

  return {
    create,
    update,
    remove,
    /** Refuses early, before an upload is read, when the machine would refuse the photo. */
    mayAttach: (row: Feedback) => decideFor(row, 'feedback.add_attachment').then(() => undefined),
    addAttachment,
    removeAttachment,
    answer,
  };
}

// The feedback lifecycle's read side: a stored feedback as the feedback machine sees it, and feedback
// with its author and its attachment as the lists and the serializer read them.
import type { Kysely } from 'kysely';
import { feedbackFromApi } from '@machines/feedback';
import type { Database, Feedback, FeedbackAttachment, User } from '@server/platform/db/schema.js';

/** The feedback machine's state of a stored feedback with `attachmentCount` attachments. */
export const feedbackState = (row: Feedback, attachmentCount: number) =>
  feedbackFromApi({ ...row, attachment_count: attachmentCount });

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
  /** Feedback is written by customers only (createFeedback's x-roles); the owner's type stays. */
  user_user_type: 'student' | 'regular' | 'mess_owner';
  user_status: User['status'];
};

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

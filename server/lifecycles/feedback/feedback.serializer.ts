// Feedback as the API shows it (Feedback), with its author and its one attachment.
import type { Kysely } from 'kysely';
import { decide } from '@machines/shared';
import { feedbackMachine } from '@machines/feedback';
import type { Database, FeedbackAttachment } from '@server/platform/db/schema.js';
import { feedbackState, loadAttachments, type FeedbackRow } from './feedback.read.js';

export function feedbackSerializer(db: Kysely<Database>, publicUrl: string) {
  const fileUrl = (attachmentId: number) =>
    `${publicUrl.replace(/\/+$/, '')}/api/feedback/attachments/${attachmentId}/file/`;
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
    can_add_attachments: decide(feedbackMachine, feedbackState(row, attachment ? 1 : 0), {
      type: 'feedback.add_attachment',
    }).ok,
  });
  return {
    async many(rows: FeedbackRow[]) {
      const attachments = await loadAttachments(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => body(row, attachments.get(row.id)));
    },
    async one(row: FeedbackRow) {
      const attachments = await loadAttachments(db, [row.id]);
      return body(row, attachments.get(row.id));
    },
  };
}

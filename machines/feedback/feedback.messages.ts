// Every sentence the feedback lifecycle refuses with, so the API, the web app and the CLI say the same thing.
import { labelsOf } from '../shared/labels';
import { refusal } from '../shared/refusals';
import type { RefusalTable, RefusalCodeOf } from '../shared/lifecycle';
import type { Refusal } from '../shared/refusals';
import {
  FEEDBACK_PRIORITIES,
  FEEDBACK_STATUSES,
  type FeedbackEvent,
  type FeedbackStateValue,
  type FeedbackType,
} from './feedback.types';

const responseRequired: Refusal = refusal('feedback.response_required');

export const feedbackRefusals = {
  states: {
    deleted: refusal('feedback.deleted'),
  },
  events: {
    'feedback.update': refusal('feedback.not_open'),
    'feedback.delete': refusal('feedback.not_open:delete'),
    'feedback.add_attachment': refusal('feedback.not_open:add_attachment'),
    'feedback.remove_attachment': refusal('feedback.not_open:remove_attachment'),
    'feedback.respond': responseRequired,
    // Reached only when the status is neither resolved nor closed.
    'feedback.set_status': refusal('feedback.status_required'),
  },
  guards: {
    attachmentsEnabled: refusal('feedback.attachments_disabled'),
    hasNoAttachment: refusal('feedback.attachment_exists'),
    hasAttachment: refusal('feedback.no_attachment'),
    hasResponseText: responseRequired,
    hasResponse: responseRequired,
  },
} as const satisfies RefusalTable<FeedbackEvent, FeedbackStateValue>;

/** Refusals of validateFeedbackRequest and validateAttachment. */
export const feedbackRequestRefusals = {
  openExists: refusal('feedback.open_exists'),
  mealDetailsRequired: refusal('feedback.meal_details_required'),
  mealDateInFuture: refusal('feedback.meal_date_in_future'),
  attachmentTooLarge: refusal('feedback.attachment_too_large'),
  attachmentNotImage: refusal('feedback.attachment_not_image'),
} as const satisfies Record<string, Refusal>;

export type FeedbackRefusalCode = RefusalCodeOf<
  typeof feedbackRefusals,
  typeof feedbackRequestRefusals
>;

// How screens name each feedback status, priority and type (web badges, `dabba` tables).

export const FEEDBACK_STATUS_LABELS = labelsOf(FEEDBACK_STATUSES, { in_progress: 'In Progress' });

export const FEEDBACK_PRIORITY_LABELS = labelsOf(FEEDBACK_PRIORITIES);

export const FEEDBACK_TYPE_LABELS: Readonly<Record<FeedbackType, string>> = {
  general_feedback: 'General Feedback',
  food_complaint: 'Food Complaint',
};

// Every sentence the feedback lifecycle refuses with, so the API, the web app and the CLI say the same thing.
import type { Refusal, RefusalTable } from '../shared/lifecycle';
import type {
  FeedbackEventType,
  FeedbackPriority,
  FeedbackStateValue,
  FeedbackStatus,
  FeedbackType,
} from './feedback.machine';

const responseRequired: Refusal = {
  code: 'feedback.response_required',
  message: 'Response required: Please write a response before submitting.',
};

export const feedbackRefusals = {
  states: {
    deleted: { code: 'feedback.deleted', message: 'This feedback has been deleted.' },
  },
  events: {
    'feedback.update': { code: 'feedback.not_open', message: 'Only open feedback can be edited.' },
    'feedback.delete': { code: 'feedback.not_open', message: 'Only open feedback can be deleted.' },
    'feedback.add_attachment': {
      code: 'feedback.not_open',
      message: 'Attachments can only be added to feedback that is open.',
    },
    'feedback.remove_attachment': {
      code: 'feedback.not_open',
      message: 'Attachments can only be removed from feedback that is open.',
    },
    'feedback.respond': responseRequired,
    // Reached only when the status is neither resolved nor closed.
    'feedback.set_status': {
      code: 'feedback.status_required',
      message: 'Status required: Please select a status to update.',
    },
  },
  guards: {
    attachmentsEnabled: {
      code: 'feedback.attachments_disabled',
      message: 'Attachments are disabled for this feedback.',
    },
    hasNoAttachment: {
      code: 'feedback.attachment_exists',
      message: 'This feedback already has an attachment.',
    },
    hasAttachment: { code: 'feedback.no_attachment', message: 'This feedback has no attachment.' },
    hasResponseText: responseRequired,
    hasResponse: responseRequired,
  },
} as const satisfies RefusalTable<FeedbackEventType, FeedbackStateValue>;

/** Refusals of validateFeedbackRequest and validateAttachment. */
export const feedbackRequestRefusals = {
  openExists: {
    code: 'feedback.open_exists',
    message:
      'You already have open feedback. Please wait until it is resolved before submitting more.',
  },
  mealDetailsRequired: {
    code: 'feedback.meal_details_required',
    message: 'Meal date and meal type are required for a food complaint.',
  },
  mealDateInFuture: {
    code: 'feedback.meal_date_in_future',
    message: 'Meal date cannot be in the future.',
  },
  attachmentTooLarge: {
    code: 'feedback.attachment_too_large',
    message: 'Attachment must be less than 5MB.',
  },
  attachmentNotImage: {
    code: 'feedback.attachment_not_image',
    message: 'Attachment must be a JPEG, PNG or WebP image.',
  },
} as const satisfies Record<string, Refusal>;

export type FeedbackRefusalCode =
  | (typeof feedbackRefusals)['states']['deleted']['code']
  | (typeof feedbackRefusals)['events'][FeedbackEventType]['code']
  | (typeof feedbackRefusals)['guards'][keyof (typeof feedbackRefusals)['guards']]['code']
  | (typeof feedbackRequestRefusals)[keyof typeof feedbackRequestRefusals]['code'];

// How screens name each feedback status, priority and type (web badges, `dabba` tables).

export const FEEDBACK_STATUS_LABELS: Readonly<Record<FeedbackStatus, string>> = {
  open: 'Open',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const FEEDBACK_PRIORITY_LABELS: Readonly<Record<FeedbackPriority, string>> = {
  urgent: 'Urgent',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

export const FEEDBACK_TYPE_LABELS: Readonly<Record<FeedbackType, string>> = {
  general_feedback: 'General Feedback',
  food_complaint: 'Food Complaint',
};

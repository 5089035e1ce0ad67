// How screens name each feedback status, priority and type (web badges, `dabba` tables).
import type { FeedbackPriority, FeedbackStatus, FeedbackType } from './feedback.context';

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

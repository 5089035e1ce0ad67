// How screens name each feedback status (web badges, `dabba` tables).
import type { FeedbackStatus } from './feedback.context';

export const FEEDBACK_STATUS_LABELS: Readonly<Record<FeedbackStatus, string>> = {
  open: 'Open',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

import type { SnapshotFrom } from 'xstate';
import type { FeedbackPriority, FeedbackStatus } from './feedback.context';
import type { FeedbackMachine } from './feedback.machine';

type FeedbackSnapshot = SnapshotFrom<FeedbackMachine>;

export const selectFeedbackState = (snapshot: FeedbackSnapshot) => snapshot.value;
/** Open or in progress: blocks new feedback from the same user. */
export const selectIsFeedbackOpen = (snapshot: FeedbackSnapshot) => snapshot.hasTag('open');
export const selectIsFeedbackDone = (snapshot: FeedbackSnapshot) => snapshot.hasTag('done');
export const selectCanAttach = (snapshot: FeedbackSnapshot) =>
  snapshot.can({ type: 'feedback.add_attachment' });

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

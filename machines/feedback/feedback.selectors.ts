import type { SnapshotFrom } from 'xstate';
import type { FeedbackMachine } from './feedback.machine';

type FeedbackSnapshot = SnapshotFrom<FeedbackMachine>;

/** Open or in progress: blocks new feedback from the same user. */
export const selectIsFeedbackOpen = (snapshot: FeedbackSnapshot) => snapshot.hasTag('open');
export const selectIsFeedbackDone = (snapshot: FeedbackSnapshot) => snapshot.hasTag('done');
export const selectCanAttach = (snapshot: FeedbackSnapshot) =>
  snapshot.can({ type: 'feedback.add_attachment' });

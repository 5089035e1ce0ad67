import { and, assign, setup, type SnapshotFrom } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { isNonBlank } from '../shared/text';
import { feedbackRefusals } from './feedback.messages';
import { feedbackActionProbes } from './feedback.rules';
import type { FeedbackStateValue, FeedbackContext, FeedbackEvent } from './feedback.types';

// Feedback: open → in_progress (answered) → resolved | closed; open may go straight to resolved | closed with a response.

/** respond and set_status work the same from every answered state; only the target differs. */
const ownerTransitions = (respondTarget: 'in_progress' | 'resolved' | 'closed') =>
  ({
    'feedback.respond': {
      guard: 'hasResponseText',
      target: respondTarget,
      actions: 'recordResponse',
    },
    'feedback.set_status': [
      { guard: and(['hasResponse', 'toResolved']), target: 'resolved', actions: 'recordResponse' },
      { guard: and(['hasResponse', 'toClosed']), target: 'closed', actions: 'recordResponse' },
    ],
  }) as const;

// Defined through defineMachine: a host that takes only this file's constants does not carry it.
export const feedbackMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as FeedbackContext,
      events: {} as FeedbackEvent,
      input: {} as FeedbackContext,
      tags: {} as 'open' | 'answered' | 'done',
    },
    guards: {
      attachmentsEnabled: ({ context }) => context.canAddAttachments !== false,
      hasNoAttachment: ({ context }) => context.attachmentCount === 0,
      hasAttachment: ({ context }) => context.attachmentCount > 0,
      hasResponseText: ({ event }) =>
        event.type === 'feedback.respond' && isNonBlank(event.response),
      /** Answered already, or the status change carries a response. */
      hasResponse: ({ context, event }) =>
        context.hasResponse || (event.type === 'feedback.set_status' && isNonBlank(event.response)),
      // Routing only (which target), so they have no refusal of their own.
      toResolved: ({ event }) =>
        event.type === 'feedback.set_status' && event.status === 'resolved',
      toClosed: ({ event }) => event.type === 'feedback.set_status' && event.status === 'closed',
    },
    actions: {
      recordResponse: assign(({ context, event }) => ({
        hasResponse:
          context.hasResponse ||
          (event.type === 'feedback.respond' && isNonBlank(event.response)) ||
          (event.type === 'feedback.set_status' && isNonBlank(event.response)),
      })),
    },
  }).createMachine({
    id: 'feedback',
    initial: 'open',
    context: ({ input }) => input,
    meta: lifecycleMeta<FeedbackEvent, FeedbackStateValue>({
      refusals: feedbackRefusals,
      actions: feedbackActionProbes,
    }),
    states: {
      open: {
        tags: ['open'],
        on: {
          'feedback.update': { target: 'open' },
          'feedback.delete': { target: 'deleted' },
          'feedback.add_attachment': {
            guard: and(['attachmentsEnabled', 'hasNoAttachment']),
            target: 'open',
            actions: assign({ attachmentCount: 1 }),
          },
          'feedback.remove_attachment': {
            guard: 'hasAttachment',
            target: 'open',
            actions: assign({ attachmentCount: 0 }),
          },
          ...ownerTransitions('in_progress'),
        },
      },
      // Counts as open for "one open feedback per user", but the customer can no longer change it.
      in_progress: { tags: ['open', 'answered'], on: ownerTransitions('in_progress') },
      resolved: { tags: ['done'], on: ownerTransitions('resolved') },
      closed: { tags: ['done'], on: ownerTransitions('closed') },
      deleted: { type: 'final' },
    },
  }),
);

export type FeedbackMachine = typeof feedbackMachine;

type FeedbackSnapshot = SnapshotFrom<FeedbackMachine>;

/** Open or in progress: blocks new feedback from the same user. */
export const selectIsFeedbackOpen = (snapshot: FeedbackSnapshot) => snapshot.hasTag('open');
export const selectIsFeedbackDone = (snapshot: FeedbackSnapshot) => snapshot.hasTag('done');
export const selectCanAttach = (snapshot: FeedbackSnapshot) =>
  snapshot.can({ type: 'feedback.add_attachment' });

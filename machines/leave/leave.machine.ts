import { assign, setup, type SnapshotFrom } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { isNonBlank } from '../shared/text';
import { leaveRefusals } from './leave.messages';
import type { LeaveContext, LeaveEvent, LeaveStateValue } from './leave.types';
import { leaveActionProbes, leaveDuration } from './leave.rules';

// Leave request: PENDING → APPROVED | REJECTED. Approved and rejected are final.

// Defined through defineMachine: a host that takes only this file's constants does not carry it.
export const leaveMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as LeaveContext,
      events: {} as LeaveEvent,
      input: {} as LeaveContext,
      tags: {} as 'editable' | 'decided',
    },
    guards: {
      hasAdminComment: ({ event }) =>
        (event.type === 'leave.approve' || event.type === 'leave.reject') &&
        isNonBlank(event.adminComment),
    },
  }).createMachine({
    id: 'leave',
    initial: 'PENDING',
    context: ({ input }) => input,
    meta: lifecycleMeta<LeaveEvent, LeaveStateValue>({
      refusals: leaveRefusals,
      actions: leaveActionProbes,
    }),
    states: {
      PENDING: {
        tags: ['editable'],
        on: {
          'leave.approve': {
            guard: 'hasAdminComment',
            target: 'APPROVED',
            actions: assign({ adminComment: ({ event }) => event.adminComment.trim() }),
          },
          'leave.reject': {
            guard: 'hasAdminComment',
            target: 'REJECTED',
            actions: assign({ adminComment: ({ event }) => event.adminComment.trim() }),
          },
          'leave.update': {
            target: 'PENDING',
            actions: assign({
              startDate: ({ context, event }) => event.startDate ?? context.startDate,
              endDate: ({ context, event }) => event.endDate ?? context.endDate,
            }),
          },
          'leave.delete': { target: 'DELETED' },
        },
      },
      // An approved leave has already extended the subscription; it cannot be changed or revoked.
      APPROVED: { type: 'final', tags: ['decided'] },
      REJECTED: { type: 'final', tags: ['decided'] },
      DELETED: { type: 'final' },
    },
  }),
);

export type LeaveMachine = typeof leaveMachine;

type LeaveSnapshot = SnapshotFrom<LeaveMachine>;

/** The customer may still edit or delete it. */
export const selectIsLeaveEditable = (snapshot: LeaveSnapshot) => snapshot.hasTag('editable');
/** The owner has approved or rejected it. */
export const selectIsLeaveDecided = (snapshot: LeaveSnapshot) => snapshot.hasTag('decided');
export const selectLeaveDurationDays = (snapshot: LeaveSnapshot) =>
  leaveDuration(snapshot.context.startDate, snapshot.context.endDate);

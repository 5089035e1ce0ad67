// Leave request: PENDING → APPROVED | REJECTED. Approved and rejected are final.
import { assign, setup } from 'xstate';
import { lifecycleMeta } from '../shared/lifecycle';
import { isNonBlank } from '../shared/text';
import type { LeaveContext, LeaveStateValue } from './leave.context';
import type { LeaveEvent } from './leave.events';
import { leaveActionProbes } from './leave.events';
import { leaveRefusals } from './leave.messages';

export const leaveMachine = setup({
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
});

export type LeaveMachine = typeof leaveMachine;

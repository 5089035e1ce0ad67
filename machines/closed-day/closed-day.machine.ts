import { setup, type SnapshotFrom } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { closedDayRefusals } from './closed-day.messages';
import { closedDayActionProbes } from './closed-day.rules';
import { isBeforeCutoff } from '../meal-skip/meal-skip.rules';
import type { ClosedDayStatus, ClosedDayContext, ClosedDayEvent } from './closed-day.types';

// A date, or one meal of it, the kitchen is closed: SCHEDULED until the owner removes it, which
// is allowed only before its first cutoff. After that the closure stands for good (its day is
// held: counted as closed, its extensions kept). A closure is never created after its first
// cutoff either (closedDayProblems), so SCHEDULED is the only way in.

// Defined through defineMachine: a host that takes only this file's constants does not carry it.
export const closedDayMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as ClosedDayContext,
      events: {} as ClosedDayEvent,
      input: {} as ClosedDayContext,
      tags: {} as 'closed' | 'open',
    },
    guards: {
      isBeforeLock: ({ context }) => isBeforeCutoff(context.now, context.locksAt),
    },
  }).createMachine({
    id: 'closed_day',
    initial: 'SCHEDULED',
    context: ({ input }) => input,
    meta: lifecycleMeta<ClosedDayEvent, ClosedDayStatus>({
      refusals: closedDayRefusals,
      actions: closedDayActionProbes,
    }),
    states: {
      // The kitchen is closed then; its subscriptions were extended by the day.
      SCHEDULED: {
        tags: ['closed'],
        on: { 'closed_day.remove': { target: 'REMOVED', guard: 'isBeforeLock' } },
      },
      // Opened again before it locked; the extensions were moved back.
      REMOVED: { tags: ['open'], type: 'final' },
    },
  }),
);

export type ClosedDayMachine = typeof closedDayMachine;

/** The kitchen is closed for the closure's meals. */
export const selectIsClosed = (snapshot: SnapshotFrom<ClosedDayMachine>) =>
  snapshot.hasTag('closed');

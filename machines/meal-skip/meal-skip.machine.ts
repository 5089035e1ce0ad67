import { setup, type SnapshotFrom } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { mealSkipRefusals } from './meal-skip.messages';
import type { MEAL_SKIP_STATUSES } from './meal-skip.rules';
import { isBeforeCutoff, mealSkipActionProbes } from './meal-skip.rules';

export type MealSkipStatus = (typeof MEAL_SKIP_STATUSES)[number];
export type MealSkipStateValue = MealSkipStatus;

/** What the machine decides on: the meal's cutoff and the moment it is asked (ISO instants). */
export interface MealSkipContext {
  readonly cutoffAt: string;
  readonly now: string;
}

export type MealSkipEvent =
  /** The customer puts the meal back. */
  | { readonly type: 'meal_skip.undo' }
  /** The customer skips the meal again after undoing. */
  | { readonly type: 'meal_skip.skip' };

export type MealSkipEventType = MealSkipEvent['type'];

// One meal of one date on one subscription: SKIPPED ⇄ UNDONE, each way only before the meal's
// cutoff. At the cutoff the record is locked as it stands: the kitchen counts it.

// Defined through defineMachine: a host that takes only this file's constants does not carry it.
export const mealSkipMachine = /* @__PURE__ */ defineMachine(() =>
  setup({
    types: {
      context: {} as MealSkipContext,
      events: {} as MealSkipEvent,
      input: {} as MealSkipContext,
      tags: {} as 'off' | 'on',
    },
    guards: {
      isOpen: ({ context }) => isBeforeCutoff(context.now, context.cutoffAt),
    },
  }).createMachine({
    id: 'meal_skip',
    initial: 'SKIPPED',
    context: ({ input }) => input,
    meta: lifecycleMeta<MealSkipEvent, MealSkipStateValue>({
      refusals: mealSkipRefusals,
      actions: mealSkipActionProbes,
    }),
    states: {
      // The meal is off the kitchen's count.
      SKIPPED: {
        tags: ['off'],
        on: { 'meal_skip.undo': { target: 'UNDONE', guard: 'isOpen' } },
      },
      // The meal is cooked again.
      UNDONE: {
        tags: ['on'],
        on: { 'meal_skip.skip': { target: 'SKIPPED', guard: 'isOpen' } },
      },
    },
  }),
);

export type MealSkipMachine = typeof mealSkipMachine;

/** The meal is off the count. */
export const selectIsSkipped = (snapshot: SnapshotFrom<MealSkipMachine>) => snapshot.hasTag('off');

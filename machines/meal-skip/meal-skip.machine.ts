import { setup, type SnapshotFrom } from 'xstate';
import { defineMachine, lifecycleMeta } from '../shared/lifecycle';
import { mealSkipRefusals } from './meal-skip.messages';
import { isBeforeCutoff, mealSkipActionProbes } from './meal-skip.rules';
import type { MealSkipStatus, MealSkipContext, MealSkipEvent } from './meal-skip.types';

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
    meta: lifecycleMeta<MealSkipEvent, MealSkipStatus>({
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

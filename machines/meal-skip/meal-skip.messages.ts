// Every sentence the meal-skip lifecycle refuses with (machines/shared/refusals.ts), and how screens
// name its statuses.
import { labelsOf } from '../shared/labels';
import type { RefusalTable } from '../shared/lifecycle';
import { refusal } from '../shared/refusals';
import { MEAL_SKIP_STATUSES, type MealSkipEvent, type MealSkipStatus } from './meal-skip.types';

export const mealSkipRefusals = {
  events: {
    'meal_skip.undo': refusal('meal_skip.not_skipped'),
    'meal_skip.skip': refusal('meal_skip.already_skipped'),
  },
  guards: {
    // The store names the cutoff (closedRefusal) when this guard refuses.
    isOpen: refusal('meal_skip.closed'),
  },
} as const satisfies RefusalTable<MealSkipEvent, MealSkipStatus>;

export const MEAL_SKIP_STATUS_LABELS = labelsOf(MEAL_SKIP_STATUSES);

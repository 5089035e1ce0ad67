// A meal skip's statuses, context and events, shared by its machine, rules and messages.
import type { DeadlineContext } from '../shared/dates';

/** A skip's statuses as stored (meal_skips.status) and as the API sends them. */
export const MEAL_SKIP_STATUSES = ['SKIPPED', 'UNDONE'] as const;

export type MealSkipStatus = (typeof MEAL_SKIP_STATUSES)[number];

/** What the machine decides on: the meal's cutoff and the moment it is asked. */
export type MealSkipContext = DeadlineContext<'cutoffAt'>;

export type MealSkipEvent =
  /** The customer puts the meal back. */
  | { readonly type: 'meal_skip.undo' }
  /** The customer skips the meal again after undoing. */
  | { readonly type: 'meal_skip.skip' };

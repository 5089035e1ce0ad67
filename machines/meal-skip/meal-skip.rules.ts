// The meal-skip lifecycle's data and plain functions: its actions, and the checks a new skip
// must pass before the machine takes it (server, web and `dabba` alike).
import type { IsoDate } from '../shared/dates';
import { isAfter, isBefore } from '../shared/dates';
import { refusal, type Refusal } from '../shared/refusals';
import { cutoffOf, type BusinessSettings, type Meal } from '../settings/settings.rules';
import type { MealSkipEvent } from './meal-skip.types';

/** The buttons of a skip, in display order. */
export const mealSkipActionProbes: readonly MealSkipEvent[] = [
  { type: 'meal_skip.undo' },
  { type: 'meal_skip.skip' },
];

/** Whether `now` (an ISO instant) is before a meal's cutoff (an ISO instant). */
export const isBeforeCutoff = (now: string, cutoffAt: string) =>
  Date.parse(now) < Date.parse(cutoffAt);

/** The refusal after a cutoff, naming it: "Lunch for 28 Nov closed at 9:00 am." */
export function closedRefusal(settings: BusinessSettings, meal: Meal, date: IsoDate): Refusal {
  return refusal('meal_skip.closed:at', {
    meal,
    day: date,
    time: cutoffOf(settings, meal, date).time,
  });
}

/** What a new skip is judged on. */
export interface NewMealSkipFacts {
  readonly skipsEnabled: boolean;
  readonly subscriptionStatus: string;
  readonly startDate: IsoDate | null;
  readonly endDate: IsoDate | null;
  readonly includedMeals: readonly Meal[];
  readonly meal: Meal;
  readonly date: IsoDate;
  readonly onApprovedLeave: boolean;
  /** The reason of a closed day that closes this meal, or null. */
  readonly kitchenClosed?: string | null;
  /** ISO instants. */
  readonly now: string;
  readonly cutoffAt: string;
  readonly settings: BusinessSettings;
}

/** Every rule a new skip breaks, the most basic first (empty: the skip may be made). */
export function mealSkipProblems(facts: NewMealSkipFacts): Refusal[] {
  if (!facts.skipsEnabled) return [refusal('meal_skip.disabled')];
  if (facts.subscriptionStatus !== 'ACTIVE') return [refusal('meal_skip.subscription_not_active')];
  if (facts.kitchenClosed) {
    return [
      refusal('meal_skip.kitchen_closed', {
        meal: facts.meal,
        day: facts.date,
        reason: facts.kitchenClosed,
      }),
    ];
  }
  const problems: Refusal[] = [];
  if (
    facts.startDate === null ||
    facts.endDate === null ||
    isBefore(facts.date, facts.startDate) ||
    isAfter(facts.date, facts.endDate)
  ) {
    problems.push(refusal('meal_skip.outside_subscription'));
  }
  if (!facts.includedMeals.includes(facts.meal))
    problems.push(refusal('meal_skip.meal_not_in_plan'));
  if (facts.onApprovedLeave) problems.push(refusal('meal_skip.on_leave'));
  if (!isBeforeCutoff(facts.now, facts.cutoffAt)) {
    problems.push(closedRefusal(facts.settings, facts.meal, facts.date));
  }
  return problems;
}

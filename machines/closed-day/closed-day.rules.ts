// The closed-day lifecycle's data and plain functions: statuses, which meals a closure closes,
// when it locks, the checks a new closure must pass, and whose end date it moves.
import type { IsoDate } from '../shared/dates';
import { refusal, type Refusal } from '../shared/refusals';
import {
  cutoffAt,
  cutoffOf,
  MEALS,
  type BusinessSettings,
  type Meal,
} from '../settings/settings.rules';
import { isBeforeCutoff } from '../meal-skip/meal-skip.rules';
import type { ClosedDayEvent } from './closed-day.types';

/** The buttons of a closure. */
export const closedDayActionProbes: readonly ClosedDayEvent[] = [{ type: 'closed_day.remove' }];

/** The meals a closure closes: its one meal, or every meal for the whole day (meal null). */
export const closedMeals = (meal: Meal | null): readonly Meal[] => (meal === null ? MEALS : [meal]);

/** The closed meal whose cutoff comes first: the closure locks then. */
export function firstClosedMeal(
  settings: BusinessSettings,
  date: IsoDate,
  meal: Meal | null,
): Meal {
  const meals = closedMeals(meal);
  let first = meals[0]!;
  for (const candidate of meals) {
    const a = cutoffOf(settings, candidate, date);
    const b = cutoffOf(settings, first, date);
    if (a.date < b.date || (a.date === b.date && a.time < b.time)) first = candidate;
  }
  return first;
}

/** When a closure locks (an ISO instant): the first cutoff of a meal it closes. */
export const closedDayLocksAt = (
  settings: BusinessSettings,
  date: IsoDate,
  meal: Meal | null,
  timeZone: string,
) => cutoffAt(settings, firstClosedMeal(settings, date, meal), date, timeZone);

/**
 * Whether a closure gives a subscription a day: when it closes every meal the plan eats that day.
 * A whole day does for every plan; one meal only for a plan of that meal alone (two single-meal
 * closures of one date do not add up to a day: the owner closes the whole day for that).
 */
export const closureTakesWholeDay = (closed: readonly Meal[], planMeals: readonly Meal[]) =>
  planMeals.length > 0 && planMeals.every((meal) => closed.includes(meal));

/** A closure already SCHEDULED on the same date. */
export interface ScheduledClosure {
  readonly meal: Meal | null;
}

/** What a new closure is judged on. */
export interface NewClosedDayFacts {
  readonly date: IsoDate;
  readonly meal: Meal | null;
  /** ISO instant. */
  readonly now: string;
  readonly settings: BusinessSettings;
  readonly timeZone: string;
  /** The SCHEDULED closures of the date. */
  readonly scheduled: readonly ScheduledClosure[];
}

/** Every rule a new closure breaks (empty: it may be made). */
export function closedDayProblems(facts: NewClosedDayFacts): Refusal[] {
  const problems: Refusal[] = [];
  const first = firstClosedMeal(facts.settings, facts.date, facts.meal);
  if (!isBeforeCutoff(facts.now, cutoffAt(facts.settings, first, facts.date, facts.timeZone))) {
    problems.push(
      refusal('closed_day.too_late', {
        meal: first,
        day: facts.date,
        time: cutoffOf(facts.settings, first, facts.date).time,
      }),
    );
  }
  const clash = closedDayClash(facts.meal, facts.scheduled);
  if (clash) problems.push(clash);
  return problems;
}

/**
 * Why a closure of `meal` (null: the whole day) cannot sit beside the date's SCHEDULED closures:
 * the same meal is closed already, or the whole day and a meal of it would overlap; else null.
 */
export function closedDayClash(
  meal: Meal | null,
  scheduled: readonly ScheduledClosure[],
): Refusal | null {
  if (scheduled.some((closure) => closure.meal === meal))
    return refusal('closed_day.already_closed');
  if (scheduled.some((closure) => closure.meal === null || meal === null)) {
    return refusal('closed_day.overlaps');
  }
  return null;
}

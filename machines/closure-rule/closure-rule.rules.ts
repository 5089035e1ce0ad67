// The closure-rule lifecycle's data and plain functions: which dates a rule closes, how far ahead
// they are closed, the closures one of its dates is made of, and the checks a new rule must pass.
import { addDays, type IsoDate } from '../shared/dates';
import { refusal, type Refusal } from '../shared/refusals';
import { MEALS, type Meal } from '../settings/settings.rules';
import { weekdayOf, WEEKDAYS, type Weekday } from '../menu/menu.rules';
import type { ClosureRuleEvent } from './closure-rule.types';

/** The buttons of a rule. */
export const closureRuleActionProbes: readonly ClosureRuleEvent[] = [
  { type: 'closure_rule.withdraw' },
];

/**
 * How many days ahead of today a rule's dates are closed (each as a closed day of its own, with
 * its customers told and their plans extended): two weeks' notice, as for a closure made by hand.
 * Beyond it a date is closed when it comes within reach, so the subscriptions and leaves of then
 * are the ones it counts.
 */
export const CLOSURE_RULE_DAYS_AHEAD = 14;

/** What decides a rule's dates. */
export interface ClosureRuleDates {
  readonly weekdays: readonly Weekday[];
  readonly start_date: IsoDate;
  /** null: no end. */
  readonly end_date: IsoDate | null;
}

/** The dates a rule closes from `from` through `through` (both included), in order. */
export function closureRuleDates(
  rule: ClosureRuleDates,
  from: IsoDate,
  through: IsoDate,
): IsoDate[] {
  const first = from > rule.start_date ? from : rule.start_date;
  const last = rule.end_date !== null && rule.end_date < through ? rule.end_date : through;
  const dates: IsoDate[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) {
    if (rule.weekdays.includes(weekdayOf(date))) dates.push(date);
  }
  return dates;
}

/** The dates a rule closes now: from today through CLOSURE_RULE_DAYS_AHEAD days ahead. */
export const closureRuleDatesInReach = (rule: ClosureRuleDates, today: IsoDate) =>
  closureRuleDates(rule, today, addDays(today, CLOSURE_RULE_DAYS_AHEAD));

/**
 * The closures one date of a rule is made of: the whole day (null) when it closes every meal, else
 * one closure per meal, as the owner would close them by hand (a single meal gives a day back only
 * to plans of that meal alone).
 */
export const closureRuleClosures = (meals: readonly Meal[]): readonly (Meal | null)[] =>
  MEALS.every((meal) => meals.includes(meal))
    ? [null]
    : MEALS.filter((meal) => meals.includes(meal));

/** Weekdays in the week's order, each once. */
export const sortedWeekdays = (weekdays: readonly Weekday[]): Weekday[] =>
  WEEKDAYS.filter((weekday) => weekdays.includes(weekday));

/** What a new rule is judged on. */
export interface NewClosureRuleFacts extends ClosureRuleDates {
  readonly today: IsoDate;
}

/** Every rule a new closure rule breaks, each under its field (empty: it may be made). */
export function closureRuleProblems(
  facts: NewClosureRuleFacts,
): (Refusal & { readonly field: 'start_date' | 'end_date' })[] {
  if (facts.start_date < facts.today) {
    return [{ field: 'start_date', ...refusal('closure_rule.starts_in_past') }];
  }
  if (facts.end_date !== null && facts.end_date < facts.start_date) {
    return [{ field: 'end_date', ...refusal('closure_rule.ends_before_start') }];
  }
  if (
    facts.end_date !== null &&
    closureRuleDates(facts, facts.start_date, facts.end_date).length === 0
  ) {
    return [{ field: 'end_date', ...refusal('closure_rule.no_dates') }];
  }
  return [];
}

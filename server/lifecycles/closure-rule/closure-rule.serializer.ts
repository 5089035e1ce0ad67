// The API's closure rule bodies.
import type { components } from '@generated/api.js';
import { closureRuleFromApi, closureRuleMachine, decide, isWeekday } from '@machines';
import { parseMeals } from '@server/platform/format.js';
import type { ClosureRuleRow } from './closure-rule.read.js';

type ClosureRuleBody = components['schemas']['ClosureRule'];

/** Stored "saturday,sunday" as the API's list, Monday first. */
export const parseWeekdays = (stored: string): ClosureRuleBody['weekdays'] =>
  stored.split(',').filter(isWeekday);

export function closureRuleBody(row: ClosureRuleRow, today: string): ClosureRuleBody {
  const withdrawable = decide(closureRuleMachine, closureRuleFromApi(row), {
    type: 'closure_rule.withdraw',
  }).ok;
  const upcoming = row.closures.filter(
    (closure) => closure.status === 'SCHEDULED' && closure.closed_date >= today,
  );
  return {
    id: row.id,
    weekdays: parseWeekdays(row.weekdays),
    meals: parseMeals(row.meals),
    start_date: row.start_date,
    end_date: row.end_date,
    reason: row.reason,
    status: row.status,
    withdrawable,
    // A date with two closures (lunch and dinner) once.
    upcoming: [...new Set(upcoming.map((closure) => closure.closed_date))],
    extended: row.closures.reduce((sum, closure) => sum + closure.extended, 0),
    reversed: row.closures.reduce((sum, closure) => sum + closure.reversed, 0),
    created_by: row.created_by_username,
    created_at: row.created_at,
    withdrawn_by: row.withdrawn_by_username,
    withdrawn_at: row.withdrawn_at,
  };
}

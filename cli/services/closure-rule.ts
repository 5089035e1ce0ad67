// The owner's weekly closures from the terminal: list them, make one, withdraw one. The server
// closes the dates and moves the end dates; this only asks and prints.
import type { components } from '@generated/api';
import type { Api } from './api';
import { byId, unwrap } from './api';

type ClosureRule = components['schemas']['ClosureRule'];

export const listClosureRules = (api: Api): Promise<ClosureRule[]> =>
  unwrap(api, api.client.GET('/owner/closure-rules/'), 'The weekly closures');

export const createClosureRule = (
  api: Api,
  body: components['schemas']['ClosureRuleCreate'],
): Promise<ClosureRule> =>
  unwrap(api, api.client.POST('/owner/closure-rules/', { body }), 'The weekly closure');

export const withdrawClosureRule = (api: Api, id: number): Promise<ClosureRule> =>
  unwrap(
    api,
    api.client.POST('/owner/closure-rules/{id}/withdraw/', byId(id)),
    `Weekly closure #${id}`,
  );

/** "sunday (dinner)", "saturday, sunday (whole day)". */
export const ruleWords = (rule: Pick<ClosureRule, 'weekdays' | 'meals'>) =>
  `${rule.weekdays.join(', ')} (${rule.meals.length === 3 ? 'whole day' : rule.meals.join(', ')})`;

const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`;

/** What a rule did, in one line. */
export function describeClosureRule(rule: ClosureRule): string {
  const what = `Every ${ruleWords(rule)} from ${rule.start_date}${
    rule.end_date ? ` to ${rule.end_date}` : ''
  } (${rule.reason})`;
  if (rule.status === 'WITHDRAWN') {
    return `${what} withdrawn: ${days(rule.reversed)} taken back from plans.\n`;
  }
  const next = rule.upcoming.length > 0 ? rule.upcoming.join(', ') : 'none yet';
  return `${what}: closed ${next}; ${days(rule.extended)} given back to plans.\n`;
}

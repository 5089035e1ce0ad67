// The owner's closed days from the terminal: list them, close a date (or one meal of it), open one
// again. The server decides and moves the end dates; this only asks and prints.
import type { components } from '@generated/api';
import type { Meal } from '@machines/settings';
import type { Api } from './api';
import { byId, unwrap } from './api';

export type ClosedDay = components['schemas']['ClosedDay'];

export const listClosedDays = (api: Api): Promise<ClosedDay[]> =>
  unwrap(api, api.client.GET('/owner/closed-days/'), 'The closed days');

export const closeDay = (
  api: Api,
  body: { date: string; meal: Meal | null; reason: string },
): Promise<ClosedDay> =>
  unwrap(api, api.client.POST('/owner/closed-days/', { body }), 'The closed day');

export const removeClosedDay = (api: Api, id: number): Promise<ClosedDay> =>
  unwrap(api, api.client.POST('/owner/closed-days/{id}/remove/', byId(id)), `Closed day #${id}`);

const plural = (count: number) => `${count} subscription${count === 1 ? '' : 's'}`;

/** What a closure did, in one line: "2026-11-08 whole day closed (Diwali): 41 subscriptions moved one day later." */
export function describeClosedDay(closure: ClosedDay): string {
  const what = `${closure.date} ${closure.meal ?? 'whole day'}`;
  if (closure.status === 'REMOVED') {
    return `${what} open again (${closure.reason}): ${plural(closure.reversed)} moved back.\n`;
  }
  return `${what} closed (${closure.reason}): ${plural(closure.extended)} moved one day later.\n`;
}

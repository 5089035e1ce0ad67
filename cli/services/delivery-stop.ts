// Delivery routes and the run's progress from the terminal: list and add routes, and see how a
// date's meal is going per route. The server builds the run sheets and counts; this only asks and
// prints.
import type { components } from '@generated/api';
import type { Meal } from '@machines/settings';
import type { Api } from './api';
import { nextMealAt } from '@machines/delivery-stop/delivery-outbox';
import { businessTimeZone, businessToday, unwrap } from './api';

export type DeliveryRoute = components['schemas']['DeliveryRoute'];
export type DeliveryProgress = components['schemas']['DeliveryProgress'];

export const listRoutes = (api: Api): Promise<DeliveryRoute[]> =>
  unwrap(api, api.client.GET('/owner/routes/'), 'The delivery routes');

export const addRoute = (
  api: Api,
  body: { name: string; areas: string[]; riders: number[] },
): Promise<DeliveryRoute> =>
  unwrap(api, api.client.POST('/owner/routes/', { body }), 'The delivery route');

/** A date's meal per route; without a date, today's in the business's time zone at `now`. */
export async function deliveryProgress(
  api: Api,
  query: { date?: string; meal?: Meal },
  now: Date,
): Promise<DeliveryProgress> {
  const date = query.date ?? (await businessToday(api, now));
  // Without --meal, the meal the web's deliveries page opens on: the next one by the business clock.
  const meal = query.meal ?? nextMealAt(await businessHour(api, now));
  return unwrap(
    api,
    api.client.GET('/owner/deliveries/', { params: { query: { date, meal } } }),
    'The delivery progress',
  );
}

/** The hour (0-23) on the business's clock at `now`. */
async function businessHour(api: Api, now: Date): Promise<number> {
  const timeZone = await businessTimeZone(api);
  return Number(
    new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(now),
  );
}

/** "North: 201207, 201206 Ghaziabad; riders Ravi Rider (#12)." */
export function describeRoute(route: DeliveryRoute): string {
  const riders = route.riders.length
    ? route.riders.map((rider) => `${rider.name} (#${rider.id})`).join(', ')
    : 'no riders';
  return `Route #${route.id} ${route.name}: ${route.areas.join(', ') || 'no areas'}; ${riders}.\n`;
}

const REASONS: Readonly<Record<string, string>> = {
  not_home: 'not home',
  refused: 'refused',
  wrong_address: 'wrong address',
};

export const reasonLabel = (reason: string | null) => (reason ? (REASONS[reason] ?? reason) : '');

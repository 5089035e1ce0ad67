// The menu for the owner: read some days of it, set a weekday's or a date's dishes for a meal,
// read and set the whole weekday pattern at once, clear a date's change.
import type { components } from '../../generated/api';
import type { Api } from './api';
import { unwrap } from './api';

export type MenuDays = components['schemas']['MenuDays'];
export type MenuWeek = components['schemas']['MenuWeek'];
export type DishInput = components['schemas']['DishInput'];
export type MenuWeekInput = components['schemas']['MenuWeekInput'];
export type Meal = 'breakfast' | 'lunch' | 'dinner';
export type Weekday = MenuDays['days'][number]['weekday'];

/** `days` days of menu from `date` (the server's today when not given). */
export async function readMenu(api: Api, options: { date?: string; days: number }) {
  return unwrap(
    api,
    api.client.GET('/menu/', {
      params: { query: { days: options.days, ...(options.date ? { date: options.date } : {}) } },
    }),
    'The menu',
  );
}

export async function setWeekdayMenu(
  api: Api,
  weekday: Weekday,
  meal: Meal,
  dishes: DishInput[],
): Promise<MenuWeek> {
  return unwrap(
    api,
    api.client.PUT('/menu/week/{weekday}/{meal}/', {
      params: { path: { weekday, meal } },
      body: { dishes },
    }),
    `The ${meal} of ${weekday}`,
  );
}

/** The weekday pattern and the coming date changes. */
export async function readWeekMenu(api: Api): Promise<MenuWeek> {
  return unwrap(api, api.client.GET('/menu/week/'), 'The weekly menu');
}

/** Every weekday's three meals in one save: all or nothing. */
export async function setWeekMenu(api: Api, week: MenuWeekInput['week']): Promise<MenuWeek> {
  return unwrap(api, api.client.PUT('/menu/week/', { body: { week } }), 'The weekly menu');
}

export async function setDateMenu(
  api: Api,
  date: string,
  meal: Meal,
  dishes: DishInput[],
): Promise<MenuWeek> {
  return unwrap(
    api,
    api.client.PUT('/menu/dates/{date}/{meal}/', {
      params: { path: { date, meal } },
      body: { dishes },
    }),
    `The ${meal} of ${date}`,
  );
}

export async function clearDateMenu(api: Api, date: string, meal: Meal): Promise<void> {
  await unwrap(
    api,
    api.client.DELETE('/menu/dates/{date}/{meal}/', { params: { path: { date, meal } } }),
    `A change to the ${meal} of ${date}`,
  );
}

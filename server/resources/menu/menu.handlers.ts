// The menu (docs/rules/menu.md): anyone reads it; the owner sets the weekday
// pattern and changes for dates through the menu store; a customer sets their own diet.
import {
  addDays,
  cleanDish,
  isAfter,
  MENU_MEALS,
  repeatedDishes,
  WEEKDAYS,
  type Dish,
  type MenuMeal,
  type Weekday,
  type WeekMenu,
} from '@machines';
import type { AppContext } from '@server/context.js';
import { fieldError, fieldErrors, notFound } from '@server/errors.js';
import { requireCustomer, type Handlers, requireBusiness } from '@server/http.js';
import { serializeUser } from '@server/lifecycles/onboarding/user.serializer.js';
import { changesByDate, readChanges, readWeek } from './menu.read.js';
import { menuDaysBody, menuWeekBody } from './menu.serializer.js';

const REPEATED_DISH = 'This dish is already on this meal';
const PAST_DATE = 'The menu of a past date cannot be changed';

/** One meal's dishes as the owner sent them, cleaned, and its repeats under `field`'s name. */
function cleanedDishes(sent: readonly Dish[], field: string) {
  const dishes = sent.map(cleanDish);
  const repeats = repeatedDishes(dishes).map((index): [string, string[]] => [
    `${field}.${index}.name`,
    [REPEATED_DISH],
  ]);
  return { dishes, repeats };
}

/** The dishes as the owner sent them, cleaned; a meal listing a dish twice is a 400 per repeat. */
function ownerDishes(sent: readonly Dish[]): Dish[] {
  const { dishes, repeats } = cleanedDishes(sent, 'dishes');
  if (repeats.length > 0) throw fieldErrors(Object.fromEntries(repeats));
  return dishes;
}

/**
 * A whole week as the owner sent it, each meal by the rules of one meal; every repeat of every
 * meal is named (`week.monday.lunch.1.name`) in one 400, so one refused meal refuses the week.
 */
function ownerWeek(sent: WeekMenu): WeekMenu {
  const repeats: [string, string[]][] = [];
  const meals = (weekday: Weekday) =>
    Object.fromEntries(
      MENU_MEALS.map((meal) => {
        const cleaned = cleanedDishes(sent[weekday][meal], `week.${weekday}.${meal}`);
        repeats.push(...cleaned.repeats);
        return [meal, cleaned.dishes];
      }),
    ) as Record<MenuMeal, Dish[]>;
  const week = Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, meals(weekday)])) as Record<
    Weekday,
    Record<MenuMeal, Dish[]>
  >;
  if (repeats.length > 0) throw fieldErrors(Object.fromEntries(repeats));
  return week;
}

export function menuHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { menu } = ctx.stores;

  /** The pattern and the changes from today on: what the owner's editor shows. */
  const weekAnswer = async () =>
    menuWeekBody(await readWeek(db), await readChanges(db, ctx.today()));

  return {
    async getMenu(request) {
      const query = request.query ?? {};
      const today = ctx.today();
      const from = query.date ?? today;
      const count = query.days ?? 7;
      const [week, changes] = await Promise.all([
        readWeek(db),
        readChanges(db, from, addDays(from, count - 1)),
      ]);
      return menuDaysBody(today, from, count, week, changesByDate(changes));
    },

    async getMenuWeek() {
      return weekAnswer();
    },

    async setMenuWeekday(request) {
      const owner = requireBusiness(request);
      const { weekday, meal } = request.params;
      await menu.setWeekday(owner, weekday, meal, ownerDishes(request.body.dishes));
      return weekAnswer();
    },

    async setMenuWeek(request) {
      const owner = requireBusiness(request);
      await menu.setWeek(owner, ownerWeek(request.body.week));
      return weekAnswer();
    },

    async setMenuDate(request) {
      const owner = requireBusiness(request);
      const { date, meal } = request.params;
      if (isAfter(ctx.today(), date)) throw fieldError('date', PAST_DATE);
      await menu.setDate(owner, date, meal, ownerDishes(request.body.dishes));
      return weekAnswer();
    },

    async clearMenuDate(request, reply) {
      const owner = requireBusiness(request);
      const { date, meal } = request.params;
      if (!(await menu.clearDate(owner, date, meal))) throw notFound();
      return reply.code(204).send();
    },

    async setDiet(request) {
      // Only the caller's own row: the signed-in customer, never an id from the request.
      const user = await menu.setDiet(requireCustomer(request), request.body.diet);
      return serializeUser(db, user);
    },
  } satisfies Partial<Handlers>;
}

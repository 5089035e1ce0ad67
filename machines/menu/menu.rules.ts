// The menu's rules (docs/rules/menu.md), shared by the server, the web app and
// `dabba`: the meals, the dish marks and diets, the weekday of a date, which dishes a date serves
// (a change for that date wins over the weekday pattern) and a dish's name in the reader's
// language. Pure functions, no XState.
import { toDayNumber, type IsoDate } from '../shared/dates';
import { MEALS, type Meal } from '../settings/settings.rules';

/** The meals a menu has, in the day's order: the day's meals (machines/settings). */
export const MENU_MEALS = MEALS;
export type MenuMeal = Meal;

/** What a dish is marked: vegetarian, with egg, non-vegetarian, or Jain (no root vegetables). */
export const DISH_MARKS = ['veg', 'egg', 'non_veg', 'jain'] as const;
export type DishMark = (typeof DISH_MARKS)[number];

/** A customer's diet is one of the marks, or unset (null). */
export const DIETS = DISH_MARKS;
export type Diet = DishMark;

/** The days of the weekday pattern, Monday first, as the API names them. */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The most dishes one meal of one day may list. */
export const MAX_DISHES_PER_MEAL = 20;
/** The longest dish name, in either language. */
export const MAX_DISH_NAME_LENGTH = 80;

export interface Dish {
  readonly name: string;
  /** The owner's Hindi name, shown to readers of Hindi; null or absent: `name` for everyone. */
  readonly name_hi?: string | null;
  readonly mark: DishMark;
}

/** Each meal's dishes for one weekday, or one date. */
export type MealDishes = Readonly<Record<MenuMeal, readonly Dish[] | undefined>>;

/** The weekday pattern: per weekday, per meal, the dishes (a missing meal has no menu). */
export type WeekPattern = Readonly<Partial<Record<Weekday, Partial<MealDishes>>>>;

/** A whole week as one save sends it: every weekday, every meal (an empty list: nothing). */
export type WeekMenu = Readonly<Record<Weekday, Readonly<Record<MenuMeal, readonly Dish[]>>>>;

/** Changes for given dates: per date, per meal, the dishes that replace the weekday's. */
export type DateChanges = Readonly<Record<IsoDate, Partial<MealDishes> | undefined>>;

/** Where a date's meal comes from: its own change, the weekday pattern, or nowhere yet. */
export type MenuSource = 'date' | 'week' | 'none';

export interface ServedMeal {
  readonly dishes: readonly Dish[];
  readonly source: MenuSource;
}

// 1970-01-01, day number 0, was a Thursday: index 3 of WEEKDAYS.
const EPOCH_WEEKDAY = 3;

/** The weekday of a calendar date. */
export function weekdayOf(date: IsoDate): Weekday {
  const index = (((toDayNumber(date) + EPOCH_WEEKDAY) % 7) + 7) % 7;
  return WEEKDAYS[index] as Weekday;
}

/**
 * The dishes `date` serves at `meal`: the change for that date when there is one (even an empty
 * list: the owner said "nothing"), else the weekday pattern's, else none.
 */
export function dishesFor(
  date: IsoDate,
  meal: MenuMeal,
  week: WeekPattern,
  changes: DateChanges,
): ServedMeal {
  const changed = changes[date]?.[meal];
  if (changed) return { dishes: changed, source: 'date' };
  const usual = week[weekdayOf(date)]?.[meal];
  if (usual) return { dishes: usual, source: 'week' };
  return { dishes: [], source: 'none' };
}

/** Every meal of `date`, by the same rule. */
export function menuForDate(
  date: IsoDate,
  week: WeekPattern,
  changes: DateChanges,
): Record<MenuMeal, ServedMeal> {
  return {
    breakfast: dishesFor(date, 'breakfast', week, changes),
    lunch: dishesFor(date, 'lunch', week, changes),
    dinner: dishesFor(date, 'dinner', week, changes),
  };
}

/** A dish's name for a reader of `language`: the owner's Hindi when given, else the name. */
export function dishName(dish: Dish, language: string): string {
  const hindi = dish.name_hi?.trim();
  return language === 'hi' && hindi ? hindi : dish.name;
}

export const isDishMark = (value: unknown): value is DishMark =>
  typeof value === 'string' && (DISH_MARKS as readonly string[]).includes(value);

export const isWeekday = (value: unknown): value is Weekday =>
  typeof value === 'string' && (WEEKDAYS as readonly string[]).includes(value);

export const isMenuMeal = (value: unknown): value is MenuMeal =>
  typeof value === 'string' && (MENU_MEALS as readonly string[]).includes(value);

/**
 * Whether a dish of `mark` suits `diet`: Jain food suits everyone, vegetarian food every diet but
 * Jain, egg the egg and non-vegetarian diets, meat only the non-vegetarian. No diet: everything.
 */
export function suitsDiet(mark: DishMark, diet: Diet | null): boolean {
  if (diet === null) return true;
  const strictness: Record<DishMark, number> = { jain: 0, veg: 1, egg: 2, non_veg: 3 };
  return strictness[mark] <= strictness[diet];
}

/**
 * A dish as the owner typed it, made ready to store: names trimmed, an empty Hindi name dropped.
 */
export function cleanDish(dish: Dish): Dish {
  const hindi = dish.name_hi?.trim();
  return { name: dish.name.trim(), name_hi: hindi ? hindi : null, mark: dish.mark };
}

/**
 * The dishes of one meal that repeat an earlier one's name (ignoring case and spaces), by index:
 * a meal lists each dish once.
 */
export function repeatedDishes(dishes: readonly Dish[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  dishes.forEach((dish, index) => {
    const key = dish.name.trim().toLowerCase().replace(/\s+/g, ' ');
    if (seen.has(key)) repeated.push(index);
    seen.add(key);
  });
  return repeated;
}

/**
 * Whether two meals list the same dishes in the same order, each with the same name, Hindi name
 * (none and blank alike) and mark: a week's save leaves such a meal as it is, and the owner's
 * editor counts the others as unsaved.
 */
export function sameDishes(a: readonly Dish[], b: readonly Dish[]): boolean {
  return (
    a.length === b.length &&
    a.every((dish, index) => {
      const other = b[index];
      return (
        other !== undefined &&
        dish.name === other.name &&
        dish.mark === other.mark &&
        (dish.name_hi || null) === (other.name_hi || null)
      );
    })
  );
}

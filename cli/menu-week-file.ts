// `dabba menu set-week --file`: the usual week's dishes from a JSON or CSV file, held to the menu's
// rules before anything is sent (a dry run checks as much as a save), merged over the week the
// server has (a meal the file does not name keeps its dishes), and the meals that would change.
import {
  cleanDish,
  DISH_MARKS,
  isDishMark,
  isMenuMeal,
  isWeekday,
  MAX_DISH_NAME_LENGTH,
  MAX_DISHES_PER_MEAL,
  MENU_MEALS,
  repeatedDishes,
  sameDishes,
  WEEKDAYS,
  type Dish,
  type MenuMeal,
  type Weekday,
} from '@machines/menu';
import type { MenuWeek } from './services/menu';

/** The meals a file names, each with its dishes in order (an empty list: nothing that meal). */
export type FileWeek = Partial<Record<Weekday, Partial<Record<MenuMeal, Dish[]>>>>;
type WholeWeek = Record<Weekday, Record<MenuMeal, Dish[]>>;

export interface MealChange {
  readonly weekday: Weekday;
  readonly meal: MenuMeal;
  readonly dishes: readonly Dish[];
}

/** `MARK:NAME` or `MARK:NAME:HINDI NAME` (`veg:Dal tadka:दाल तड़का`), or null when it is not. */
export function dishFromSpec(value: string): Dish | null {
  const [mark, ...rest] = value.split(':');
  if (!isDishMark(mark) || rest.length === 0 || rest.length > 2 || !rest[0]?.trim()) return null;
  const [name = '', hindi] = rest;
  return { name: name.trim(), name_hi: hindi?.trim() || null, mark };
}

export const DISH_SPEC = `MARK:NAME or MARK:NAME:HINDI NAME, MARK one of ${DISH_MARKS.join(', ')}`;

/** A dish of a JSON file: an object as the API takes it, or the `--dish` text. */
function jsonDish(value: unknown, where: string): Dish {
  if (typeof value === 'string') {
    const dish = dishFromSpec(value);
    if (dish) return dish;
    throw new Error(`${where}: "${value}" is not a dish (${DISH_SPEC}).`);
  }
  const object = value as { name?: unknown; name_hi?: unknown; mark?: unknown } | null;
  if (!object || typeof object !== 'object' || Array.isArray(object)) {
    throw new Error(`${where}: a dish is {"name", "mark"} or "${DISH_SPEC}".`);
  }
  const unknown = Object.keys(object).filter((key) => !['name', 'name_hi', 'mark'].includes(key));
  if (unknown.length > 0) throw new Error(`${where}: unknown field "${unknown[0]}".`);
  if (typeof object.name !== 'string') throw new Error(`${where}: the dish has no name.`);
  if (!isDishMark(object.mark)) {
    throw new Error(`${where}: mark the dish ${DISH_MARKS.join(', ')}.`);
  }
  if (
    object.name_hi !== undefined &&
    object.name_hi !== null &&
    typeof object.name_hi !== 'string'
  ) {
    throw new Error(`${where}: name_hi must be text.`);
  }
  return { name: object.name, name_hi: object.name_hi ?? null, mark: object.mark };
}

/** `{"week": {"monday": {"lunch": [...]}}}` (the API's body, or its answer) or the week alone. */
function parseJson(text: string): FileWeek {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`The file is not JSON: ${(error as Error).message}`);
  }
  const outer = parsed as Record<string, unknown> | null;
  if (!outer || typeof outer !== 'object' || Array.isArray(outer)) {
    throw new Error('The file holds no week: expected {"week": {"monday": {"lunch": [...]}}}.');
  }
  // Beside "week", only the "changes" of GET /api/menu/week/'s answer, which this does not set.
  const extra = Object.keys(outer).find((key) => key !== 'week' && key !== 'changes');
  if ('week' in outer && extra !== undefined) throw new Error(`Unknown field "${extra}".`);
  const days = ('week' in outer ? outer.week : outer) as Record<string, unknown>;
  if (!days || typeof days !== 'object' || Array.isArray(days)) {
    throw new Error('"week" must be an object of weekdays.');
  }
  const week: FileWeek = {};
  for (const [weekday, meals] of Object.entries(days)) {
    if (!isWeekday(weekday)) {
      throw new Error(`"${weekday}" is not a weekday (${WEEKDAYS.join(', ')}).`);
    }
    if (!meals || typeof meals !== 'object' || Array.isArray(meals)) {
      throw new Error(`${weekday}: expected its meals, {"lunch": [...]}.`);
    }
    for (const [meal, dishes] of Object.entries(meals as Record<string, unknown>)) {
      if (!isMenuMeal(meal)) {
        throw new Error(`${weekday}: "${meal}" is not a meal (${MENU_MEALS.join(', ')}).`);
      }
      if (!Array.isArray(dishes)) throw new Error(`${weekday} ${meal}: expected a list of dishes.`);
      (week[weekday] ??= {})[meal] = dishes.map((dish, index) =>
        jsonDish(dish, `${weekday} ${meal}, dish ${index + 1}`),
      );
    }
  }
  return week;
}

/** RFC 4180 rows: quoted cells may hold commas, quotes ("") and line breaks. */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows.filter((cells) => cells.some((value) => value.trim() !== ''));
}

const CSV_COLUMNS = ['weekday', 'meal', 'mark', 'name', 'name_hi'] as const;

/**
 * A header `weekday,meal,mark,name,name_hi` (name_hi may be left out), then a dish a line, in
 * order; a line with a weekday and a meal and nothing else: nothing is served that meal.
 */
function parseCsv(text: string): FileWeek {
  const [header, ...lines] = csvRows(text.replace(/^\uFEFF/, ''));
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  const missing = CSV_COLUMNS.filter((name) => name !== 'name_hi' && !columns.includes(name));
  const unknown = columns.filter((name) => !(CSV_COLUMNS as readonly string[]).includes(name));
  if (missing.length > 0 || unknown.length > 0) {
    throw new Error(
      `The CSV's first line names its columns: ${CSV_COLUMNS.join(',')} (name_hi may be left out)` +
        `${unknown.length > 0 ? `; "${unknown[0]}" is not one of them` : ''}.`,
    );
  }
  const at = (cells: string[], name: (typeof CSV_COLUMNS)[number]) =>
    (cells[columns.indexOf(name)] ?? '').trim();
  const week: FileWeek = {};
  const empty = new Set<string>();
  lines.forEach((cells, index) => {
    const where = `Line ${index + 2}`;
    const weekday = at(cells, 'weekday').toLowerCase();
    const meal = at(cells, 'meal').toLowerCase();
    if (!isWeekday(weekday)) {
      throw new Error(`${where}: "${weekday}" is not a weekday (${WEEKDAYS.join(', ')}).`);
    }
    if (!isMenuMeal(meal)) {
      throw new Error(`${where}: "${meal}" is not a meal (${MENU_MEALS.join(', ')}).`);
    }
    const dishes = ((week[weekday] ??= {})[meal] ??= []);
    const [mark, name, hindi] = [
      at(cells, 'mark').toLowerCase(),
      at(cells, 'name'),
      at(cells, 'name_hi'),
    ];
    const id = `${weekday} ${meal}`;
    if (!mark && !name && !hindi) {
      if (dishes.length > 0)
        throw new Error(`${where}: ${id} lists dishes, so it cannot be empty.`);
      empty.add(id);
      return;
    }
    if (empty.has(id)) throw new Error(`${where}: ${id} was said to serve nothing.`);
    if (!isDishMark(mark)) throw new Error(`${where}: mark the dish ${DISH_MARKS.join(', ')}.`);
    dishes.push({ name, name_hi: hindi || null, mark });
  });
  return week;
}

/**
 * The week a file gives, held to the menu's rules (a name, at most 80 characters in either
 * language, each dish once, at most 20 a meal), cleaned as the server stores it. Throws a message
 * that names the meal and the dish.
 */
export function parseWeekFile(text: string, kind: 'json' | 'csv'): FileWeek {
  const week = kind === 'json' ? parseJson(text) : parseCsv(text);
  for (const [weekday, meals] of Object.entries(week)) {
    for (const [meal, dishes] of Object.entries(meals ?? {})) {
      const id = `${weekday} ${meal}`;
      if (dishes.length > MAX_DISHES_PER_MEAL) {
        throw new Error(`${id}: a meal lists at most ${MAX_DISHES_PER_MEAL} dishes.`);
      }
      const cleaned = dishes.map(cleanDish);
      cleaned.forEach((dish, index) => {
        if (!dish.name) throw new Error(`${id}, dish ${index + 1}: the dish has no name.`);
        if ([dish.name, dish.name_hi ?? ''].some((name) => name.length > MAX_DISH_NAME_LENGTH)) {
          throw new Error(`${id}, dish ${index + 1}: at most ${MAX_DISH_NAME_LENGTH} characters.`);
        }
      });
      const [repeat] = repeatedDishes(cleaned);
      if (repeat !== undefined) {
        throw new Error(`${id}: "${cleaned[repeat]!.name}" is listed twice.`);
      }
      (week[weekday as Weekday] as Record<MenuMeal, Dish[]>)[meal as MenuMeal] = cleaned;
    }
  }
  return week;
}

/** The whole week to send: the file's meals, and the server's for every meal the file leaves out. */
export function mergedWeek(current: MenuWeek['week'], file: FileWeek): WholeWeek {
  const week = {} as WholeWeek;
  for (const weekday of WEEKDAYS) {
    const meals = {} as Record<MenuMeal, Dish[]>;
    for (const meal of MENU_MEALS) meals[meal] = file[weekday]?.[meal] ?? current[weekday][meal];
    week[weekday] = meals;
  }
  return week;
}

/** The meals whose dishes the save would change. */
export function weekChanges(current: MenuWeek['week'], week: WholeWeek): MealChange[] {
  return WEEKDAYS.flatMap((weekday) =>
    MENU_MEALS.filter((meal) => !sameDishes(week[weekday][meal], current[weekday][meal])).map(
      (meal) => ({ weekday, meal, dishes: week[weekday][meal] }),
    ),
  );
}

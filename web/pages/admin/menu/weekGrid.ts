// The owner's week grid (issue 37, item 12): every weekday's three meals edited on one screen and
// saved at once. Plain state and rules, no React: the dishes as typed, which meals differ from the
// saved week (unsaved), the body one save sends, a dish picked from those the menu already has,
// and the server's refusals put back on the dishes and meals they name.
import {
  cleanDish,
  MENU_MEALS,
  sameDishes,
  WEEKDAYS,
  type Dish,
  type DishMark,
  type MenuMeal,
  type Weekday,
} from '@machines/menu';
import type { MenuWeek } from '@web/features/menu';

/** A dish as the grid holds it: every field a string, and a key that outlives its place. */
export interface DishDraft {
  readonly key: number;
  readonly name: string;
  readonly nameHi: string;
  readonly mark: DishMark;
}

/** One meal of one weekday: a cell of the grid. */
export interface Slot {
  readonly weekday: Weekday;
  readonly meal: MenuMeal;
}

type Cells = Readonly<Record<Weekday, Readonly<Record<MenuMeal, readonly DishDraft[]>>>>;

/** What a refusal said of one dish: by its field (`name`, `name_hi`, `mark`). */
export type DishErrors = Readonly<Partial<Record<'name' | 'name_hi' | 'mark', string>>>;

export interface WeekGrid {
  /** The week as the server last answered it: what "unsaved" is measured against. */
  readonly saved: MenuWeek['week'];
  readonly cells: Cells;
  /** The dishes the menu already has (the week's and the dates'), by name: picked, they fill in. */
  readonly known: ReadonlyMap<string, Dish>;
  /** The last refusal's complaints about a dish, by its key; editing the dish clears them. */
  readonly dishErrors: ReadonlyMap<number, DishErrors>;
  /** The last refusal's complaints about a whole meal (too many dishes), by `weekday.meal`. */
  readonly mealErrors: ReadonlyMap<string, string>;
  readonly nextKey: number;
}

export type WeekGridAction =
  | { readonly type: 'load'; readonly menu: MenuWeek }
  | { readonly type: 'add'; readonly slot: Slot }
  | { readonly type: 'remove'; readonly slot: Slot; readonly key: number }
  | {
      readonly type: 'edit';
      readonly slot: Slot;
      readonly key: number;
      readonly change: Partial<Pick<DishDraft, 'name' | 'nameHi' | 'mark'>>;
    }
  | {
      readonly type: 'refused';
      /** The server's complaints, one sentence per field (`week.monday.lunch.1.name`). */
      readonly fields: Readonly<Record<string, string>>;
      /** The keys of the dishes each meal sent, in the order sent (WeekSave.sentKeys). */
      readonly sentKeys: ReadonlyMap<string, readonly number[]>;
    };

export const slotId = ({ weekday, meal }: Slot) => `${weekday}.${meal}`;

/** Every cell, a day at a time, in the grid's order. */
const SLOTS: readonly Slot[] = WEEKDAYS.flatMap((weekday) =>
  MENU_MEALS.map((meal) => ({ weekday, meal })),
);

/** A name as the menu's rules compare names: trimmed, one space, any case. */
const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** The dishes the menu already lists, first one of each name, for the owner to pick again. */
function knownDishes(menu: MenuWeek): Map<string, Dish> {
  const known = new Map<string, Dish>();
  const meals = [
    ...WEEKDAYS.flatMap((weekday) => MENU_MEALS.map((meal) => menu.week[weekday][meal])),
    ...menu.changes.map((change) => change.dishes),
  ];
  for (const dish of meals.flat()) {
    const key = nameKey(dish.name);
    if (key && !known.has(key)) known.set(key, dish);
  }
  return known;
}

/** The grid of `menu`'s week, nothing unsaved and nothing refused. */
export function weekGrid(menu: MenuWeek, firstKey = 1): WeekGrid {
  let nextKey = firstKey;
  const draftOf = (dish: Dish): DishDraft => ({
    key: nextKey++,
    name: dish.name,
    nameHi: dish.name_hi ?? '',
    mark: dish.mark,
  });
  const cells = {} as Record<Weekday, Record<MenuMeal, DishDraft[]>>;
  for (const weekday of WEEKDAYS) {
    const meals = {} as Record<MenuMeal, DishDraft[]>;
    for (const meal of MENU_MEALS) meals[meal] = menu.week[weekday][meal].map(draftOf);
    cells[weekday] = meals;
  }
  return {
    saved: menu.week,
    cells,
    known: knownDishes(menu),
    dishErrors: new Map(),
    mealErrors: new Map(),
    nextKey,
  };
}

/** The dishes of `slot`, the grid's. */
export const cellOf = (grid: WeekGrid, slot: Slot) => grid.cells[slot.weekday][slot.meal];

function withCell(grid: WeekGrid, slot: Slot, dishes: readonly DishDraft[]): Cells {
  return { ...grid.cells, [slot.weekday]: { ...grid.cells[slot.weekday], [slot.meal]: dishes } };
}

/** A draft as the dish it sends; a row with neither name is left out (an unused new row). */
const isBlank = (draft: DishDraft) => !draft.name.trim() && !draft.nameHi.trim();
const dishOf = (draft: DishDraft): Dish => ({
  name: draft.name,
  name_hi: draft.nameHi.trim() ? draft.nameHi : null,
  mark: draft.mark,
});

/**
 * A typed name that is a dish the menu already has brings its mark, and its Hindi name when it has
 * one (the row's may belong to the dish typed over); other names change only the name.
 */
function picked(grid: WeekGrid, draft: DishDraft, name: string): DishDraft {
  const known = grid.known.get(nameKey(name));
  if (!known) return { ...draft, name };
  return { ...draft, name, mark: known.mark, nameHi: known.name_hi || draft.nameHi };
}

function withoutErrors(grid: WeekGrid, slot: Slot, key?: number) {
  const dishErrors = new Map(grid.dishErrors);
  if (key !== undefined) dishErrors.delete(key);
  const mealErrors = new Map(grid.mealErrors);
  mealErrors.delete(slotId(slot));
  return { dishErrors, mealErrors };
}

export function weekGridReducer(grid: WeekGrid, action: WeekGridAction): WeekGrid {
  switch (action.type) {
    case 'load':
      return weekGrid(action.menu, grid.nextKey);
    case 'add': {
      const draft: DishDraft = { key: grid.nextKey, name: '', nameHi: '', mark: 'veg' };
      return {
        ...grid,
        cells: withCell(grid, action.slot, [...cellOf(grid, action.slot), draft]),
        nextKey: grid.nextKey + 1,
      };
    }
    case 'remove':
      return {
        ...grid,
        ...withoutErrors(grid, action.slot, action.key),
        cells: withCell(
          grid,
          action.slot,
          cellOf(grid, action.slot).filter((draft) => draft.key !== action.key),
        ),
      };
    case 'edit': {
      const { change } = action;
      const edited = cellOf(grid, action.slot).map((draft) => {
        if (draft.key !== action.key) return draft;
        const named = change.name === undefined ? draft : picked(grid, draft, change.name);
        return {
          ...named,
          ...(change.nameHi === undefined ? {} : { nameHi: change.nameHi }),
          ...(change.mark === undefined ? {} : { mark: change.mark }),
        };
      });
      return {
        ...grid,
        ...withoutErrors(grid, action.slot, action.key),
        cells: withCell(grid, action.slot, edited),
      };
    }
    case 'refused': {
      const dishErrors = new Map<number, DishErrors>();
      const mealErrors = new Map<string, string>();
      for (const [field, message] of Object.entries(action.fields)) {
        const [root, weekday, meal, index, part] = field.split('.');
        if (root !== 'week' || !weekday || !meal) continue;
        const id = `${weekday}.${meal}`;
        if (index === undefined) {
          mealErrors.set(id, message);
          continue;
        }
        const key = action.sentKeys.get(id)?.[Number(index)];
        if (key === undefined) continue;
        const which = part === 'name_hi' || part === 'mark' ? part : 'name';
        dishErrors.set(key, { ...dishErrors.get(key), [which]: message });
      }
      return { ...grid, dishErrors, mealErrors };
    }
  }
}

/** The meals whose dishes differ from the saved week, as they would be stored. */
export function unsavedSlots(grid: WeekGrid): Slot[] {
  return SLOTS.filter((slot) => {
    const dishes = cellOf(grid, slot)
      .filter((draft) => !isBlank(draft))
      .map((draft) => cleanDish(dishOf(draft)));
    return !sameDishes(dishes, grid.saved[slot.weekday][slot.meal]);
  });
}

export interface WeekSave {
  /** The body of `PUT /menu/week/`. */
  readonly body: { week: Record<Weekday, Record<MenuMeal, Dish[]>> };
  /** Per meal (`weekday.meal`), the keys of the dishes sent, so a refusal finds its dish. */
  readonly sentKeys: ReadonlyMap<string, readonly number[]>;
}

/** What one save sends: every meal of every weekday, rows left empty dropped. */
export function weekSave(grid: WeekGrid): WeekSave {
  const sentKeys = new Map<string, number[]>();
  const week = {} as Record<Weekday, Record<MenuMeal, Dish[]>>;
  for (const weekday of WEEKDAYS) {
    const meals = {} as Record<MenuMeal, Dish[]>;
    for (const meal of MENU_MEALS) {
      const drafts = cellOf(grid, { weekday, meal }).filter((draft) => !isBlank(draft));
      meals[meal] = drafts.map(dishOf);
      sentKeys.set(
        `${weekday}.${meal}`,
        drafts.map((draft) => draft.key),
      );
    }
    week[weekday] = meals;
  }
  return { body: { week }, sentKeys };
}

/** Whether two answers hold the same week (a refreshed read that changes nothing is no news). */
export const sameWeek = (a: MenuWeek['week'], b: MenuWeek['week']) =>
  SLOTS.every(({ weekday, meal }) => sameDishes(a[weekday][meal], b[weekday][meal]));

/** The names the grid offers to pick from, in alphabetical order. */
export const knownNames = (grid: WeekGrid) =>
  [...grid.known.values()].map((dish) => dish.name).sort((a, b) => a.localeCompare(b));

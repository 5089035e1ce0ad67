// The owner's week grid's plain state (issue 37, item 12): which meals are unsaved, what one save
// sends (every meal, rows left empty dropped), a known dish picked with its mark and Hindi name,
// and a refusal put back on the dish it names even when an empty row before it was not sent.
import { describe, expect, it } from 'vitest';
import { MENU_MEALS, WEEKDAYS } from '@machines/menu';
import type { MenuWeek } from '../../web/features/menu';
import {
  cellOf,
  sameWeek,
  unsavedSlots,
  weekGrid,
  weekGridReducer,
  weekSave,
  type Slot,
  type WeekGrid,
  type WeekGridAction,
} from '../../web/pages/admin/menu/weekGrid';

const empty = () =>
  Object.fromEntries(
    WEEKDAYS.map((weekday) => [weekday, { breakfast: [], lunch: [], dinner: [] }]),
  ) as unknown as MenuWeek['week'];

const menu = (): MenuWeek => {
  const week = empty();
  week.monday.lunch = [
    { name: 'Dal tadka', name_hi: 'दाल तड़का', mark: 'veg' },
    { name: 'Jeera rice', name_hi: null, mark: 'jain' },
  ];
  return {
    week,
    changes: [
      {
        date: '2026-12-01',
        meal: 'dinner',
        dishes: [{ name: 'Egg curry', name_hi: 'अंडा करी', mark: 'egg' }],
      },
    ],
  };
};

const run = (grid: WeekGrid, ...actions: WeekGridAction[]) => actions.reduce(weekGridReducer, grid);
const mondayLunch: Slot = { weekday: 'monday', meal: 'lunch' };
const fridayDinner: Slot = { weekday: 'friday', meal: 'dinner' };

describe('the week grid', () => {
  it('starts from the saved week with nothing unsaved, and sends all 21 meals', () => {
    const grid = weekGrid(menu());
    expect(unsavedSlots(grid)).toEqual([]);
    const { body } = weekSave(grid);
    expect(Object.keys(body.week)).toEqual([...WEEKDAYS]);
    for (const weekday of WEEKDAYS)
      expect(Object.keys(body.week[weekday])).toEqual([...MENU_MEALS]);
    expect(body.week.monday.lunch).toEqual([
      { name: 'Dal tadka', name_hi: 'दाल तड़का', mark: 'veg' },
      { name: 'Jeera rice', name_hi: null, mark: 'jain' },
    ]);
  });

  it('counts a meal unsaved while it differs from the saved one as stored, not as typed', () => {
    const grid = weekGrid(menu());
    const [dal] = cellOf(grid, mondayLunch);
    const renamed = run(grid, {
      type: 'edit',
      slot: mondayLunch,
      key: dal!.key,
      change: { name: 'Dal fry' },
    });
    expect(unsavedSlots(renamed)).toEqual([mondayLunch]);
    // Spaces the server trims, and an added row left empty, change nothing.
    const same = run(
      grid,
      { type: 'edit', slot: mondayLunch, key: dal!.key, change: { name: '  Dal tadka ' } },
      { type: 'add', slot: fridayDinner },
    );
    expect(unsavedSlots(same)).toEqual([]);
    // Back as it was: saved again.
    const back = run(renamed, {
      type: 'edit',
      slot: mondayLunch,
      key: dal!.key,
      change: { name: 'Dal tadka' },
    });
    expect(unsavedSlots(back)).toEqual([]);
    const removed = run(grid, { type: 'remove', slot: mondayLunch, key: dal!.key });
    expect(cellOf(removed, mondayLunch).map((d) => d.name)).toEqual(['Jeera rice']);
    expect(unsavedSlots(removed)).toEqual([mondayLunch]);
  });

  it('fills a picked dish’s mark and Hindi name from the menu', () => {
    const grid = run(weekGrid(menu()), { type: 'add', slot: fridayDinner });
    const [row] = cellOf(grid, fridayDinner);
    const picked = run(grid, {
      type: 'edit',
      slot: fridayDinner,
      key: row!.key,
      change: { name: 'egg CURRY' },
    });
    expect(cellOf(picked, fridayDinner)[0]).toMatchObject({
      name: 'egg CURRY',
      nameHi: 'अंडा करी',
      mark: 'egg',
    });
    // Typed over a dish, the known dish's Hindi name replaces the old dish's; a known dish
    // without one keeps the row's.
    const [dal] = cellOf(grid, mondayLunch);
    const typedOver = run(grid, {
      type: 'edit',
      slot: mondayLunch,
      key: dal!.key,
      change: { name: 'Egg curry' },
    });
    expect(cellOf(typedOver, mondayLunch)[0]).toMatchObject({ nameHi: 'अंडा करी', mark: 'egg' });
    const rice = run(grid, {
      type: 'edit',
      slot: mondayLunch,
      key: dal!.key,
      change: { name: 'jeera rice' },
    });
    expect(cellOf(rice, mondayLunch)[0]).toMatchObject({ nameHi: 'दाल तड़का', mark: 'jain' });
    // A name the menu does not have changes only the name.
    const fresh = run(typedOver, {
      type: 'edit',
      slot: mondayLunch,
      key: dal!.key,
      change: { name: 'Egg curry special' },
    });
    expect(cellOf(fresh, mondayLunch)[0]).toMatchObject({ nameHi: 'अंडा करी', mark: 'egg' });
  });

  it('puts a refusal on the dish it names, past an empty row that was not sent', () => {
    let grid = weekGrid(menu());
    grid = run(grid, { type: 'add', slot: fridayDinner }, { type: 'add', slot: fridayDinner });
    const [blank, kadhi] = cellOf(grid, fridayDinner);
    grid = run(grid, {
      type: 'edit',
      slot: fridayDinner,
      key: kadhi!.key,
      change: { name: 'Kadhi' },
    });
    const save = weekSave(grid);
    // The empty first row is not sent: Kadhi is dish 0 of Friday's dinner.
    expect(save.body.week.friday.dinner).toEqual([{ name: 'Kadhi', name_hi: null, mark: 'veg' }]);
    const refused = run(grid, {
      type: 'refused',
      fields: {
        'week.friday.dinner.0.name': 'This dish is already on this meal',
        'week.monday.lunch': 'A meal may list at most 20 dishes',
      },
      sentKeys: save.sentKeys,
    });
    expect(refused.dishErrors.get(kadhi!.key)).toEqual({
      name: 'This dish is already on this meal',
    });
    expect(refused.dishErrors.has(blank!.key)).toBe(false);
    expect(refused.mealErrors.get('monday.lunch')).toBe('A meal may list at most 20 dishes');
    // Editing the dish clears its complaint (and its own meal's), not another meal's.
    const edited = run(refused, {
      type: 'edit',
      slot: fridayDinner,
      key: kadhi!.key,
      change: { name: 'Kadhi pakora' },
    });
    expect(edited.dishErrors.size).toBe(0);
    expect(edited.mealErrors.get('monday.lunch')).toBe('A meal may list at most 20 dishes');
  });

  it('starts again from the answer of a save, keys never reused', () => {
    const grid = run(weekGrid(menu()), { type: 'add', slot: fridayDinner });
    const saved = menu();
    saved.week.friday.dinner = [{ name: 'Khichdi', name_hi: null, mark: 'jain' }];
    const loaded = run(grid, { type: 'load', menu: saved });
    expect(unsavedSlots(loaded)).toEqual([]);
    expect(cellOf(loaded, fridayDinner)[0]!.key).toBeGreaterThan(
      cellOf(grid, fridayDinner)[0]!.key,
    );
    expect(sameWeek(loaded.saved, saved.week)).toBe(true);
    expect(sameWeek(loaded.saved, menu().week)).toBe(false);
  });
});

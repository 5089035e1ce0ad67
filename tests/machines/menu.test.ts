// The menu's rules (machines/menu): weekdays of dates, which dishes a date serves (its change wins
// over its weekday, even an empty one), dish names in the reader's language, diets and dish marks.
import { describe, expect, it } from 'vitest';
import {
  cleanDish,
  dishesFor,
  dishName,
  menuForDate,
  repeatedDishes,
  suitsDiet,
  weekdayOf,
  type DateChanges,
  type Dish,
  type WeekPattern,
} from '@machines/menu';

const dal: Dish = { name: 'Dal', name_hi: 'दाल', mark: 'veg' };
const rice: Dish = { name: 'Rice', mark: 'jain' };
const biryani: Dish = { name: 'Chicken biryani', name_hi: null, mark: 'non_veg' };

describe('weekdayOf', () => {
  it('names the weekday of a date, across months, leap days and centuries', () => {
    expect(weekdayOf('1970-01-01')).toBe('thursday');
    expect(weekdayOf('2026-11-27')).toBe('friday');
    expect(weekdayOf('2026-11-30')).toBe('monday');
    expect(weekdayOf('2028-02-29')).toBe('tuesday');
    expect(weekdayOf('2000-01-01')).toBe('saturday');
    expect(weekdayOf('1969-12-31')).toBe('wednesday');
  });
});

describe('dishesFor', () => {
  const week: WeekPattern = { friday: { lunch: [dal, rice] }, saturday: { lunch: [rice] } };

  it('serves the weekday pattern when the date has no change', () => {
    expect(dishesFor('2026-11-27', 'lunch', week, {})).toEqual({
      dishes: [dal, rice],
      source: 'week',
    });
  });

  it('serves the date’s change instead of its weekday', () => {
    const changes: DateChanges = { '2026-11-27': { lunch: [biryani] } };
    expect(dishesFor('2026-11-27', 'lunch', week, changes)).toEqual({
      dishes: [biryani],
      source: 'date',
    });
    // Another date on the same weekday keeps the pattern.
    expect(dishesFor('2026-12-04', 'lunch', week, changes).source).toBe('week');
    // Another meal of the same date keeps its own.
    expect(dishesFor('2026-11-27', 'dinner', week, changes)).toEqual({
      dishes: [],
      source: 'none',
    });
  });

  it('lets an empty change say "nothing", over the weekday', () => {
    const changes: DateChanges = { '2026-11-27': { lunch: [] } };
    expect(dishesFor('2026-11-27', 'lunch', week, changes)).toEqual({ dishes: [], source: 'date' });
  });

  it('gives every meal of a date by the same rule', () => {
    const changes: DateChanges = { '2026-11-28': { dinner: [biryani] } };
    expect(menuForDate('2026-11-28', week, changes)).toEqual({
      breakfast: { dishes: [], source: 'none' },
      lunch: { dishes: [rice], source: 'week' },
      dinner: { dishes: [biryani], source: 'date' },
    });
  });
});

describe('dish names and diets', () => {
  it('shows the owner’s Hindi name to a reader of Hindi, else the name', () => {
    expect(dishName(dal, 'hi')).toBe('दाल');
    expect(dishName(dal, 'en')).toBe('Dal');
    expect(dishName(rice, 'hi')).toBe('Rice');
    expect(dishName({ ...dal, name_hi: '  ' }, 'hi')).toBe('Dal');
  });

  it('cleans what the owner typed and finds a dish listed twice', () => {
    expect(cleanDish({ name: ' Poha  ', name_hi: ' ', mark: 'veg' })).toEqual({
      name: 'Poha',
      name_hi: null,
      mark: 'veg',
    });
    expect(
      repeatedDishes([dal, rice, { name: ' dal', mark: 'veg' }, { name: 'RICE ', mark: 'jain' }]),
    ).toEqual([2, 3]);
    expect(repeatedDishes([dal, rice])).toEqual([]);
  });

  it('says which marks suit a diet: Jain ⊂ veg ⊂ egg ⊂ non-veg', () => {
    expect(suitsDiet('jain', 'jain')).toBe(true);
    expect(suitsDiet('veg', 'jain')).toBe(false);
    expect(suitsDiet('veg', 'veg')).toBe(true);
    expect(suitsDiet('egg', 'veg')).toBe(false);
    expect(suitsDiet('egg', 'egg')).toBe(true);
    expect(suitsDiet('non_veg', 'egg')).toBe(false);
    expect(suitsDiet('non_veg', 'non_veg')).toBe(true);
    expect(suitsDiet('non_veg', null)).toBe(true);
  });
});

// The meal being cooked now (issue 37, item 11): the kitchen sheet and `dabba kitchen` open on it,
// by the business's clock. One table of meal times (machines/settings MEAL_HOURS) also gives the
// riders' run sheets the meal still going out.
import { describe, expect, it } from 'vitest';
import { cookingMealAt, nextMealAt, servingMealAt } from '@machines';

const INDIA = 'Asia/Kolkata';

/** The instant of wall-clock `time` on `date` in India (UTC+5:30, no daylight saving). */
const inIndia = (date: string, time: string) =>
  new Date(Date.parse(`${date}T${time}:00+05:30`)).toISOString();

describe('the meal being cooked now', () => {
  it.each([
    ['00:30', { date: '2026-12-08', meal: 'breakfast' }],
    ['05:59', { date: '2026-12-08', meal: 'breakfast' }],
    // The example: at 6 am breakfast has gone out and the kitchen is on today's lunch.
    ['06:00', { date: '2026-12-08', meal: 'lunch' }],
    ['09:30', { date: '2026-12-08', meal: 'lunch' }],
    ['11:59', { date: '2026-12-08', meal: 'lunch' }],
    ['12:00', { date: '2026-12-08', meal: 'dinner' }],
    ['18:59', { date: '2026-12-08', meal: 'dinner' }],
    // After dinner it is tomorrow's breakfast.
    ['19:00', { date: '2026-12-09', meal: 'breakfast' }],
    ['23:59', { date: '2026-12-09', meal: 'breakfast' }],
  ])('at %s in India on 8 Dec 2026 it is %o', (time, expected) => {
    expect(cookingMealAt(inIndia('2026-12-08', time), INDIA)).toEqual(expected);
  });

  it("after the year's last dinner it is New Year's Day's breakfast", () => {
    expect(cookingMealAt(inIndia('2026-12-31', '21:00'), INDIA)).toEqual({
      date: '2027-01-01',
      meal: 'breakfast',
    });
  });

  it("reads the business's clock, not the machine's", () => {
    // 06:30 in India is 01:00 in London, still the night before breakfast there.
    const at = inIndia('2026-12-08', '06:30');
    expect(cookingMealAt(at, INDIA)).toEqual({ date: '2026-12-08', meal: 'lunch' });
    expect(cookingMealAt(at, 'Europe/London')).toEqual({ date: '2026-12-08', meal: 'breakfast' });
    // 20:00 in India is 09:30 in New York, where the kitchen is still on that day's lunch.
    expect(cookingMealAt(inIndia('2026-12-08', '20:00'), 'America/New_York')).toEqual({
      date: '2026-12-08',
      meal: 'lunch',
    });
  });

  it('is a meal ahead of the run sheets while a meal is going out', () => {
    // 07:00: breakfast is out with the riders, lunch on the stove.
    expect(servingMealAt('07:00')).toBe('breakfast');
    expect(cookingMealAt(inIndia('2026-12-08', '07:00'), INDIA).meal).toBe('lunch');
    // 13:00: lunch is out, dinner on the stove; 20:00: dinner is out, tomorrow's breakfast next.
    expect(servingMealAt('13:00')).toBe('lunch');
    expect(cookingMealAt(inIndia('2026-12-08', '13:00'), INDIA).meal).toBe('dinner');
    expect(servingMealAt('20:00')).toBe('dinner');
    expect(nextMealAt(20)).toBe('dinner');
  });
});

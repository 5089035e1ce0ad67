// The closed-day machine and its rules: a closure locks at the first cutoff of a meal it closes
// (to the second), cannot be made after it, never overlaps another of the same date, and gives a
// subscription a day only when it closes every meal the plan eats.
import { describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import {
  allowedEvents,
  closedDayFromApi,
  closedDayLocksAt,
  closedDayMachine,
  closedDayProblems,
  closureTakesWholeDay,
  cutoffAt,
  decide,
  DEFAULT_SETTINGS,
  firstClosedMeal,
  refusalSentence,
  type BusinessSettings,
} from '@machines';

const INDIA = 'Asia/Kolkata';
const DAY = '2026-11-28';
const second = (iso: string, seconds: number) =>
  new Date(Date.parse(iso) + seconds * 1000).toISOString();

describe('when a closure locks', () => {
  it('is the first cutoff of the meals it closes: breakfast the evening before for a whole day', () => {
    expect(firstClosedMeal(DEFAULT_SETTINGS, DAY, null)).toBe('breakfast');
    expect(closedDayLocksAt(DEFAULT_SETTINGS, DAY, null, INDIA)).toBe('2026-11-27T16:30:00.000Z');
    expect(closedDayLocksAt(DEFAULT_SETTINGS, DAY, 'dinner', INDIA)).toBe(
      cutoffAt(DEFAULT_SETTINGS, 'dinner', DAY, INDIA),
    );
  });

  it('follows the settings: a lunch fixed two days before comes first', () => {
    const early: BusinessSettings = {
      ...DEFAULT_SETTINGS,
      cutoffs: { ...DEFAULT_SETTINGS.cutoffs, lunch: { time: '23:00', days_before: 2 } },
    };
    expect(firstClosedMeal(early, DAY, null)).toBe('lunch');
    expect(closedDayLocksAt(early, DAY, null, INDIA)).toBe('2026-11-26T17:30:00.000Z');
  });
});

describe('the closed-day machine', () => {
  const locksAt = closedDayLocksAt(DEFAULT_SETTINGS, DAY, null, INDIA);

  it('removes a SCHEDULED closure until the second it locks, not after', () => {
    const before = decide(
      closedDayMachine,
      closedDayFromApi({ status: 'SCHEDULED', locks_at: locksAt }, second(locksAt, -1)),
      { type: 'closed_day.remove' },
    );
    expect(before).toMatchObject({ ok: true, next: 'REMOVED' });
    const at = decide(
      closedDayMachine,
      closedDayFromApi({ status: 'SCHEDULED', locks_at: locksAt }, locksAt),
      { type: 'closed_day.remove' },
    );
    expect(at).toMatchObject({ ok: false, code: 'closed_day.locked' });
  });

  it('refuses removing a removed closure, and offers no button then', () => {
    const state = closedDayFromApi({ status: 'REMOVED', locks_at: locksAt }, second(locksAt, -60));
    expect(decide(closedDayMachine, state, { type: 'closed_day.remove' })).toMatchObject({
      ok: false,
      code: 'closed_day.already_removed',
    });
    expect(allowedEvents(closedDayMachine, state)).toEqual([]);
    expect(
      allowedEvents(
        closedDayMachine,
        closedDayFromApi({ status: 'SCHEDULED', locks_at: locksAt }, second(locksAt, -60)),
      ),
    ).toEqual(['closed_day.remove']);
  });

  it('reaches every state by the shortest paths', () => {
    const paths = getShortestPaths(closedDayMachine, {
      input: { locksAt, now: second(locksAt, -1) },
      events: [{ type: 'closed_day.remove' }],
    });
    expect(paths.map((path) => path.state.value).sort()).toEqual(['REMOVED', 'SCHEDULED']);
  });
});

describe('a new closure', () => {
  const facts = (overrides: Partial<Parameters<typeof closedDayProblems>[0]> = {}) => ({
    date: DAY,
    meal: null,
    now: '2026-11-27T10:00:00.000Z',
    settings: DEFAULT_SETTINGS,
    timeZone: INDIA,
    scheduled: [],
    ...overrides,
  });

  it('may be made before its first cutoff, and is refused after it with the cutoff named', () => {
    expect(closedDayProblems(facts())).toEqual([]);
    const late = closedDayProblems(facts({ now: '2026-11-27T16:30:00.000Z' }));
    expect(late.map((problem) => problem.code)).toEqual(['closed_day.too_late']);
    expect(late[0]!.message).toBe(
      '28 Nov can no longer be closed: the count for Breakfast was fixed at 10:00 pm. Close a later meal or date.',
    );
    expect(refusalSentence('hi', late[0]!.key, late[0]!.values)).toContain('रात 10:00 बजे');
    // Dinner of the same day is still open to close.
    expect(closedDayProblems(facts({ meal: 'dinner', now: '2026-11-28T05:00:00.000Z' }))).toEqual(
      [],
    );
  });

  it('never doubles or overlaps a closure of the same date', () => {
    expect(
      closedDayProblems(facts({ meal: 'lunch', scheduled: [{ meal: 'lunch' }] }))[0],
    ).toMatchObject({ code: 'closed_day.already_closed' });
    expect(
      closedDayProblems(facts({ meal: 'lunch', scheduled: [{ meal: null }] }))[0],
    ).toMatchObject({ code: 'closed_day.overlaps' });
    expect(closedDayProblems(facts({ scheduled: [{ meal: 'dinner' }] }))[0]).toMatchObject({
      code: 'closed_day.overlaps',
    });
    expect(closedDayProblems(facts({ meal: 'lunch', scheduled: [{ meal: 'dinner' }] }))).toEqual(
      [],
    );
  });
});

describe('whose end date a closure moves', () => {
  it('a whole day: every plan; one meal: only a plan of that meal alone', () => {
    const day = ['breakfast', 'lunch', 'dinner'] as const;
    expect(closureTakesWholeDay(day, ['lunch', 'dinner'])).toBe(true);
    expect(closureTakesWholeDay(['lunch'], ['lunch'])).toBe(true);
    expect(closureTakesWholeDay(['lunch'], ['lunch', 'dinner'])).toBe(false);
    expect(closureTakesWholeDay(['lunch'], [])).toBe(false);
  });
});

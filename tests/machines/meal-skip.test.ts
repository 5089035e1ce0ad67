// The meal-skip machine and the cutoff rules: a meal's cutoff on the business's clock across
// midnight, month end, 29 February and daylight saving, and a skip locked to the second.
import { describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import {
  allowedEvents,
  closedRefusal,
  cutoffAt,
  decide,
  DEFAULT_SETTINGS,
  instantInZone,
  mealSkipFromApi,
  mealSkipMachine,
  mealSkipProblems,
  refusalSentence,
  type BusinessSettings,
  type NewMealSkipFacts,
} from '@machines';

const INDIA = 'Asia/Kolkata';

describe('cutoffs on the business clock', () => {
  it('puts each default cutoff at its wall-clock time in India', () => {
    expect(cutoffAt(DEFAULT_SETTINGS, 'lunch', '2026-11-28', INDIA)).toBe(
      '2026-11-28T03:30:00.000Z',
    );
    expect(cutoffAt(DEFAULT_SETTINGS, 'dinner', '2026-11-28', INDIA)).toBe(
      '2026-11-28T09:30:00.000Z',
    );
    // Breakfast is fixed at 22:00 the evening before.
    expect(cutoffAt(DEFAULT_SETTINGS, 'breakfast', '2026-11-28', INDIA)).toBe(
      '2026-11-27T16:30:00.000Z',
    );
  });

  it('crosses month ends, year ends and 29 February', () => {
    expect(cutoffAt(DEFAULT_SETTINGS, 'breakfast', '2028-03-01', INDIA)).toBe(
      '2028-02-29T16:30:00.000Z',
    );
    expect(cutoffAt(DEFAULT_SETTINGS, 'breakfast', '2027-03-01', INDIA)).toBe(
      '2027-02-28T16:30:00.000Z',
    );
    expect(cutoffAt(DEFAULT_SETTINGS, 'breakfast', '2027-01-01', INDIA)).toBe(
      '2026-12-31T16:30:00.000Z',
    );
    const twoDays: BusinessSettings = {
      ...DEFAULT_SETTINGS,
      cutoffs: { ...DEFAULT_SETTINGS.cutoffs, lunch: { time: '00:00', days_before: 2 } },
    };
    // Midnight two days before: the first instant of 26 Nov in India.
    expect(cutoffAt(twoDays, 'lunch', '2026-11-28', INDIA)).toBe('2026-11-25T18:30:00.000Z');
  });

  it('follows a zone with daylight saving, on either side of the change', () => {
    const zone = 'America/Los_Angeles';
    expect(instantInZone('2026-03-07', '09:00', zone)).toBe('2026-03-07T17:00:00.000Z');
    expect(instantInZone('2026-03-09', '09:00', zone)).toBe('2026-03-09T16:00:00.000Z');
    expect(instantInZone('2026-11-02', '09:00', zone)).toBe('2026-11-02T17:00:00.000Z');
  });
});

describe('the meal-skip machine', () => {
  const cutoff = '2026-11-28T03:30:00.000Z';
  const second = (offset: number) => new Date(Date.parse(cutoff) + offset * 1000).toISOString();

  it('undoes and skips again until the cutoff, to the second, and is locked at it', () => {
    const before = second(-1);
    const atCutoff = second(0);
    const skipped = mealSkipFromApi({ status: 'SKIPPED', cutoff_at: cutoff }, before);
    expect(decide(mealSkipMachine, skipped, { type: 'meal_skip.undo' })).toMatchObject({
      ok: true,
      next: 'UNDONE',
    });
    const undone = mealSkipFromApi({ status: 'UNDONE', cutoff_at: cutoff }, before);
    expect(decide(mealSkipMachine, undone, { type: 'meal_skip.skip' })).toMatchObject({
      ok: true,
      next: 'SKIPPED',
    });
    const locked = mealSkipFromApi({ status: 'SKIPPED', cutoff_at: cutoff }, atCutoff);
    expect(decide(mealSkipMachine, locked, { type: 'meal_skip.undo' })).toMatchObject({
      ok: false,
      code: 'meal_skip.closed',
    });
    expect(allowedEvents(mealSkipMachine, locked)).toEqual([]);
    expect(allowedEvents(mealSkipMachine, skipped)).toEqual(['meal_skip.undo']);
    // Skipping a skipped meal, or undoing an undone one, is refused by its own reason.
    expect(decide(mealSkipMachine, skipped, { type: 'meal_skip.skip' })).toMatchObject({
      ok: false,
      code: 'meal_skip.already_skipped',
    });
    expect(decide(mealSkipMachine, undone, { type: 'meal_skip.undo' })).toMatchObject({
      ok: false,
      code: 'meal_skip.not_skipped',
    });
  });

  it('reaches both states from a new skip', () => {
    const paths = getShortestPaths(mealSkipMachine, {
      input: { cutoffAt: cutoff, now: second(-60) },
      events: [{ type: 'meal_skip.undo' }, { type: 'meal_skip.skip' }],
    });
    expect(paths.map((path) => path.state.value).sort()).toEqual(['SKIPPED', 'UNDONE']);
  });
});

describe('the rules of a new skip', () => {
  const facts: NewMealSkipFacts = {
    skipsEnabled: true,
    subscriptionStatus: 'ACTIVE',
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    includedMeals: ['breakfast', 'lunch', 'dinner'],
    meal: 'lunch',
    date: '2026-11-28',
    onApprovedLeave: false,
    now: '2026-11-28T03:29:59.000Z',
    cutoffAt: '2026-11-28T03:30:00.000Z',
    settings: DEFAULT_SETTINGS,
  };
  const codes = (changes: Partial<NewMealSkipFacts>) =>
    mealSkipProblems({ ...facts, ...changes }).map((problem) => problem.key);

  it('lets a skip through before the cutoff, and names what is wrong otherwise', () => {
    expect(codes({})).toEqual([]);
    expect(codes({ skipsEnabled: false, subscriptionStatus: 'EXPIRED' })).toEqual([
      'meal_skip.disabled',
    ]);
    expect(codes({ subscriptionStatus: 'EXPIRED' })).toEqual(['meal_skip.subscription_not_active']);
    expect(codes({ date: '2026-12-01', includedMeals: ['dinner'] })).toEqual([
      'meal_skip.outside_subscription',
      'meal_skip.meal_not_in_plan',
    ]);
    expect(codes({ onApprovedLeave: true, now: '2026-11-28T03:30:00.000Z' })).toEqual([
      'meal_skip.on_leave',
      'meal_skip.closed:at',
    ]);
  });

  it('names the cutoff in English and in Hindi', () => {
    const closed = closedRefusal(DEFAULT_SETTINGS, 'lunch', '2026-11-28');
    expect(closed.message).toBe('Lunch for 28 Nov closed at 9:00 am.');
    expect(refusalSentence('hi', closed.key, closed.values)).toBe(
      '28 नव॰: दोपहर का खाना बदलने की समय-सीमा सुबह 9:00 बजे पर ख़त्म हो गई।',
    );
    const breakfast = closedRefusal(DEFAULT_SETTINGS, 'breakfast', '2026-11-28');
    expect(breakfast.message).toBe('Breakfast for 28 Nov closed at 10:00 pm.');
  });
});

// The owner's settings and single-meal skips over HTTP: cutoffs to the second on the business's
// clock, undo and skip again, the rules a skip must pass, the kitchen sheet net of skips, a burst of
// the same skip counted once, and the customer's upcoming meals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  closedRefusal,
  cutoffAt,
  formatDayMonth,
  DEFAULT_SETTINGS,
  REFUSALS_HI,
  refusalSentence,
  type BusinessSettings,
} from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { type Customer, loginOwner, registerCustomer, signedInAgain } from '../helpers/accounts.js';
import { insertSubscription, type SubscriptionFixture } from '../helpers/fixtures.js';

const ZONE = 'Asia/Kolkata';

describe.each(testDatabases())('meal skips on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let asha: Customer;
  let ravi: Customer;
  let ashaSub: SubscriptionFixture;
  let raviSub: SubscriptionFixture;
  /** The day after tomorrow, well inside every subscription here. */
  let mealDay: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    asha = await registerCustomer(t, { userType: 'student', service: 'tiffin' });
    ravi = await registerCustomer(t, { userType: 'regular', service: 'mess' });
    ashaSub = await insertSubscription(t, asha.id, { serviceType: 'tiffin' });
    raviSub = await insertSubscription(t, ravi.id, { meals: ['lunch'] });
    mealDay = addDays(t.ctx.today(), 2);
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * Sets the server's clock to `iso` (plus the few milliseconds the next request takes), and signs
   * the owner and Asha in again: tokens from another time have expired or are not valid yet.
   */
  const at = async (iso: string) => {
    t.clock.setTo(iso);
    owner = await loginOwner(t);
    asha = await signedInAgain(t, asha);
  };
  const secondsFrom = (iso: string, seconds: number) =>
    new Date(Date.parse(iso) + seconds * 1000).toISOString();
  const skip = (who: Customer, body: Record<string, unknown>, headers?: Record<string, string>) =>
    t.request('POST', '/api/meals/skips/', {
      token: who.access,
      body,
      ...(headers ? { headers } : {}),
    });
  const undo = (who: Customer, id: number, headers?: Record<string, string>) =>
    t.request('POST', `/api/meals/skips/${id}/undo/`, {
      token: who.access,
      ...(headers ? { headers } : {}),
    });
  const sheet = async (date: string) => {
    const answer = await t.request('GET', `/api/kitchen/sheet/?date=${date}`, { token: owner });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const putSettings = (body: unknown) =>
    t.request('PUT', '/api/owner/settings/', { token: owner, body });

  it('answers the default settings until the owner saves, then the saved ones, audited', async () => {
    const first = await t.request('GET', '/api/owner/settings/', { token: owner });
    expect(first.status).toBe(200);
    expect(first.body).toEqual(DEFAULT_SETTINGS);

    const changed: BusinessSettings = {
      ...DEFAULT_SETTINGS,
      cutoffs: { ...DEFAULT_SETTINGS.cutoffs, dinner: { time: '16:30', days_before: 0 } },
    };
    const saved = await putSettings(changed);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(changed);
    expect((await t.request('GET', '/api/owner/settings/', { token: owner })).body).toEqual(
      changed,
    );
    const audit = await t.request('GET', '/api/audit/?action=settings.update', { token: owner });
    expect(audit.body[0]).toMatchObject({ action: 'settings.update', actor: 'owner' });
    expect(audit.body[0].after.cutoffs.dinner).toEqual({ time: '16:30', days_before: 0 });
    expect(await putSettings(DEFAULT_SETTINGS)).toMatchObject({ status: 200 });
  });

  it('refuses malformed settings under their fields, and keeps the saved ones', async () => {
    const bad = await putSettings({
      cutoffs: {
        breakfast: { time: '25:00', days_before: 1 },
        lunch: { time: '09:00', days_before: 3 },
        dinner: { time: '15:00', days_before: 0 },
      },
      skips_enabled: true,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error_code).toBe('invalid');
    expect(bad.body['cutoffs.breakfast.time']).toEqual([
      'Cutoff time must be a time of day (HH:MM, 00:00 to 23:59)',
    ]);
    expect(bad.body['cutoffs.lunch.days_before']).toEqual(['Days before must be 0, 1 or 2']);
    const missing = await putSettings({ cutoffs: DEFAULT_SETTINGS.cutoffs });
    expect(missing.status).toBe(400);
    expect(missing.body.skips_enabled).toEqual(['Say whether meal skips are on']);
    expect((await t.request('GET', '/api/owner/settings/', { token: owner })).body).toEqual(
      DEFAULT_SETTINGS,
    );
  });

  it('skips and undoes a meal until its cutoff, to the second; after it names the cutoff', async () => {
    const lunchCutoff = cutoffAt(DEFAULT_SETTINGS, 'lunch', mealDay, ZONE);
    // Lunch is fixed at 09:00 in India: 03:30 UTC.
    expect(lunchCutoff).toBe(`${mealDay}T03:30:00.000Z`);
    const before = await sheet(mealDay);

    await at(secondsFrom(lunchCutoff, -2));
    const skipped = await skip(asha, {
      subscription: ashaSub.id,
      meal_date: mealDay,
      meal: 'lunch',
    });
    expect(skipped.status).toBe(201);
    expect(skipped.body).toMatchObject({
      subscription: ashaSub.id,
      user: asha.id,
      meal_date: mealDay,
      meal: 'lunch',
      status: 'SKIPPED',
      cutoff_at: lunchCutoff,
    });
    const during = await sheet(mealDay);
    expect(during.counts.tiffin.lunch).toBe(before.counts.tiffin.lunch - 1);
    expect(during.skipped.tiffin.lunch).toBe(1);
    // The diet counts are the same people: one fewer lunch.
    const lunches = (sheetBody: { diets: { lunch: Record<string, number> } }) =>
      Object.values(sheetBody.diets.lunch).reduce((sum, count) => sum + count, 0);
    expect(lunches(during)).toBe(lunches(before) - 1);
    expect(during.skips.lunch.map((row: { user_id: number }) => row.user_id)).toEqual([asha.id]);
    expect(during.deliveries.lunch.map((row: { user_id: number }) => row.user_id)).not.toContain(
      asha.id,
    );
    expect(during.deliveries.dinner.map((row: { user_id: number }) => row.user_id)).toContain(
      asha.id,
    );

    const undone = await undo(asha, skipped.body.id);
    expect(undone.status).toBe(200);
    expect(undone.body.status).toBe('UNDONE');
    expect((await sheet(mealDay)).counts.tiffin.lunch).toBe(before.counts.tiffin.lunch);
    // Skipped again: the same record.
    const again = await skip(asha, { subscription: ashaSub.id, meal_date: mealDay, meal: 'lunch' });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: skipped.body.id, status: 'SKIPPED' });

    await at(secondsFrom(lunchCutoff, 1));
    const late = await undo(asha, skipped.body.id);
    expect(late.status).toBe(400);
    expect(late.body).toEqual({
      non_field_errors: [closedRefusal(DEFAULT_SETTINGS, 'lunch', mealDay).message],
      error_code: 'meal_skip.closed',
    });
    const lateHindi = await undo(asha, skipped.body.id, { 'accept-language': 'hi' });
    expect(lateHindi.body.non_field_errors).toEqual([
      refusalSentence('hi', 'meal_skip.closed:at', { meal: 'lunch', day: mealDay, time: '09:00' }),
    ]);
    expect(lateHindi.body.non_field_errors[0]).toContain('सुबह 9:00 बजे');
    // Locked as it stood: still skipped, still off the count.
    expect((await sheet(mealDay)).counts.tiffin.lunch).toBe(before.counts.tiffin.lunch - 1);

    // Dinner's cutoff (15:00) is still ahead; breakfast's (22:00 the evening before) is long gone.
    const dinner = await skip(asha, {
      subscription: ashaSub.id,
      meal_date: mealDay,
      meal: 'dinner',
    });
    expect(dinner.status).toBe(201);
    const breakfast = await skip(asha, {
      subscription: ashaSub.id,
      meal_date: mealDay,
      meal: 'breakfast',
    });
    expect(breakfast.status).toBe(400);
    expect(breakfast.body.non_field_errors).toEqual([
      `Breakfast for ${formatDayMonth(mealDay)} closed at 10:00 pm.`,
    ]);
    await at(new Date().toISOString());
  });

  it('refuses a skip that breaks a rule, with the catalogue’s sentence', async () => {
    const tomorrowish = addDays(t.ctx.today(), 3);
    const notInPlan = await skip(ravi, {
      subscription: raviSub.id,
      meal_date: tomorrowish,
      meal: 'dinner',
    });
    expect(notInPlan.body).toEqual({
      non_field_errors: ['Your plan does not include this meal.'],
      error_code: 'meal_skip.meal_not_in_plan',
    });
    const outside = await skip(ravi, {
      subscription: raviSub.id,
      meal_date: addDays(t.ctx.today(), 90),
      meal: 'lunch',
    });
    expect(outside.body.error_code).toBe('meal_skip.outside_subscription');
    const notMine = await skip(ravi, {
      subscription: ashaSub.id,
      meal_date: tomorrowish,
      meal: 'lunch',
    });
    expect(notMine.status).toBe(400);
    expect(notMine.body).toEqual({
      subscription: ['Subscription not found.'],
      error_code: 'meal_skip.subscription_not_found',
    });

    const first = await skip(ravi, {
      subscription: raviSub.id,
      meal_date: tomorrowish,
      meal: 'lunch',
    });
    expect(first.status).toBe(201);
    const twice = await skip(ravi, {
      subscription: raviSub.id,
      meal_date: tomorrowish,
      meal: 'lunch',
    });
    expect(twice.body.error_code).toBe('meal_skip.already_skipped');
    const twiceHindi = await skip(
      ravi,
      { subscription: raviSub.id, meal_date: tomorrowish, meal: 'lunch' },
      { 'accept-language': 'hi' },
    );
    expect(twiceHindi.body.non_field_errors).toEqual([REFUSALS_HI['meal_skip.already_skipped']]);

    // An approved leave has the day off already.
    const leaveDay = addDays(t.ctx.today(), 5);
    const leave = await t.request('POST', '/api/subscriptions/leaves/', {
      token: ravi.access,
      body: {
        subscription: raviSub.id,
        leave_start_date: leaveDay,
        leave_end_date: leaveDay,
        reason: 'Home',
      },
    });
    expect(leave.status).toBe(201);
    const approved = await t.request(
      'POST',
      `/api/subscriptions/leaves/${leave.body.id}/approve/`,
      { token: owner, body: { admin_comment: 'Approved' } },
    );
    expect(approved.status).toBe(200);
    const onLeave = await skip(ravi, {
      subscription: raviSub.id,
      meal_date: leaveDay,
      meal: 'lunch',
    });
    expect(onLeave.body.error_code).toBe('meal_skip.on_leave');

    // The owner turns skips off: every new skip and undo after is refused.
    expect((await putSettings({ ...DEFAULT_SETTINGS, skips_enabled: false })).status).toBe(200);
    const off = await skip(ravi, {
      subscription: raviSub.id,
      meal_date: addDays(t.ctx.today(), 4),
      meal: 'lunch',
    });
    expect(off.body).toEqual({
      non_field_errors: ['Meal skips are turned off by the mess.'],
      error_code: 'meal_skip.disabled',
    });
    expect((await putSettings(DEFAULT_SETTINGS)).status).toBe(200);
  });

  it('counts a burst of the same skip once, whichever request wins', async () => {
    const date = addDays(t.ctx.today(), 6);
    const before = await sheet(date);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        skip(asha, { subscription: ashaSub.id, meal_date: date, meal: 'dinner' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(39);
    for (const answer of answers.filter((a) => a.status === 400)) {
      expect(answer.body.error_code).toBe('meal_skip.already_skipped');
    }
    const rows = await t.ctx.db.kysely
      .selectFrom('meal_skips')
      .selectAll()
      .where('subscription_id', '=', ashaSub.id)
      .where('meal_date', '=', date)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await sheet(date)).counts.tiffin.dinner).toBe(before.counts.tiffin.dinner - 1);
  });

  it('lists the customer’s meals of today and tomorrow with cutoffs, skips and leaves', async () => {
    const today = t.ctx.today();
    const tomorrow = addDays(today, 1);
    const skipped = await skip(asha, {
      subscription: ashaSub.id,
      meal_date: tomorrow,
      meal: 'dinner',
    });
    expect(skipped.status).toBe(201);
    const answer = await t.request('GET', '/api/meals/upcoming/', { token: asha.access });
    expect(answer.status).toBe(200);
    const meals = answer.body as Array<{
      meal_date: string;
      meal: string;
      cutoff_at: string;
      open: boolean;
      skip: { id: number } | null;
    }>;
    expect(meals.map((meal) => `${meal.meal_date} ${meal.meal}`)).toEqual([
      `${today} breakfast`,
      `${today} lunch`,
      `${today} dinner`,
      `${tomorrow} breakfast`,
      `${tomorrow} lunch`,
      `${tomorrow} dinner`,
    ]);
    const now = Date.now();
    for (const meal of meals) {
      expect(meal.cutoff_at).toBe(
        cutoffAt(DEFAULT_SETTINGS, meal.meal as 'lunch', meal.meal_date, ZONE),
      );
      expect(meal.open).toBe(Date.parse(meal.cutoff_at) > now);
    }
    expect(meals[5]!.skip).toMatchObject({ id: skipped.body.id, status: 'SKIPPED' });
    expect(meals[4]!.skip).toBeNull();
    // The owner has no meals of their own.
    expect((await t.request('GET', '/api/meals/upcoming/', { token: owner })).status).toBe(403);
    // Every skip of the customer, newest meal first; the owner sees them all.
    const mine = await t.request('GET', '/api/meals/skips/', { token: asha.access });
    expect(mine.body.every((row: { user: number }) => row.user === asha.id)).toBe(true);
    const all = await t.request('GET', `/api/meals/skips/?user=${ravi.id}`, { token: owner });
    expect(all.body.length).toBeGreaterThan(0);
    expect(all.body.every((row: { user: number }) => row.user === ravi.id)).toBe(true);
  });
});

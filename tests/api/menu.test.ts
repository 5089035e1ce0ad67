// The menu and diet over HTTP (issue 20): the owner sets the weekday pattern and a date's change,
// anyone reads the days (a date's change beats its weekday), bad input is a 400 per field, only the
// owner writes, each change is audited, a customer's diet is on the profile and the kitchen sheet
// counts each meal per diet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatCalendarDate, weekdayOf } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { insertPlan, insertSubscription } from '../helpers/fixtures.js';

const HINDI = { 'accept-language': 'hi' };

describe.each(testDatabases())('menu and diet on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let customer: Customer;
  const today = () => t.ctx.today();
  const tomorrow = () => addDays(today(), 1);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    customer = await registerCustomer(t, { service: 'mess' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const setWeekday = (weekday: string, meal: string, body: unknown, token: string | null = owner) =>
    t.request('PUT', `/api/menu/week/${weekday}/${meal}/`, { token, body });
  const setDate = (date: string, meal: string, body: unknown, token: string | null = owner) =>
    t.request('PUT', `/api/menu/dates/${date}/${meal}/`, { token, body });

  const dalRice = [
    { name: 'Dal tadka', name_hi: 'दाल तड़का', mark: 'veg' },
    { name: 'Jeera rice', mark: 'jain' },
  ];
  const festive = [
    { name: 'Paneer butter masala', name_hi: 'पनीर बटर मसाला', mark: 'veg' },
    { name: 'Egg curry', mark: 'egg' },
    { name: 'Chicken biryani', name_hi: 'चिकन बिरयानी', mark: 'non_veg' },
  ];

  it('lets the owner set a weekday pattern, every weekday, and answers the whole week', async () => {
    for (const weekday of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']) {
      const answer = await setWeekday(weekday, 'lunch', { dishes: dalRice });
      expect(answer.status).toBe(200);
    }
    await setWeekday('saturday', 'lunch', { dishes: dalRice });
    const sunday = await setWeekday('sunday', 'lunch', { dishes: dalRice });
    expect(sunday.body.week.sunday.lunch).toEqual([
      { name: 'Dal tadka', name_hi: 'दाल तड़का', mark: 'veg' },
      { name: 'Jeera rice', name_hi: null, mark: 'jain' },
    ]);
    expect(sunday.body.week.monday.breakfast).toEqual([]);
    const breakfast = await setWeekday('monday', 'breakfast', {
      dishes: [{ name: '  Poha ', name_hi: '   ', mark: 'veg' }],
    });
    // Names are trimmed and a blank Hindi name is dropped.
    expect(breakfast.body.week.monday.breakfast).toEqual([
      { name: 'Poha', name_hi: null, mark: 'veg' },
    ]);
  });

  it('serves a date change instead of the weekday, and the weekday again once cleared', async () => {
    const answer = await setDate(tomorrow(), 'lunch', { dishes: festive });
    expect(answer.status).toBe(200);
    expect(answer.body.changes).toContainEqual({
      date: tomorrow(),
      meal: 'lunch',
      dishes: festive.map((dish) => ({ name_hi: null, ...dish })),
    });

    // Anyone reads the menu: a customer, and a visitor without a token.
    for (const token of [customer.access, null]) {
      const menu = await t.request('GET', '/api/menu/', { token, headers: {} });
      expect(menu.status).toBe(200);
      expect(menu.body.today).toBe(today());
      expect(menu.body.days).toHaveLength(7);
      const [first, second] = menu.body.days;
      expect(first).toMatchObject({ date: today(), weekday: weekdayOf(today()) });
      expect(first.meals.lunch.source).toBe('week');
      expect(first.meals.lunch.dishes.map((dish: { name: string }) => dish.name)).toEqual([
        'Dal tadka',
        'Jeera rice',
      ]);
      expect(second.date).toBe(tomorrow());
      expect(second.meals.lunch.source).toBe('date');
      expect(second.meals.lunch.dishes.map((dish: { name: string }) => dish.name)).toEqual([
        'Paneer butter masala',
        'Egg curry',
        'Chicken biryani',
      ]);
      // A meal nobody set: nothing, from nowhere.
      expect(second.meals.dinner).toEqual({ dishes: [], source: 'none' });
    }

    const two = await t.request('GET', `/api/menu/?date=${tomorrow()}&days=2`, { token: null });
    expect(two.body.days.map((day: { date: string }) => day.date)).toEqual([
      tomorrow(),
      addDays(tomorrow(), 1),
    ]);

    // An empty change means "nothing that meal", and still beats the weekday.
    await setDate(addDays(today(), 2), 'lunch', { dishes: [] });
    const empty = await t.request('GET', `/api/menu/?date=${addDays(today(), 2)}&days=1`, {
      token: null,
    });
    expect(empty.body.days[0].meals.lunch).toEqual({ dishes: [], source: 'date' });

    const cleared = await t.request('DELETE', `/api/menu/dates/${addDays(today(), 2)}/lunch/`, {
      token: owner,
    });
    expect(cleared.status).toBe(204);
    const again = await t.request('GET', `/api/menu/?date=${addDays(today(), 2)}&days=1`, {
      token: null,
    });
    expect(again.body.days[0].meals.lunch.source).toBe('week');
    const twice = await t.request('DELETE', `/api/menu/dates/${addDays(today(), 2)}/lunch/`, {
      token: owner,
    });
    expect(twice.status).toBe(404);
  });

  it('reads the pattern and the coming changes for anyone', async () => {
    const week = await t.request('GET', '/api/menu/week/', { token: null });
    expect(week.status).toBe(200);
    expect(week.body.week.friday.lunch).toHaveLength(2);
    expect(week.body.changes.map((c: { date: string; meal: string }) => [c.date, c.meal])).toEqual([
      [tomorrow(), 'lunch'],
    ]);
  });

  it('refuses bad input with a 400 per field, never a 500', async () => {
    const blank = await setWeekday('monday', 'lunch', {
      dishes: [
        { name: '   ', mark: 'veg' },
        { name: 'x'.repeat(81), mark: 'veg' },
        { name: 'Aloo', mark: 'vegan' },
        { name: 'Gobi' },
      ],
    });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({
      error_code: 'invalid',
      'dishes.0.name': ['Dish name may not be blank'],
      'dishes.1.name': ['Dish name must be at most 80 characters'],
      'dishes.2.mark': ['Mark the dish veg, egg, non_veg or jain'],
      'dishes.3.mark': ['Mark the dish veg, egg, non_veg or jain'],
    });

    const repeated = await setWeekday('monday', 'lunch', {
      dishes: [
        { name: 'Dal', mark: 'veg' },
        { name: ' dal ', mark: 'jain' },
      ],
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body).toEqual({
      'dishes.1.name': ['This dish is already on this meal'],
      error_code: 'invalid',
    });

    const tooMany = await setWeekday('monday', 'lunch', {
      dishes: Array.from({ length: 21 }, (_, i) => ({ name: `Dish ${i}`, mark: 'veg' })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.dishes).toEqual(['A meal may list at most 20 dishes']);

    expect((await setWeekday('monday', 'lunch', {})).body.dishes).toEqual(['Dishes are required']);
    const unknown = await setWeekday('monday', 'lunch', { dishes: [], extra: 1 });
    expect(unknown.status).toBe(400);

    const badDay = await setWeekday('funday', 'lunch', { dishes: [] });
    expect(badDay.status).toBe(400);
    expect(badDay.body.weekday).toEqual([
      'Weekday must be monday, tuesday, wednesday, thursday, friday, saturday or sunday',
    ]);
    const badMeal = await setDate(tomorrow(), 'brunch', { dishes: [] });
    expect(badMeal.status).toBe(400);
    expect(badMeal.body.meal).toEqual(['Meal must be breakfast, lunch or dinner']);

    const past = await setDate(addDays(today(), -1), 'lunch', { dishes: [] });
    expect(past.status).toBe(400);
    expect(past.body).toEqual({
      date: ['The menu of a past date cannot be changed'],
      error_code: 'invalid',
    });
    const notADate = await setDate('2026-02-30', 'lunch', { dishes: [] });
    expect(notADate.status).toBe(400);
    expect(notADate.body.date).toEqual(['Date must be a date (YYYY-MM-DD)']);

    const days = await t.request('GET', '/api/menu/?days=15', { token: null });
    expect(days.status).toBe(400);
    expect(days.body.days).toEqual(['Days must be a whole number from 1 to 14']);

    // In Hindi for a Hindi reader.
    const hindi = await t.request('PUT', '/api/menu/week/monday/lunch/', {
      token: owner,
      headers: HINDI,
      body: { dishes: [{ name: ' ', mark: 'veg' }] },
    });
    expect(hindi.body['dishes.0.name']).toEqual(['व्यंजन का नाम खाली नहीं हो सकता']);

    // Nothing refused was stored.
    const week = await t.request('GET', '/api/menu/week/', { token: null });
    expect(week.body.week.monday.lunch.map((dish: { name: string }) => dish.name)).toEqual([
      'Dal tadka',
      'Jeera rice',
    ]);
  });

  it('lets only the owner write the menu', async () => {
    const body = { dishes: [{ name: 'Kheer', mark: 'veg' }] };
    expect((await setWeekday('monday', 'dinner', body, customer.access)).status).toBe(403);
    expect((await setDate(tomorrow(), 'dinner', body, customer.access)).status).toBe(403);
    expect(
      (
        await t.request('DELETE', `/api/menu/dates/${tomorrow()}/lunch/`, {
          token: customer.access,
        })
      ).status,
    ).toBe(403);
    expect((await setWeekday('monday', 'dinner', body, null)).status).toBe(401);
    const menu = await t.request('GET', `/api/menu/?date=${tomorrow()}&days=1`, { token: null });
    expect(menu.body.days[0].meals.lunch.source).toBe('date');
  });

  it('records every owner change in the audit log, with before and after', async () => {
    await setDate(tomorrow(), 'dinner', { dishes: [{ name: 'Khichdi', mark: 'jain' }] });
    await t.request('DELETE', `/api/menu/dates/${tomorrow()}/dinner/`, { token: owner });
    const log = await t.request('GET', '/api/audit/?action=menu', { token: owner });
    expect(log.status).toBe(200);
    const actions = log.body.map((entry: { action: string }) => entry.action);
    expect(actions.slice(0, 2)).toEqual(['menu.clear_date', 'menu.set_date']);
    expect(actions).toContain('menu.set_weekday');
    const [clear, set] = log.body;
    expect(set).toMatchObject({
      actor: 'owner',
      object_type: 'menu',
      summary: `Changed the dinner of ${formatCalendarDate(tomorrow())}: Khichdi.`,
      before: null,
      after: { date: tomorrow(), meal: 'dinner', dishes: [{ name: 'Khichdi', mark: 'jain' }] },
    });
    expect(clear).toMatchObject({ after: null, before: { date: tomorrow(), meal: 'dinner' } });
  });

  it('keeps a customer’s diet on the profile, and the kitchen counts each meal per diet', async () => {
    const profile = await t.request('GET', '/api/accounts/profile/', { token: customer.access });
    expect(profile.body.diet).toBeNull();
    const set = await t.request('PUT', '/api/accounts/diet/', {
      token: customer.access,
      body: { diet: 'jain' },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: customer.id, diet: 'jain', username: customer.username });
    const after = await t.request('GET', '/api/accounts/profile/', { token: customer.access });
    expect(after.body.diet).toBe('jain');

    const bad = await t.request('PUT', '/api/accounts/diet/', {
      token: customer.access,
      body: { diet: 'vegan' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.diet).toEqual(['Diet must be veg, egg, non_veg, jain or none']);
    expect(
      (await t.request('PUT', '/api/accounts/diet/', { token: owner, body: { diet: 'veg' } }))
        .status,
    ).toBe(403);

    // The kitchen: a jain mess diner (3 meals), an egg tiffin on lunch and dinner, a
    // non-vegetarian on leave tomorrow (not counted), and one who never said (unset).
    const full = await insertPlan(t, { serviceType: 'mess', name: 'Mess Full' });
    const duo = await insertPlan(t, { serviceType: 'tiffin', meals: ['lunch', 'dinner'] });
    await insertSubscription(t, customer.id, { plan: full });
    const egg = await registerCustomer(t, { service: 'tiffin', userType: 'regular' });
    await t.request('PUT', '/api/accounts/diet/', { token: egg.access, body: { diet: 'egg' } });
    await insertSubscription(t, egg.id, { plan: duo });
    const away = await registerCustomer(t, { service: 'mess' });
    await t.request('PUT', '/api/accounts/diet/', {
      token: away.access,
      body: { diet: 'non_veg' },
    });
    const awaySub = await insertSubscription(t, away.id, { plan: full });
    const now = t.clock.now().toISOString();
    await t.ctx.db.kysely
      .insertInto('leaves')
      .values({
        user_id: away.id,
        subscription_id: awaySub.id,
        leave_start_date: tomorrow(),
        leave_end_date: addDays(tomorrow(), 1),
        reason: 'Home',
        status: 'APPROVED',
        duration_days: 2,
        requested_at: now,
        approved_at: now,
        rejected_at: null,
        admin_comment: null,
        decided_by: null,
        updated_at: now,
      })
      .execute();
    const silent = await registerCustomer(t, { service: 'mess' });
    await insertSubscription(t, silent.id, { plan: full });
    // Unset again after a choice: null.
    const cleared = await t.request('PUT', '/api/accounts/diet/', {
      token: silent.access,
      body: { diet: null },
    });
    expect(cleared.body.diet).toBeNull();

    const sheet = await t.request('GET', `/api/kitchen/sheet/?date=${tomorrow()}`, {
      token: owner,
    });
    expect(sheet.status).toBe(200);
    const none = { veg: 0, egg: 0, non_veg: 0, jain: 0, unset: 0 };
    expect(sheet.body.diets).toEqual({
      breakfast: { ...none, jain: 1, unset: 1 },
      lunch: { ...none, jain: 1, egg: 1, unset: 1 },
      dinner: { ...none, jain: 1, egg: 1, unset: 1 },
    });
    // The same people as the counts.
    for (const meal of ['breakfast', 'lunch', 'dinner'] as const) {
      const byDiet = Object.values(sheet.body.diets[meal] as Record<string, number>);
      const total = byDiet.reduce((sum, n) => sum + n, 0);
      expect(total).toBe(sheet.body.counts.mess[meal] + sheet.body.counts.tiffin[meal]);
    }
  });
});

// The whole weekday pattern in one save (issue 37, item 12): the owner's week grid sends every
// weekday's three meals at once; each meal is held to the one-meal rules, one refused meal refuses
// the week and nothing stored changes; the changed meals are written in one transaction with one
// audit entry; only those who may set a meal may set the week.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_MEALS, WEEKDAYS, type Weekday } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { addStaff } from '../helpers/staff.js';

type DishSent = { name: string; name_hi?: string | null; mark: string };
type WeekSent = Record<Weekday, Record<(typeof MENU_MEALS)[number], DishSent[]>>;

/** A week of `dishesOf(weekday, meal)` for every weekday and meal. */
const weekOf = (dishesOf: (weekday: Weekday, meal: string) => DishSent[]): WeekSent =>
  Object.fromEntries(
    WEEKDAYS.map((weekday) => [
      weekday,
      Object.fromEntries(MENU_MEALS.map((meal) => [meal, dishesOf(weekday, meal)])),
    ]),
  ) as WeekSent;

describe.each(testDatabases())('the week’s menu in one save on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let customer: Customer;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    customer = await registerCustomer(t, { service: 'mess' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const saveWeek = (week: unknown, token: string | null = owner, headers = {}) =>
    t.request('PUT', '/api/menu/week/', { token, body: { week }, headers });
  const readWeek = async () => (await t.request('GET', '/api/menu/week/', { token: null })).body;
  const weekAudits = async () =>
    (await t.request('GET', '/api/audit/?action=menu', { token: owner })).body.filter(
      (entry: { action: string }) => entry.action === 'menu.set_week',
    );

  // Every day's breakfast and lunch; Sunday has no dinner (nothing set stays not set).
  const usual = weekOf((weekday, meal) =>
    meal === 'breakfast'
      ? [{ name: ' Poha ', name_hi: ' ', mark: 'veg' }]
      : meal === 'lunch'
        ? [
            { name: `Dal ${weekday}`, name_hi: 'दाल', mark: 'veg' },
            { name: 'Jeera rice', mark: 'jain' },
          ]
        : weekday === 'sunday'
          ? []
          : [{ name: weekday === 'friday' ? 'Egg curry' : 'Roti sabzi', mark: 'egg' }],
  );

  it('saves every weekday’s meals at once, audited once, and answers the saved week', async () => {
    const answer = await saveWeek(usual);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // Names trimmed and blank Hindi names dropped, as for one meal.
    expect(answer.body.week.monday).toEqual({
      breakfast: [{ name: 'Poha', name_hi: null, mark: 'veg' }],
      lunch: [
        { name: 'Dal monday', name_hi: 'दाल', mark: 'veg' },
        { name: 'Jeera rice', name_hi: null, mark: 'jain' },
      ],
      dinner: [{ name: 'Roti sabzi', name_hi: null, mark: 'egg' }],
    });
    expect(answer.body.week.friday.dinner).toEqual([
      { name: 'Egg curry', name_hi: null, mark: 'egg' },
    ]);
    expect(await readWeek()).toEqual(answer.body);

    // Sunday's empty dinner was never set: the days show it as not set, not as "nothing".
    const menu = await t.request('GET', '/api/menu/?days=7', { token: null });
    const served = menu.body.days.find((day: { weekday: string }) => day.weekday === 'sunday');
    expect(served.meals.dinner).toEqual({ dishes: [], source: 'none' });
    expect(served.meals.lunch.source).toBe('week');

    const [audit, ...more] = await weekAudits();
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ actor: 'owner', object_type: 'menu' });
    // Nothing was set before: each meal was null.
    expect(audit.before.monday).toEqual({ breakfast: null, lunch: null, dinner: null });
    expect(audit.summary).toMatch(/^Set the week's menu, 20 meals: Monday's breakfast, /);
    expect(audit.after.sunday).toEqual({
      breakfast: [{ name: 'Poha', name_hi: null, mark: 'veg' }],
      lunch: [
        { name: 'Dal sunday', name_hi: 'दाल', mark: 'veg' },
        { name: 'Jeera rice', name_hi: null, mark: 'jain' },
      ],
    });
  });

  it('writes only the meals that changed, and nothing at all for the same week', async () => {
    const again = await saveWeek(usual);
    expect(again.status).toBe(200);
    expect(await weekAudits()).toHaveLength(1);

    const changed = structuredClone(usual);
    changed.wednesday.lunch = [{ name: 'Rajma chawal', name_hi: 'राजमा चावल', mark: 'veg' }];
    changed.sunday.dinner = [{ name: 'Chicken biryani', mark: 'non_veg' }];
    const saved = await saveWeek(changed);
    expect(saved.status).toBe(200);
    expect(saved.body.week.wednesday.lunch).toEqual([
      { name: 'Rajma chawal', name_hi: 'राजमा चावल', mark: 'veg' },
    ]);
    const [latest] = await weekAudits();
    expect(latest.summary).toBe(
      "Set the week's menu, 2 meals: Wednesday's lunch, Sunday's dinner.",
    );
    expect(latest.before).toEqual({
      wednesday: {
        lunch: [
          { name: 'Dal wednesday', name_hi: 'दाल', mark: 'veg' },
          { name: 'Jeera rice', name_hi: null, mark: 'jain' },
        ],
      },
      sunday: { dinner: null },
    });
    expect(latest.after).toEqual({
      wednesday: { lunch: [{ name: 'Rajma chawal', name_hi: 'राजमा चावल', mark: 'veg' }] },
      sunday: { dinner: [{ name: 'Chicken biryani', name_hi: null, mark: 'non_veg' }] },
    });
  });

  it('refuses the whole week when one meal is refused: nothing stored changes', async () => {
    const before = await readWeek();
    const audits = (await weekAudits()).length;

    // A blank name on Sunday's breakfast, beside a valid change to Monday's lunch.
    const blank = structuredClone(usual);
    blank.monday.lunch = [{ name: 'Chole bhature', mark: 'veg' }];
    blank.sunday.breakfast = [{ name: '   ', mark: 'veg' }];
    const refused = await saveWeek(blank);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      'week.sunday.breakfast.0.name': ['Dish name may not be blank'],
      error_code: 'invalid',
    });

    // A dish twice in two meals: both named in one answer.
    const repeated = structuredClone(usual);
    repeated.monday.lunch = [{ name: 'Chole bhature', mark: 'veg' }];
    repeated.tuesday.dinner = [
      { name: 'Kadhi', mark: 'veg' },
      { name: ' kadhi', mark: 'jain' },
    ];
    repeated.saturday.lunch = [
      { name: 'Pulao', mark: 'veg' },
      { name: 'Raita', mark: 'veg' },
      { name: 'PULAO', mark: 'veg' },
    ];
    const twice = await saveWeek(repeated);
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({
      'week.tuesday.dinner.1.name': ['This dish is already on this meal'],
      'week.saturday.lunch.2.name': ['This dish is already on this meal'],
      error_code: 'invalid',
    });

    // Too many dishes, a missing day, a missing meal, an unknown day, a bad mark.
    const crowded = structuredClone(usual);
    crowded.thursday.dinner = Array.from({ length: 21 }, (_, i) => ({
      name: `Dish ${i}`,
      mark: 'veg',
    }));
    expect((await saveWeek(crowded)).body['week.thursday.dinner']).toEqual([
      'A meal may list at most 20 dishes',
    ]);
    const { sunday: _sunday, ...sixDays } = structuredClone(usual);
    expect((await saveWeek(sixDays)).body['week.sunday']).toEqual([
      'Every day of the week is required',
    ]);
    const noLunch = structuredClone(usual) as Record<string, Record<string, unknown>>;
    delete noLunch.friday!.lunch;
    expect((await saveWeek(noLunch)).body['week.friday.lunch']).toEqual(['Dishes are required']);
    const funday = await saveWeek({ ...usual, funday: usual.monday });
    expect(funday.status).toBe(400);
    expect(Object.keys(funday.body)).toContain('week.funday');
    const vegan = structuredClone(usual) as unknown as Record<string, Record<string, DishSent[]>>;
    vegan.monday!.dinner = [{ name: 'Tofu', mark: 'vegan' }];
    expect((await saveWeek(vegan)).body['week.monday.dinner.0.mark']).toEqual([
      'Mark the dish veg, egg, non_veg or jain',
    ]);
    expect((await t.request('PUT', '/api/menu/week/', { token: owner, body: {} })).body).toEqual({
      week: ['The week is required'],
      error_code: 'invalid',
    });

    // In Hindi for a Hindi reader.
    const hindi = await saveWeek(sixDays, owner, { 'accept-language': 'hi' });
    expect(hindi.body['week.sunday']).toEqual(['सप्ताह का हर दिन आवश्यक है']);

    expect(await readWeek()).toEqual(before);
    expect(await weekAudits()).toHaveLength(audits);
  });

  it('writes the week in one transaction: a write that fails midway leaves the week as it was', async () => {
    const before = await readWeek();
    // The database refuses Sunday's rows, after Monday's to Saturday's were written.
    if (dialect === 'sqlite') {
      await sql`create trigger refuse_sunday before insert on menu_week when new.weekday = 'sunday'
        begin select raise(abort, 'refused'); end`.execute(t.ctx.db.kysely);
    } else {
      await sql`create function refuse_sunday() returns trigger language plpgsql as $$
        begin raise exception 'refused'; end $$`.execute(t.ctx.db.kysely);
      await sql`create trigger refuse_sunday before insert on menu_week for each row
        when (new.weekday = 'sunday') execute function refuse_sunday()`.execute(t.ctx.db.kysely);
    }
    try {
      const owners = await t.ctx.db.kysely
        .selectFrom('users')
        .selectAll()
        .where('username', '=', 'owner')
        .executeTakeFirstOrThrow();
      const everything = weekOf((weekday) => [{ name: `Thali ${weekday}`, mark: 'veg' }]);
      await expect(t.ctx.stores.menu.setWeek(owners, everything as never)).rejects.toThrow();
    } finally {
      await sql`drop trigger refuse_sunday${sql.raw(dialect === 'postgres' ? ' on menu_week' : '')}`.execute(
        t.ctx.db.kysely,
      );
    }
    expect(await readWeek()).toEqual(before);
  });

  it('lets the owner and the kitchen set the week, and no customer or visitor', async () => {
    const before = await readWeek();
    const kheer = weekOf(() => [{ name: 'Kheer', mark: 'veg' }]);
    expect((await saveWeek(kheer, customer.access)).status).toBe(403);
    expect((await saveWeek(kheer, null)).status).toBe(401);
    expect(await readWeek()).toEqual(before);

    const kitchen = await addStaff(t, owner, 'kitchen');
    const saved = await saveWeek(kheer, kitchen.access);
    expect(saved.status).toBe(200);
    expect(saved.body.week.tuesday.dinner).toEqual([{ name: 'Kheer', name_hi: null, mark: 'veg' }]);
    const [latest] = await weekAudits();
    expect(latest.summary).toMatch(/^Set the week's menu, 21 meals: /);
  });
});

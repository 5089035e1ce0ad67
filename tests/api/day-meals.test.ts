// The day's meals (server/lifecycles/kitchen/day-meals.ts) on both databases: one definition of who
// is served which meal, so the kitchen sheet, its lock, the tiffin deliveries (a run sheet's list,
// whole or narrowed to some customers) and the owner's home count the same people, whatever takes
// a meal off: an approved leave, a skip, a closed meal, old overlapping rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type Meal } from '@machines';
import { cutoffAt, DEFAULT_SETTINGS } from '@machines/settings';
import { tiffinDeliveriesOf } from '../../server/lifecycles/kitchen/kitchen.deliveries.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { insertPlan, insertSubscription } from '../helpers/fixtures.js';

const MEALS: Meal[] = ['breakfast', 'lunch', 'dinner'];
const ZONE = 'Asia/Kolkata';

describe.each(testDatabases())('the day’s meals on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let tomorrow: string;
  const people: Record<string, Customer> = {};
  const subs: Record<string, number> = {};

  const get = async (url: string) => {
    const answer = await t.request('GET', url, { token: owner });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // Noon in India: none of tomorrow's cutoffs has passed.
    t.clock.setTo('2031-06-10T06:30:00.000Z');
    owner = await loginOwner(t);
    tomorrow = addDays(t.ctx.today(), 1);
    const tiffin = await insertPlan(t, {
      serviceType: 'tiffin',
      meals: ['lunch', 'dinner'],
      name: 'Tiffin Duo',
    });
    const mess = await insertPlan(t, { serviceType: 'mess', name: 'Mess Full' });
    for (const name of ['eats', 'skips', 'away', 'twice', 'pending']) {
      people[name] = await registerCustomer(t, { userType: 'regular', service: 'tiffin' });
      subs[name] = (await insertSubscription(t, people[name]!.id, { plan: tiffin })).id;
    }
    people.mess = await registerCustomer(t, { service: 'mess' });
    subs.mess = (await insertSubscription(t, people.mess.id, { plan: mess })).id;
    // Old data: a second tiffin row of one customer overlapping the first.
    subs.twiceAgain = (await insertSubscription(t, people.twice!.id, { plan: tiffin })).id;

    const skip = await t.request('POST', '/api/meals/skips/', {
      token: people.skips!.access,
      body: { subscription: subs.skips, meal_date: tomorrow, meal: 'lunch' },
    });
    expect(skip.status).toBe(201);
    const now = t.clock.now().toISOString();
    for (const [name, status] of [
      ['away', 'APPROVED'],
      ['pending', 'PENDING'],
    ] as const) {
      await t.ctx.db.kysely
        .insertInto('leaves')
        .values({
          user_id: people[name]!.id,
          subscription_id: subs[name]!,
          leave_start_date: tomorrow,
          leave_end_date: tomorrow,
          reason: 'Home',
          status,
          duration_days: 1,
          requested_at: now,
          approved_at: status === 'APPROVED' ? now : null,
          rejected_at: null,
          admin_comment: null,
          decided_by: null,
          updated_at: now,
        })
        .execute();
    }
    const closed = await t.request('POST', '/api/owner/closed-days/', {
      token: owner,
      body: { date: tomorrow, meal: 'dinner', reason: 'Water cut' },
    });
    expect(closed.status).toBe(201);
  });
  afterAll(async () => {
    await t?.settle();
    await t?.close();
  });

  it('counts each meal once per person, net of a leave, a skip, a closed meal and old overlaps', async () => {
    const sheet = await get(`/api/kitchen/sheet/?date=${tomorrow}`);
    // Lunch: eats, twice (once) and pending (still cooked for); skips skipped; away on leave.
    expect(sheet.counts).toEqual({
      mess: { breakfast: 1, lunch: 1, dinner: 0 },
      tiffin: { breakfast: 0, lunch: 3, dinner: 0 },
    });
    expect(sheet.skipped.tiffin).toEqual({ breakfast: 0, lunch: 1, dinner: 0 });
    expect(sheet.on_leave.tiffin).toEqual({ breakfast: 0, lunch: 1, dinner: 1 });
    const lunchDiets = Object.values(sheet.diets.lunch as Record<string, number>);
    expect(lunchDiets.reduce((sum, n) => sum + n, 0)).toBe(4);
    expect(sheet.diets.dinner).toEqual({ veg: 0, egg: 0, non_veg: 0, jain: 0, unset: 0 });
    const lunchUsers = (sheet.deliveries.lunch as { user_id: number }[]).map((d) => d.user_id);
    expect(lunchUsers.sort((a, b) => a - b)).toEqual(
      [people.eats!.id, people.twice!.id, people.pending!.id].sort((a, b) => a - b),
    );
    expect(sheet.deliveries.dinner).toEqual([]);
  });

  it('the owner’s home and the deliveries, whole or narrowed, count what the sheet counts', async () => {
    const sheet = await get(`/api/kitchen/sheet/?date=${tomorrow}`);
    const home = await get('/api/owner/summary/');
    expect(home.tomorrow_meals).toEqual({ date: tomorrow, counts: sheet.counts });
    const whole = await tiffinDeliveriesOf(t.ctx, tomorrow);
    const narrowed = await tiffinDeliveriesOf(t.ctx, tomorrow, {
      onlyUsers: [people.twice!.id, people.skips!.id, people.away!.id],
    });
    for (const meal of MEALS) {
      expect(whole.deliveries[meal]).toHaveLength(sheet.counts.tiffin[meal]);
    }
    // Narrowed to a few customers, the same rule: twice once, skips and away not at lunch.
    expect(narrowed.deliveries.lunch.map((d) => d.user_id)).toEqual([people.twice!.id]);
    expect(narrowed.deliveries.lunch[0]!.subscription_id).toBe(subs.twice);
  });

  it('a meal locks with the count the sheet shows, and a change after it is its difference', async () => {
    const lunchCutoff = cutoffAt(DEFAULT_SETTINGS, 'lunch', tomorrow, ZONE);
    t.clock.setTo(new Date(Date.parse(lunchCutoff) + 1000).toISOString());
    owner = await loginOwner(t);
    const sheet = await get(`/api/kitchen/sheet/?date=${tomorrow}`);
    expect(sheet.locks.lunch.locked).toMatchObject({
      count: 4,
      counts: { mess: 1, tiffin: 3 },
      diets: sheet.diets.lunch,
    });
    expect(sheet.locks.lunch).toMatchObject({ live: 4, difference: 0, added: [], removed: [] });
    const stored = await t.ctx.db.kysely
      .selectFrom('kitchen_locks')
      .select('subscription_ids')
      .where('meal_date', '=', tomorrow)
      .where('meal', '=', 'lunch')
      .executeTakeFirstOrThrow();
    expect((JSON.parse(stored.subscription_ids) as number[]).sort((a, b) => a - b)).toEqual(
      [subs.eats, subs.twice, subs.pending, subs.mess].sort((a, b) => a! - b!),
    );
    // The pending leave approved after the lock: one fewer now, and the sheet names who went.
    await t.ctx.db.kysely
      .updateTable('leaves')
      .set({ status: 'APPROVED' })
      .where('subscription_id', '=', subs.pending!)
      .execute();
    const after = await get(`/api/kitchen/sheet/?date=${tomorrow}`);
    expect(after.locks.lunch).toMatchObject({ live: 3, difference: -1, added: [] });
    expect(after.locks.lunch.removed.map((one: { user_id: number }) => one.user_id)).toEqual([
      people.pending!.id,
    ]);
    expect(after.counts.tiffin.lunch).toBe(2);
  });
});

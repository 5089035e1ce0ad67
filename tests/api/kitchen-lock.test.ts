// The kitchen sheet locks at the cutoff (issue 20), over HTTP on both databases: a meal's count is
// stored at its cutoff to the second, a late change shows as a difference naming who came or went,
// concurrent reads lock once, a skip after the cutoff never moves the stored count, the scheduler's
// job locks without a read, a lock written long after its cutoff says so, and a past date that was
// never locked is not locked after the fact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  cutoffAt,
  DEFAULT_SETTINGS,
  formatDayMonth,
  lockHeadline,
  lockNotes,
} from '@machines';
import { runJobIfDue } from '../../server/services/scheduler.js';
import { kitchenJobs } from '../../server/lifecycles/kitchen/kitchen.jobs.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { type Customer, loginOwner, registerCustomer, signedInAgain } from '../helpers/accounts.js';
import { insertSubscription, type SubscriptionFixture } from '../helpers/fixtures.js';

const ZONE = 'Asia/Kolkata';

describe.each(testDatabases())('kitchen locks on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let asha: Customer; // tiffin, every meal
  let ravi: Customer; // mess, lunch
  let ashaSub: SubscriptionFixture;
  let raviSub: SubscriptionFixture;
  /** The real today: every date below is counted from it, whatever the clock says. */
  let today: string;
  const day = (offset: number) => addDays(today, offset);

  /**
   * The server's clock at `iso`, standing still there (a cutoff is a second away, and signing in
   * again may take longer on a busy machine); tokens from another time are signed again.
   */
  const at = async (iso: string) => {
    t.clock.frozenAt = Date.now();
    t.clock.setTo(iso);
    owner = await loginOwner(t);
    asha = await signedInAgain(t, asha);
  };
  const secondsFrom = (iso: string, seconds: number) =>
    new Date(Date.parse(iso) + seconds * 1000).toISOString();
  const sheet = async (date: string) => {
    const answer = await t.request('GET', `/api/kitchen/sheet/?date=${date}`, { token: owner });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const lockRows = (date: string) =>
    t.ctx.db.kysely
      .selectFrom('kitchen_locks')
      .selectAll()
      .where('meal_date', '=', date)
      .orderBy('meal')
      .execute();
  const named = async (customer: Customer, first: string) => {
    await t.ctx.db.kysely
      .updateTable('users')
      .set({ first_name: first, last_name: 'Test' })
      .where('id', '=', customer.id)
      .execute();
  };
  async function approvedLeave(userId: number, sub: SubscriptionFixture, date: string) {
    const now = t.clock.now().toISOString();
    await t.ctx.db.kysely
      .insertInto('leaves')
      .values({
        user_id: userId,
        subscription_id: sub.id,
        leave_start_date: date,
        leave_end_date: addDays(date, 2),
        reason: 'Home',
        status: 'APPROVED',
        duration_days: 3,
        requested_at: now,
        approved_at: now,
        rejected_at: null,
        admin_comment: null,
        decided_by: null,
        updated_at: now,
      })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    today = t.ctx.today();
    asha = await registerCustomer(t, { userType: 'student', service: 'tiffin' });
    ravi = await registerCustomer(t, { userType: 'regular', service: 'mess' });
    await named(asha, 'Asha');
    await named(ravi, 'Ravi');
    ashaSub = await insertSubscription(t, asha.id, { serviceType: 'tiffin' });
    raviSub = await insertSubscription(t, ravi.id, { meals: ['lunch'] });
    await t.ctx.db.kysely
      .updateTable('users')
      .set({ diet: 'veg' })
      .where('id', '=', asha.id)
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('locks a meal at its cutoff to the second, with the counts the sheet shows then', async () => {
    const lunchCutoff = cutoffAt(DEFAULT_SETTINGS, 'lunch', day(2), ZONE);
    await at(secondsFrom(lunchCutoff, -1));
    const before = await sheet(day(2));
    expect(before.locks.lunch).toEqual({
      locks_at: lunchCutoff,
      locked: null,
      live: 2,
      difference: null,
      added: [],
      removed: [],
    });
    // Breakfast's cutoff (22:00 the evening before) has passed, and nothing ran then (no
    // scheduler here): this read locked it, late, and says so.
    expect(before.locks.breakfast.locked).toMatchObject({ count: 1, late: true });
    expect(lockNotes('en', day(2), before.locks.breakfast, ZONE)).toEqual([
      'Locked late, at 8:59 am: the cutoff was 10:00 pm, ' + `${formatDayMonth(day(1))}.`,
    ]);
    expect((await lockRows(day(2))).map((row) => row.meal)).toEqual(['breakfast']);

    await at(secondsFrom(lunchCutoff, 1));
    const after = await sheet(day(2));
    const lunch = after.locks.lunch;
    expect(lunch.locked).toMatchObject({
      count: 2,
      counts: { mess: after.counts.mess.lunch, tiffin: after.counts.tiffin.lunch },
      diets: after.diets.lunch,
      cutoff_at: lunchCutoff,
      late: false,
    });
    expect(Date.parse(lunch.locked.at) - Date.parse(lunchCutoff)).toBeGreaterThanOrEqual(1000);
    expect(Date.parse(lunch.locked.at) - Date.parse(lunchCutoff)).toBeLessThan(5000);
    expect(lunch).toMatchObject({ live: 2, difference: 0, added: [], removed: [] });
    expect(after.locks.dinner.locked).toBeNull();
    expect(lockHeadline('en', 'lunch', day(2), lunch, t.clock.now().toISOString(), ZONE)).toBe(
      'Lunch 2 (locked at 9:00 am)',
    );
    expect(
      lockHeadline('en', 'dinner', day(2), after.locks.dinner, t.clock.now().toISOString(), ZONE),
    ).toBe('Dinner 1 (locks at 3:00 pm)');
  });

  it('shows a late change as a difference, naming who came and who went', async () => {
    const walkIn = await registerCustomer(t, { userType: 'regular', service: 'mess' });
    await named(walkIn, 'Meena');
    const walkInSub = await insertSubscription(t, walkIn.id, { meals: ['lunch'] });
    const second = await registerCustomer(t, { userType: 'regular', service: 'mess' });
    await named(second, 'Kabir');
    await insertSubscription(t, second.id, { meals: ['lunch', 'dinner'] });
    const after = await sheet(day(2));
    expect(after.locks.lunch).toMatchObject({ live: 4, difference: 2 });
    expect(after.locks.lunch.locked.count).toBe(2);
    expect(after.locks.lunch.added.map((one: { name: string }) => one.name)).toEqual([
      'Kabir Test',
      'Meena Test',
    ]);
    expect(after.locks.lunch.added[1]).toEqual({
      subscription_id: walkInSub.id,
      user_id: walkIn.id,
      name: 'Meena Test',
      service_type: 'mess',
    });
    const now = t.clock.now().toISOString();
    expect(lockHeadline('en', 'lunch', day(2), after.locks.lunch, now, ZONE)).toBe(
      'Lunch 2 (+2 after 9:00 am)',
    );
    expect(lockHeadline('hi', 'lunch', day(2), after.locks.lunch, now, ZONE)).toBe(
      'दोपहर का खाना 2 (सुबह 9:00 बजे के बाद +2)',
    );

    // A leave approved late takes Ravi off: the difference says so, and names him.
    await approvedLeave(ravi.id, raviSub, day(2));
    const later = await sheet(day(2));
    expect(later.locks.lunch).toMatchObject({ live: 3, difference: 1 });
    expect(later.locks.lunch.removed).toEqual([
      { subscription_id: raviSub.id, user_id: ravi.id, name: 'Ravi Test', service_type: 'mess' },
    ]);
    expect(lockNotes('en', day(2), later.locks.lunch, ZONE)).toEqual([
      'Added after the lock: Kabir Test, Meena Test',
      'Off after the lock: Ravi Test',
    ]);
    // Stored, not recomputed.
    const [, lunchRow] = await lockRows(day(2)).then((rows) =>
      rows.filter((r) => r.meal !== 'dinner'),
    );
    expect(lunchRow).toMatchObject({ meal: 'lunch', mess_count: 1, tiffin_count: 1 });
  });

  it('keeps the stored count when a skip comes after the cutoff', async () => {
    const refused = await t.request('POST', '/api/meals/skips/', {
      token: asha.access,
      body: { subscription: ashaSub.id, meal_date: day(2), meal: 'lunch' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('meal_skip.closed');
    const before = (await sheet(day(2))).locks.lunch;
    // A skip row the kitchen counts, written behind the API's back: the live count moves, the
    // stored one does not.
    const now = t.clock.now().toISOString();
    await t.ctx.db.kysely
      .insertInto('meal_skips')
      .values({
        subscription_id: ashaSub.id,
        user_id: asha.id,
        meal_date: day(2),
        meal: 'lunch',
        status: 'SKIPPED',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const after = (await sheet(day(2))).locks.lunch;
    expect(after.locked).toEqual(before.locked);
    expect(after.live).toBe(before.live - 1);
    expect(after.difference).toBe(before.difference - 1);
    expect(after.removed.map((one: { name: string }) => one.name)).toContain('Asha Test');
  });

  it('locks once when many reads race past the cutoff', async () => {
    const dinnerCutoff = cutoffAt(DEFAULT_SETTINGS, 'dinner', day(2), ZONE);
    await at(secondsFrom(dinnerCutoff, 1));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.request('GET', `/api/kitchen/sheet/?date=${day(2)}`, { token: owner }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const ats = new Set(answers.map((answer) => answer.body.locks.dinner.locked.at));
    expect(ats.size).toBe(1);
    const rows = await lockRows(day(2));
    expect(rows.map((row) => row.meal)).toEqual(['breakfast', 'dinner', 'lunch']);
    expect(rows.find((row) => row.meal === 'dinner')?.locked_at).toBe([...ats][0]);
  });

  it('locks due meals from the scheduler’s job, once each time a cutoff passes', async () => {
    const job = kitchenJobs[0]!;
    const lunchCutoff = cutoffAt(DEFAULT_SETTINGS, 'lunch', day(3), ZONE);
    await at(secondsFrom(lunchCutoff, -1));
    expect(await runJobIfDue(t.ctx, job)).toBe(true);
    expect((await lockRows(day(3))).map((row) => row.meal)).toEqual(['breakfast']);
    expect(await runJobIfDue(t.ctx, job)).toBe(false);
    await at(secondsFrom(lunchCutoff, 1));
    expect(await runJobIfDue(t.ctx, job)).toBe(true);
    const rows = await lockRows(day(3));
    expect(rows.map((row) => row.meal)).toEqual(['breakfast', 'lunch']);
    expect(rows[1]).toMatchObject({ cutoff_at: lunchCutoff, mess_count: 2, tiffin_count: 1 });
    expect(await runJobIfDue(t.ctx, job)).toBe(false);
  });

  it('marks a lock written long after its cutoff late, and never locks a past date', async () => {
    // The owner moves lunch's cutoff two days back: day 4's lunch closed yesterday.
    const moved = {
      ...DEFAULT_SETTINGS,
      cutoffs: { ...DEFAULT_SETTINGS.cutoffs, lunch: { time: '09:00', days_before: 2 } },
    };
    expect(
      (await t.request('PUT', '/api/owner/settings/', { token: owner, body: moved })).status,
    ).toBe(200);
    const late = (await sheet(day(4))).locks.lunch;
    expect(late.locked).toMatchObject({
      late: true,
      cutoff_at: cutoffAt(moved, 'lunch', day(4), ZONE),
    });
    expect(lockNotes('en', day(4), late, ZONE)[0]).toMatch(
      /^Locked late, at \d{1,2}:\d\d [ap]m, \d+ \w+: the cutoff was 9:00 am, \d+ \w+\.$/,
    );
    expect(
      (await t.request('PUT', '/api/owner/settings/', { token: owner, body: DEFAULT_SETTINGS }))
        .status,
    ).toBe(200);

    // Day 1 has passed on this clock and was never read before: nothing is locked after the fact.
    const past = await sheet(day(1));
    expect(past.locks.lunch).toMatchObject({ locked: null, difference: null });
    expect(await lockRows(day(1))).toEqual([]);
    await at(new Date().toISOString());
  });
});

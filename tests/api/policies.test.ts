// The owner's leave policy and skip credit over HTTP: stored rows from before them still read, an
// older client's save keeps them, each leave rule refuses naming its number (and only when set),
// the monthly cap counts PENDING and APPROVED days per calendar month, a short leave is approved
// without extending, and a date of skipped meals extends the subscription by exactly one day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  cutoffAt,
  DEFAULT_SETTINGS,
  formatDayMonth,
  refusalSentence,
  type BusinessSettings,
  type LeavePolicy,
} from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { type Customer, loginOwner, registerCustomer, signedInAgain } from '../helpers/accounts.js';
import { insertSubscription, type SubscriptionFixture } from '../helpers/fixtures.js';

const ZONE = 'Asia/Kolkata';

describe.each(testDatabases())('business policies on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let meera: Customer;
  let meeraSub: SubscriptionFixture;
  const day = (offset: number) => addDays(t.ctx.today(), offset);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    meera = await registerCustomer(t, { userType: 'regular', service: 'mess' });
    // Lunch and dinner only, long enough for leaves two months ahead.
    meeraSub = await insertSubscription(t, meera.id, {
      meals: ['lunch', 'dinner'],
      durationDays: 150,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Moves the server's clock to `iso` and signs everyone in again (tokens carry their time). */
  const at = async (iso: string | null) => {
    if (iso === null) t.clock.reset();
    else t.clock.setTo(iso);
    owner = await loginOwner(t);
    meera = await signedInAgain(t, meera);
  };
  const putSettings = (body: unknown) =>
    t.request('PUT', '/api/owner/settings/', { token: owner, body });
  const withLeaves = (policy: Partial<LeavePolicy>): BusinessSettings => ({
    ...DEFAULT_SETTINGS,
    leaves: { ...DEFAULT_SETTINGS.leaves, ...policy },
  });
  const setPolicy = async (settings: BusinessSettings) =>
    expect(await putSettings(settings)).toMatchObject({ status: 200, body: settings });
  const askLeave = (start: string, end: string, headers?: Record<string, string>) =>
    t.request('POST', '/api/subscriptions/leaves/', {
      token: meera.access,
      body: {
        subscription: meeraSub.id,
        leave_start_date: start,
        leave_end_date: end,
        reason: 'Family wedding',
      },
      ...(headers ? { headers } : {}),
    });
  const approve = (id: number) =>
    t.request('POST', `/api/subscriptions/leaves/${id}/approve/`, {
      token: owner,
      body: { admin_comment: 'Enjoy' },
    });
  const subscriptionRow = () =>
    t.ctx.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', meeraSub.id)
      .executeTakeFirstOrThrow();
  const clearLeaves = () => t.ctx.db.kysely.deleteFrom('leaves').execute();

  it('reads a row saved before the policies with their defaults, and lets an older client keep them', async () => {
    // A row as the server wrote it before leaves and skip_credit existed.
    const old = { cutoffs: DEFAULT_SETTINGS.cutoffs, skips_enabled: false };
    await t.ctx.db.kysely
      .insertInto('business_settings')
      .values({ id: 1, settings: JSON.stringify(old), updated_at: '2026-01-01T00:00:00Z' })
      .onConflict((c) => c.column('id').doUpdateSet({ settings: JSON.stringify(old) }))
      .execute();
    const read = await t.request('GET', '/api/owner/settings/', { token: owner });
    expect(read.body).toEqual({ ...DEFAULT_SETTINGS, skips_enabled: false });

    const policy = withLeaves({ max_days: 7, max_days_per_month: 10 });
    await setPolicy({ ...policy, skip_credit: 'day' });
    // An older client sends only what it knows: the leave policy and skip credit stay.
    const older = await putSettings({ cutoffs: DEFAULT_SETTINGS.cutoffs, skips_enabled: true });
    expect(older.status).toBe(200);
    expect(older.body).toEqual({ ...policy, skip_credit: 'day' });

    // Customers read the part their requests are decided by.
    const policies = await t.request('GET', '/api/policies/', { token: meera.access });
    expect(policies.status).toBe(200);
    expect(policies.body).toEqual({
      skips_enabled: true,
      skip_credit: 'day',
      leaves: policy.leaves,
    });
    const audit = await t.request('GET', '/api/audit/?action=settings.update', { token: owner });
    expect(audit.body[0].before.leaves.max_days).toBe(7);
    expect(audit.body[0].after.leaves).toEqual(policy.leaves);
    await setPolicy(DEFAULT_SETTINGS);
  });

  it('refuses a policy out of bounds, or whose shortest extending leave is longer than the longest', async () => {
    const bad = await putSettings(withLeaves({ max_days: 0, max_days_per_month: 40 }));
    expect(bad.status).toBe(400);
    expect(bad.body['leaves.max_days']).toEqual(['Longest leave must be from 1 to 90 days']);
    expect(bad.body['leaves.max_days_per_month']).toEqual([
      'Leave days per month must be from 1 to 31, or no limit',
    ]);
    const crossed = await putSettings(withLeaves({ max_days: 5, min_extending_days: 7 }));
    expect(crossed.status).toBe(400);
    expect(crossed.body).toMatchObject({
      error_code: 'settings.min_extending_above_max',
      non_field_errors: [
        'The shortest leave that extends the plan (7 days) cannot be longer than the longest leave (5 days).',
      ],
    });
    expect((await t.request('GET', '/api/owner/settings/', { token: owner })).body).toEqual(
      DEFAULT_SETTINGS,
    );
  });

  it('refuses a leave longer than the policy allows, naming the number in both languages', async () => {
    await clearLeaves();
    await setPolicy(withLeaves({ max_days: 5 }));
    const long = await askLeave(day(3), day(8));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      error_code: 'leave.too_long',
      non_field_errors: ['A leave can last at most 5 days.'],
    });
    const hindi = await askLeave(day(3), day(8), { 'accept-language': 'hi' });
    expect(hindi.body.non_field_errors).toEqual([
      refusalSentence('hi', 'leave.too_long', { count: 5 }),
    ]);
    expect((await askLeave(day(3), day(7))).status).toBe(201);
    // Longer than the spec's 15 days once the owner allows it.
    await clearLeaves();
    await setPolicy(withLeaves({ max_days: 20 }));
    expect((await askLeave(day(3), day(22))).status).toBe(201);
    await clearLeaves();
    await setPolicy(DEFAULT_SETTINGS);
    expect((await askLeave(day(3), day(18))).body.non_field_errors).toEqual([
      'A leave can last at most 15 days.',
    ]);
  });

  it('caps leave days per calendar month, counting PENDING and APPROVED leaves, not rejected ones', async () => {
    await clearLeaves();
    await setPolicy(withLeaves({ max_days_per_month: 5 }));
    // The first of the month after next: every date below is in the future and the subscription.
    const [year, monthNumber] = day(0).split('-').map(Number) as [number, number];
    const ahead = new Date(Date.UTC(year, monthNumber + 1, 1)).toISOString();
    const month = ahead.slice(0, 7);
    const first = `${month}-01`;
    // Two days of the month before it and two of this one.
    const straddling = await askLeave(addDays(first, -2), addDays(first, 1));
    expect(straddling.status).toBe(201);
    expect((await approve(straddling.body.id)).status).toBe(200);
    const over = await askLeave(`${month}-10`, `${month}-13`);
    expect(over.status).toBe(400);
    const monthName = new Intl.DateTimeFormat('en-IN', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${first}T00:00:00Z`));
    expect(over.body).toMatchObject({
      error_code: 'leave.month_limit',
      non_field_errors: [
        `Leave is limited to 5 days a month: ${monthName} would have 6 days of leave.`,
      ],
    });
    const fits = await askLeave(`${month}-10`, `${month}-12`);
    expect(fits.status).toBe(201);
    // A pending leave counts too: one more day is over.
    await t.request('DELETE', `/api/subscriptions/leaves/${fits.body.id}/`, {
      token: meera.access,
    });
    const pending = await askLeave(`${month}-10`, `${month}-12`);
    expect(pending.status).toBe(201);
    const rejected = await t.request(
      'POST',
      `/api/subscriptions/leaves/${pending.body.id}/reject/`,
      {
        token: owner,
        body: { admin_comment: 'Kitchen needs the count' },
      },
    );
    expect(rejected.status).toBe(200);
    // Rejected days are not counted: three more fit again.
    expect((await askLeave(`${month}-20`, `${month}-22`)).status).toBe(201);
    await clearLeaves();
    await setPolicy(DEFAULT_SETTINGS);
  });

  it('approves a leave shorter than the shortest extending one without moving the end date', async () => {
    await clearLeaves();
    await setPolicy(withLeaves({ min_extending_days: 3 }));
    const before = await subscriptionRow();
    const short = await askLeave(day(4), day(5));
    expect((await approve(short.body.id)).status).toBe(200);
    const afterShort = await subscriptionRow();
    expect(afterShort.adjusted_end_date).toBe(before.adjusted_end_date);
    expect(afterShort.leave_days).toBe(before.leave_days);
    const long = await askLeave(day(10), day(12));
    expect((await approve(long.body.id)).status).toBe(200);
    const afterLong = await subscriptionRow();
    expect(afterLong.adjusted_end_date).toBe(addDays(before.adjusted_end_date!, 3));
    expect(afterLong.leave_days).toBe(before.leave_days + 3);
    await clearLeaves();
    await setPolicy(DEFAULT_SETTINGS);
  });

  it('with notice required, refuses a leave once its first meal is fixed, naming the cutoff', async () => {
    await clearLeaves();
    const startDay = day(3);
    // Meera eats lunch and dinner: lunch, fixed at 09:00 on the day, is the first meal a leave takes off.
    const lunchCutoff = cutoffAt(DEFAULT_SETTINGS, 'lunch', startDay, ZONE);
    await at(new Date(Date.parse(lunchCutoff) + 60_000).toISOString());
    // Off by default: today's behaviour.
    const allowed = await askLeave(startDay, startDay);
    expect(allowed.status).toBe(201);
    await clearLeaves();
    await setPolicy(withLeaves({ before_cutoff: true }));
    const late = await askLeave(startDay, addDays(startDay, 1));
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({
      error_code: 'leave.after_cutoff',
      non_field_errors: [
        `Leave from ${formatDayMonth(startDay)} had to be asked before Lunch was fixed, at 9:00 am on ${formatDayMonth(startDay)}.`,
      ],
    });
    const lateHindi = await askLeave(startDay, startDay, { 'accept-language': 'hi' });
    expect(lateHindi.body.non_field_errors[0]).toContain('सुबह 9:00 बजे');
    // The next day's lunch is still open.
    expect((await askLeave(addDays(startDay, 1), addDays(startDay, 2))).status).toBe(201);
    await clearLeaves();
    await at(new Date(Date.parse(lunchCutoff) - 60_000).toISOString());
    expect((await askLeave(startDay, startDay)).status).toBe(201);
    await clearLeaves();
    await at(null);
    await setPolicy(DEFAULT_SETTINGS);
  });

  describe('skip credit', () => {
    let kabir: Customer;
    let kabirSub: SubscriptionFixture;
    let mealDay: string;
    const skip = (meal: string, date = mealDay) =>
      t.request('POST', '/api/meals/skips/', {
        token: kabir.access,
        body: { subscription: kabirSub.id, meal_date: date, meal },
      });
    const undo = (id: number) =>
      t.request('POST', `/api/meals/skips/${id}/undo/`, { token: kabir.access });
    const endDate = async () =>
      (
        await t.ctx.db.kysely
          .selectFrom('subscriptions')
          .select(['adjusted_end_date', 'leave_days'])
          .where('id', '=', kabirSub.id)
          .executeTakeFirstOrThrow()
      ).adjusted_end_date;
    const credits = () =>
      t.ctx.db.kysely
        .selectFrom('meal_skip_credits')
        .select('meal_date')
        .where('subscription_id', '=', kabirSub.id)
        .execute();

    beforeAll(async () => {
      kabir = await registerCustomer(t, { userType: 'regular', service: 'mess' });
      kabirSub = await insertSubscription(t, kabir.id, { meals: ['lunch', 'dinner'] });
      mealDay = day(3);
    });

    it('earns nothing by default, even for a whole day skipped', async () => {
      const end = await endDate();
      const lunch = await skip('lunch');
      const dinner = await skip('dinner');
      expect([lunch.status, dinner.status]).toEqual([201, 201]);
      expect(await endDate()).toBe(end);
      expect(await credits()).toEqual([]);
      await undo(lunch.body.id);
      await undo(dinner.body.id);
    });

    it('extends by one day when every meal of a date is skipped, and takes it back on undo, once', async () => {
      await setPolicy({ ...DEFAULT_SETTINGS, skip_credit: 'day' });
      const end = await endDate();
      const lunch = await skip('lunch');
      expect(lunch.status).toBe(201);
      expect(await endDate()).toBe(end);
      const dinner = await skip('dinner');
      expect(dinner.status).toBe(201);
      expect(await endDate()).toBe(addDays(end!, 1));
      expect(await credits()).toEqual([{ meal_date: mealDay }]);
      // A second skip of the same meal is refused and earns nothing more.
      expect((await skip('dinner')).status).toBe(400);
      expect(await endDate()).toBe(addDays(end!, 1));
      expect((await undo(dinner.body.id)).status).toBe(200);
      expect(await endDate()).toBe(end);
      expect(await credits()).toEqual([]);
      // Undoing the other meal takes nothing more back.
      expect((await undo(lunch.body.id)).status).toBe(200);
      expect(await endDate()).toBe(end);
      // Skipped whole again: one day again, not two.
      await skip('lunch');
      await skip('dinner');
      expect(await endDate()).toBe(addDays(end!, 1));
      // The owner turns credit off: a day given is still taken back by an undo.
      await setPolicy(DEFAULT_SETTINGS);
      await undo(lunch.body.id);
      expect(await endDate()).toBe(end);
      await undo(dinner.body.id);
      expect(await credits()).toEqual([]);
    });

    it('takes back the day of a skipped date when an approved leave covers it: one day, not two', async () => {
      await setPolicy({ ...DEFAULT_SETTINGS, skip_credit: 'day' });
      const date = day(6);
      const end = await endDate();
      await skip('lunch', date);
      await skip('dinner', date);
      expect(await endDate()).toBe(addDays(end!, 1));
      const leave = await t.request('POST', '/api/subscriptions/leaves/', {
        token: kabir.access,
        body: {
          subscription: kabirSub.id,
          leave_start_date: date,
          leave_end_date: addDays(date, 1),
          reason: 'Travelling',
        },
      });
      expect(leave.status).toBe(201);
      expect((await approve(leave.body.id)).status).toBe(200);
      // Two days of leave; the skipped date's day is the leave's now.
      expect(await endDate()).toBe(addDays(end!, 2));
      expect((await credits()).filter((row) => row.meal_date === date)).toEqual([]);
      await t.ctx.db.kysely.deleteFrom('leaves').where('id', '=', leave.body.id).execute();
      await setPolicy(DEFAULT_SETTINGS);
    });

    it('settles a burst of skips and undos on one date to one day at most, matching the meals', async () => {
      await setPolicy({ ...DEFAULT_SETTINGS, skip_credit: 'day' });
      const date = day(4);
      const end = await endDate();
      const lunch = await skip('lunch', date);
      const dinner = await skip('dinner', date);
      expect(await endDate()).toBe(addDays(end!, 1));
      const ids = { lunch: lunch.body.id as number, dinner: dinner.body.id as number };
      for (let round = 0; round < 3; round += 1) {
        await Promise.all(
          Array.from({ length: 16 }, (_, i) => {
            const meal = i % 2 === 0 ? 'lunch' : 'dinner';
            return i % 4 < 2 ? undo(ids[meal]) : skip(meal, date);
          }),
        );
        const skipped = await t.ctx.db.kysely
          .selectFrom('meal_skips')
          .select('meal')
          .where('subscription_id', '=', kabirSub.id)
          .where('meal_date', '=', date)
          .where('status', '=', 'SKIPPED')
          .execute();
        const whole = skipped.length === 2;
        expect(await endDate()).toBe(whole ? addDays(end!, 1) : end);
        expect((await credits()).filter((row) => row.meal_date === date)).toHaveLength(
          whole ? 1 : 0,
        );
      }
      await setPolicy(DEFAULT_SETTINGS);
    });
  });
});

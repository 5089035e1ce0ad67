// Closed days over HTTP, on both databases: the owner closes a date (or one meal of it) and every
// subscription that loses the day moves one day later, once, through the subscription machine;
// customers are told; the kitchen sheet, the upcoming meals and meal skips see the closure; removing
// it before it locks moves exactly those subscriptions back, once; late closures and removals are
// refused with the catalogue's sentences; doubled requests move nobody twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, cutoffAt, DEFAULT_SETTINGS, refusalSentence } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { type Customer, loginOwner, registerCustomer } from '../helpers/accounts.js';
import { insertSubscription, type SubscriptionFixture } from '../helpers/fixtures.js';

const ZONE = 'Asia/Kolkata';

describe.each(testDatabases())('closed days on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let asha: Customer;
  let ravi: Customer;
  /** Asha: every meal. Ravi: lunch only. */
  let ashaSub: SubscriptionFixture;
  let raviSub: SubscriptionFixture;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    asha = await registerCustomer(t, { userType: 'student', service: 'tiffin' });
    ravi = await registerCustomer(t, { userType: 'regular', service: 'mess' });
    ashaSub = await insertSubscription(t, asha.id, {
      serviceType: 'tiffin',
      meals: ['breakfast', 'lunch', 'dinner'],
    });
    raviSub = await insertSubscription(t, ravi.id, { meals: ['lunch'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.ctx.db.kysely;
  const endOf = async (id: number) =>
    (
      await db()
        .selectFrom('subscriptions')
        .select('adjusted_end_date')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).adjusted_end_date;
  const close = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    t.request('POST', '/api/owner/closed-days/', {
      token: owner,
      body,
      ...(headers ? { headers } : {}),
    });
  const remove = (id: number, headers?: Record<string, string>) =>
    t.request('POST', `/api/owner/closed-days/${id}/remove/`, {
      token: owner,
      ...(headers ? { headers } : {}),
    });
  const list = async () => {
    const answer = await t.request('GET', '/api/owner/closed-days/', { token: owner });
    expect(answer.status).toBe(200);
    return answer.body as Array<Record<string, unknown>>;
  };

  it('closes a whole day: every subscription covering it moves once, customers are told, audited', async () => {
    const day = addDays(t.ctx.today(), 5);
    const [ashaEnd, raviEnd] = [await endOf(ashaSub.id), await endOf(raviSub.id)];
    const closed = await close({ date: day, reason: 'Diwali' });
    expect(closed.status).toBe(201);
    expect(closed.body).toMatchObject({
      date: day,
      meal: null,
      reason: 'Diwali',
      status: 'SCHEDULED',
      removable: true,
      extended: 2,
      reversed: 0,
      created_by: 'owner',
      removed_at: null,
    });
    // Breakfast comes first: 22:00 the day before.
    expect(closed.body.locks_at).toBe(cutoffAt(DEFAULT_SETTINGS, 'breakfast', day, ZONE));
    expect(await endOf(ashaSub.id)).toBe(addDays(ashaEnd!, 1));
    expect(await endOf(raviSub.id)).toBe(addDays(raviEnd!, 1));

    // The same closure again (a double click) answers the first, and nobody moves twice.
    const again = await close({ date: day, reason: '  diwali ' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(closed.body.id);
    expect(await endOf(ashaSub.id)).toBe(addDays(ashaEnd!, 1));
    // Another reason for a date already closed is refused.
    const other = await close({ date: day, reason: 'Water cut' });
    expect(other.status).toBe(400);
    expect(other.body.error_code).toBe('closed_day.already_closed');
    // A meal of a closed day overlaps it.
    const overlap = await close({ date: day, meal: 'dinner', reason: 'Water cut' });
    expect(overlap.body.error_code).toBe('closed_day.overlaps');

    await t.settle();
    const notices = await db()
      .selectFrom('notification_logs')
      .select(['user_id', 'channel'])
      .where('notification_type', '=', 'closed_day')
      .where('dedupe_key', 'like', `closed-day:${closed.body.id}:%`)
      .execute();
    expect(new Set(notices.map((n) => n.user_id))).toEqual(new Set([asha.id, ravi.id]));
    expect(notices.filter((n) => n.channel === 'sms')).toHaveLength(2);
    const sms = t.smsOutbox().filter((message) => message.to === `+91${ravi.phone}`);
    expect(sms.at(-1)?.body).toMatch(
      /kitchen is closed for every meal on .*\(Diwali\).*now ends on/,
    );

    const audit = await t.request('GET', '/api/audit/?action=closed_day', { token: owner });
    expect(audit.body[0]).toMatchObject({
      action: 'closed_day.add',
      object_type: 'closed_day',
      object_id: closed.body.id,
    });
    expect(audit.body[0].after).toMatchObject({ date: day, meal: null, subscriptions: 2 });
    expect((await list())[0]).toMatchObject({ id: closed.body.id, extended: 2 });
  });

  it('the kitchen sheet, the upcoming meals and meal skips see a closed meal', async () => {
    const tomorrow = addDays(t.ctx.today(), 1);
    const closed = await close({ date: tomorrow, meal: 'dinner', reason: 'Water cut' });
    expect(closed.status).toBe(201);
    // Only plans that eat nothing but dinner get a day: none here.
    expect(closed.body.extended).toBe(0);

    const sheet = await t.request('GET', `/api/kitchen/sheet/?date=${tomorrow}`, {
      token: owner,
    });
    expect(sheet.status).toBe(200);
    expect(sheet.body.closed).toEqual({
      breakfast: null,
      lunch: null,
      dinner: { id: closed.body.id, reason: 'Water cut' },
    });
    expect(sheet.body.counts.tiffin.dinner).toBe(0);
    expect(sheet.body.counts.mess.dinner).toBe(0);
    expect(sheet.body.counts.tiffin.lunch).toBeGreaterThan(0);
    expect(sheet.body.deliveries.dinner).toEqual([]);
    expect(sheet.body.locks.dinner.live).toBe(0);
    // The owner's home counts tomorrow's meals as the sheet does.
    const home = await t.request('GET', '/api/owner/summary/', { token: owner });
    expect(home.status).toBe(200);
    expect(home.body.tomorrow_meals.counts).toEqual(sheet.body.counts);

    const upcoming = await t.request('GET', '/api/meals/upcoming/', { token: asha.access });
    expect(upcoming.status).toBe(200);
    const dinner = upcoming.body.find(
      (meal: { meal_date: string; meal: string }) =>
        meal.meal_date === tomorrow && meal.meal === 'dinner',
    );
    expect(dinner).toMatchObject({
      open: false,
      closed: { id: closed.body.id, reason: 'Water cut' },
    });

    const skip = await t.request('POST', '/api/meals/skips/', {
      token: asha.access,
      body: { subscription: ashaSub.id, meal_date: tomorrow, meal: 'dinner' },
      headers: { 'accept-language': 'hi' },
    });
    expect(skip.status).toBe(400);
    expect(skip.body.error_code).toBe('meal_skip.kitchen_closed');
    expect(skip.body.non_field_errors ?? [skip.body.detail]).toContain(
      refusalSentence('hi', 'meal_skip.kitchen_closed', {
        meal: 'dinner',
        day: tomorrow,
        reason: 'Water cut',
      }),
    );
    // The customer is told although no day is given back.
    await t.settle();
    const told = await db()
      .selectFrom('notification_logs')
      .select('user_id')
      .where('dedupe_key', 'like', `closed-day:${closed.body.id}:%`)
      .execute();
    expect(told.map((n) => n.user_id)).toContain(asha.id);
    expect(told.map((n) => n.user_id)).not.toContain(ravi.id);
    expect((await remove(closed.body.id)).status).toBe(200);
  });

  it('a closed single meal gives a day to plans that eat only that meal', async () => {
    const day = addDays(t.ctx.today(), 6);
    const [ashaEnd, raviEnd] = [await endOf(ashaSub.id), await endOf(raviSub.id)];
    const closed = await close({ date: day, meal: 'lunch', reason: 'Water cut' });
    expect(closed.status).toBe(201);
    expect(closed.body.extended).toBe(1);
    expect(await endOf(raviSub.id)).toBe(addDays(raviEnd!, 1));
    expect(await endOf(ashaSub.id)).toBe(ashaEnd);
    expect((await remove(closed.body.id)).body).toMatchObject({ status: 'REMOVED', reversed: 1 });
    expect(await endOf(raviSub.id)).toBe(raviEnd);
  });

  it('removing before it locks moves exactly those subscriptions back, once', async () => {
    const day = addDays(t.ctx.today(), 8);
    const closed = await close({ date: day, reason: 'Holi' });
    expect(closed.status).toBe(201);
    const [ashaEnd, raviEnd] = [await endOf(ashaSub.id), await endOf(raviSub.id)];
    // A subscription that started after the closure was made is not moved back.
    const late = await registerCustomer(t, { userType: 'regular', service: 'mess' });
    const lateSub = await insertSubscription(t, late.id, { meals: ['lunch'] });
    const lateEnd = await endOf(lateSub.id);

    const answers = await Promise.all([remove(closed.body.id), remove(closed.body.id)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    for (const answer of answers) {
      expect(answer.body).toMatchObject({
        status: 'REMOVED',
        extended: 2,
        reversed: 2,
        removable: false,
      });
    }
    expect(await endOf(ashaSub.id)).toBe(addDays(ashaEnd!, -1));
    expect(await endOf(raviSub.id)).toBe(addDays(raviEnd!, -1));
    expect(await endOf(lateSub.id)).toBe(lateEnd);
    const audit = await t.request('GET', '/api/audit/?action=closed_day.remove', { token: owner });
    expect(
      audit.body.filter((e: { object_id: number }) => e.object_id === closed.body.id),
    ).toHaveLength(1);
    await t.settle();
    const told = await db()
      .selectFrom('notification_logs')
      .select('user_id')
      .where('notification_type', '=', 'closed_day_removed')
      .where('channel', '=', 'sms')
      .where('dedupe_key', 'like', `closed-day-removed:${closed.body.id}:%`)
      .execute();
    expect(told).toHaveLength(2);

    // The date can be closed again, and that moves everyone once more.
    const reclosed = await close({ date: day, reason: 'Holi' });
    expect(reclosed.status).toBe(201);
    expect(reclosed.body.extended).toBe(3);
    expect(await endOf(ashaSub.id)).toBe(ashaEnd);
    expect(await endOf(lateSub.id)).toBe(addDays(lateEnd!, 1));
  });

  it('doubled closures at once move each subscription once, never an overlap with themselves (5 rounds of 10)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const day = addDays(t.ctx.today(), 10 + round);
      const [ashaEnd, raviEnd] = [await endOf(ashaSub.id), await endOf(raviSub.id)];
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => close({ date: day, reason: 'Eid' })),
      );
      expect(
        answers.map((answer) => answer.status).sort(),
        `round ${round}: ${JSON.stringify(answers.map((answer) => answer.body.error_code ?? ''))}`,
      ).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
      expect(await endOf(ashaSub.id)).toBe(addDays(ashaEnd!, 1));
      expect(await endOf(raviSub.id)).toBe(addDays(raviEnd!, 1));
      const rows = await db()
        .selectFrom('closed_days')
        .select('id')
        .where('closed_date', '=', day)
        .execute();
      expect(rows).toHaveLength(1);
    }
  });

  it('a whole day and a meal of it sent together: one is taken, 20 rounds out of 20; lunch plans move once, told once', async () => {
    const lunchOnly = await registerCustomer(t, { userType: 'regular', service: 'mess' });
    const everyMeal = await registerCustomer(t, { userType: 'regular', service: 'mess' });
    const lunchSub = await insertSubscription(t, lunchOnly.id, {
      meals: ['lunch'],
      durationDays: 120,
    });
    const mealsSub = await insertSubscription(t, everyMeal.id, {
      meals: ['breakfast', 'lunch', 'dinner'],
      durationDays: 120,
    });
    let [lunchEnd, mealsEnd] = [await endOf(lunchSub.id), await endOf(mealsSub.id)];
    const taken: number[] = [];
    for (let round = 0; round < 20; round += 1) {
      // Past the other tests' subscriptions: only these two cover the day.
      const day = addDays(t.ctx.today(), 40 + round);
      const [whole, lunch] = await Promise.all([
        close({ date: day, reason: `Round ${round}` }),
        close({ date: day, meal: 'lunch', reason: `Round ${round}` }),
      ]);
      expect([whole.status, lunch.status].sort(), `round ${round}`).toEqual([201, 400]);
      const [won, lost] = whole.status === 201 ? [whole, lunch] : [lunch, whole];
      expect(lost.body.error_code, `round ${round}`).toBe('closed_day.overlaps');
      taken.push(won.body.id);
      // The lunch plan loses the day either way, once; every meal's plan only to the whole day.
      lunchEnd = addDays(lunchEnd!, 1);
      if (won === whole) mealsEnd = addDays(mealsEnd!, 1);
      expect(await endOf(lunchSub.id), `round ${round}`).toBe(lunchEnd);
      expect(await endOf(mealsSub.id), `round ${round}`).toBe(mealsEnd);
      const scheduled = await db()
        .selectFrom('closed_days')
        .select('id')
        .where('closed_date', '=', day)
        .where('status', '=', 'SCHEDULED')
        .execute();
      expect(scheduled.map((row) => row.id)).toEqual([won.body.id]);
    }
    await t.settle();
    const told = await db()
      .selectFrom('notification_logs')
      .select('dedupe_key')
      .where('notification_type', '=', 'closed_day')
      .where('channel', '=', 'sms')
      .where('user_id', '=', lunchOnly.id)
      .execute();
    expect(told.map((notice) => notice.dedupe_key).sort()).toEqual(
      taken.map((id) => `closed-day:${id}:${lunchSub.id}:sms`).sort(),
    );
  }, 120_000);

  it('the database itself refuses a second closure of a meal already closed, on either engine', async () => {
    const day = addDays(t.ctx.today(), 70);
    const closed = await close({ date: day, reason: 'Puja' });
    expect(closed.status).toBe(201);
    expect(
      await db()
        .selectFrom('closed_day_meals')
        .select('meal')
        .where('closed_day_id', '=', closed.body.id)
        .orderBy('meal')
        .execute(),
    ).toEqual([{ meal: 'breakfast' }, { meal: 'dinner' }, { meal: 'lunch' }]);
    // What a lunch closure interleaved with it would write, past the store's own check.
    const lunchBesideIt = db()
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto('closed_days')
          .values({
            closed_date: day,
            meal: 'lunch',
            reason: 'Puja',
            status: 'SCHEDULED',
            created_at: t.clock.now().toISOString(),
            created_by: null,
            created_by_username: 'owner',
            removed_at: null,
            removed_by: null,
            removed_by_username: null,
            extend_batch_id: null,
            reverse_batch_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('closed_day_meals')
          .values({ closed_date: day, meal: 'lunch', closed_day_id: row.id })
          .execute();
      });
    await expect(lunchBesideIt).rejects.toMatchObject({
      code: expect.stringMatching(/^(23505|SQLITE_CONSTRAINT_PRIMARYKEY)$/),
    });
    // Removed, the day's meals are free: a lunch closure is taken.
    expect((await remove(closed.body.id)).status).toBe(200);
    const lunch = await close({ date: day, meal: 'lunch', reason: 'Puja' });
    expect(lunch.status).toBe(201);
  });

  it('refuses closing after the first cutoff, and removing once it locks, in both languages', async () => {
    const tomorrow = addDays(t.ctx.today(), 3);
    const closed = await close({ date: tomorrow, meal: 'lunch', reason: 'Strike' });
    expect(closed.status).toBe(201);
    const lunchCutoff = cutoffAt(DEFAULT_SETTINGS, 'lunch', tomorrow, ZONE);
    // One second after lunch's cutoff of that day.
    t.clock.setTo(new Date(Date.parse(lunchCutoff) + 1000));
    owner = await loginOwner(t);
    try {
      const late = await remove(closed.body.id, { 'accept-language': 'hi' });
      expect(late.status).toBe(400);
      expect(late.body.error_code).toBe('closed_day.locked');
      expect(JSON.stringify(late.body)).toContain(refusalSentence('hi', 'closed_day.locked'));
      const tooLate = await close({ date: tomorrow, meal: 'breakfast', reason: 'Strike' });
      expect(tooLate.status).toBe(400);
      expect(tooLate.body.error_code).toBe('closed_day.too_late');
      expect(JSON.stringify(tooLate.body)).toContain(
        refusalSentence('en', 'closed_day.too_late', {
          meal: 'breakfast',
          day: tomorrow,
          time: '22:00',
        }),
      );
      const past = await close({ date: addDays(tomorrow, -5), reason: 'Strike' });
      expect(past.body.error_code).toBe('closed_day.too_late');
      // Dinner of that day is still open to close.
      expect((await close({ date: tomorrow, meal: 'dinner', reason: 'Strike' })).status).toBe(201);
      const listed = await list();
      expect(listed.find((row) => row.id === closed.body.id)).toMatchObject({
        status: 'SCHEDULED',
        removable: false,
      });
    } finally {
      t.clock.reset();
      owner = await loginOwner(t);
    }
  });

  it('validates the body under its fields, and is the owner’s alone', async () => {
    const bad = await close({ date: 'tomorrow', meal: 'tea', reason: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.date).toContain('Date must be a date (YYYY-MM-DD)');
    expect(bad.body.meal).toEqual(['Meal must be breakfast, lunch or dinner']);
    expect(bad.body.reason).toEqual(['Reason is required']);
    const customer = await t.request('GET', '/api/owner/closed-days/', { token: asha.access });
    expect(customer.status).toBe(403);
    expect((await remove(999999)).status).toBe(404);
  });
});

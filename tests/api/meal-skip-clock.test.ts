// Meal cutoffs on the business's clock over HTTP, on both databases: each meal skipped and undone
// one second before its cutoff and refused one second after, with the catalogue's sentence naming
// it, across midnight, a month end, 29 February and a year end; and a burst of 1,000 customers'
// skips in the last minute before a cutoff, counted once each, then refused after it.
import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  closedRefusal,
  cutoffAt,
  DEFAULT_SETTINGS,
  type BusinessSettings,
  type Meal,
} from '@machines';
import { signJwt } from '../../server/resources/auth/jwt.js';
import { ACCESS_TOKEN_SECONDS, startSession } from '../../server/resources/auth/sessions.js';
import type { UsersTable } from '../../server/platform/db/schema.js';
import { createTestApp, testDatabases, type Answer, type TestApp } from '../helpers/app.js';
import { registerCustomer, type Customer } from '../helpers/accounts.js';
import { insertPlan, insertSubscription, type SubscriptionFixture } from '../helpers/fixtures.js';

/** The business's zone when BUSINESS_TZ is not set (India: UTC+5:30, no daylight saving). */
const ZONE = 'Asia/Kolkata';
/** Customers skipping at once in the burst. */
const BURST = 1_000;

const secondsFrom = (iso: string, seconds: number) =>
  new Date(Date.parse(iso) + seconds * 1000).toISOString();

/**
 * [what the case crosses, meal, meal date, its cutoff as an instant, the refusal's sentence]: the
 * instants are written out so that a mistake in cutoffAt cannot hide behind itself.
 */
const CASES: [string, Meal, string, string, string][] = [
  // Breakfast is fixed at 22:00 the evening before: its cutoff is on another business date.
  [
    'midnight (breakfast, the evening before)',
    'breakfast',
    '2026-12-10',
    '2026-12-09T16:30:00.000Z',
    'Breakfast for 10 Dec closed at 10:00 pm.',
  ],
  [
    'lunch at 09:00',
    'lunch',
    '2026-12-10',
    '2026-12-10T03:30:00.000Z',
    'Lunch for 10 Dec closed at 9:00 am.',
  ],
  [
    'dinner at 15:00',
    'dinner',
    '2026-12-10',
    '2026-12-10T09:30:00.000Z',
    'Dinner for 10 Dec closed at 3:00 pm.',
  ],
  [
    'a month end (breakfast of 1 Dec, 30 Nov 22:00)',
    'breakfast',
    '2026-12-01',
    '2026-11-30T16:30:00.000Z',
    'Breakfast for 1 Dec closed at 10:00 pm.',
  ],
  [
    'a year end (breakfast of 1 Jan, 31 Dec 22:00)',
    'breakfast',
    '2027-01-01',
    '2026-12-31T16:30:00.000Z',
    'Breakfast for 1 Jan closed at 10:00 pm.',
  ],
  [
    '29 February (breakfast of 1 Mar 2028, 29 Feb 22:00)',
    'breakfast',
    '2028-03-01',
    '2028-02-29T16:30:00.000Z',
    'Breakfast for 1 Mar closed at 10:00 pm.',
  ],
  [
    '29 February (its own breakfast, 28 Feb 22:00)',
    'breakfast',
    '2028-02-29',
    '2028-02-28T16:30:00.000Z',
    'Breakfast for 29 Feb closed at 10:00 pm.',
  ],
  [
    '29 February (its lunch)',
    'lunch',
    '2028-02-29',
    '2028-02-29T03:30:00.000Z',
    'Lunch for 29 Feb closed at 9:00 am.',
  ],
  [
    '29 February (its dinner)',
    'dinner',
    '2028-02-29',
    '2028-02-29T09:30:00.000Z',
    'Dinner for 29 Feb closed at 3:00 pm.',
  ],
];

describe.each(testDatabases())('meal cutoffs on the business clock, %s', (dialect) => {
  let t: TestApp;
  let ownerId: number;
  let owner: string;
  /** Skips and undoes before each cutoff, and is refused an undo after it. */
  let asha: Customer;
  /** Has skipped nothing: asks for a fresh skip one second after each cutoff. */
  let ravi: Customer;
  let ashaSub: SubscriptionFixture;
  let raviSub: SubscriptionFixture;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ownerId = (
      await t.ctx.db.kysely
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'owner')
        .executeTakeFirstOrThrow()
    ).id;
    asha = await registerCustomer(t, { userType: 'student', service: 'tiffin' });
    ravi = await registerCustomer(t, { userType: 'regular', service: 'tiffin' });
    // Every case's date, from late November 2026 to March 2028, is inside these: they start on a
    // fixed day before the first case, whatever the date the suite runs on.
    t.clock.frozenAt = Date.parse('2026-11-20T06:30:00.000Z');
    ashaSub = await insertSubscription(t, asha.id, { serviceType: 'tiffin', durationDays: 600 });
    raviSub = await insertSubscription(t, ravi.id, { serviceType: 'tiffin', durationDays: 600 });
    expect(ashaSub.startDate < '2026-11-30').toBe(true);
    expect(ashaSub.endDate > '2028-03-01').toBe(true);
  });
  afterAll(async () => {
    await t?.close();
  });

  const tokenOf = async (userId: number) => (await startSession(t.ctx, userId)).access;
  /**
   * Sets the server's clock to `iso` (plus the few milliseconds the next requests take) and signs
   * everyone in again there: a token from another time has expired or is not valid yet.
   */
  // The clock stands still at `iso`: "one second before the cutoff" holds however long the
  // requests take on a busy machine.
  const at = async (iso: string) => {
    t.clock.offsetMs = 0;
    t.clock.frozenAt = Date.parse(iso);
    [owner, asha.access, ravi.access] = await Promise.all([
      tokenOf(ownerId),
      tokenOf(asha.id),
      tokenOf(ravi.id),
    ]);
  };
  const skip = (who: { access: string }, subscription: number, date: string, meal: Meal) =>
    t.request('POST', '/api/meals/skips/', {
      token: who.access,
      body: { subscription, meal_date: date, meal },
    });
  const undo = (who: { access: string }, id: number) =>
    t.request('POST', `/api/meals/skips/${id}/undo/`, { token: who.access });
  const sheet = async (date: string) => {
    const answer = await t.request('GET', `/api/kitchen/sheet/?date=${date}`, { token: owner });
    expect(answer.status).toBe(200);
    return answer.body as {
      counts: Record<'mess' | 'tiffin', Record<Meal, number>>;
      skipped: Record<'mess' | 'tiffin', Record<Meal, number>>;
    };
  };
  const refusedAsClosed = (answer: Answer, sentence: string) => {
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ non_field_errors: [sentence], error_code: 'meal_skip.closed' });
  };

  it.each(CASES)(
    'across %s: open one second before the cutoff, locked one second after',
    async (_crossing, meal, date, cutoff, sentence) => {
      expect(cutoffAt(DEFAULT_SETTINGS, meal, date, ZONE)).toBe(cutoff);
      expect(closedRefusal(DEFAULT_SETTINGS, meal, date).message).toBe(sentence);

      await at(secondsFrom(cutoff, -1));
      const counted = (await sheet(date)).counts.tiffin[meal];
      const skipped = await skip(asha, ashaSub.id, date, meal);
      expect(skipped.status).toBe(201);
      expect(skipped.body).toMatchObject({
        meal_date: date,
        meal,
        status: 'SKIPPED',
        cutoff_at: cutoff,
      });
      const undone = await undo(asha, skipped.body.id);
      expect(undone.status).toBe(200);
      expect(undone.body).toMatchObject({
        id: skipped.body.id,
        status: 'UNDONE',
        cutoff_at: cutoff,
      });
      const again = await skip(asha, ashaSub.id, date, meal);
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({ id: skipped.body.id, status: 'SKIPPED' });
      expect((await sheet(date)).counts.tiffin[meal]).toBe(counted - 1);

      await at(secondsFrom(cutoff, 1));
      refusedAsClosed(await undo(asha, skipped.body.id), sentence);
      refusedAsClosed(await skip(ravi, raviSub.id, date, meal), sentence);
      // Locked as it stood: Asha's meal stays off the count, Ravi's stays on it, and Ravi's refused
      // skip left no record behind.
      const locked = await sheet(date);
      expect(locked.counts.tiffin[meal]).toBe(counted - 1);
      expect(locked.skipped.tiffin[meal]).toBe(1);
      const rows = await t.ctx.db.kysely
        .selectFrom('meal_skips')
        .select(['subscription_id', 'status'])
        .where('meal_date', '=', date)
        .where('meal', '=', meal)
        .execute();
      expect(rows).toEqual([{ subscription_id: ashaSub.id, status: 'SKIPPED' }]);
    },
  );

  it('puts a cutoff at midnight on the business date it names, not the UTC one', async () => {
    // Lunch fixed at 00:00 on its own day: one second before is 23:59:59 of the day before in
    // India (18:29:59 UTC), when the business date is still that day.
    const midnight: BusinessSettings = {
      ...DEFAULT_SETTINGS,
      cutoffs: { ...DEFAULT_SETTINGS.cutoffs, lunch: { time: '00:00', days_before: 0 } },
    };
    const date = '2027-01-15';
    const cutoff = cutoffAt(midnight, 'lunch', date, ZONE);
    expect(cutoff).toBe('2027-01-14T18:30:00.000Z');
    await at(secondsFrom(cutoff, -1));
    expect(
      (await t.request('PUT', '/api/owner/settings/', { token: owner, body: midnight })).status,
    ).toBe(200);
    try {
      expect(t.ctx.today()).toBe('2027-01-14');
      const skipped = await skip(asha, ashaSub.id, date, 'lunch');
      expect(skipped.status).toBe(201);
      expect(skipped.body.cutoff_at).toBe(cutoff);
      await at(secondsFrom(cutoff, 1));
      expect(t.ctx.today()).toBe(date);
      const sentence = 'Lunch for 15 Jan closed at 12:00 am.';
      expect(closedRefusal(midnight, 'lunch', date).message).toBe(sentence);
      refusedAsClosed(await undo(asha, skipped.body.id), sentence);
      refusedAsClosed(await skip(ravi, raviSub.id, date, 'lunch'), sentence);
    } finally {
      expect(
        (await t.request('PUT', '/api/owner/settings/', { token: owner, body: DEFAULT_SETTINGS }))
          .status,
      ).toBe(200);
    }
  });

  // About 20 s a database on a quiet 2-core machine: its timeout leaves room for a busy one.
  it(`counts a burst of ${BURST} customers' skips in the last minute once each, and refuses every one after the lock`, async () => {
    const db = t.ctx.db.kysely;
    const date = '2027-02-10';
    const cutoff = cutoffAt(DEFAULT_SETTINGS, 'lunch', date, ZONE);
    // Customers and their subscriptions written straight to the database (their skips go over HTTP).
    await at(secondsFrom(cutoff, -10 * 60));
    const now = t.clock.now().toISOString();
    const plan = await insertPlan(t, { serviceType: 'mess', meals: ['lunch', 'dinner'] });
    const users: Insertable<UsersTable>[] = Array.from({ length: BURST }, (_, i) => ({
      username: `burst${dialect}${i}`,
      username_lower: `burst${dialect}${i}`,
      email: `burst${dialect}${i}@example.com`,
      email_lower: `burst${dialect}${i}@example.com`,
      phone: `+91${String(6_000_000_000 + i)}`,
      // Never signs in with a password: sessions are started directly below.
      password_hash: 'not-a-hash',
      user_type: 'regular',
      first_name: 'Burst',
      last_name: `Customer ${i}`,
      status: 'profile_complete',
      is_active: true,
      phone_verified: true,
      last_login: null,
      is_tiffin_user: false,
      is_mess_user: true,
      preferred_delivery_time: '1:00 PM',
      date_joined: now,
      updated_at: now,
      diet: null,
    }));
    const userIds: number[] = [];
    for (let start = 0; start < BURST; start += 250) {
      const rows = await db
        .insertInto('users')
        .values(users.slice(start, start + 250))
        .returning('id')
        .execute();
      userIds.push(...rows.map((row) => row.id));
    }
    const subscriptionIds: number[] = [];
    for (let start = 0; start < BURST; start += 250) {
      const rows = await db
        .insertInto('subscriptions')
        .values(
          userIds.slice(start, start + 250).map((userId) => ({
            user_id: userId,
            plan_id: plan.id,
            subscription_type: 'mess' as const,
            status: 'ACTIVE' as const,
            breakfast_included: false,
            total_paid_paise: 300_000,
            start_date: addDays(date, -10),
            base_end_date: addDays(date, 19),
            adjusted_end_date: addDays(date, 19),
            leave_days: 0,
            cancelled_at: null,
            renewed_from_id: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      subscriptionIds.push(...rows.map((row) => row.id));
    }
    // Signed in ten minutes before the cutoff, their tokens (15 minutes) outliving the test: one
    // session each, written in bulk (startSession one by one took seconds), and its access token.
    const sessionIds = userIds.map(() => randomUUID());
    for (let start = 0; start < BURST; start += 250) {
      await db
        .insertInto('sessions')
        .values(
          userIds.slice(start, start + 250).map((userId, i) => ({
            id: sessionIds[start + i]!,
            user_id: userId,
            created_at: now,
            revoked_at: null,
            revoked_reason: null,
          })),
        )
        .execute();
    }
    const issuedAt = Math.floor(t.clock.now().getTime() / 1000);
    const tokens = await Promise.all(
      userIds.map((userId, i) =>
        signJwt(
          {
            sub: String(userId),
            sid: sessionIds[i]!,
            typ: 'access',
            iat: issuedAt,
            exp: issuedAt + ACCESS_TOKEN_SECONDS,
          },
          t.config.jwtSecret,
        ),
      ),
    );
    const before = await sheet(date);
    const skipOf = (i: number) => skip({ access: tokens[i]! }, subscriptionIds[i]!, date, 'lunch');

    // The last minute: every customer's skip at once, each sent twice (a double tap, a retry).
    await at(secondsFrom(cutoff, -60));
    const burst = await Promise.all(Array.from({ length: BURST * 2 }, (_, n) => skipOf(n % BURST)));
    // The whole burst was answered before the cutoff, or this test proves nothing.
    expect(t.clock.now().getTime()).toBeLessThan(Date.parse(cutoff));
    /** Each customer's skip, whichever of their two requests made it. */
    const skipIds: number[] = [];
    for (let i = 0; i < BURST; i += 1) {
      const pair = [burst[i]!, burst[i + BURST]!].sort((a, b) => a.status - b.status);
      expect(pair.map((answer) => answer.status)).toEqual([201, 400]);
      expect(pair[1]!.body.error_code).toBe('meal_skip.already_skipped');
      skipIds.push(pair[0]!.body.id as number);
    }
    const counted = await sheet(date);
    expect(counted.counts.mess.lunch).toBe(before.counts.mess.lunch - BURST);
    expect(counted.skipped.mess.lunch).toBe(before.skipped.mess.lunch + BURST);
    expect(counted.counts.mess.dinner).toBe(before.counts.mess.dinner);
    const rowsOf = () =>
      db
        .selectFrom('meal_skips')
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .where('subscription_id', 'in', subscriptionIds)
        .groupBy('status')
        .execute();
    expect((await rowsOf()).map((row) => [row.status, Number(row.count)])).toEqual([
      ['SKIPPED', BURST],
    ]);

    // One second after the cutoff: every undo and every skip again is refused, and nothing moves.
    await at(secondsFrom(cutoff, 1));
    const late = await Promise.all([
      ...skipIds.map((id, i) => undo({ access: tokens[i]! }, id)),
      ...Array.from({ length: BURST }, (_, i) => skipOf(i)),
    ]);
    expect(late).toHaveLength(BURST * 2);
    const sentence = 'Lunch for 10 Feb closed at 9:00 am.';
    for (const answer of late) refusedAsClosed(answer, sentence);
    const lockedSheet = await sheet(date);
    expect(lockedSheet.counts.mess.lunch).toBe(counted.counts.mess.lunch);
    expect(lockedSheet.skipped.mess.lunch).toBe(counted.skipped.mess.lunch);
    expect((await rowsOf()).map((row) => [row.status, Number(row.count)])).toEqual([
      ['SKIPPED', BURST],
    ]);
  }, 120_000);
});

// The days and times a delivery mark may carry (issue 35, item 9), over HTTP on both databases: a
// mark is for today's business date or one of the 3 before it (a phone that was offline), made by a
// clock no more than 5 minutes ahead of the server's and not before its date began. Anything else
// is answered refused with its error_code and sentence, in the batch beside the marks applied, and
// nothing is stored for it; a mark stored already stays a duplicate.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  MARK_CLOCK_SKEW_MINUTES,
  MARK_DAYS_BACK,
  refusalSentence,
  type RefusalKey,
} from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { insertPlan, insertSubscription } from '../helpers/fixtures.js';
import { createRider, storedMarks, type Rider } from '../helpers/riders.js';

const MINUTE = 60_000;
/** Where a business date begins: the tests' BUSINESS_TZ is Asia/Kolkata, UTC+05:30 all year. */
const startOfDay = (date: string) => Date.parse(`${date}T00:00:00+05:30`);

describe.each(testDatabases())('the days and times a delivery mark may carry on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let rider: Rider;
  let meena: Customer;
  let route: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    rider = await createRider(t, 'Kamal');
    meena = await registerCustomer(t, { userType: 'regular', service: 'tiffin' });
    await t.ctx.db.kysely
      .updateTable('regular_profiles')
      .set({ pincode: '110002' })
      .where('user_id', '=', meena.id)
      .execute();
    const plan = await insertPlan(t, { serviceType: 'tiffin', meals: ['lunch'] });
    // Eating since ten days ago: on every run sheet of the window.
    await insertSubscription(t, meena.id, { plan, startOffsetDays: -10 });
    const made = await t.request('POST', '/api/owner/routes/', {
      token: owner,
      body: { name: 'Window', areas: ['110002'], riders: [rider.id] },
    });
    expect(made.status).toBe(201);
    route = made.body.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const nowMs = () => t.clock.now().getTime();
  const mark = (
    date: string,
    markedAtMs = Math.min(nowMs(), startOfDay(date) + 13 * 60 * MINUTE),
  ) => ({
    id: randomUUID(),
    route,
    date,
    meal: 'lunch',
    customer: meena.id,
    event: 'delivered',
    marked_at: new Date(markedAtMs).toISOString(),
  });
  const send = (marks: unknown[], language = 'en') =>
    t.request('POST', '/api/delivery/marks/', {
      token: rider.access,
      body: { marks },
      headers: { 'accept-language': language },
    });
  const stored = (ids: string[]) => storedMarks(t, ids);
  const refused = (
    id: string,
    key: RefusalKey,
    values: Record<string, string | number>,
    language: 'en' | 'hi' = 'en',
  ) => ({
    id,
    status: 'refused',
    error_code: key,
    detail: refusalSentence(language, key, values),
  });

  it('refuses a mark for a day to come (tomorrow, 2099) and stores nothing for it', async () => {
    const today = t.ctx.today();
    const tomorrow = mark(addDays(today, 1), nowMs());
    const far = mark('2099-01-01', nowMs());
    const answer = await send([tomorrow, far]);
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      refused(tomorrow.id, 'delivery_stop.date_outside_window', {
        days: MARK_DAYS_BACK,
        day: tomorrow.date,
      }),
      refused(far.id, 'delivery_stop.date_outside_window', { days: MARK_DAYS_BACK, day: far.date }),
    ]);
    expect(await stored([tomorrow.id, far.id])).toBe(0);
    const stops = await t.ctx.db.kysely
      .selectFrom('delivery_stops')
      .select('date')
      .where('user_id', '=', meena.id)
      .where('date', '>', today)
      .execute();
    expect(stops).toEqual([]);
  });

  it('takes a mark for today and the 3 days before, sent late by a phone that was offline; refuses the 4th', async () => {
    const today = t.ctx.today();
    const inWindow = [0, 1, 2, 3].map((back) => mark(addDays(today, -back)));
    const tooOld = mark(addDays(today, -(MARK_DAYS_BACK + 1)));
    const answer = await send([...inWindow, tooOld], 'hi');
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      ...inWindow.map((one) => ({ id: one.id, status: 'applied', state: 'delivered' })),
      refused(
        tooOld.id,
        'delivery_stop.date_outside_window',
        { days: MARK_DAYS_BACK, day: tooOld.date },
        'hi',
      ),
    ]);
    expect(await stored(inWindow.map((one) => one.id))).toBe(4);
    expect(await stored([tooOld.id])).toBe(0);
    // Sent again (the phone never heard the answer): duplicates, not refusals.
    const again = await send(inWindow);
    expect(again.body.results.map((result: { status: string }) => result.status)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
  });

  it("refuses a mark made more than 5 minutes ahead of the server's clock (marked_at in 2099)", async () => {
    const today = t.ctx.today();
    // Today's stop is delivered already: a box returned is what the rider marks next.
    const box = (markedAtMs: number) => ({
      ...mark(today, markedAtMs),
      event: 'box_returned',
    });
    const ahead = box(nowMs() + (MARK_CLOCK_SKEW_MINUTES + 1) * MINUTE);
    const in2099 = box(Date.parse('2099-06-01T10:00:00Z'));
    const slightlyAhead = box(nowMs() + (MARK_CLOCK_SKEW_MINUTES - 1) * MINUTE);
    const answer = await send([ahead, in2099, slightlyAhead]);
    expect(answer.body.results).toEqual([
      refused(ahead.id, 'delivery_stop.marked_at_ahead', { minutes: MARK_CLOCK_SKEW_MINUTES }),
      refused(in2099.id, 'delivery_stop.marked_at_ahead', { minutes: MARK_CLOCK_SKEW_MINUTES }),
      { id: slightlyAhead.id, status: 'applied', state: 'delivered' },
    ]);
    expect(await stored([ahead.id, in2099.id])).toBe(0);
    const marks = await t.ctx.db.kysely
      .selectFrom('delivery_marks')
      .select('marked_at')
      .where('user_id', '=', meena.id)
      .execute();
    expect(marks.filter((row) => row.marked_at.startsWith('2099'))).toEqual([]);
  });

  it('refuses a mark made before its day began (a phone a day behind)', async () => {
    const yesterday = addDays(t.ctx.today(), -1);
    const early = {
      ...mark(yesterday, startOfDay(yesterday) - MINUTE),
      event: 'box_returned',
    };
    const onTime = { ...mark(yesterday, startOfDay(yesterday) + MINUTE), event: 'box_returned' };
    const answer = await send([early, onTime]);
    expect(answer.body.results).toEqual([
      refused(early.id, 'delivery_stop.marked_before_day', { day: yesterday }),
      { id: onTime.id, status: 'applied', state: 'delivered' },
    ]);
    expect(await stored([early.id])).toBe(0);
  });

  it('holds the owner to the same window', async () => {
    const tomorrow = mark(addDays(t.ctx.today(), 1), nowMs());
    const answer = await t.request('POST', '/api/delivery/marks/', {
      token: owner,
      body: { marks: [tomorrow] },
    });
    expect(answer.body.results[0]).toMatchObject({
      status: 'refused',
      error_code: 'delivery_stop.date_outside_window',
    });
  });
});

// The leaves list by date and by customer: the periods that overlap a range, one customer's leaves,
// and a clear 400 for a range that ends before it starts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { insertSubscription } from '../helpers/fixtures.js';

describe.each(testDatabases())('leaves by date on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let alice: Customer;
  let bob: Customer;
  const ids: Record<string, number> = {};
  const day = (offset: number) => addDays(t.ctx.today(), offset);

  async function leave(
    name: string,
    who: Customer,
    subscriptionId: number,
    start: number,
    end: number,
    status: 'APPROVED' | 'PENDING' | 'REJECTED',
  ) {
    const now = t.clock.now().toISOString();
    const row = await t.ctx.db.kysely
      .insertInto('leaves')
      .values({
        user_id: who.id,
        subscription_id: subscriptionId,
        leave_start_date: day(start),
        leave_end_date: day(end),
        reason: name,
        status,
        duration_days: end - start + 1,
        requested_at: now,
        approved_at: status === 'APPROVED' ? now : null,
        rejected_at: status === 'REJECTED' ? now : null,
        admin_comment: null,
        decided_by: null,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[name] = row.id;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    alice = await registerCustomer(t, { userType: 'student', service: 'tiffin' });
    bob = await registerCustomer(t, { userType: 'regular', service: 'mess' });
    const aliceSub = await insertSubscription(t, alice.id, { serviceType: 'tiffin' });
    const bobSub = await insertSubscription(t, bob.id);
    // Days from today:      1   2   3   4   5   6   7   8
    // aliceEarly            ■   ■
    // aliceLate                             ■   ■   ■
    // bobMiddle                 ■   ■   ■
    // bobRejected                                       ■
    await leave('aliceEarly', alice, aliceSub.id, 1, 2, 'APPROVED');
    await leave('aliceLate', alice, aliceSub.id, 5, 7, 'PENDING');
    await leave('bobMiddle', bob, bobSub.id, 2, 4, 'APPROVED');
    await leave('bobRejected', bob, bobSub.id, 8, 8, 'REJECTED');
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query: string, token = owner) => {
    const answer = await t.request('GET', `/api/subscriptions/leaves/?${query}`, { token });
    expect(answer.status).toBe(200);
    const names = Object.entries(ids);
    return {
      total: Number(answer.headers['x-total-count']),
      names: (answer.body as { id: number }[])
        .map((row) => names.find(([, id]) => id === row.id)?.[0])
        .sort(),
    };
  };

  it('keeps the leaves whose period overlaps the range, edges included', async () => {
    expect(await list(`date_from=${day(2)}&date_to=${day(2)}`)).toEqual({
      total: 2,
      names: ['aliceEarly', 'bobMiddle'],
    });
    expect((await list(`date_from=${day(3)}&date_to=${day(5)}`)).names).toEqual([
      'aliceLate',
      'bobMiddle',
    ]);
    expect((await list(`date_from=${day(9)}&date_to=${day(30)}`)).names).toEqual([]);
  });

  it('takes either end alone', async () => {
    expect((await list(`date_from=${day(5)}`)).names).toEqual(['aliceLate', 'bobRejected']);
    expect((await list(`date_to=${day(1)}`)).names).toEqual(['aliceEarly']);
  });

  it('combines with status, paging and one customer', async () => {
    expect((await list(`date_from=${day(1)}&date_to=${day(8)}&status=APPROVED`)).names).toEqual([
      'aliceEarly',
      'bobMiddle',
    ]);
    expect(await list(`date_from=${day(1)}&date_to=${day(8)}&limit=1`)).toMatchObject({
      total: 4,
    });
    expect((await list(`user=${bob.id}`)).names).toEqual(['bobMiddle', 'bobRejected']);
    expect((await list(`user=${alice.id}&date_from=${day(6)}`)).names).toEqual(['aliceLate']);
  });

  it('gives a customer only their own leaves, whatever the filters', async () => {
    expect((await list(`date_from=${day(1)}&date_to=${day(8)}`, alice.access)).names).toEqual([
      'aliceEarly',
      'aliceLate',
    ]);
    expect((await list(`user=${bob.id}`, alice.access)).names).toEqual([]);
  });

  it('refuses a range that ends before it starts, and dates that are not dates', async () => {
    const backwards = await t.request(
      'GET',
      `/api/subscriptions/leaves/?date_from=${day(5)}&date_to=${day(4)}`,
      { token: owner },
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({
      date_to: ['Date to must be on or after date from.'],
      error_code: 'invalid_date_range',
    });
    const hindi = await t.request(
      'GET',
      `/api/subscriptions/leaves/?date_from=${day(5)}&date_to=${day(4)}`,
      { token: owner, headers: { 'accept-language': 'hi' } },
    );
    expect(hindi.status).toBe(400);
    expect(hindi.body.date_to[0]).toMatch(/[\u0900-\u097F]/);
    const notADate = await t.request('GET', '/api/subscriptions/leaves/?date_from=2026-02-30', {
      token: owner,
    });
    expect(notADate.status).toBe(400);
    expect(notADate.body.date_from).toEqual(['Date from must be a date (YYYY-MM-DD)']);
  });
});

// The cancel preview says what moved the last meals past the paid days (issue 37, item 8): approved
// leave, days the mess was closed and the owner's adjustments, each counted apart, adding up to
// adjusted_end_date − base_end_date; a leave still pending moves nothing. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { insertSubscription, type SubscriptionFixture } from '../helpers/fixtures.js';

/** Whole days from `from` to `to`. */
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

describe.each(testDatabases())('what moved the end date, on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let asha: Customer;
  let sub: SubscriptionFixture;
  const day = (offset: number) => addDays(t.ctx.today(), offset);
  const preview = async () => {
    const answer = await t.request(
      'GET',
      `/api/subscriptions/subscriptions/${sub.id}/cancel_preview/`,
      { token: asha.access },
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const leave = async (start: number, end: number) => {
    const answer = await t.request('POST', '/api/subscriptions/leaves/', {
      token: asha.access,
      body: {
        subscription: sub.id,
        leave_start_date: day(start),
        leave_end_date: day(end),
        reason: 'Home',
      },
    });
    expect(answer.status).toBe(201);
    return answer.body.id as number;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    asha = await registerCustomer(t, { service: 'mess' });
    sub = await insertSubscription(t, asha.id, { startOffsetDays: -2 });
  });
  afterAll(async () => {
    await t?.settle();
    await t?.close();
  });

  it('is nothing while the paid days stand', async () => {
    expect((await preview()).end_date_moved_by).toEqual({
      leave_days: 0,
      closed_days: 0,
      owner_days: 0,
    });
  });

  it('counts approved leave, closed days and the owner’s adjustments apart; a pending leave moves nothing', async () => {
    const approvedLeave = await leave(3, 4);
    const approved = await t.request(
      'POST',
      `/api/subscriptions/leaves/${approvedLeave}/approve/`,
      {
        token: owner,
        body: { admin_comment: 'ok' },
      },
    );
    expect(approved.body).toMatchObject({ status: 'APPROVED' });
    const closed = await t.request('POST', '/api/owner/closed-days/', {
      token: owner,
      body: { date: day(6), reason: 'Holi' },
    });
    expect(closed.status).toBe(201);
    const adjusted = await t.request('POST', `/api/subscriptions/subscriptions/${sub.id}/adjust/`, {
      token: owner,
      body: { days: 3, reason: 'Kitchen repairs' },
    });
    expect(adjusted.status).toBe(200);
    await leave(9, 9);

    const body = await preview();
    expect(body.end_date_moved_by).toEqual({ leave_days: 2, closed_days: 1, owner_days: 3 });
    expect(daysBetween(body.base_end_date, body.adjusted_end_date)).toBe(6);
  });

  it('takes back a closed day that is removed, and days the owner takes back', async () => {
    const list = await t.request('GET', '/api/owner/closed-days/', { token: owner });
    const id = (list.body as { id: number }[])[0]!.id;
    const removed = await t.request('POST', `/api/owner/closed-days/${id}/remove/`, {
      token: owner,
    });
    expect(removed.status).toBe(200);
    const back = await t.request('POST', `/api/subscriptions/subscriptions/${sub.id}/adjust/`, {
      token: owner,
      body: { days: -2, reason: 'Entered twice' },
    });
    expect(back.status).toBe(200);
    const body = await preview();
    expect(body.end_date_moved_by).toEqual({ leave_days: 2, closed_days: 0, owner_days: 1 });
    expect(daysBetween(body.base_end_date, body.adjusted_end_date)).toBe(3);
  });
});

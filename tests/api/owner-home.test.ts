// The owner's home (GET /api/owner/summary/) on both databases: every figure equals what the list
// it summarises shows, with payments, refunds, leaves and subscriptions placed around today, this
// month and tomorrow, and business-day edges (India is UTC+5:30).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@machines';
import { dateInZone } from '../../server/platform/time.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { insertPlan, insertSubscription, type SubscriptionFixture } from '../helpers/fixtures.js';

/** Noon in India on the 15th, so "earlier this month" and "last month" both exist. */
const NOW = new Date('2031-03-15T06:30:00.000Z');
const TODAY = '2031-03-15';

describe.each(testDatabases())('owner home on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let customers: Customer[];
  const db = () => t.ctx.db.kysely;
  const get = (url: string) => t.request('GET', url, { token: owner });

  async function payment(
    sub: SubscriptionFixture,
    userId: number,
    rupees: number,
    createdAt: string,
    status: 'SUCCESS' | 'FAILED' = 'SUCCESS',
  ) {
    const row = await db()
      .insertInto('payments')
      .values({
        user_id: userId,
        subscription_id: sub.id,
        payment_order_id: null,
        status,
        amount_paise: rupees * 100,
        currency: 'INR',
        transaction_id: `pay_${sub.id}_${createdAt}`,
        payment_gateway: 'sandbox',
        payment_mode: 'upi',
        failure_reason: status === 'FAILED' ? 'Declined' : null,
        utr: null,
        admin_comment: null,
        receipt_number: null,
        razorpay_order_id: null,
        razorpay_payment_id: null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function refund(
    sub: SubscriptionFixture,
    userId: number,
    paymentId: number,
    rupees: number,
    status: 'PENDING' | 'APPROVED' | 'PAID',
    paidAt: string | null,
  ) {
    const at = NOW.toISOString();
    await db()
      .insertInto('refunds')
      .values({
        subscription_id: sub.id,
        user_id: userId,
        payment_id: paymentId,
        amount_paise: rupees * 100,
        status,
        requested_at: at,
        requested_by: userId,
        processed_at: status === 'PENDING' ? null : at,
        paid_at: paidAt,
        admin_comment: status === 'PENDING' ? null : 'ok',
        utr: null,
        updated_at: at,
      })
      .execute();
  }

  async function leave(
    userId: number,
    sub: SubscriptionFixture,
    status: 'APPROVED' | 'PENDING' | 'REJECTED',
    from: string,
    to: string,
  ) {
    const at = NOW.toISOString();
    await db()
      .insertInto('leaves')
      .values({
        user_id: userId,
        subscription_id: sub.id,
        leave_start_date: from,
        leave_end_date: to,
        reason: 'Home',
        status,
        duration_days: 1,
        requested_at: at,
        approved_at: status === 'APPROVED' ? at : null,
        rejected_at: status === 'REJECTED' ? at : null,
        admin_comment: null,
        decided_by: null,
        updated_at: at,
      })
      .execute();
  }

  async function feedback(userId: number, status: 'open' | 'in_progress' | 'resolved') {
    const at = NOW.toISOString();
    await db()
      .insertInto('feedback')
      .values({
        user_id: userId,
        subscription_id: null,
        feedback_type: 'general_feedback',
        subject: `Feedback ${status}`,
        message: 'Hello',
        rating: 4,
        meal_date: null,
        meal_type: null,
        status,
        priority: 'low',
        admin_response: status === 'open' ? null : 'Thanks',
        responded_at: status === 'open' ? null : at,
        responded_by: null,
        can_add_attachments: true,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    t.clock.setTo(NOW);
    expect(t.ctx.today()).toBe(TODAY);
    owner = await loginOwner(t);
    const messFull = await insertPlan(t, { serviceType: 'mess', name: 'Mess Full' });
    const tiffinDuo = await insertPlan(t, {
      serviceType: 'tiffin',
      meals: ['lunch', 'dinner'],
      name: 'Tiffin Duo',
    });
    customers = [];
    for (let i = 0; i < 8; i++) {
      customers.push(
        await registerCustomer(t, {
          userType: i % 2 ? 'regular' : 'student',
          service: i < 3 ? 'mess' : 'tiffin',
        }),
      );
    }
    const [a, b, c, d, e, f, g, h] = customers as [
      Customer,
      Customer,
      Customer,
      Customer,
      Customer,
      Customer,
      Customer,
      Customer,
    ];
    // Active: a (mess, started today), b (mess, ends in 2 days), d (tiffin, ends in 3 days),
    // e (tiffin, ends in 4 days), f (tiffin, on approved leave tomorrow).
    const subA = await insertSubscription(t, a.id, { plan: messFull, startOffsetDays: 0 });
    const subB = await insertSubscription(t, b.id, { plan: messFull, startOffsetDays: -27 });
    const subD = await insertSubscription(t, d.id, { plan: tiffinDuo, startOffsetDays: -26 });
    const subE = await insertSubscription(t, e.id, { plan: tiffinDuo, startOffsetDays: -25 });
    const subF = await insertSubscription(t, f.id, { plan: tiffinDuo, startOffsetDays: -5 });
    // Not active: c's ended yesterday (stored ACTIVE, so only the rule makes it EXPIRED),
    // g cancelled (started 10 days ago), h awaiting payment.
    const subC = await insertSubscription(t, c.id, { plan: messFull, startOffsetDays: -30 });
    const subG = await insertSubscription(t, g.id, {
      plan: tiffinDuo,
      startOffsetDays: -10,
      status: 'CANCELLED',
    });
    await insertSubscription(t, h.id, { plan: tiffinDuo, status: 'PENDING_PAYMENT' });

    // Payments around the business day's edges (IST = UTC+5:30).
    await payment(subA, a.id, 1000, '2031-03-14T19:00:00.000Z'); // 00:30 IST today
    await payment(subB, b.id, 500, '2031-03-14T18:29:59.000Z'); // 23:59 IST yesterday
    await payment(subF, f.id, 2000, '2031-03-10T05:00:00.000Z'); // 10th
    await payment(subD, d.id, 700, '2031-02-28T10:00:00.000Z'); // last month, in the series
    await payment(subE, e.id, 300, '2031-02-01T10:00:00.000Z'); // before the series
    await payment(subA, a.id, 999, '2031-03-15T05:00:00.000Z', 'FAILED'); // never revenue
    const paidForG = await payment(subG, g.id, 1500, '2031-03-05T04:00:00.000Z');
    const paidForC = await payment(subC, c.id, 400, '2031-02-13T04:00:00.000Z');
    // Refunds: paid today and earlier this month count; approved or pending do not.
    await refund(subG, g.id, paidForG, 200, 'PAID', '2031-03-15T02:00:00.000Z');
    await refund(subC, c.id, paidForC, 100, 'PAID', '2031-03-03T09:00:00.000Z');
    await refund(subE, e.id, paidForC, 50, 'APPROVED', null);
    await refund(subD, d.id, paidForC, 25, 'PENDING', null);
    await refund(subB, b.id, paidForC, 10, 'PAID', '2031-02-27T09:00:00.000Z');

    const tomorrow = addDays(TODAY, 1);
    await leave(f.id, subF, 'APPROVED', tomorrow, addDays(tomorrow, 1));
    await leave(d.id, subD, 'PENDING', tomorrow, tomorrow);
    await leave(e.id, subE, 'PENDING', addDays(TODAY, 2), addDays(TODAY, 2));
    await leave(b.id, subB, 'REJECTED', tomorrow, tomorrow);

    await feedback(a.id, 'open');
    await feedback(b.id, 'in_progress');
    await feedback(d.id, 'resolved');
  });
  afterAll(async () => {
    await t?.settle();
    await t?.close();
  });

  it('is for the owner only', async () => {
    const customer = customers[0]!;
    expect((await t.request('GET', '/api/owner/summary/')).status).toBe(401);
    expect((await t.request('GET', '/api/owner/summary/', { token: customer.access })).status).toBe(
      403,
    );
  });

  it('counts revenue by business date: SUCCESS payments minus refunds paid in the period', async () => {
    const { status, body } = await get('/api/owner/summary/');
    expect(status).toBe(200);
    expect(body.today).toBe(TODAY);
    expect(body.revenue.today).toEqual({
      from: TODAY,
      to: TODAY,
      collected: 1000,
      refunded: 200,
      net: 800,
    });
    expect(body.revenue.month).toEqual({
      from: '2031-03-01',
      to: TODAY,
      collected: 1000 + 500 + 2000 + 1500,
      refunded: 200 + 100,
      net: 5000 - 300,
    });
  });

  it('agrees with the payments and refunds lists', async () => {
    const { body } = await get('/api/owner/summary/');
    const paid = async (from: string, to: string) => {
      const list = await get(
        `/api/payments/admin/payments/?status=SUCCESS&date_from=${from}&date_to=${to}&limit=500`,
      );
      return list.body.reduce((sum: number, p: { amount_inr: number }) => sum + p.amount_inr, 0);
    };
    const refunds = (await get('/api/payments/refunds/?status=PAID')).body as {
      amount: number;
      paid_at: string;
    }[];
    const refunded = (from: string, to: string) =>
      refunds
        .filter((r) => {
          const date = dateInZone(new Date(r.paid_at), 'Asia/Kolkata');
          return date >= from && date <= to;
        })
        .reduce((sum, r) => sum + r.amount, 0);
    expect(body.revenue.today.collected).toBe(await paid(TODAY, TODAY));
    expect(body.revenue.today.refunded).toBe(refunded(TODAY, TODAY));
    expect(body.revenue.month.collected).toBe(await paid('2031-03-01', TODAY));
    expect(body.revenue.month.refunded).toBe(refunded('2031-03-01', TODAY));
  });

  it('counts active subscribers as the active subscribers list does', async () => {
    const { body } = await get('/api/owner/summary/');
    expect(body.active_subscribers).toEqual({ total: 5, mess: 2, tiffin: 3 });
    const total = async (query: string) =>
      Number(
        (await get(`/api/accounts/owner/users/active_subscribers/?limit=1${query}`)).headers[
          'x-total-count'
        ],
      );
    expect(body.active_subscribers.total).toBe(await total(''));
    expect(body.active_subscribers.mess).toBe(await total('&service_type=mess'));
    expect(body.active_subscribers.tiffin).toBe(await total('&service_type=tiffin'));
  });

  it('counts customers expiring within 3 days as the users list it links to', async () => {
    const { body } = await get('/api/owner/summary/');
    expect(body.expiring).toEqual({ within_days: 3, count: 2 });
    const list = await get('/api/accounts/owner/users/?expiring_within_days=3');
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.body.map((user: { id: number }) => user.id).sort()).toEqual(
      [customers[1]!.id, customers[3]!.id].sort(),
    );
    // The same filter through a search, a status filter and paging.
    const searched = await get(
      `/api/accounts/owner/users/?expiring_within_days=3&search=${customers[3]!.username}`,
    );
    expect(searched.body.map((user: { id: number }) => user.id)).toEqual([customers[3]!.id]);
    expect(searched.headers['x-total-count']).toBe('1');
    const withStatus = await get(
      '/api/accounts/owner/users/?expiring_within_days=3&subscription_status=active&limit=1',
    );
    expect(withStatus.headers['x-total-count']).toBe('2');
    expect(withStatus.body).toHaveLength(1);
    const none = await get(
      '/api/accounts/owner/users/?expiring_within_days=3&subscription_status=expired',
    );
    expect(none.headers['x-total-count']).toBe('0');
    const four = await get('/api/accounts/owner/users/?expiring_within_days=4');
    expect(four.headers['x-total-count']).toBe('3');
    const today = await get('/api/accounts/owner/users/?expiring_within_days=0');
    expect(today.headers['x-total-count']).toBe('0');
    const tooFar = await get('/api/accounts/owner/users/?expiring_within_days=61');
    expect(tooFar.status).toBe(400);
  });

  it('counts pending leaves, pending refunds and open feedback as their lists do', async () => {
    const { body } = await get('/api/owner/summary/');
    expect(body.pending_leaves).toBe(2);
    expect(body.pending_refunds).toBe(1);
    expect(body.open_feedback).toBe(2);
    const leaveStats = await get('/api/subscriptions/leaves/dashboard_stats/');
    expect(body.pending_leaves).toBe(leaveStats.body.pending_leaves);
    const pendingRefunds = await get('/api/payments/refunds/?status=PENDING');
    expect(body.pending_refunds).toBe(pendingRefunds.body.length);
    const feedbackStats = await get('/api/feedback/admin/feedback/dashboard_stats/');
    expect(body.open_feedback).toBe(feedbackStats.body.open_feedbacks);
  });

  it('shows tomorrow’s meals as the kitchen sheet counts them', async () => {
    const { body } = await get('/api/owner/summary/');
    const sheet = await get('/api/kitchen/sheet/');
    expect(body.tomorrow_meals).toEqual({ date: sheet.body.date, counts: sheet.body.counts });
    // a and b eat three mess meals; d and e two tiffin meals; f is on approved leave.
    expect(body.tomorrow_meals.counts).toEqual({
      mess: { breakfast: 2, lunch: 2, dinner: 2 },
      tiffin: { breakfast: 0, lunch: 2, dinner: 2 },
    });
  });

  it('counts tomorrow’s meals net of meal skips, as the kitchen sheet does', async () => {
    const a = customers[0]!;
    const subA = await db()
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', a.id)
      .executeTakeFirstOrThrow();
    const tomorrow = addDays(TODAY, 1);
    const skip = await t.request('POST', '/api/meals/skips/', {
      token: a.access,
      body: { subscription: subA.id, meal_date: tomorrow, meal: 'lunch' },
    });
    expect(skip.status).toBe(201);
    try {
      const { body } = await get('/api/owner/summary/');
      const sheet = await get('/api/kitchen/sheet/');
      expect(sheet.body.skipped.mess.lunch).toBe(1);
      expect(body.tomorrow_meals).toEqual({ date: tomorrow, counts: sheet.body.counts });
      expect(body.tomorrow_meals.counts.mess).toEqual({ breakfast: 2, lunch: 1, dinner: 2 });
    } finally {
      const undone = await t.request('POST', `/api/meals/skips/${skip.body.id}/undo/`, {
        token: a.access,
      });
      expect(undone.status).toBe(200);
    }
  });

  it('has 30 days of net revenue and new subscribers, ending today', async () => {
    const { body } = await get('/api/owner/summary/');
    expect(body.daily).toHaveLength(30);
    expect(body.daily[0].date).toBe(addDays(TODAY, -29));
    expect(body.daily[29].date).toBe(TODAY);
    const day = (date: string) => body.daily.find((entry: { date: string }) => entry.date === date);
    expect(day(TODAY)).toEqual({ date: TODAY, revenue: 800, new_subscribers: 1 });
    expect(day('2031-03-14').revenue).toBe(500);
    expect(day('2031-03-10')).toEqual({ date: '2031-03-10', revenue: 2000, new_subscribers: 1 });
    expect(day('2031-03-03').revenue).toBe(-100);
    expect(day('2031-02-28').revenue).toBe(700);
    expect(day('2031-02-27').revenue).toBe(-10);
    // Subscriptions activated per day: each fixture subscription's start date, whatever its
    // status now (c's started 30 days ago, before the series).
    expect(
      body.daily.reduce(
        (sum: number, d: { new_subscribers: number }) => sum + d.new_subscribers,
        0,
      ),
    ).toBe(6);
    expect(day(addDays(TODAY, -27)).new_subscribers).toBe(1);
    const thisMonth = body.daily
      .filter((entry: { date: string }) => entry.date >= '2031-03-01')
      .reduce((sum: number, entry: { revenue: number }) => sum + entry.revenue, 0);
    expect(thisMonth).toBe(body.revenue.month.net);
  });

  it('moves with the business day: after midnight in India yesterday’s payment is not today’s', async () => {
    const before = t.clock.offsetMs;
    try {
      // 23:59 IST on the 14th: the 00:30 payment of the 15th has not happened yet in the
      // business calendar, and the 23:59 one is today's. Time stands still there: a slow sign-in
      // must not carry the clock past midnight.
      t.clock.frozenAt = Date.now();
      t.clock.setTo('2031-03-14T18:29:59.500Z');
      const token = await loginOwner(t);
      const { body } = await t.request('GET', '/api/owner/summary/', { token });
      expect(body.today).toBe('2031-03-14');
      expect(body.revenue.today.collected).toBe(500);
    } finally {
      t.clock.frozenAt = null;
      t.clock.offsetMs = before;
    }
  });
});

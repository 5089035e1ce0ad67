// Buying again while a plan runs (issue 35): the new subscription of the same service queues behind
// the running one (it starts the day after that one's adjusted end) instead of running beside it,
// so the kitchen never counts one person twice for a meal; a different service runs alongside; old
// overlapping rows are counted once; and the queued one follows its predecessor's end through
// leaves, the owner's adjustments and closed days, and cancels (unstarted) with all of it refunded.
// On both databases.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, cutoffAt, DEFAULT_SETTINGS } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';
import { field, readReceiptHtml } from '../helpers/receipt-html.js';
import { formatDate } from '../../server/platform/i18n.js';
import { insertPlan, insertSubscription, type PlanFixture } from '../helpers/fixtures.js';

const PRICE = 3000;
const ZONE = 'Asia/Kolkata';

describe.each(testDatabases())('queued subscriptions on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;
  let messLunch: PlanFixture;
  let tiffinLunch: PlanFixture;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    api = commerce(t, () => owner, {
      codePrefix: 'QUEUE',
      planDefaults: {
        service_type: 'mess',
        base_price: PRICE,
        duration_days: 30,
        included_meals: ['lunch'],
      },
    });
    messLunch = await insertPlan(t, { serviceType: 'mess', meals: ['lunch'], name: 'Mess Lunch' });
    tiffinLunch = await insertPlan(t, {
      serviceType: 'tiffin',
      meals: ['lunch'],
      name: 'Tiffin Lunch',
    });
  });
  beforeEach(async () => {
    t.clock.reset();
    owner = await loginOwner(t);
    // Every test counts from an empty kitchen: the earlier tests' subscriptions end.
    await t.ctx.db.kysely
      .updateTable('subscriptions')
      .set({ status: 'CANCELLED', cancelled_at: t.clock.now().toISOString() })
      .where('status', 'in', ['ACTIVE', 'PENDING_PAYMENT'])
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const today = () => t.ctx.today();
  const tomorrow = () => addDays(today(), 1);
  const sheet = async (date = tomorrow()) => {
    const answer = await t.request('GET', `/api/kitchen/sheet/?date=${date}`, { token: owner });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const summary = async () => {
    const answer = await t.request('GET', '/api/owner/summary/', { token: owner });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const subscription = async (who: Customer, id: number) => {
    const answer = await t.request('GET', `/api/subscriptions/subscriptions/${id}/`, {
      token: who.access,
    });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** `count` other customers eating mess lunch tomorrow. */
  const messDiners = async (count: number) => {
    for (let i = 0; i < count; i += 1) {
      const diner = await registerCustomer(t, { service: 'mess' });
      await insertSubscription(t, diner.id, { plan: messLunch });
    }
  };

  it('buying again while a plan runs queues the new one from the day after it ends; the kitchen counts 13, not 14', async () => {
    await messDiners(12);
    const asha = await registerCustomer(t, { service: 'mess' });
    const running = await api.activeSubscription(asha);
    const first = await subscription(asha, running.subscriptionId);
    expect(first).toMatchObject({ status: 'ACTIVE', start_date: today(), days_remaining: 30 });
    expect((await sheet()).counts.mess.lunch).toBe(13);

    // Asha buys another mess plan while the first runs.
    const next = await api.activeSubscription(asha);
    const queued = await subscription(asha, next.subscriptionId);
    const startsOn = addDays(first.adjusted_end_date, 1);
    expect(queued).toMatchObject({
      status: 'ACTIVE',
      start_date: startsOn,
      base_end_date: addDays(startsOn, 29),
      adjusted_end_date: addDays(startsOn, 29),
      // All of it is still to come.
      days_remaining: 30,
    });
    // The receipt's paid period is the queued one's.
    const receipt = await t.request('GET', `/api/payments/payments/${next.payment.id}/receipt/`, {
      token: asha.access,
    });
    expect(field(readReceiptHtml(receipt.text), 'Subscription', 'Period')).toBe(
      `${formatDate('en', startsOn)} to ${formatDate('en', addDays(startsOn, 29))}`,
    );

    const counted = await sheet();
    expect(counted.counts.mess.lunch).toBe(13);
    const home = await summary();
    expect(home.active_subscribers.mess).toBe(13);
    expect(home.tomorrow_meals.counts.mess.lunch).toBe(13);
    // The customer's home shows the running plan, not the one to come.
    const active = await t.request('GET', '/api/subscriptions/subscriptions/active/', {
      token: asha.access,
    });
    expect(active.body.id).toBe(running.subscriptionId);
    // On the queued one's first day, it alone is counted.
    expect((await sheet(startsOn)).counts.mess.lunch).toBeGreaterThanOrEqual(1);
    const onItsFirstDay = await t.ctx.db.kysely
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', asha.id)
      .where('start_date', '<=', startsOn)
      .where('adjusted_end_date', '>=', startsOn)
      .execute();
    expect(onItsFirstDay.map((row) => row.id)).toEqual([next.subscriptionId]);
  });

  it('a second, different service runs alongside from today', async () => {
    const ravi = await registerCustomer(t, { service: 'mess' });
    // The owner set him up for both services (a tiffin beside his mess plan).
    await t.ctx.db.kysely
      .updateTable('users')
      .set({ is_tiffin_user: true, is_mess_user: true })
      .where('id', '=', ravi.id)
      .execute();
    await api.activeSubscription(ravi);
    const tiffin = await api.activeSubscription(ravi, { service_type: 'tiffin' });
    expect(await subscription(ravi, tiffin.subscriptionId)).toMatchObject({
      status: 'ACTIVE',
      start_date: today(),
    });
    const counted = await sheet();
    expect(counted.counts.mess.lunch).toBe(1);
    expect(counted.counts.tiffin.lunch).toBe(1);
  });

  it('old overlapping rows of one service count one person once: sheet, lock, diets, deliveries, home', async () => {
    await messDiners(2);
    const old = await registerCustomer(t, { service: 'mess' });
    // Two rows of the same service covering tomorrow, as data written before the queue rule has.
    await insertSubscription(t, old.id, { plan: messLunch });
    await insertSubscription(t, old.id, { plan: messLunch, startOffsetDays: -1 });
    const both = await registerCustomer(t, { service: 'tiffin' });
    await insertSubscription(t, both.id, { plan: tiffinLunch });
    await insertSubscription(t, both.id, { plan: tiffinLunch, startOffsetDays: 0 });

    const counted = await sheet();
    expect(counted.counts.mess.lunch).toBe(3);
    expect(counted.counts.tiffin.lunch).toBe(1);
    const diets = counted.diets.lunch as Record<string, number>;
    expect(Object.values(diets).reduce((sum, n) => sum + n, 0)).toBe(4);
    expect(
      (counted.deliveries.lunch as { user_id: number }[]).filter((d) => d.user_id === both.id),
    ).toHaveLength(1);
    const home = await summary();
    expect(home.active_subscribers).toMatchObject({ mess: 3, tiffin: 1 });
    expect(home.tomorrow_meals.counts.mess.lunch).toBe(3);

    // At tomorrow's lunch cutoff the lock stores 3 + 1, and nobody is named as added or removed.
    const date = tomorrow();
    const lunchCutoff = cutoffAt(DEFAULT_SETTINGS, 'lunch', date, ZONE);
    t.clock.setTo(new Date(Date.parse(lunchCutoff) + 60_000));
    owner = await loginOwner(t);
    const locked = await sheet(date);
    expect(locked.locks.lunch.locked).toMatchObject({ count: 4, counts: { mess: 3, tiffin: 1 } });
    expect(locked.locks.lunch).toMatchObject({ live: 4, difference: 0, added: [], removed: [] });
  });

  it('the queued one follows the running one through the owner’s adjustment, a leave and a closed day', async () => {
    const asha = await registerCustomer(t, { service: 'mess' });
    const running = await api.activeSubscription(asha);
    const next = await api.activeSubscription(asha);
    const startOf = async () => (await subscription(asha, next.subscriptionId)).start_date;
    const endOf = async () => (await subscription(asha, running.subscriptionId)).adjusted_end_date;
    expect(await startOf()).toBe(addDays(await endOf(), 1));

    const adjusted = await t.request(
      'POST',
      `/api/subscriptions/subscriptions/${running.subscriptionId}/adjust/`,
      { token: owner, body: { days: 2, reason: 'Kitchen closed for repairs' } },
    );
    expect(adjusted.status).toBe(200);
    expect(await startOf()).toBe(addDays(await endOf(), 1));

    const leave = await t.request('POST', '/api/subscriptions/leaves/', {
      token: asha.access,
      body: {
        subscription: running.subscriptionId,
        leave_start_date: addDays(today(), 2),
        leave_end_date: addDays(today(), 4),
        reason: 'Home',
      },
    });
    expect(leave.status).toBe(201);
    const approved = await t.request(
      'POST',
      `/api/subscriptions/leaves/${leave.body.id}/approve/`,
      { token: owner, body: { admin_comment: 'ok' } },
    );
    expect(approved.status).toBe(200);
    expect(await startOf()).toBe(addDays(await endOf(), 1));

    const closed = await t.request('POST', '/api/owner/closed-days/', {
      token: owner,
      body: { date: addDays(today(), 6), reason: 'Holi' },
    });
    expect(closed.status).toBe(201);
    expect(await startOf()).toBe(addDays(await endOf(), 1));
    // Every move kept the queued one's length: 30 days.
    const queued = await subscription(asha, next.subscriptionId);
    expect(queued.adjusted_end_date).toBe(addDays(queued.start_date, 29));
    // A leave on the queued one before it starts is refused.
    const early = await t.request('POST', '/api/subscriptions/leaves/', {
      token: asha.access,
      body: {
        subscription: next.subscriptionId,
        leave_start_date: addDays(today(), 1),
        leave_end_date: addDays(today(), 2),
        reason: 'Home',
      },
    });
    expect(early.status).toBe(400);
    expect(early.body.error_code).toBe('leave.before_subscription_start');
  });

  it('the queued one, cancelled before it starts, refunds all of it; cancelling the running one brings it forward', async () => {
    const asha = await registerCustomer(t, { service: 'mess' });
    const running = await api.activeSubscription(asha);
    const next = await api.activeSubscription(asha);
    const preview = await t.request(
      'GET',
      `/api/subscriptions/subscriptions/${next.subscriptionId}/cancel_preview/`,
      { token: asha.access },
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      refund_amount: PRICE,
      paid_days: 30,
      used_days: 0,
      unused_paid_days: 30,
    });
    const cancelled = await api.cancel(asha, next.subscriptionId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', refund_info: { amount: PRICE } });
    expect((await subscription(asha, running.subscriptionId)).status).toBe('ACTIVE');

    // Bought again, then the running one cancelled: the queued one starts tomorrow instead.
    const again = await api.activeSubscription(asha);
    expect((await api.cancel(asha, running.subscriptionId)).status).toBe(200);
    expect(await subscription(asha, again.subscriptionId)).toMatchObject({
      status: 'ACTIVE',
      start_date: tomorrow(),
      adjusted_end_date: addDays(tomorrow(), 29),
    });
    expect((await sheet()).counts.mess.lunch).toBe(1);
  });
});

// The dues hold (issue 21), over HTTP on both databases: off by default it changes nothing; on, a
// customer over the amount limit (or owing too long) drops off the kitchen sheet from the next
// cutoff while a meal already locked keeps them, the sheet says how many are held, the statement
// and the owner's dues list say why, the customer is told once per episode, and a payment lifts it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, cutoffAt, DEFAULT_SETTINGS, type HoldPolicy } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { type Customer, loginOwner, registerCustomer, signedInAgain } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';
import { notifyHeldCustomers } from '../../server/lifecycles/dues/dues.jobs.js';

const RECORD = '/api/payments/admin/payments/record_offline/';
const ZONE = 'Asia/Kolkata';

describe.each(testDatabases())('the dues hold on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;
  let asha: Customer; // owes ₹2,000 on an active mess plan
  let bina: Customer; // paid in full
  let ashaSub: number;
  let today: string;
  const day = (offset: number) => addDays(today, offset);

  /** The server's clock at `iso`; tokens from another time are signed again. */
  const at = async (iso: string) => {
    t.clock.setTo(iso);
    owner = await loginOwner(t);
    asha = await signedInAgain(t, asha);
  };
  const setPayments = async (hold: HoldPolicy) => {
    const saved = await t.request('PUT', '/api/owner/settings/', {
      token: owner,
      body: {
        ...DEFAULT_SETTINGS,
        payments: { activation: 'dues_allowed', max_dues: 2500, hold },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.payments.hold).toEqual(hold);
  };
  const sheet = async (date: string) => {
    const answer = await t.request('GET', `/api/kitchen/sheet/?date=${date}`, { token: owner });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const statement = async () => {
    const answer = await t.request('GET', '/api/ledger/statement/', { token: asha.access });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const heldList = async () => {
    const answer = await t.request('GET', '/api/owner/dues/?held=true', { token: owner });
    expect(answer.status).toBe(200);
    return answer.body as { customer: { id: number }; hold: { reason: string } }[];
  };
  const holdNotices = () =>
    t.ctx.db.kysely
      .selectFrom('notification_logs')
      .select(['channel', 'body'])
      .where('user_id', '=', asha.id)
      .where('notification_type', '=', 'dues_hold')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    today = t.ctx.today();
    api = commerce(t, () => owner, {
      codePrefix: 'HOLD',
      planDefaults: { name: 'Hold plan', base_price: 3000 },
    });
    asha = await registerCustomer(t, { service: 'mess' });
    bina = await registerCustomer(t, { service: 'mess' });
    await setPayments({ enabled: false, max_amount: 1500, max_days_overdue: null });
    const pending = await api.pendingSubscription(asha);
    ashaSub = pending.subscriptionId;
    const part = await t.request('POST', RECORD, {
      token: owner,
      body: { payment_mode: 'cash', subscription: ashaSub, amount: 1000 },
    });
    expect(part.body.subscription).toMatchObject({ status: 'ACTIVE', amount_due: 2000 });
    await api.activeSubscription(bina);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is off by default: nobody is held and the sheet counts everyone', async () => {
    const fresh = await t.request('GET', '/api/owner/settings/', { token: owner });
    expect(DEFAULT_SETTINGS.payments.hold).toEqual({
      enabled: false,
      max_amount: 2000,
      max_days_overdue: 15,
    });
    expect(fresh.body.payments.hold.enabled).toBe(false);
    const body = await sheet(day(2));
    expect(body.counts.mess.dinner).toBe(2);
    expect(body.held.mess).toEqual({ breakfast: 0, lunch: 0, dinner: 0 });
    expect(body.held_customers.dinner).toEqual([]);
    expect((await statement()).hold).toBeNull();
    expect(await heldList()).toEqual([]);
    await notifyHeldCustomers(t.ctx);
    expect(await holdNotices()).toEqual([]);
  });

  it('holds from the next cutoff: a locked meal keeps them, later meals drop them', async () => {
    // Just past lunch's cutoff on day 2: breakfast and lunch lock with both customers.
    await at(
      new Date(Date.parse(cutoffAt(DEFAULT_SETTINGS, 'lunch', day(2), ZONE)) + 1000).toISOString(),
    );
    const before = await sheet(day(2));
    expect(before.locks.lunch.locked.count).toBe(2);

    await setPayments({ enabled: true, max_amount: 1500, max_days_overdue: null });
    const held = await sheet(day(2));
    // Lunch was locked with Asha in it: she is cooked for, and not shown as gone.
    expect(held.counts.mess.lunch).toBe(2);
    expect(held.locks.lunch).toMatchObject({ live: 2, difference: 0, removed: [] });
    expect(held.held.mess.lunch).toBe(0);
    // Dinner's cutoff is still ahead: she is off it, and the sheet says why.
    expect(held.counts.mess.dinner).toBe(1);
    expect(held.held.mess.dinner).toBe(1);
    expect(held.held_customers.dinner).toEqual([
      expect.objectContaining({
        user_id: asha.id,
        subscription_id: ashaSub,
        service_type: 'mess',
        hold: {
          reason: 'over_amount',
          balance: 2000,
          max_amount: 1500,
          days_due: 2,
          max_days_overdue: null,
        },
      }),
    ]);
    const dietTotal = Object.values(held.diets.dinner as Record<string, number>).reduce(
      (sum, n) => sum + n,
      0,
    );
    expect(dietTotal).toBe(1);
    // The next day, every meal is after the next cutoff.
    const next = await sheet(day(3));
    expect(next.counts.mess).toEqual({ breakfast: 1, lunch: 1, dinner: 1 });
    expect(next.held.mess).toEqual({ breakfast: 1, lunch: 1, dinner: 1 });
    // The owner's home counts tomorrow as the sheet does: without whom the hold takes off.
    const home = await t.request('GET', '/api/owner/summary/', { token: owner });
    const tomorrow = await sheet(home.body.tomorrow_meals.date);
    expect(home.body.tomorrow_meals.counts).toEqual(tomorrow.counts);
    expect(tomorrow.held.mess).toEqual({ breakfast: 1, lunch: 1, dinner: 1 });

    expect((await statement()).hold).toMatchObject({ reason: 'over_amount', balance: 2000 });
    const list = await heldList();
    expect(list.map((row) => row.customer.id)).toEqual([asha.id]);
    expect(list[0]?.hold.reason).toBe('over_amount');
    const all = await t.request('GET', '/api/owner/dues/', { token: owner });
    expect(
      all.body.find((row: { customer: { id: number } }) => row.customer.id === asha.id).hold,
    ).not.toBeNull();
  });

  it('tells the customer once per episode, in their language', async () => {
    expect(await notifyHeldCustomers(t.ctx)).toBe(1);
    expect(await notifyHeldCustomers(t.ctx)).toBe(1);
    await t.settle();
    const told = await holdNotices();
    expect(told.map((row) => row.channel).sort()).toEqual(['email', 'sms']);
    for (const row of told) {
      expect(row.body).toContain('₹2,000');
      expect(row.body).toContain('₹1,500');
    }
  });

  it('a payment lifts it: the next cutoff counts them again', async () => {
    const paid = await t.request('POST', RECORD, {
      token: owner,
      body: { payment_mode: 'cash', subscription: ashaSub, amount: 1000 },
    });
    expect(paid.status).toBe(201);
    const body = await sheet(day(2));
    expect(body.counts.mess.dinner).toBe(2);
    expect(body.held.mess.dinner).toBe(0);
    expect((await statement()).hold).toBeNull();
    expect(await heldList()).toEqual([]);
    expect(await notifyHeldCustomers(t.ctx)).toBe(0);
  });

  it('holds dues owed longer than the days limit', async () => {
    await setPayments({ enabled: true, max_amount: null, max_days_overdue: 1 });
    // ₹1,000 owed since the first day, two days ago.
    expect((await statement()).hold).toEqual({
      reason: 'overdue_days',
      balance: 1000,
      max_amount: null,
      days_due: 2,
      max_days_overdue: 1,
    });
    expect((await sheet(day(3))).held.mess.lunch).toBe(1);
    // A new episode (a payment came in since the last notice): told again.
    await notifyHeldCustomers(t.ctx);
    await t.settle();
    expect((await holdNotices()).length).toBe(4);
    await setPayments({ enabled: false, max_amount: null, max_days_overdue: 1 });
    expect((await statement()).hold).toBeNull();
    expect((await sheet(day(3))).held.mess.lunch).toBe(0);
  });

  it('takes a held tiffin customer off the deliveries too', async () => {
    const chandra = await registerCustomer(t, { service: 'tiffin' });
    const pending = await api.pendingSubscription(chandra, { service_type: 'tiffin' });
    const part = await t.request('POST', RECORD, {
      token: owner,
      body: { payment_mode: 'cash', subscription: pending.subscriptionId, amount: 1000 },
    });
    expect(part.body.subscription.status).toBe('ACTIVE');
    const delivered = (body: { deliveries: Record<string, { user_id: number }[]> }) =>
      body.deliveries.lunch!.some((one) => one.user_id === chandra.id);
    expect(delivered(await sheet(day(3)))).toBe(true);
    await setPayments({ enabled: true, max_amount: 1500, max_days_overdue: null });
    const held = await sheet(day(3));
    expect(delivered(held)).toBe(false);
    expect(held.held.tiffin.lunch).toBe(1);
    expect(held.counts.tiffin.lunch).toBe(0);
  });
});

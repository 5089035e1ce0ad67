// The ledger (issue 21): every charge, payment, credit and refund is an entry; a customer's balance
// is the sum of their entries, on both databases, whatever order and concurrency the money moves in.
// Part payments at the counter, the payment policy that starts a part-paid subscription, a
// counter form sent many times at once, the customer's statement and the owner's dues views.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, DEFAULT_SETTINGS } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';

const RECORD = '/api/payments/admin/payments/record_offline/';
const PRICE = 3000;

describe.each(testDatabases())('the ledger on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;
  let asha: Customer;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    api = commerce(t, () => owner, {
      codePrefix: 'KHATA',
      planDefaults: { name: 'Khata plan', base_price: PRICE },
    });
  });
  beforeEach(async () => {
    asha = await registerCustomer(t, { service: 'mess' });
    await setPolicy({ activation: 'full_payment', max_dues: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const setPolicy = async (payments: { activation: string; max_dues: number }) => {
    const saved = await t.request('PUT', '/api/owner/settings/', {
      token: owner,
      body: { ...DEFAULT_SETTINGS, payments },
    });
    expect(saved.status).toBe(200);
  };
  const record = (body: Record<string, unknown>) =>
    t.request('POST', RECORD, { token: owner, body: { payment_mode: 'cash', ...body } });
  const statement = (who: Customer) =>
    t.request('GET', '/api/ledger/statement/', { token: who.access });
  /** The invariant: every account's stored balance is the sum of its entries. */
  const balancesAreSums = async () => {
    const db = t.ctx.db.kysely;
    const sums = await db
      .selectFrom('ledger_entries')
      .select((eb) => ['user_id', eb.fn.sum<number>('amount_paise').as('sum')])
      .groupBy('user_id')
      .execute();
    const balances = await db.selectFrom('ledger_balances').selectAll().execute();
    const byUser = new Map(balances.map((row) => [row.user_id, Number(row.balance_paise)]));
    for (const row of sums) expect(byUser.get(row.user_id)).toBe(Number(row.sum));
  };

  it('a part payment leaves the subscription waiting and the rest due; the rest starts it', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const part = await record({ subscription: subscriptionId, amount: 1000 });
    expect(part.status).toBe(201);
    expect(part.body.detail).toBe(
      'Payment recorded. ₹2,000 is still due; the subscription starts when it is paid.',
    );
    expect(part.body.subscription).toMatchObject({ status: 'PENDING_PAYMENT', amount_due: 2000 });

    const mine = await statement(asha);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ balance: 2000, status: 'DUE', actions: ['dues.pay'] });
    expect(mine.body.due_since).toBe(t.ctx.today());
    expect(
      mine.body.entries.map((e: { kind: string; amount: number; balance: number }) => [
        e.kind,
        e.amount,
        e.balance,
      ]),
    ).toEqual([
      ['charge', 3000, 3000],
      ['payment', -1000, 2000],
    ]);
    expect(mine.body.subscriptions_due).toEqual([
      expect.objectContaining({ id: subscriptionId, amount_due: 2000, status: 'PENDING_PAYMENT' }),
    ]);
    // The customer is told what is still due.
    await t.settle();
    const told = await t.ctx.db.kysely
      .selectFrom('notification_logs')
      .select(['channel', 'body'])
      .where('user_id', '=', asha.id)
      .where('notification_type', '=', 'payment_success')
      .execute();
    expect(told.map((row) => row.channel).sort()).toEqual(['email', 'sms']);
    for (const row of told) expect(row.body).toContain('₹2,000');

    // The online checkout now asks for what is still owed, not the price.
    const order = await api.order(asha, subscriptionId);
    expect(order.status).toBe(201);
    expect(order.body.amount).toBe(200000);

    const rest = await record({ subscription: subscriptionId, amount: 2000 });
    expect(rest.status).toBe(201);
    expect(rest.body.detail).toBe('Payment recorded. The subscription is active.');
    expect(rest.body.subscription).toMatchObject({ status: 'ACTIVE', amount_due: 0 });
    expect((await statement(asha)).body).toMatchObject({
      balance: 0,
      status: 'SETTLED',
      actions: [],
      subscriptions_due: [],
    });
    await balancesAreSums();
  });

  it('with dues allowed, a part payment within the limit starts the subscription', async () => {
    await setPolicy({ activation: 'dues_allowed', max_dues: 2000 });
    const { subscriptionId } = await api.pendingSubscription(asha);
    const short = await record({ subscription: subscriptionId, amount: 500 });
    expect(short.body.subscription.status).toBe('PENDING_PAYMENT');
    const within = await record({ subscription: subscriptionId, amount: 500 });
    expect(within.body.subscription).toMatchObject({ status: 'ACTIVE', amount_due: 2000 });
    expect(within.body.detail).toBe(
      'Payment recorded. The subscription is active; ₹2,000 is still due.',
    );
    // The owner collects the rest against the active subscription.
    const rest = await record({ subscription: subscriptionId, amount: 2000 });
    expect(rest.status).toBe(201);
    expect(rest.body.subscription.amount_due).toBe(0);
    const again = await record({ subscription: subscriptionId, amount: 1 });
    expect(again.status).toBe(400);
    expect(again.body.non_field_errors).toEqual(['This subscription is not awaiting payment.']);
  });

  it('an active subscription that started with dues is paid off online, and only while it owes', async () => {
    await setPolicy({ activation: 'dues_allowed', max_dues: 2000 });
    const { subscriptionId } = await api.pendingSubscription(asha);
    const part = await record({ subscription: subscriptionId, amount: 1200 });
    expect(part.body.subscription).toMatchObject({ status: 'ACTIVE', amount_due: 1800 });
    // The checkout asks for what it still owes; the payment settles it through the ledger.
    const order = await api.order(asha, subscriptionId);
    expect(order.status).toBe(201);
    expect(order.body.amount).toBe(180000);
    // The stale-order job leaves an active subscription's open order alone.
    const orderStatus = async () =>
      (
        await t.ctx.db.kysely
          .selectFrom('payment_orders')
          .select('status')
          .where('order_id', '=', order.body.order_id)
          .executeTakeFirstOrThrow()
      ).status;
    const opened = await orderStatus();
    await t.ctx.stores.payments.expireStaleOrders();
    expect(await orderStatus()).toBe(opened);
    const paid = await api.checkout(asha, order.body.order_id);
    expect(paid.status).toBe(200);
    const verified = await api.verify(asha, paid.body);
    expect(verified.status).toBe(200);
    expect((await statement(asha)).body).toMatchObject({ balance: 0, status: 'SETTLED' });
    // Once it owes nothing, nothing more is asked.
    const again = await api.order(asha, subscriptionId);
    expect(again.status).toBe(400);
    expect(again.body.non_field_errors).toEqual([
      'Only subscriptions awaiting payment can be paid.',
    ]);
    // Another customer cannot pay it.
    const other = await registerCustomer(t, { service: 'mess' });
    expect((await api.order(other, subscriptionId)).status).toBe(404);
    await balancesAreSums();
  });

  it('the same counter form sent 50 times at once records one payment and one entry', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const requestId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        record({ subscription: subscriptionId, amount: 1200, request_id: requestId }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((a) => a.body.payment.id)).size).toBe(1);
    const payments = await t.ctx.db.kysely
      .selectFrom('payments')
      .select('id')
      .where('subscription_id', '=', subscriptionId)
      .execute();
    expect(payments).toHaveLength(1);
    const entries = await t.ctx.db.kysely
      .selectFrom('ledger_entries')
      .select('kind')
      .where('subscription_id', '=', subscriptionId)
      .execute();
    expect(entries.map((e) => e.kind).sort()).toEqual(['charge', 'payment']);
    expect((await statement(asha)).body.balance).toBe(1800);
  });

  it('50 different counter recordings at once never take more than is owed', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        record({ subscription: subscriptionId, amount: 100, request_id: randomUUID() }),
      ),
    );
    const recorded = answers.filter((a) => a.status === 201);
    expect(recorded).toHaveLength(30);
    for (const refused of answers.filter((a) => a.status !== 201)) expect(refused.status).toBe(400);
    const mine = await statement(asha);
    expect(mine.body).toMatchObject({ balance: 0, status: 'SETTLED' });
    expect(mine.body.entries).toHaveLength(31);
    await balancesAreSums();
  });

  it('an online payment posts its charge and payment; a refund its credit, then the refund', async () => {
    const { subscriptionId, refundId } = await api.cancelledWithRefund(asha);
    expect((await statement(asha)).body.balance).toBe(0);
    const approved = await api.refundAction(refundId, 'approve', {
      admin_comment: 'As per policy',
    });
    expect(approved.status).toBe(200);
    const credited = (await statement(asha)).body;
    expect(credited.status).toBe('IN_CREDIT');
    expect(credited.balance).toBeLessThan(0);
    const paid = await api.refundAction(refundId, 'mark_paid', {
      admin_comment: 'Sent by UPI',
      utr: 'UTR123456789',
    });
    expect(paid.status).toBe(200);
    const settled = (await statement(asha)).body;
    expect(settled).toMatchObject({ balance: 0, status: 'SETTLED' });
    expect(settled.entries.map((e: { kind: string }) => e.kind)).toEqual([
      'charge',
      'payment',
      'credit',
      'refund',
    ]);
    expect(
      settled.entries.every((e: { subscription: number }) => e.subscription === subscriptionId),
    ).toBe(true);
    await balancesAreSums();
  });

  it('the owner sees who owes, by age, as a list, a CSV, a summary and a statement', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    await record({ subscription: subscriptionId, amount: 1000 });
    // Asha's dues are 20 days old: overdue, in the 16–30 group.
    await t.ctx.db.kysely
      .updateTable('ledger_entries')
      .set({ occurred_on: addDays(t.ctx.today(), -20) })
      .where('subscription_id', '=', subscriptionId)
      .execute();
    await t.ctx.db.kysely
      .updateTable('ledger_balances')
      .set({ due_since: addDays(t.ctx.today(), -20) })
      .where('user_id', '=', asha.id)
      .execute();
    const ravi = await registerCustomer(t, { service: 'mess' });
    const pending = await api.pendingSubscription(ravi);
    await record({ subscription: pending.subscriptionId, amount: 2500 });

    const owing = await t.request('GET', '/api/owner/dues/?search=' + asha.username, {
      token: owner,
    });
    expect(owing.status).toBe(200);
    expect(owing.body).toEqual([
      expect.objectContaining({
        balance: 2000,
        status: 'OVERDUE',
        days_due: 20,
        age: '16_30',
        customer: expect.objectContaining({ id: asha.id, username: asha.username }),
      }),
    ]);
    // The search reads the balances' copy of the customer's search text (migration 029): a name
    // changed by any write is found at once, in any case, and the old name no longer is.
    const oldName = (
      await t.ctx.db.kysely
        .selectFrom('users')
        .select('first_name')
        .where('id', '=', asha.id)
        .executeTakeFirstOrThrow()
    ).first_name;
    await t.ctx.db.kysely
      .updateTable('users')
      .set({ first_name: 'Zubeida' })
      .where('id', '=', asha.id)
      .execute();
    const renamed = await t.request('GET', '/api/owner/dues/?search=ZUBEIDA', { token: owner });
    expect(renamed.body.map((row: { customer: { id: number } }) => row.customer.id)).toEqual([
      asha.id,
    ]);
    expect(renamed.headers['x-total-count']).toBe('1');
    const byOldName = await t.request(
      'GET',
      `/api/owner/dues/?search=${encodeURIComponent(`${oldName} `)}`,
      { token: owner },
    );
    expect(
      byOldName.body.map((row: { customer: { id: number } }) => row.customer.id),
    ).not.toContain(asha.id);
    const overdue = await t.request('GET', '/api/owner/dues/?status=overdue&limit=500', {
      token: owner,
    });
    const overdueIds = overdue.body.map((row: { customer: { id: number } }) => row.customer.id);
    expect(overdueIds).toContain(asha.id);
    expect(overdueIds).not.toContain(ravi.id);
    const young = await t.request('GET', '/api/owner/dues/?age=0_15&limit=500', { token: owner });
    const youngIds = young.body.map((row: { customer: { id: number } }) => row.customer.id);
    expect(youngIds).toContain(ravi.id);
    expect(youngIds).not.toContain(asha.id);

    const summary = await t.request('GET', '/api/owner/dues/summary/', { token: owner });
    expect(summary.status).toBe(200);
    const total = summary.body.ages.reduce(
      (sum: number, a: { amount: number }) => sum + a.amount,
      0,
    );
    expect(total).toBeCloseTo(summary.body.total_due, 2);
    expect(summary.body.customers_overdue).toBeGreaterThanOrEqual(1);

    const csv = await t.request('GET', `/api/owner/dues/?format=csv&search=${asha.username}`, {
      token: owner,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    // Every money column says what it is: the balance is what the customer owes.
    expect(csv.text.startsWith('\uFEFFcustomer,username,phone,email,amount_due,due_since,')).toBe(
      true,
    );
    // The phone as the payments CSV writes it, text Excel keeps: never 9.19812E+11.
    expect(csv.text).toContain(`${asha.username},="+91${asha.phone}",`);
    expect(csv.text).toContain('2000.00');
    expect(csv.text.endsWith('\r\n')).toBe(true);

    const seen = await t.request('GET', `/api/owner/dues/${asha.id}/`, { token: owner });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      balance: 2000,
      status: 'OVERDUE',
      actions: ['dues.record_payment', 'dues.send_link', 'dues.remind'],
    });
    const ownerId = (await t.request('GET', '/api/accounts/profile/', { token: owner })).body.id;
    const notCustomer = await t.request('GET', `/api/owner/dues/${ownerId}/`, { token: owner });
    expect(notCustomer.status).toBe(404);
  });

  it('random money moving at once keeps every balance the sum of its entries', async () => {
    // A small property run: customers, part payments of random sizes, online payments, refunds,
    // all at once; afterwards every stored balance equals the sum of that customer's entries and
    // no subscription was paid more than its price at the counter.
    const people = await Promise.all(
      Array.from({ length: 4 }, () => registerCustomer(t, { service: 'mess' })),
    );
    let seed = 21;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const work = people.map(async (who) => {
      const { subscriptionId } = await api.pendingSubscription(who);
      const parts = Array.from({ length: 6 }, () => 1 + Math.floor(random() * 900));
      await Promise.all(
        parts.map((amount) =>
          record({ subscription: subscriptionId, amount, request_id: randomUUID() }),
        ),
      );
      if (random() < 0.5) await api.cancelledWithRefund(who);
    });
    await Promise.all(work);
    await balancesAreSums();
    for (const who of people) {
      const mine = (await statement(who)).body;
      const sum = mine.entries.reduce(
        (total: number, e: { amount: number }) => total + e.amount,
        0,
      );
      expect(mine.balance).toBeCloseTo(sum, 2);
      for (const due of mine.subscriptions_due) expect(due.amount_due).toBeGreaterThan(0);
      expect(mine.balance).toBeGreaterThanOrEqual(0);
    }
  });
});

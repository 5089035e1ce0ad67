// What a subscription cost, what was paid for it, paid back and is still owed (issue 35, item 4):
// total_paid is the price (the spec's field, kept), and every answer that shows a subscription to
// the owner or the customer says beside it what the ledger holds: amount_paid, amount_refunded and
// amount_due. Every "amount due" is what is owed, never the price. Both databases.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';

const RECORD = '/api/payments/admin/payments/record_offline/';
const LINKS = '/api/payments/admin/payment-links/';
const SUBSCRIPTIONS = '/api/subscriptions/subscriptions/';

describe.each(testDatabases())('what a subscription cost, was paid and owes, on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;
  let asha: Customer;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    api = commerce(t, () => owner, { codePrefix: 'AMOUNT', planDefaults: { name: 'Thali plan' } });
    // A part payment leaves the subscription waiting for the rest.
    const saved = await t.request('PUT', '/api/owner/settings/', {
      token: owner,
      body: { ...DEFAULT_SETTINGS, payments: { activation: 'full_payment', max_dues: 0 } },
    });
    expect(saved.status).toBe(200);
  });
  beforeEach(async () => {
    asha = await registerCustomer(t, { service: 'mess' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const asOwner = (path: string) => t.request('GET', path, { token: owner });
  /** Every page of the owner's Pending Payments (subscriptions awaiting payment). */
  const pendingPayments = async () => {
    const answer = await asOwner(`${SUBSCRIPTIONS}?status=PENDING_PAYMENT&limit=100`);
    expect(answer.status).toBe(200);
    return (answer.body.results ?? answer.body) as Array<Record<string, unknown>>;
  };

  it('a part-paid subscription says price ₹1,800, paid ₹1,000 and ₹800 due everywhere', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha, { base_price: 1800 });
    const part = await t.request('POST', RECORD, {
      token: owner,
      body: { subscription: subscriptionId, amount: 1000, payment_mode: 'cash' },
    });
    expect(part.status).toBe(201);
    const money = { total_paid: 1800, amount_paid: 1000, amount_refunded: 0, amount_due: 800 };
    expect(part.body.subscription).toMatchObject({ status: 'PENDING_PAYMENT', ...money });

    // Pending Payments: the row the Amount Due column, the record form and the link dialog read.
    const row = (await pendingPayments()).find((s) => s.id === subscriptionId);
    expect(row).toMatchObject(money);

    // The payment-link dialog starts from that amount due, and the server takes it; the price,
    // which the dialog used to start from, is more than is owed.
    const tooMuch = await t.request('POST', LINKS, {
      token: owner,
      body: { subscription: subscriptionId, amount: row!.total_paid },
    });
    expect(tooMuch.status).toBe(400);
    const link = await t.request('POST', LINKS, {
      token: owner,
      body: { subscription: subscriptionId, amount: row!.amount_due },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect(link.body.amount).toBe(800);

    // The payment's details: the spec's total_paid (the price) and the real figures beside it.
    const details = await asOwner(`/api/payments/admin/payments/${part.body.payment.id}/`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ amount_inr: 1000, ...money });
    // And in the owner's payment lists (read in one query with their subscriptions).
    const list = await asOwner(`/api/payments/admin/payments/?user=${asha.id}`);
    expect(list.status).toBe(200);
    expect((list.body.results ?? list.body)[0]).toMatchObject(money);

    // The owner's customer page.
    const customer = await asOwner(`/api/accounts/owner/users/${asha.id}/`);
    expect(customer.status).toBe(200);
    expect(customer.body.subscriptions).toEqual([
      expect.objectContaining({ id: subscriptionId, ...money }),
    ]);

    // The customer's own subscriptions.
    const mine = await t.request('GET', `${SUBSCRIPTIONS}${subscriptionId}/`, {
      token: asha.access,
    });
    expect(mine.body).toMatchObject(money);
  });

  it('a refunded subscription says price ₹3,000, paid ₹3,000, refunded ₹2,900 and nothing due', async () => {
    const { subscriptionId, refundId, cancelled, payment } = await api.cancelledWithRefund(asha, {
      base_price: 3000,
    });
    expect(cancelled.refund_info.amount).toBe(2900);
    // Approved, the refund is a credit the business owes back: nothing is due, ₹2,900 in credit.
    expect(
      (await api.refundAction(refundId, 'approve', { admin_comment: 'As per policy' })).status,
    ).toBe(200);
    const approved = await asOwner(`/api/payments/admin/payments/${payment.id}/`);
    expect(approved.body).toMatchObject({
      total_paid: 3000,
      amount_paid: 3000,
      amount_refunded: 0,
      amount_due: -2900,
    });
    const paidBack = await api.refundAction(refundId, 'mark_paid', {
      admin_comment: 'Sent by UPI',
      utr: 'UTR123456789',
    });
    expect(paidBack.status).toBe(200);
    const money = { total_paid: 3000, amount_paid: 3000, amount_refunded: 2900, amount_due: 0 };

    const customer = await asOwner(`/api/accounts/owner/users/${asha.id}/`);
    expect(customer.body.subscriptions).toEqual([
      expect.objectContaining({ id: subscriptionId, status: 'CANCELLED', ...money }),
    ]);
    const details = await asOwner(`/api/payments/admin/payments/${payment.id}/`);
    expect(details.body).toMatchObject({ amount_inr: 3000, ...money });
    const mine = await t.request('GET', SUBSCRIPTIONS, { token: asha.access });
    expect(mine.status).toBe(200);
    const listed = (mine.body.results ?? mine.body) as Array<Record<string, unknown>>;
    expect(listed.find((s) => s.id === subscriptionId)).toMatchObject(money);
  });

  it('an active subscription shows what was paid for it to the owner and on the customer home screen', async () => {
    const { subscriptionId } = await api.activeSubscription(asha, { base_price: 2500 });
    const money = { total_paid: 2500, amount_paid: 2500, amount_refunded: 0, amount_due: 0 };
    const subscribers = await asOwner(
      `/api/accounts/owner/users/active_subscribers/?search=${asha.username}`,
    );
    expect(subscribers.status).toBe(200);
    const rows = (subscribers.body.results ?? subscribers.body) as Array<Record<string, unknown>>;
    expect(rows.find((row) => row.subscription_id === subscriptionId)).toMatchObject(money);
    // The customer's active subscription (read by its own compiled query).
    const active = await t.request('GET', `${SUBSCRIPTIONS}active/`, { token: asha.access });
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ id: subscriptionId, ...money });
  });
});

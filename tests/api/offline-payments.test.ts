// Money received at the mess (issue 12): the owner records a cash, UPI or bank-transfer payment for
// a subscription awaiting payment, and it settles like an online one: one SUCCESS payment, the next
// receipt number, the activation, the notices, the audit entry; and every refusal.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, formatCalendarDate } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';
import { pdfText } from '../helpers/pdf.js';
import { readContractDocument } from '../../server/contract.js';

const RECORD = '/api/payments/admin/payments/record_offline/';
const PRICE = 3000;
const NOT_AWAITING = 'This subscription is not awaiting payment.';
const WITHIN_DUE =
  'The amount must be at least ₹1 and at most ₹3,000, what the subscription still owes.';

describe("the contract's record_offline", () => {
  it('is described as it behaves: part payments up to what is owed, activation by the policy, every refusal', () => {
    const paths = readContractDocument().paths as Record<string, { post: { description: string } }>;
    const description = paths['/payments/admin/payments/record_offline/']!.post.description;
    expect(description).not.toMatch(/no part payments/);
    expect(description).toMatch(/part payments? (are|is) (welcome|taken)/);
    expect(description).toContain('`amount_due`');
    expect(description).toContain('`dues_allowed`');
    expect(description).toContain('`max_dues`');
    for (const code of [
      'does_not_exist',
      'subscription.not_pending_payment',
      'payment.amount_mismatch',
      'payment.reference_required',
      'payment.received_in_future',
      'payment.received_before_subscription',
    ]) {
      expect(description).toContain(`\`${code}\``);
    }
  });
});

describe.each(testDatabases())('offline payments on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;
  let asha: Customer;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    api = commerce(t, () => owner, {
      codePrefix: 'CASH',
      planDefaults: { name: 'Cash plan', base_price: PRICE },
    });
  });
  // A fresh customer per test: at most 2 unpaid subscriptions each keeps the tests independent.
  beforeEach(async () => {
    asha = await registerCustomer(t, { service: 'mess' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const record = (body: Record<string, unknown>, token: string | null = owner) =>
    t.request('POST', RECORD, { token, body });
  const paymentsOf = (subscriptionId: number) =>
    t.ctx.db.kysely
      .selectFrom('payments')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .execute();
  const subscriptionOf = (id: number) =>
    t.ctx.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const auditOf = (paymentIds: number[]) =>
    paymentIds.length === 0
      ? Promise.resolve([])
      : t.ctx.db.kysely
          .selectFrom('audit_log')
          .selectAll()
          .where('action', '=', 'payment.record_offline')
          .where('object_id', 'in', paymentIds)
          .execute();
  const noticesOf = (customer: Customer) =>
    t.ctx.db.kysely
      .selectFrom('notification_logs')
      .select(['channel', 'notification_type'])
      .where('user_id', '=', customer.id)
      .where('notification_type', '=', 'payment_success')
      .execute();
  /** Advances the clock by whole days; every token is then renewed (they live 15 minutes). */
  async function daysLater(days: number, ...customers: Customer[]) {
    t.clock.advance(days * 24 * 3600_000);
    owner = await loginOwner(t);
    for (const customer of customers) await api.relogin(customer);
  }

  it('records cash: one SUCCESS payment, active from the day it is recorded, receipt, notices, audit', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const createdOn = t.ctx.today();
    // The customer had opened a checkout: paying at the mess closes it.
    const order = await api.order(asha, subscriptionId);
    expect(order.status).toBe(201);
    await daysLater(3, asha);
    const today = t.ctx.today();

    const answer = await record({
      subscription: subscriptionId,
      amount: PRICE,
      payment_mode: 'cash',
      received_on: createdOn,
      admin_comment: '  Paid at the counter  ',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.detail).toBe('Payment recorded. The subscription is active.');
    expect(answer.body.payment).toMatchObject({
      status: 'SUCCESS',
      amount_inr: PRICE,
      payment_gateway: 'offline',
      payment_mode: 'cash',
      utr: null,
      admin_comment: 'Paid at the counter',
      received_on: createdOn,
      recorded_by: { username: 'owner' },
      razorpay_order_id: '',
      razorpay_payment_id: null,
      transaction_id: expect.stringMatching(/^offline_[A-Za-z0-9]{14}$/),
      receipt_number: expect.stringMatching(/^RCPT-\d{6}$/),
      subscription: { id: subscriptionId, status: 'ACTIVE' },
      user: { id: asha.id, username: asha.username },
    });
    // The subscription starts on the day the owner records the money, not the day it came: it got
    // no meals while it waited.
    expect(answer.body.subscription).toMatchObject({
      id: subscriptionId,
      status: 'ACTIVE',
      start_date: today,
      base_end_date: addDays(today, 29),
      adjusted_end_date: addDays(today, 29),
      days_remaining: 30,
      has_successful_payment: true,
    });
    const stored = await paymentsOf(subscriptionId);
    expect(stored.map((payment) => payment.status)).toEqual(['SUCCESS']);
    expect(stored[0]).toMatchObject({ payment_order_id: null, received_on: createdOn });
    const orders = await t.ctx.db.kysely
      .selectFrom('payment_orders')
      .select('status')
      .where('subscription_id', '=', subscriptionId)
      .execute();
    expect(orders.map((row) => row.status)).toEqual(['expired']);

    // The customer hears it like an online payment: one e-mail and one SMS.
    expect((await noticesOf(asha)).map((log) => log.channel).sort()).toEqual(['email', 'sms']);
    const mail = t.mailOutbox().filter((text) => text.includes(asha.email));
    expect(mail.some((text) => text.includes('(Cash)'))).toBe(true);
    const sms = t.smsOutbox().filter((message) => message.to === `+91${asha.phone}`);
    expect(sms.some((message) => message.body.includes('payment of ₹3,000 received'))).toBe(true);

    // The audit log says who recorded what, in the same transaction.
    const [entry, ...more] = await auditOf([answer.body.payment.id]);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor_username: 'owner', object_type: 'payment' });
    expect(entry?.summary).toContain(`₹3,000 (Cash) received on ${formatCalendarDate(createdOn)}`);
    expect(JSON.parse(entry?.before_json ?? '{}')).toEqual({
      subscription_status: 'PENDING_PAYMENT',
    });
    expect(JSON.parse(entry?.after_json ?? '{}')).toMatchObject({
      subscription_status: 'ACTIVE',
      payment_mode: 'cash',
      received_on: createdOn,
    });

    // Payment History shows it, with its receipt as HTML and PDF.
    const history = await t.request('GET', '/api/payments/payments/', { token: asha.access });
    expect(history.status).toBe(200);
    expect(history.body).toEqual([
      expect.objectContaining({
        id: answer.body.payment.id,
        payment_gateway: 'offline',
        received_on: createdOn,
      }),
    ]);
    expect(history.body[0]).not.toHaveProperty('recorded_by');
    const html = await t.request(
      'GET',
      `/api/payments/payments/${answer.body.payment.id}/receipt/`,
      {
        token: asha.access,
      },
    );
    expect(html.status).toBe(200);
    for (const expected of [
      answer.body.payment.receipt_number,
      'Paid at the mess',
      'Cash',
      'Received on',
      formatCalendarDate(createdOn),
      `${formatCalendarDate(today)} to ${formatCalendarDate(addDays(today, 29))}`,
      '₹3,000',
    ]) {
      expect(html.text).toContain(expected);
    }
    expect(html.text).not.toContain('Order id');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/payments/payments/${answer.body.payment.id}/receipt_pdf/`,
      headers: { authorization: `Bearer ${asha.access}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(answer.body.payment.receipt_number);
    expect(text).toContain('Paid at the mess');
    expect(text).toContain(formatCalendarDate(createdOn));
  });

  it('continues the one receipt series shared with online payments', async () => {
    const first = await api.activeSubscription(asha);
    const online = first.verified.payment.receipt_number as string;
    const { subscriptionId } = await api.pendingSubscription(asha);
    const offline = await record({
      subscription: subscriptionId,
      amount: PRICE,
      payment_mode: 'cash',
    });
    expect(offline.status).toBe(201);
    const after = await api.activeSubscription(asha);
    const numbers = [
      online,
      offline.body.payment.receipt_number,
      after.verified.payment.receipt_number,
    ].map((receipt) => Number(String(receipt).replace('RCPT-', '')));
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
    const counter = await t.ctx.db.kysely
      .selectFrom('counters')
      .select('value')
      .where('name', '=', 'receipt_number')
      .executeTakeFirstOrThrow();
    const issued = await t.ctx.db.kysely
      .selectFrom('payments')
      .select('id')
      .where('receipt_number', 'is not', null)
      .execute();
    // Gap-free: the counter equals the number of receipts issued.
    expect(Number(counter.value)).toBe(issued.length);
  });

  it('records UPI and bank transfers with their reference as the UTR', async () => {
    const upi = await api.pendingSubscription(asha);
    const upiAnswer = await record({
      subscription: upi.subscriptionId,
      amount: PRICE,
      payment_mode: 'upi',
      reference: '412345678901',
    });
    expect(upiAnswer.status).toBe(201);
    expect(upiAnswer.body.payment).toMatchObject({ payment_mode: 'upi', utr: '412345678901' });
    const bank = await api.pendingSubscription(asha);
    const bankAnswer = await record({
      subscription: bank.subscriptionId,
      amount: 3000.0,
      payment_mode: 'bank_transfer',
      reference: 'UTIB0001234567',
      received_on: t.ctx.today(),
    });
    expect(bankAnswer.status).toBe(201);
    expect(bankAnswer.body.payment).toMatchObject({
      payment_mode: 'bank_transfer',
      utr: 'UTIB0001234567',
    });
    const html = await t.request(
      'GET',
      `/api/payments/payments/${bankAnswer.body.payment.id}/receipt/`,
      { token: owner },
    );
    expect(html.text).toContain('Bank transfer');
    expect(html.text).toContain('UTIB0001234567');
    const mail = t.mailOutbox().filter((text) => text.includes(asha.email));
    expect(mail.some((text) => text.includes('Reference: UTIB0001234567'))).toBe(true);
  });

  describe('refusals change nothing', () => {
    let subscriptionId: number;
    beforeEach(async () => {
      subscriptionId = (await api.pendingSubscription(asha)).subscriptionId;
    });
    const untouched = async () => {
      expect(await paymentsOf(subscriptionId)).toEqual([]);
      expect((await subscriptionOf(subscriptionId)).status).toBe('PENDING_PAYMENT');
      expect(await noticesOf(asha)).toEqual([]);
    };

    it('more than is owed, or less than ₹1, with a clear message under amount', async () => {
      const answer = await record({
        subscription: subscriptionId,
        amount: 3500,
        payment_mode: 'cash',
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ amount: [WITHIN_DUE], error_code: 'payment.amount_mismatch' });
      const paisa = await record({
        subscription: subscriptionId,
        amount: 0.5,
        payment_mode: 'cash',
      });
      expect(paisa.body.amount).toEqual([WITHIN_DUE]);
      const decimals = await record({
        subscription: subscriptionId,
        amount: 2999.999,
        payment_mode: 'cash',
      });
      expect(decimals.status).toBe(400);
      expect(decimals.body.amount).toEqual(['Amount may have at most two decimals']);
      const zero = await record({ subscription: subscriptionId, amount: 0, payment_mode: 'cash' });
      expect(zero.body.amount).toEqual(['Amount must be more than 0']);
      await untouched();
    });

    it('UPI or a bank transfer without a reference', async () => {
      for (const mode of ['upi', 'bank_transfer']) {
        const answer = await record({
          subscription: subscriptionId,
          amount: PRICE,
          payment_mode: mode,
        });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({
          reference: [
            'A reference is required for UPI and bank transfers: the UPI transaction id or the bank UTR.',
          ],
          error_code: 'payment.reference_required',
        });
      }
      const blank = await record({
        subscription: subscriptionId,
        amount: PRICE,
        payment_mode: 'upi',
        reference: '',
      });
      expect(blank.body.reference).toEqual(['Reference must not be empty']);
      const odd = await record({
        subscription: subscriptionId,
        amount: PRICE,
        payment_mode: 'upi',
        reference: 'UPI 123; drop',
      });
      expect(odd.body.reference).toEqual(['Reference may contain only letters and digits']);
      await untouched();
    });

    it('a date in the future, or before the subscription was created', async () => {
      const today = t.ctx.today();
      const future = await record({
        subscription: subscriptionId,
        amount: PRICE,
        payment_mode: 'cash',
        received_on: addDays(today, 1),
      });
      expect(future.status).toBe(400);
      expect(future.body).toEqual({
        received_on: ['The date received cannot be in the future.'],
        error_code: 'payment.received_in_future',
      });
      const early = await record({
        subscription: subscriptionId,
        amount: PRICE,
        payment_mode: 'cash',
        received_on: addDays(today, -1),
      });
      expect(early.body).toEqual({
        received_on: ['The date received cannot be before the subscription was created.'],
        error_code: 'payment.received_before_subscription',
      });
      const notADate = await record({
        subscription: subscriptionId,
        amount: PRICE,
        payment_mode: 'cash',
        received_on: '2026-02-30',
      });
      expect(notADate.body.received_on).toEqual(['Date received must be a date (YYYY-MM-DD)']);
      await untouched();
    });

    it('every broken rule at once, the first one named by error_code', async () => {
      const answer = await record({
        subscription: subscriptionId,
        amount: 3001,
        payment_mode: 'upi',
        received_on: addDays(t.ctx.today(), 2),
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        amount: [WITHIN_DUE],
        reference: [expect.stringContaining('A reference is required')],
        received_on: ['The date received cannot be in the future.'],
        error_code: 'payment.amount_mismatch',
      });
      await untouched();
    });

    it('an unknown mode or field', async () => {
      const mode = await record({
        subscription: subscriptionId,
        amount: PRICE,
        payment_mode: 'cheque',
      });
      expect(mode.status).toBe(400);
      expect(mode.body.payment_mode).toEqual(['Payment mode must be cash, upi or bank_transfer']);
      const extra = await record({
        subscription: subscriptionId,
        amount: PRICE,
        payment_mode: 'cash',
        status: 'SUCCESS',
      });
      expect(extra.status).toBe(400);
      await untouched();
    });

    it('anyone but the owner', async () => {
      const body = { subscription: subscriptionId, amount: PRICE, payment_mode: 'cash' };
      const customer = await record(body, asha.access);
      expect(customer.status).toBe(403);
      expect(customer.body.error_code).toBe('permission_denied');
      const anonymous = await record(body, null);
      expect(anonymous.status).toBe(401);
      await untouched();
    });
  });

  it('an unknown subscription is a field error', async () => {
    const answer = await record({ subscription: 987_654_321, amount: PRICE, payment_mode: 'cash' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      subscription: ['Invalid pk "987654321" - object does not exist.'],
      error_code: 'does_not_exist',
    });
  });

  it('refuses a subscription that is not awaiting payment, before any field', async () => {
    const active = await api.activeSubscription(asha);
    const paidOnline = await record({
      subscription: active.subscriptionId,
      amount: 1,
      payment_mode: 'upi',
    });
    expect(paidOnline.status).toBe(400);
    expect(paidOnline.body).toEqual({
      non_field_errors: [NOT_AWAITING],
      error_code: 'subscription.not_pending_payment',
    });
    const { subscriptionId } = await api.pendingSubscription(asha);
    const body = { subscription: subscriptionId, amount: PRICE, payment_mode: 'cash' };
    expect((await record(body)).status).toBe(201);
    const again = await record(body);
    expect(again.status).toBe(400);
    expect(again.body.non_field_errors).toEqual([NOT_AWAITING]);
    expect((await paymentsOf(subscriptionId)).length).toBe(1);
    await api.endYesterday(subscriptionId);
    const expired = await record(body);
    expect(expired.body.error_code).toBe('subscription.not_pending_payment');
    const cancelled = await api.cancelledWithRefund(asha);
    const afterCancel = await record({ ...body, subscription: cancelled.subscriptionId });
    expect(afterCancel.body.error_code).toBe('subscription.not_pending_payment');
  });

  it('shows who recorded it in the owner views', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const recorded = await record({
      subscription: subscriptionId,
      amount: PRICE,
      payment_mode: 'cash',
    });
    const id = recorded.body.payment.id as number;
    const one = await t.request('GET', `/api/payments/admin/payments/${id}/`, { token: owner });
    expect(one.body).toMatchObject({
      recorded_by: { username: 'owner' },
      payment_gateway: 'offline',
    });
    const online = await api.activeSubscription(asha);
    const other = await t.request('GET', `/api/payments/admin/payments/${online.payment.id}/`, {
      token: owner,
    });
    expect(other.body).toMatchObject({ recorded_by: null, received_on: null });
  });
});

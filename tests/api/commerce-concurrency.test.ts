// Races the commerce API must win on both databases: 50 verifications of one payment, 50
// approvals of one refund, concurrent order creation and a webhook racing verify.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';

const WEBHOOK_SECRET = 'whsec_concurrency';
const CALLS = 50;

describe.each(testDatabases())('commerce concurrency on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;

  beforeAll(async () => {
    t = await createTestApp(dialect, { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
    owner = await loginOwner(t);
    api = commerce(t, () => owner, {
      codePrefix: 'RACE',
      planDefaults: { name: 'Race plan', description: 'd' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function pendingSubscription() {
    const customer = await registerCustomer(t, { service: 'mess' });
    const { subscriptionId } = await api.pendingSubscription(customer, { base_price: 2000 });
    return { customer, subscriptionId };
  }
  async function checkout(customer: Customer, subscriptionId: number) {
    const { order, fields } = await api.checkoutFields(customer, subscriptionId);
    return { order, result: fields };
  }
  /** The webhook Razorpay sends when the checkout's payment is captured, and its signature. */
  function signedCapture(
    order: Awaited<ReturnType<typeof checkout>>['order'],
    result: Awaited<ReturnType<typeof checkout>>['result'],
  ) {
    const raw = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: result.razorpay_payment_id,
            order_id: order.order_id,
            amount: order.amount,
          },
        },
      },
    });
    return { raw, signature: createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex') };
  }
  /** The receipt counter equals the number of receipts issued: no number was taken and lost. */
  async function expectGapFreeReceipts() {
    const receipt = await t.ctx.db.kysely
      .selectFrom('counters')
      .select('value')
      .where('name', '=', 'receipt_number')
      .executeTakeFirstOrThrow();
    const numbers = await t.ctx.db.kysely
      .selectFrom('payments')
      .select('receipt_number')
      .where('receipt_number', 'is not', null)
      .execute();
    expect(Number(receipt.value)).toBe(numbers.length);
  }
  const countRows = async (table: 'payments' | 'payment_orders', subscriptionId: number) =>
    (
      await t.ctx.db.kysely
        .selectFrom(table)
        .select('status')
        .where('subscription_id', '=', subscriptionId)
        .execute()
    ).map((row) => row.status);

  it(`${CALLS} concurrent verify_payment calls give one payment and one activation`, async () => {
    const { customer, subscriptionId } = await pendingSubscription();
    const { result } = await checkout(customer, subscriptionId);
    const answers = await Promise.all(
      Array.from({ length: CALLS }, () =>
        t.request('POST', '/api/payments/orders/verify_payment/', {
          token: customer.access,
          body: result,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(CALLS).fill(200));
    const paymentIds = new Set(answers.map((answer) => answer.body.payment.id));
    expect(paymentIds.size).toBe(1);
    expect(
      answers.filter((answer) => answer.body.detail === 'Payment verified successfully.'),
    ).toHaveLength(1);
    expect(await countRows('payments', subscriptionId)).toEqual(['SUCCESS']);
    const activations = await t.ctx.db.kysely
      .selectFrom('notification_logs')
      .select('id')
      .where('user_id', '=', customer.id)
      .where('notification_type', '=', 'payment_success')
      .where('channel', '=', 'email')
      .execute();
    expect(activations).toHaveLength(1);
    // Gap-free: the counter equals the number of receipts issued.
    await expectGapFreeReceipts();
  });

  it('a webhook racing verify_payment still gives one payment', async () => {
    const { customer, subscriptionId } = await pendingSubscription();
    const { order, result } = await checkout(customer, subscriptionId);
    const { raw, signature } = signedCapture(order, result);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? t.request('POST', '/api/payments/orders/verify_payment/', {
              token: customer.access,
              body: result,
            })
          : t.request('POST', '/api/payments/webhook/', {
              raw,
              headers: { 'x-razorpay-signature': signature, 'x-razorpay-event-id': `evt_${index}` },
            }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await countRows('payments', subscriptionId)).toEqual(['SUCCESS']);
  });

  it('concurrent order requests open exactly one order', async () => {
    const { customer, subscriptionId } = await pendingSubscription();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request('POST', '/api/payments/orders/', {
          token: customer.access,
          body: { subscription: subscriptionId },
        }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200 || answer.status === 201)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.order_id)).size).toBe(1);
    expect(await countRows('payment_orders', subscriptionId)).toEqual(['created']);
  });

  it(`${CALLS} concurrent approvals of one refund make one transition`, async () => {
    const { customer, subscriptionId } = await pendingSubscription();
    const { result } = await checkout(customer, subscriptionId);
    const verified = await t.request('POST', '/api/payments/orders/verify_payment/', {
      token: customer.access,
      body: result,
    });
    expect(verified.status).toBe(200);
    const cancelled = await t.request(
      'POST',
      `/api/subscriptions/subscriptions/${subscriptionId}/cancel/`,
      { token: customer.access },
    );
    const refundId = cancelled.body.refund_info.id as number;
    const answers = await Promise.all(
      Array.from({ length: CALLS }, (_, index) =>
        t.request('POST', `/api/payments/refunds/${refundId}/approve/`, {
          token: owner,
          body: { admin_comment: `Approval ${index}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(CALLS - 1);
    for (const refused of answers.filter((answer) => answer.status === 400)) {
      expect(refused.body.error_code).toBe('refund.not_pending');
    }
    const winner = answers.find((answer) => answer.status === 200)!;
    const row = await t.ctx.db.kysely
      .selectFrom('refunds')
      .selectAll()
      .where('id', '=', refundId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('APPROVED');
    expect(row.admin_comment).toBe(winner.body.admin_comment);
    const notices = await t.ctx.db.kysely
      .selectFrom('notification_logs')
      .select('id')
      .where('user_id', '=', customer.id)
      .where('notification_type', '=', 'refund_approved')
      .where('channel', '=', 'email')
      .execute();
    expect(notices).toHaveLength(1);
  });

  it('concurrent cancellations create one refund', async () => {
    const { customer, subscriptionId } = await pendingSubscription();
    const { result } = await checkout(customer, subscriptionId);
    await t.request('POST', '/api/payments/orders/verify_payment/', {
      token: customer.access,
      body: result,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request('POST', `/api/subscriptions/subscriptions/${subscriptionId}/cancel/`, {
          token: customer.access,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(19);
    const refunds = await t.ctx.db.kysely
      .selectFrom('refunds')
      .select('id')
      .where('subscription_id', '=', subscriptionId)
      .execute();
    expect(refunds).toHaveLength(1);
  });

  const offline = (subscriptionId: number) =>
    t.request('POST', '/api/payments/admin/payments/record_offline/', {
      token: owner,
      body: { subscription: subscriptionId, amount: 2000, payment_mode: 'cash' },
    });
  const successNotices = async (customer: Customer) =>
    (
      await t.ctx.db.kysely
        .selectFrom('notification_logs')
        .select('channel')
        .where('user_id', '=', customer.id)
        .where('notification_type', '=', 'payment_success')
        .execute()
    ).map((row) => row.channel);

  it(`${CALLS} concurrent offline recordings give one payment and one activation`, async () => {
    const { customer, subscriptionId } = await pendingSubscription();
    const answers = await Promise.all(Array.from({ length: CALLS }, () => offline(subscriptionId)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(CALLS - 1);
    for (const refused of answers.filter((answer) => answer.status === 400)) {
      expect(refused.body).toEqual({
        non_field_errors: ['This subscription is not awaiting payment.'],
        error_code: 'subscription.not_pending_payment',
      });
    }
    const winner = answers.find((answer) => answer.status === 201)!;
    expect(await countRows('payments', subscriptionId)).toEqual(['SUCCESS']);
    const subscription = await t.ctx.db.kysely
      .selectFrom('subscriptions')
      .select(['status', 'start_date'])
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    expect(subscription).toEqual({ status: 'ACTIVE', start_date: t.ctx.today() });
    expect((await successNotices(customer)).sort()).toEqual(['email', 'sms']);
    const audit = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .select('object_id')
      .where('action', '=', 'payment.record_offline')
      .where('object_id', '=', winner.body.payment.id)
      .execute();
    expect(audit).toHaveLength(1);
    // Gap-free: the 49 refused recordings took no receipt number.
    await expectGapFreeReceipts();
  });

  it('an offline recording racing verify_payment and the webhook gives one payment', async () => {
    const { customer, subscriptionId } = await pendingSubscription();
    const { order, result } = await checkout(customer, subscriptionId);
    const { raw, signature } = signedCapture(order, result);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        index % 3 === 0
          ? offline(subscriptionId)
          : index % 3 === 1
            ? t.request('POST', '/api/payments/orders/verify_payment/', {
                token: customer.access,
                body: result,
              })
            : t.request('POST', '/api/payments/webhook/', {
                raw,
                headers: {
                  'x-razorpay-signature': signature,
                  'x-razorpay-event-id': `evt_offline_${index}`,
                },
              }),
      ),
    );
    // Whoever wins, the losers are refused or told it is done; nothing fails on a deadlock.
    for (const answer of answers) expect([200, 201, 400]).toContain(answer.status);
    expect(await countRows('payments', subscriptionId)).toEqual(['SUCCESS']);
    // The webhook answers before its notices are out: wait for them, then make sure of one of each.
    await expect
      .poll(async () => (await successNotices(customer)).sort())
      .toEqual(['email', 'sms']);
  });
});

// Payments over HTTP: orders, verification, the sandbox checkout, the webhook, the Razorpay
// provider against a local fake, receipts (HTML and PDF) and the owner's payment views.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, formatCalendarDate } from '@machines';
import { loadReceipt, receiptPdf } from '../../server/lifecycles/payment/receipts.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce as sharedCommerce } from '../helpers/commerce.js';
import { pdfText } from '../helpers/pdf.js';

const WEBHOOK_SECRET = 'whsec_test_secret';

/** Test-side commerce steps, through the public API only (the shared helpers, with this file's plan). */
function commerce(t: TestApp, ownerToken: () => string) {
  const steps = sharedCommerce(t, ownerToken, {
    codePrefix: 'PAY',
    planDefaults: {
      description: 'Lunch and dinner',
      base_price: 1500,
      included_meals: ['lunch', 'dinner'],
    },
  });
  const api = {
    plan: steps.plan,
    order: steps.order,
    checkout: steps.checkout,
    verify: steps.verify,
    async subscription(who: Customer, overrides: Record<string, unknown> = {}) {
      const { plan, subscription } = await steps.pendingSubscription(who, overrides);
      return { plan, subscription: subscription as { id: number } };
    },
    /** Subscribe, order, check out and verify: returns the verify answer. */
    async paid(who: Customer, overrides: Record<string, unknown> = {}) {
      const { plan, subscription } = await api.subscription(who, overrides);
      const { order, fields } = await steps.checkoutFields(who, subscription.id);
      const verified = await api.verify(who, fields);
      expect(verified.status).toBe(200);
      return { plan, subscription, order, verified: verified.body };
    },
  };
  return api;
}

describe.each(testDatabases())('payments on %s (sandbox)', (dialect) => {
  let t: TestApp;
  let owner: string;
  let alice: Customer;
  let bob: Customer;
  let api: ReturnType<typeof commerce>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
    owner = await loginOwner(t);
    api = commerce(t, () => owner);
  });
  // Fresh customers per test: at most 2 unpaid subscriptions each keeps tests independent.
  beforeEach(async () => {
    alice = await registerCustomer(t, { service: 'mess', userType: 'student' });
    bob = await registerCustomer(t, { service: 'mess', userType: 'regular' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const paymentsOf = (subscriptionId: number) =>
    t.ctx.db.kysely
      .selectFrom('payments')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('id')
      .execute();
  const webhook = (payload: unknown, options: { eventId?: string; secret?: string } = {}) => {
    const raw = JSON.stringify(payload);
    const signature = createHmac('sha256', options.secret ?? WEBHOOK_SECRET)
      .update(raw)
      .digest('hex');
    return t.request('POST', '/api/payments/webhook/', {
      raw,
      headers: {
        'x-razorpay-signature': signature,
        ...(options.eventId ? { 'x-razorpay-event-id': options.eventId } : {}),
      },
    });
  };
  const captured = (orderId: string, paymentId: string, amount: number) => ({
    entity: 'event',
    event: 'payment.captured',
    payload: {
      payment: {
        entity: {
          id: paymentId,
          order_id: orderId,
          amount,
          currency: 'INR',
          method: 'upi',
          status: 'captured',
        },
      },
    },
  });

  describe('orders', () => {
    it('creates an order in paise with the checkout fields, then reuses it', async () => {
      const { subscription } = await api.subscription(alice, { base_price: 1234.5 });
      const first = await api.order(alice, subscription.id);
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        key: t.config.payments.keyId,
        amount: 123_450,
        currency: 'INR',
        order_id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
        subscription_id: subscription.id,
        provider: 'sandbox',
        name: t.config.business.name,
        description: `Payment for subscription #${subscription.id}`,
        prefill: { name: expect.any(String), email: alice.email, contact: `+91${alice.phone}` },
      });
      const again = await api.order(alice, subscription.id);
      expect(again.status).toBe(200);
      expect(again.body.order_id).toBe(first.body.order_id);
      const orders = await t.request('GET', '/api/payments/orders/', { token: alice.access });
      expect(orders.status).toBe(200);
      const mine = orders.body.filter(
        (o: { subscription_id: number }) => o.subscription_id === subscription.id,
      );
      expect(mine).toEqual([
        {
          id: expect.any(Number),
          order_id: first.body.order_id,
          amount: 123_450,
          currency: 'INR',
          status: 'created',
          subscription_id: subscription.id,
          created_at: expect.any(String),
        },
      ]);
    });

    it('refuses another customer subscription (404), the owner (403) and a paid subscription (400)', async () => {
      const { subscription } = await api.subscription(alice);
      expect((await api.order(bob, subscription.id)).status).toBe(404);
      const asOwner = await t.request('POST', '/api/payments/orders/', {
        token: owner,
        body: { subscription: subscription.id },
      });
      expect(asOwner.status).toBe(403);
      const { subscription: paid } = await api.paid(bob);
      const refused = await api.order(bob, paid.id);
      expect(refused.status).toBe(400);
      expect(refused.body.error_code).toBe('subscription.not_pending_payment');
      const badBody = await t.request('POST', '/api/payments/orders/', {
        token: alice.access,
        body: { subscription: 'x' },
      });
      expect(badBody.status).toBe(400);
      expect(badBody.body.subscription).toContain('Subscription must be an integer');
    });
  });

  describe('verify_payment', () => {
    it('activates the subscription with one SUCCESS payment, a receipt number and notifications', async () => {
      const { plan, subscription, order, verified } = await api.paid(alice);
      const today = t.ctx.today();
      expect(verified.detail).toBe('Payment verified successfully.');
      expect(verified.payment).toMatchObject({
        status: 'SUCCESS',
        amount_inr: 1500,
        currency: 'INR',
        payment_gateway: 'sandbox',
        razorpay_order_id: order.order_id,
        transaction_id: expect.stringMatching(/^pay_/),
        receipt_number: expect.stringMatching(/^RCPT-\d{6}$/),
        subscription: { id: subscription.id, plan_name: plan.name, status: 'ACTIVE' },
        user: { id: alice.id, username: alice.username },
        failure_reason: null,
      });
      expect(verified.payment.razorpay_payment_id).toBe(verified.payment.transaction_id);
      expect(verified.subscription).toMatchObject({
        id: subscription.id,
        status: 'ACTIVE',
        start_date: today,
        base_end_date: addDays(today, 29),
        adjusted_end_date: addDays(today, 29),
        days_remaining: 30,
      });
      const storedOrder = await t.ctx.db.kysely
        .selectFrom('payment_orders')
        .select('status')
        .where('order_id', '=', order.order_id)
        .executeTakeFirstOrThrow();
      expect(storedOrder.status).toBe('paid');
      const mail = t.mailOutbox().join('\n');
      expect(mail).toContain('http://dabba.test/payments');
      const logs = await t.ctx.db.kysely
        .selectFrom('notification_logs')
        .select(['channel'])
        .where('user_id', '=', alice.id)
        .where('notification_type', '=', 'payment_success')
        .execute();
      expect(logs.map((log) => log.channel).sort()).toEqual(['email', 'sms']);
    });

    it('settles an order that expired after its checkout (the order machine: expired → paid), once', async () => {
      const { subscription } = await api.subscription(alice);
      const { order, fields } = await sharedCommerce(t, () => owner).checkoutFields(
        alice,
        subscription.id,
      );
      // The stale-order job (or a configuration change) closed it while the customer was paying.
      await t.ctx.db.kysely
        .updateTable('payment_orders')
        .set({ status: 'expired' })
        .where('order_id', '=', order.order_id)
        .execute();
      const refused = await api.checkout(alice, order.order_id);
      expect(refused.status).toBe(400);
      expect(refused.body.error_code).toBe('payment.order_not_open');
      const verified = await api.verify(alice, fields);
      expect(verified.status).toBe(200);
      expect(verified.body.detail).toBe('Payment verified successfully.');
      expect(verified.body.subscription.status).toBe('ACTIVE');
      const stored = await t.ctx.db.kysely
        .selectFrom('payment_orders')
        .select('status')
        .where('order_id', '=', order.order_id)
        .executeTakeFirstOrThrow();
      expect(stored.status).toBe('paid');
      const again = await api.verify(alice, fields);
      expect(again.body.detail).toBe('Payment already verified.');
      expect(await paymentsOf(subscription.id)).toHaveLength(1);
    });

    it('is idempotent: verifying the same payment again gives the same success', async () => {
      const { subscription, order } = await api.paid(alice);
      const [payment] = await paymentsOf(subscription.id);
      const checkoutAgain = {
        razorpay_order_id: order.order_id,
        razorpay_payment_id: payment!.razorpay_payment_id,
        razorpay_signature: createHmac('sha256', t.config.payments.keySecret)
          .update(`${order.order_id}|${payment!.razorpay_payment_id}`)
          .digest('hex'),
      };
      const again = await api.verify(alice, checkoutAgain);
      expect(again.status).toBe(200);
      expect(again.body.payment.id).toBe(payment!.id);
      expect(again.body.subscription.status).toBe('ACTIVE');
      expect(await paymentsOf(subscription.id)).toHaveLength(1);
    });

    it('answers the spec text for a bad signature, and records and sends nothing', async () => {
      const { subscription } = await api.subscription(alice);
      const order = await api.order(alice, subscription.id);
      const checkout = await api.checkout(alice, order.body.order_id);
      const tampered = { ...checkout.body, razorpay_signature: '0'.repeat(64) };
      const smsBefore = t.smsOutbox().length;
      const mailBefore = t.mailOutbox().length;
      // Anyone can send forged fields as often as they like: they must not spend the SMS budget.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const answer = await api.verify(alice, tampered);
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({
          detail: 'Failed to verify payment.',
          error_code: 'payment.invalid_signature',
        });
      }
      expect(await paymentsOf(subscription.id)).toEqual([]);
      const failureNotices = await t.ctx.db.kysely
        .selectFrom('notification_logs')
        .select('id')
        .where('user_id', '=', alice.id)
        .where('notification_type', '=', 'payment_failed')
        .execute();
      expect(failureNotices).toEqual([]);
      expect(t.smsOutbox()).toHaveLength(smsBefore);
      expect(t.mailOutbox()).toHaveLength(mailBefore);
      const sub = await t.request('GET', `/api/subscriptions/subscriptions/${subscription.id}/`, {
        token: alice.access,
      });
      expect(sub.body.status).toBe('PENDING_PAYMENT');
      // A signature made for another payment id does not verify either.
      const swapped = { ...checkout.body, razorpay_payment_id: 'pay_other00000000' };
      expect((await api.verify(alice, swapped)).status).toBe(400);
      // The genuine result still verifies afterwards.
      expect((await api.verify(alice, checkout.body)).status).toBe(200);
    });

    it("answers 404 for someone else's order, even with a valid signature", async () => {
      const { subscription } = await api.subscription(alice);
      const order = await api.order(alice, subscription.id);
      const checkout = await api.checkout(alice, order.body.order_id);
      const stolen = await api.verify(bob, checkout.body);
      expect(stolen.status).toBe(404);
      expect(await paymentsOf(subscription.id)).toEqual([]);
      const asBobCheckout = await api.checkout(bob, order.body.order_id);
      expect(asBobCheckout.status).toBe(404);
    });

    it('gives gap-free sequential receipt numbers', async () => {
      const before = await t.ctx.db.kysely
        .selectFrom('payments')
        .select((eb) => eb.fn.max('receipt_number').as('max'))
        .executeTakeFirstOrThrow();
      const start = Number(before.max ?? 0);
      const numbers: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const who = await registerCustomer(t, { service: 'mess' });
        const { subscription } = await api.subscription(who);
        const order = await api.order(who, subscription.id);
        // A failed attempt in between takes no number.
        await api.checkout(who, order.body.order_id, 'failure');
        const checkout = await api.checkout(who, order.body.order_id);
        numbers.push((await api.verify(who, checkout.body)).body.payment.receipt_number);
      }
      expect(numbers).toEqual(
        [1, 2, 3].map((step) => `RCPT-${String(start + step).padStart(6, '0')}`),
      );
    });
  });

  describe('sandbox checkout', () => {
    it('declines with 400 and records the failure', async () => {
      const { subscription } = await api.subscription(bob);
      const order = await api.order(bob, subscription.id);
      const declined = await api.checkout(bob, order.body.order_id, 'failure');
      expect(declined.status).toBe(400);
      const payments = await paymentsOf(subscription.id);
      expect(payments.map((payment) => payment.status)).toEqual(['FAILED']);
      // The SandboxDeclined body: ErrorBody's detail and error_code, and the FAILED payment's id.
      expect(declined.body).toEqual({
        detail: 'The payment was declined.',
        error_code: 'payment.declined',
        payment_id: payments[0]!.id,
      });
      const failedLogs = await t.ctx.db.kysely
        .selectFrom('notification_logs')
        .select('channel')
        .where('user_id', '=', bob.id)
        .where('notification_type', '=', 'payment_failed')
        .execute();
      expect(failedLogs.length).toBeGreaterThan(0);
      const unknown = await api.checkout(bob, 'order_doesnotexist00');
      expect(unknown.status).toBe(404);
    });
    it('records every declined attempt but sends one payment-failed notice per subscription an hour', async () => {
      const { subscription } = await api.subscription(bob);
      const order = await api.order(bob, subscription.id);
      const smsBefore = t.smsOutbox().filter((sms) => sms.to === `+91${bob.phone}`).length;
      for (let attempt = 0; attempt < 4; attempt += 1) {
        expect((await api.checkout(bob, order.body.order_id, 'failure')).status).toBe(400);
      }
      // The provider reports another failed attempt on the same subscription.
      const reported = await webhook({
        event: 'payment.failed',
        payload: {
          payment: {
            entity: { id: `pay_declined${subscription.id}`, order_id: order.body.order_id },
          },
        },
      });
      expect(reported.body).toEqual({ status: 'processed' });
      expect((await paymentsOf(subscription.id)).map((payment) => payment.status)).toEqual(
        Array(5).fill('FAILED'),
      );
      const notices = await t.ctx.db.kysely
        .selectFrom('notification_logs')
        .select('channel')
        .where('user_id', '=', bob.id)
        .where('notification_type', '=', 'payment_failed')
        .orderBy('id')
        .execute();
      expect(notices.map((notice) => notice.channel)).toEqual(['email', 'sms']);
      const smsAfter = t.smsOutbox().filter((sms) => sms.to === `+91${bob.phone}`).length;
      expect(smsAfter - smsBefore).toBe(1);
      // Another subscription of the same customer is another object.
      const second = await api.subscription(bob);
      const secondOrder = await api.order(bob, second.subscription.id);
      await api.checkout(bob, secondOrder.body.order_id, 'failure');
      const all = await t.ctx.db.kysely
        .selectFrom('notification_logs')
        .select('id')
        .where('user_id', '=', bob.id)
        .where('notification_type', '=', 'payment_failed')
        .execute();
      expect(all).toHaveLength(4);
    });
  });

  describe('webhook', () => {
    it('activates on payment.captured exactly like verify, deduplicates, and lets verify be a no-op', async () => {
      const { subscription } = await api.subscription(alice);
      const order = await api.order(alice, subscription.id);
      const checkout = await api.checkout(alice, order.body.order_id);
      const event = captured(
        order.body.order_id,
        checkout.body.razorpay_payment_id,
        order.body.amount,
      );
      const first = await webhook(event, { eventId: `evt_${subscription.id}` });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ status: 'processed' });
      const duplicate = await webhook(event, { eventId: `evt_${subscription.id}` });
      expect(duplicate.body).toEqual({ status: 'duplicate' });
      const payments = await paymentsOf(subscription.id);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({ status: 'SUCCESS', payment_mode: 'upi' });
      const verified = await api.verify(alice, checkout.body);
      expect(verified.status).toBe(200);
      expect(verified.body.payment.id).toBe(payments[0]!.id);
      expect(verified.body.subscription.status).toBe('ACTIVE');
      expect(await paymentsOf(subscription.id)).toHaveLength(1);
      // Another delivery of the same capture under a new event id is a successful no-op too.
      const redelivered = await webhook(event, { eventId: `evt_${subscription.id}_b` });
      expect(redelivered.status).toBe(200);
      expect(await paymentsOf(subscription.id)).toHaveLength(1);
    });

    it('records payment.failed, ignores other events, and refuses bad signatures', async () => {
      const { subscription } = await api.subscription(bob);
      const order = await api.order(bob, subscription.id);
      const failed = await webhook(
        {
          event: 'payment.failed',
          payload: {
            payment: {
              entity: {
                id: 'pay_failedattempt1',
                order_id: order.body.order_id,
                amount: order.body.amount,
                error_description: 'Card declined by bank',
                method: 'card',
              },
            },
          },
        },
        { eventId: `evt_failed_${subscription.id}` },
      );
      expect(failed.body).toEqual({ status: 'processed' });
      const payments = await paymentsOf(subscription.id);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({
        status: 'FAILED',
        failure_reason: 'Card declined by bank',
        razorpay_payment_id: 'pay_failedattempt1',
      });
      const other = await webhook({ event: 'order.paid', payload: {} }, { eventId: 'evt_other_1' });
      expect(other.body).toEqual({ status: 'ignored' });
      const forged = await webhook(
        captured(order.body.order_id, 'pay_forged0000001', order.body.amount),
        { eventId: 'evt_forged', secret: 'wrong-secret' },
      );
      expect(forged.status).toBe(400);
      const unsigned = await t.request('POST', '/api/payments/webhook/', {
        raw: JSON.stringify(captured(order.body.order_id, 'pay_x', order.body.amount)),
      });
      expect(unsigned.status).toBe(400);
      // The signature covers the exact bytes: the same JSON re-spaced does not verify.
      const event = captured(order.body.order_id, 'pay_respaced00001', order.body.amount);
      const signature = createHmac('sha256', WEBHOOK_SECRET)
        .update(JSON.stringify(event))
        .digest('hex');
      const respaced = await t.request('POST', '/api/payments/webhook/', {
        raw: JSON.stringify(event, null, 2),
        headers: { 'x-razorpay-signature': signature },
      });
      expect(respaced.status).toBe(400);
      const sub = await t.request('GET', `/api/subscriptions/subscriptions/${subscription.id}/`, {
        token: bob.access,
      });
      expect(sub.body.status).toBe('PENDING_PAYMENT');
    });

    it('recognises a replay under another event id by the signed payment id and event', async () => {
      const { subscription } = await api.subscription(bob);
      const order = await api.order(bob, subscription.id);
      const failure = {
        event: 'payment.failed',
        payload: {
          payment: {
            entity: {
              id: `pay_replayed${subscription.id}`,
              order_id: order.body.order_id,
              error_description: 'Insufficient funds',
            },
          },
        },
      };
      const first = await webhook(failure, { eventId: `evt_a_${subscription.id}` });
      expect(first.body).toEqual({ status: 'processed' });
      // The event-id header is not signed: a replay may carry any value, or none.
      const replayed = await webhook(failure, { eventId: `evt_b_${subscription.id}` });
      expect(replayed.body).toEqual({ status: 'duplicate' });
      expect((await webhook(failure)).body).toEqual({ status: 'duplicate' });
      expect(await paymentsOf(subscription.id)).toHaveLength(1);
      const stored = await t.ctx.db.kysely
        .selectFrom('webhook_events')
        .select(['event_id', 'event_type'])
        .where('event_id', 'like', `%pay_replayed${subscription.id}`)
        .execute();
      expect(stored).toEqual([
        {
          event_id: `payment.failed:pay_replayed${subscription.id}`,
          event_type: 'payment.failed',
        },
      ]);

      // The capture of another payment on the order is another event, and is replayed the same way.
      const checkout = await api.checkout(bob, order.body.order_id);
      const capture = captured(
        order.body.order_id,
        checkout.body.razorpay_payment_id,
        order.body.amount,
      );
      expect((await webhook(capture, { eventId: `evt_c_${subscription.id}` })).body).toEqual({
        status: 'processed',
      });
      expect((await webhook(capture, { eventId: `evt_d_${subscription.id}` })).body).toEqual({
        status: 'duplicate',
      });
      // Events without a payment are keyed on the signed body itself.
      const other = { event: 'order.paid', payload: { order: { id: order.body.order_id } } };
      expect((await webhook(other, { eventId: 'evt_e' })).body).toEqual({ status: 'ignored' });
      expect((await webhook(other, { eventId: 'evt_f' })).body).toEqual({ status: 'duplicate' });
    });

    it('does not activate when the captured amount differs from the order', async () => {
      const { subscription } = await api.subscription(bob);
      const order = await api.order(bob, subscription.id);
      const answer = await webhook(captured(order.body.order_id, 'pay_cheap00000001', 100), {
        eventId: `evt_cheap_${subscription.id}`,
      });
      expect(answer.body).toEqual({ status: 'ignored' });
      expect(await paymentsOf(subscription.id)).toEqual([]);
    });

    /** Razorpay's order.paid: the captured payment and the order it paid. */
    const orderPaid = (orderId: string, paymentId: string, amount: number) => ({
      entity: 'event',
      event: 'order.paid',
      contains: ['payment', 'order'],
      payload: {
        payment: { entity: captured(orderId, paymentId, amount).payload.payment.entity },
        order: {
          entity: {
            id: orderId,
            entity: 'order',
            amount,
            amount_paid: amount,
            amount_due: 0,
            currency: 'INR',
            status: 'paid',
          },
        },
      },
    });

    it('activates on order.paid alone, as an account sending only that event would', async () => {
      const { subscription } = await api.subscription(bob);
      const order = await api.order(bob, subscription.id);
      const checkout = await api.checkout(bob, order.body.order_id);
      const paid = orderPaid(
        order.body.order_id,
        checkout.body.razorpay_payment_id,
        order.body.amount,
      );
      const answer = await webhook(paid, { eventId: `evt_paid_${subscription.id}` });
      expect(answer.body).toEqual({ status: 'processed' });
      const payments = await paymentsOf(subscription.id);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({
        status: 'SUCCESS',
        razorpay_payment_id: checkout.body.razorpay_payment_id,
        amount_paise: order.body.amount,
      });
      const read = await t.request('GET', `/api/subscriptions/subscriptions/${subscription.id}/`, {
        token: bob.access,
      });
      expect(read.body.status).toBe('ACTIVE');
    });

    it.each([
      ['order.paid first', ['order.paid', 'payment.captured']],
      ['payment.captured first', ['payment.captured', 'order.paid']],
      ['both at once', ['together']],
    ])('settles exactly once with both events, %s', async (_name, sequence) => {
      const { subscription } = await api.subscription(bob);
      const order = await api.order(bob, subscription.id);
      const checkout = await api.checkout(bob, order.body.order_id);
      const args = [
        order.body.order_id,
        checkout.body.razorpay_payment_id,
        order.body.amount,
      ] as const;
      const events = { 'order.paid': orderPaid(...args), 'payment.captured': captured(...args) };
      let statuses: string[];
      if (sequence[0] === 'together') {
        const answers = await Promise.all([
          webhook(events['order.paid'], { eventId: `evt_p_${subscription.id}` }),
          webhook(events['payment.captured'], { eventId: `evt_c_${subscription.id}` }),
          webhook(events['order.paid'], { eventId: `evt_p2_${subscription.id}` }),
        ]);
        statuses = answers.map((answer) => answer.body.status as string).sort();
        expect(statuses).toEqual(['duplicate', 'duplicate', 'processed']);
      } else {
        statuses = [];
        for (const name of sequence as ('order.paid' | 'payment.captured')[]) {
          const answer = await webhook(events[name], { eventId: `evt_${name}_${subscription.id}` });
          expect(answer.status).toBe(200);
          statuses.push(answer.body.status as string);
        }
        expect(statuses).toEqual(['processed', 'duplicate']);
      }
      const payments = await paymentsOf(subscription.id);
      expect(payments).toHaveLength(1);
      expect(payments[0]!.status).toBe('SUCCESS');
      // The customer's own verification afterwards is the same successful no-op.
      const verified = await api.verify(bob, checkout.body);
      expect(verified.status).toBe(200);
      expect(verified.body.payment.id).toBe(payments[0]!.id);
      expect(await paymentsOf(subscription.id)).toHaveLength(1);
    });
  });

  describe('reading payments', () => {
    it('shows customers their own payments only, and the owner everything', async () => {
      const { verified } = await api.paid(bob);
      const paymentId = verified.payment.id as number;
      const mine = await t.request('GET', '/api/payments/payments/', { token: bob.access });
      expect(mine.status).toBe(200);
      expect(
        mine.body.every((payment: { user: { id: number } }) => payment.user.id === bob.id),
      ).toBe(true);
      expect(mine.body.map((payment: { id: number }) => payment.id)).toContain(paymentId);
      const successOnly = await t.request('GET', '/api/payments/payments/?status=SUCCESS', {
        token: bob.access,
      });
      expect(
        successOnly.body.every((payment: { status: string }) => payment.status === 'SUCCESS'),
      ).toBe(true);
      expect(
        (await t.request('GET', `/api/payments/payments/${paymentId}/`, { token: bob.access }))
          .status,
      ).toBe(200);
      expect(
        (await t.request('GET', `/api/payments/payments/${paymentId}/`, { token: alice.access }))
          .status,
      ).toBe(404);
      expect(
        (await t.request('GET', `/api/payments/payments/${paymentId}/`, { token: owner })).status,
      ).toBe(200);
      expect((await t.request('GET', '/api/payments/payments/')).status).toBe(401);
    });

    it('gives the owner filters, search, paging and the admin fields', async () => {
      const carol = await registerCustomer(t, { service: 'mess' });
      const { plan, verified } = await api.paid(carol, { base_price: 2222 });
      const transactionId = verified.payment.transaction_id as string;
      const byUser = await t.request('GET', `/api/payments/admin/payments/?user=${carol.id}`, {
        token: owner,
      });
      expect(byUser.status).toBe(200);
      expect(byUser.headers['x-total-count']).toBe('1');
      expect(byUser.body[0]).toMatchObject({
        id: verified.payment.id,
        subscription_status: 'ACTIVE',
        start_date: t.ctx.today(),
        base_end_date: addDays(t.ctx.today(), 29),
        total_paid: 2222,
        plan: { name: plan.name, service_type: 'mess', base_price: 2222, duration_days: 30 },
      });
      const byPlan = await t.request('GET', `/api/payments/admin/payments/?plan=${plan.id}`, {
        token: owner,
      });
      expect(byPlan.body.map((payment: { id: number }) => payment.id)).toEqual([
        verified.payment.id,
      ]);
      const search = await t.request(
        'GET',
        `/api/payments/admin/payments/?search=${transactionId.toUpperCase()}`,
        { token: owner },
      );
      expect(search.body.map((payment: { id: number }) => payment.id)).toEqual([
        verified.payment.id,
      ]);
      const byName = await t.request(
        'GET',
        `/api/payments/admin/payments/?search=${carol.username}`,
        {
          token: owner,
        },
      );
      expect(byName.body.map((payment: { id: number }) => payment.id)).toEqual([
        verified.payment.id,
      ]);
      const wildcard = await t.request('GET', '/api/payments/admin/payments/?search=%25', {
        token: owner,
      });
      expect(wildcard.body).toEqual([]);
      const today = t.ctx.today();
      const inRange = await t.request(
        'GET',
        `/api/payments/admin/payments/?user=${carol.id}&date_from=${today}&date_to=${today}`,
        { token: owner },
      );
      expect(inRange.body).toHaveLength(1);
      const before = await t.request(
        'GET',
        `/api/payments/admin/payments/?user=${carol.id}&date_to=${addDays(today, -1)}`,
        { token: owner },
      );
      expect(before.body).toEqual([]);
      const after = await t.request(
        'GET',
        `/api/payments/admin/payments/?user=${carol.id}&date_from=${addDays(today, 1)}`,
        { token: owner },
      );
      expect(after.body).toEqual([]);
      const failedOnly = await t.request('GET', '/api/payments/admin/payments/?status=FAILED', {
        token: owner,
      });
      expect(failedOnly.body.length).toBeGreaterThan(0);
      expect(
        failedOnly.body.every((payment: { status: string }) => payment.status === 'FAILED'),
      ).toBe(true);
      const all = await t.request('GET', '/api/payments/admin/payments/?limit=2&offset=1', {
        token: owner,
      });
      expect(all.body).toHaveLength(2);
      expect(Number(all.headers['x-total-count'])).toBeGreaterThan(3);

      const recent = await t.request('GET', '/api/payments/admin/payments/recent_payments/', {
        token: owner,
      });
      expect(recent.status).toBe(200);
      expect(recent.body.length).toBeLessThanOrEqual(20);
      expect(recent.body[0].id).toBe(
        Math.max(...recent.body.map((payment: { id: number }) => payment.id)),
      );
      const failed = await t.request('GET', '/api/payments/admin/payments/failed_payments/', {
        token: owner,
      });
      expect(failed.body.length).toBeGreaterThan(0);
      expect(failed.body.every((payment: { status: string }) => payment.status === 'FAILED')).toBe(
        true,
      );

      const detail = await t.request(
        'GET',
        `/api/payments/admin/payments/${verified.payment.id}/`,
        {
          token: owner,
        },
      );
      expect(detail.status).toBe(200);
      expect(detail.body.plan.name).toBe(plan.name);
      const refused = await t.request(
        'GET',
        `/api/payments/admin/payments/${verified.payment.id}/`,
        {
          token: carol.access,
        },
      );
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toBe(
        'Unauthorized Access: You do not have permission to access payment details.',
      );
      expect(
        (await t.request('GET', '/api/payments/admin/payments/', { token: carol.access })).status,
      ).toBe(403);
    });

    it('has at least 20 payments to show the recent cap', async () => {
      const { subscription } = await api.subscription(bob);
      const order = await api.order(bob, subscription.id);
      for (let index = 0; index < 21; index += 1) {
        expect((await api.checkout(bob, order.body.order_id, 'failure')).status).toBe(400);
      }
      const recent = await t.request('GET', '/api/payments/admin/payments/recent_payments/', {
        token: owner,
      });
      expect(recent.body).toHaveLength(20);
    });
  });

  describe('receipts', () => {
    it('renders the HTML receipt with every required field', async () => {
      const { plan, order, verified } = await api.paid(alice, { base_price: 1500 });
      const id = verified.payment.id as number;
      const answer = await t.request('GET', `/api/payments/payments/${id}/receipt/`, {
        token: alice.access,
      });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      const html = answer.text;
      const business = t.config.business;
      for (const expected of [
        business.name,
        business.address,
        business.phone,
        business.email,
        verified.payment.receipt_number,
        formatCalendarDate(t.ctx.today()),
        alice.email,
        // As people read it: two groups of five.
        `+91 ${alice.phone.slice(0, 5)} ${alice.phone.slice(5)}`,
        'Test User',
        plan.name,
        'Mess Service',
        '30 days',
        `${formatCalendarDate(t.ctx.today())} to ${formatCalendarDate(addDays(t.ctx.today(), 29))}`,
        '₹1,500',
        'Sandbox',
        order.order_id,
        verified.payment.transaction_id,
        // The status as people read it, not the stored SUCCESS.
        'Success',
      ]) {
        expect(html).toContain(expected.replace(/&/g, '&amp;'));
      }
      expect(html).not.toContain('GSTIN');
      expect(
        (await t.request('GET', `/api/payments/payments/${id}/receipt/`, { token: owner })).status,
      ).toBe(200);
      expect(
        (await t.request('GET', `/api/payments/payments/${id}/receipt/`, { token: bob.access }))
          .status,
      ).toBe(404);
    });

    it('serves the PDF as a download with the amount in ₹ drawn in an embedded font', async () => {
      const { verified } = await api.paid(alice, { base_price: 1499.5 });
      const id = verified.payment.id as number;
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/payments/payments/${id}/receipt_pdf/`,
        headers: { authorization: `Bearer ${alice.access}` },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="${verified.payment.receipt_number}.pdf"`,
      );
      const pdf = answer.rawPayload;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const raw = pdf.toString('latin1');
      expect(raw).toContain('NotoSans');
      expect(raw).not.toContain('Helvetica');
      const text = pdfText(pdf);
      expect(text).toContain('₹1,499.50');
      expect(text).toContain(verified.payment.receipt_number);
      expect(text).toContain(verified.payment.transaction_id);
      // The service renders the same receipt uncompressed.
      const receipt = await loadReceipt(t.ctx.db.kysely, t.config, id);
      const plain = await receiptPdf(receipt!, { compress: false });
      expect(pdfText(plain)).toContain('₹1,499.50');
      expect(
        (await t.request('GET', `/api/payments/payments/${id}/receipt_pdf/`, { token: bob.access }))
          .status,
      ).toBe(404);
    });

    it('has no receipt for a payment that did not succeed', async () => {
      const { subscription } = await api.subscription(bob);
      const order = await api.order(bob, subscription.id);
      await api.checkout(bob, order.body.order_id, 'failure');
      const [failed] = await paymentsOf(subscription.id);
      for (const path of ['receipt', 'receipt_pdf']) {
        const answer = await t.request('GET', `/api/payments/payments/${failed!.id}/${path}/`, {
          token: bob.access,
        });
        expect(answer.status).toBe(404);
        const asOwner = await t.request('GET', `/api/payments/payments/${failed!.id}/${path}/`, {
          token: owner,
        });
        expect(asOwner.status).toBe(404);
      }
    });
  });
});

describe.each(testDatabases())('payments on %s (razorpay provider)', (dialect) => {
  let t: TestApp;
  let owner: string;
  let customer: Customer;
  let fake: Server;
  const received: { method: string; url: string; authorization: string; body: unknown }[] = [];
  let failNext = false;

  beforeAll(async () => {
    fake = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({
          method: request.method ?? '',
          url: request.url ?? '',
          authorization: request.headers.authorization ?? '',
          body: JSON.parse(body || '{}'),
        });
        if (failNext) {
          failNext = false;
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end('{"error":{"code":"SERVER_ERROR"}}');
          return;
        }
        const parsed = JSON.parse(body) as { amount: number; currency: string; receipt: string };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            id: `order_Fake${String(received.length).padStart(10, '0')}`,
            entity: 'order',
            amount: parsed.amount,
            currency: parsed.currency,
            receipt: parsed.receipt,
            status: 'created',
          }),
        );
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const port = (fake.address() as AddressInfo).port;
    t = await createTestApp(dialect, {
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_key',
      RAZORPAY_KEY_SECRET: 'rzp_secret_value',
      RAZORPAY_API_URL: `http://127.0.0.1:${port}`,
    });
    owner = await loginOwner(t);
    customer = await registerCustomer(t, { service: 'tiffin' });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => fake?.close(resolve));
  });

  it('creates the order through the Orders API with basic auth, and verifies its signature', async () => {
    const api = commerce(t, () => owner);
    const { subscription } = await api.subscription(customer, {
      service_type: 'tiffin',
      base_price: 999,
    });
    const order = await api.order(customer, subscription.id);
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({
      key: 'rzp_test_key',
      amount: 99_900,
      currency: 'INR',
      provider: 'razorpay',
      order_id: expect.stringMatching(/^order_Fake/),
    });
    const call = received.at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.url).toBe('/v1/orders');
    expect(call.authorization).toBe(
      'Basic ' + Buffer.from('rzp_test_key:rzp_secret_value').toString('base64'),
    );
    expect(call.body).toMatchObject({ amount: 99_900, currency: 'INR' });
    const calls = received.length;
    expect((await api.order(customer, subscription.id)).status).toBe(200);
    expect(received.length).toBe(calls);

    // The sandbox checkout does not exist in razorpay mode.
    const sandbox = await api.checkout(customer, order.body.order_id);
    expect(sandbox.status).toBe(404);

    const paymentId = 'pay_RealLooking0001';
    const signature = createHmac('sha256', 'rzp_secret_value')
      .update(`${order.body.order_id}|${paymentId}`)
      .digest('hex');
    const verified = await api.verify(customer, {
      razorpay_order_id: order.body.order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: signature,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.payment).toMatchObject({
      payment_gateway: 'razorpay',
      transaction_id: paymentId,
      status: 'SUCCESS',
    });
    expect(verified.body.subscription.status).toBe('ACTIVE');
  });

  it('answers 502 with the spec text when Razorpay fails, and refuses webhooks without a secret', async () => {
    const api = commerce(t, () => owner);
    const { subscription } = await api.subscription(customer, { service_type: 'tiffin' });
    failNext = true;
    const order = await api.order(customer, subscription.id);
    expect(order.status).toBe(502);
    expect(order.body.detail).toBe('Failed to initiate payment.');
    const retry = await api.order(customer, subscription.id);
    expect(retry.status).toBe(201);

    const raw = JSON.stringify({ event: 'payment.captured', payload: {} });
    const webhook = await t.request('POST', '/api/payments/webhook/', {
      raw,
      headers: { 'x-razorpay-signature': createHmac('sha256', '').update(raw).digest('hex') },
    });
    expect(webhook.status).toBe(400);
    expect(webhook.body.error_code).toBe('webhook.not_configured');
  });
});

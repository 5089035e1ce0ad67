// Where two ways of paying one due meet (issue 35, money): a rider's cash confirmed or rejected at
// once; cash from a customer who owes nothing, kept as an advance that pays the next bill or is paid
// back in one step; payment links and counter QR codes that never ask for more than is owed and are
// withdrawn once the due is settled another way; money captured after that; and late or repeated
// provider events on a paid order. On both databases.
import { createHmac } from 'node:crypto';
import { beforeAll, afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';
import { insertPendingCash } from '../helpers/fixtures.js';

const WEBHOOK_SECRET = 'whsec_money_seams';
const PRICE = 3000;
const LINKS = '/api/payments/admin/payment-links/';
const QRS = '/api/payments/admin/counter-qr/';
const RECORD = '/api/payments/admin/payments/record_offline/';

const sign = (raw: string) => createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex');

/** A payment_link.paid event as Razorpay sends it. */
function linkPaidEvent(
  link: { link_id: string; reference_id: string; amount: number },
  paymentId: string,
  paidAtSeconds: number,
) {
  const paise = Math.round(link.amount * 100);
  return {
    entity: 'event',
    event: 'payment_link.paid',
    payload: {
      payment_link: {
        entity: {
          id: link.link_id,
          amount: paise,
          reference_id: link.reference_id,
          status: 'paid',
        },
      },
      order: { entity: { id: `order_${paymentId.slice(4)}`, amount: paise, status: 'paid' } },
      payment: {
        entity: {
          id: paymentId,
          amount: paise,
          currency: 'INR',
          status: 'captured',
          order_id: `order_${paymentId.slice(4)}`,
          method: 'upi',
          created_at: paidAtSeconds,
        },
      },
    },
  };
}

describe.each(testDatabases())('money where two paths meet on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;

  beforeAll(async () => {
    t = await createTestApp(dialect, { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
    owner = await loginOwner(t);
    api = commerce(t, () => owner, {
      codePrefix: 'SEAM',
      planDefaults: { name: 'Seam plan', base_price: PRICE },
    });
  });
  beforeEach(async () => {
    owner = await loginOwner(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.ctx.db.kysely;
  const confirm = (id: number) =>
    t.request('POST', `/api/owner/cash-collections/${id}/confirm/`, { token: owner });
  const reject = (id: number, reason = 'The customer says they paid online') =>
    t.request('POST', `/api/owner/cash-collections/${id}/reject/`, {
      token: owner,
      body: { reason },
    });
  const statement = async (who: Customer) =>
    (await t.request('GET', `/api/owner/dues/${who.id}/`, { token: owner })).body;
  const subscription = async (who: Customer, id: number) =>
    (await t.request('GET', `/api/subscriptions/subscriptions/${id}/`, { token: who.access })).body;
  const refundAdvance = (who: Customer, body: Record<string, unknown>) =>
    t.request('POST', `/api/owner/customers/${who.id}/advance/refund/`, { token: owner, body });
  const webhook = (payload: unknown) => {
    const raw = JSON.stringify(payload);
    return t.request('POST', '/api/payments/webhook/', {
      raw,
      headers: { 'x-razorpay-signature': sign(raw) },
    });
  };
  const successPayments = (subscriptionId: number) =>
    db()
      .selectFrom('payments')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .where('status', '=', 'SUCCESS')
      .orderBy('id')
      .execute();
  const noticesOf = (who: Customer, type: string) =>
    db()
      .selectFrom('notification_logs')
      .select('id')
      .where('user_id', '=', who.id)
      .where('notification_type', '=', type)
      .execute();
  const linkStatus = async (id: number) =>
    (
      await db()
        .selectFrom('payment_links')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  const qrStatus = async (id: number) =>
    (
      await db()
        .selectFrom('counter_qr_codes')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  /** A customer with a paid, active subscription: they owe nothing. */
  const paidUp = async () => {
    const who = await registerCustomer(t, { service: 'mess' });
    const active = await api.activeSubscription(who);
    return { who, subscriptionId: active.subscriptionId };
  };

  describe('cash a rider collected', () => {
    it('20 confirm and reject pairs sent at once: each ends confirmed with one payment, or rejected with none', async () => {
      const cases = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const who = await registerCustomer(t, { service: 'mess' });
          const { subscriptionId } = await api.pendingSubscription(who);
          const cash = await insertPendingCash(t, {
            userId: who.id,
            subscriptionId,
            amountPaise: 1000_00,
          });
          return { who, subscriptionId, id: cash.id };
        }),
      );
      const answers = await Promise.all(cases.flatMap((one) => [confirm(one.id), reject(one.id)]));
      await t.settle();
      for (const [index, one] of cases.entries()) {
        const confirmed = answers[index * 2]!;
        const rejected = answers[index * 2 + 1]!;
        // Exactly one decision won; the other was refused with the machine's reason.
        expect([confirmed.status, rejected.status].sort()).toEqual([200, 400]);
        const loser = confirmed.status === 200 ? rejected : confirmed;
        expect(loser.body.error_code).toBe('cash_collection.not_pending');
        const row = await db()
          .selectFrom('cash_collections')
          .selectAll()
          .where('id', '=', one.id)
          .executeTakeFirstOrThrow();
        const payments = await db()
          .selectFrom('payments')
          .select(['id', 'amount_paise'])
          .where('request_id', '=', `cash-collection-${one.id}`)
          .execute();
        const entries = await db()
          .selectFrom('ledger_entries')
          .select('id')
          .where('user_id', '=', one.who.id)
          .where('kind', '=', 'payment')
          .execute();
        const told = await noticesOf(one.who, 'payment_success');
        if (row.status === 'confirmed') {
          expect(confirmed.status).toBe(200);
          expect(payments).toEqual([{ id: row.payment_id, amount_paise: 1000_00 }]);
          expect(entries).toHaveLength(1);
          expect(told.length).toBeGreaterThan(0);
          expect((await subscription(one.who, one.subscriptionId)).amount_due).toBe(PRICE - 1000);
        } else {
          expect(row.status).toBe('rejected');
          expect(rejected.status).toBe(200);
          expect(row.payment_id).toBeNull();
          expect(payments).toEqual([]);
          expect(entries).toEqual([]);
          expect(told).toEqual([]);
          expect((await subscription(one.who, one.subscriptionId)).amount_due).toBe(PRICE);
        }
      }
    });

    it('cash from a customer who owes nothing is confirmed as their advance, which pays their next bill', async () => {
      const { who, subscriptionId } = await paidUp();
      const cash = await insertPendingCash(t, {
        userId: who.id,
        subscriptionId,
        amountPaise: 500_00,
      });
      const confirmed = await confirm(cash.id);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ status: 'confirmed', amount: 500 });
      const [, advancePayment] = await successPayments(subscriptionId);
      expect(advancePayment).toMatchObject({ amount_paise: 500_00, advance_paise: 500_00 });
      const before = await statement(who);
      expect(before).toMatchObject({ status: 'IN_CREDIT', balance: -500, advance: 500 });
      expect(before.actions).toContain('dues.refund_advance');
      // The payment as the owner reads it says what was kept.
      const shown = await t.request('GET', `/api/payments/admin/payments/${advancePayment!.id}/`, {
        token: owner,
      });
      expect(shown.body).toMatchObject({ amount_inr: 500, advance: 500 });
      // The customer's next bill uses it: a ₹3,000 plan asks ₹2,500, and checkout charges that.
      const next = await api.pendingSubscription(who);
      expect((await subscription(who, next.subscriptionId)).amount_due).toBe(PRICE - 500);
      const { order, fields } = await api.checkoutFields(who, next.subscriptionId);
      expect(order.amount).toBe((PRICE - 500) * 100);
      expect((await api.verify(who, fields)).status).toBe(200);
      const after = await subscription(who, next.subscriptionId);
      expect(after).toMatchObject({ status: 'ACTIVE', amount_due: 0 });
      expect(await statement(who)).toMatchObject({ status: 'SETTLED', balance: 0, advance: 0 });
    });

    it('an advance that covers a whole bill starts it at once; deleting a bill it paid gives it back', async () => {
      const { who, subscriptionId } = await paidUp();
      const cash = await insertPendingCash(t, {
        userId: who.id,
        subscriptionId,
        amountPaise: PRICE * 100,
      });
      expect((await confirm(cash.id)).status).toBe(200);
      const next = await api.pendingSubscription(who);
      expect(next.subscription).toMatchObject({ status: 'ACTIVE', amount_due: 0 });
      expect(await statement(who)).toMatchObject({ advance: 0, balance: 0 });
      // A cheaper bill awaiting payment, partly paid from a second advance, then deleted.
      const more = await insertPendingCash(t, {
        userId: who.id,
        subscriptionId,
        amountPaise: 700_00,
      });
      expect((await confirm(more.id)).status).toBe(200);
      const pending = await api.pendingSubscription(who, { base_price: 2000 });
      expect(pending.subscription).toMatchObject({ status: 'PENDING_PAYMENT', amount_due: 1300 });
      const deleted = await t.request(
        'DELETE',
        `/api/subscriptions/subscriptions/${pending.subscriptionId}/`,
        { token: who.access },
      );
      expect(deleted.status).toBe(204);
      expect(await statement(who)).toMatchObject({ advance: 700, balance: -700 });
    });

    it('cash collected on a paid-up stop pays what the customer owes on another subscription first', async () => {
      const { who, subscriptionId } = await paidUp();
      const owing = await api.pendingSubscription(who, { name: 'Second plan' });
      const cash = await insertPendingCash(t, {
        userId: who.id,
        subscriptionId,
        amountPaise: 1200_00,
      });
      expect((await confirm(cash.id)).status).toBe(200);
      expect((await subscription(who, owing.subscriptionId)).amount_due).toBe(PRICE - 1200);
      expect(await statement(who)).toMatchObject({ advance: 0, balance: PRICE - 1200 });
    });

    it('an owner pays an advance back in one step, never more than is held however many race', async () => {
      const { who, subscriptionId } = await paidUp();
      const cash = await insertPendingCash(t, {
        userId: who.id,
        subscriptionId,
        amountPaise: 800_00,
      });
      expect((await confirm(cash.id)).status).toBe(200);
      const refused = await refundAdvance(who, { amount: 900, method: 'upi', admin_comment: ' ' });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error_code: 'advance.amount_above_held',
        amount: ['The refund can be at most the advance held, ₹800.'],
        reference: ['Enter the UPI or bank transfer reference.'],
        admin_comment: ['Write a comment for the customer.'],
      });
      const body = { amount: 500, method: 'cash', admin_comment: 'Paid back at the counter' };
      const answers = await Promise.all(Array.from({ length: 20 }, () => refundAdvance(who, body)));
      // ₹800 held: one ₹500 refund fits, every other is refused.
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
      for (const answer of answers.filter((one) => one.status !== 201)) {
        expect(answer.body.error_code).toBe('advance.amount_above_held');
      }
      const done = answers.find((answer) => answer.status === 201)!;
      expect(done.body).toMatchObject({
        amount: 500,
        method: 'cash',
        advance_left: 300,
        credit_note: null,
        admin_comment: 'Paid back at the counter',
      });
      expect(await statement(who)).toMatchObject({ advance: 300, balance: -300 });
      // A form sent twice records once.
      const form = { ...body, amount: 300, request_id: `advance-${who.id}-form` };
      const [first, again] = [await refundAdvance(who, form), await refundAdvance(who, form)];
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body.id).toBe(first.body.id);
      const none = await refundAdvance(who, body);
      expect(none.body.error_code).toBe('advance.nothing_held');
      expect(await statement(who)).toMatchObject({ advance: 0, balance: 0, status: 'SETTLED' });
      await t.settle();
      expect((await noticesOf(who, 'refund_paid')).length).toBeGreaterThan(0);
    });
  });

  describe('payment links and counter QR codes', () => {
    const createLink = (subscriptionId: number, amount?: number) =>
      t.request('POST', LINKS, {
        token: owner,
        body: { subscription: subscriptionId, ...(amount === undefined ? {} : { amount }) },
      });
    const createQr = (subscriptionId: number, amount?: number) =>
      t.request('POST', QRS, {
        token: owner,
        body: { subscription: subscriptionId, ...(amount === undefined ? {} : { amount }) },
      });
    const recordCash = (subscriptionId: number, amount: number) =>
      t.request('POST', RECORD, {
        token: owner,
        body: {
          subscription: subscriptionId,
          amount,
          payment_mode: 'cash',
          received_on: t.ctx.today(),
        },
      });

    it('open links and QR codes together never ask for more than is owed', async () => {
      const who = await registerCustomer(t, { service: 'mess' });
      const { subscriptionId } = await api.pendingSubscription(who);
      expect((await createLink(subscriptionId, 2000)).status).toBe(201);
      const tooMuch = await createLink(subscriptionId, 1500);
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body).toMatchObject({ error_code: 'payment_link.amount_above_unrequested' });
      expect(
        tooMuch.body.non_field_errors ?? tooMuch.body.detail ?? tooMuch.body.amount,
      ).toBeTruthy();
      const qr = await createQr(subscriptionId);
      expect(qr.status).toBe(201);
      // Asked without an amount: what nothing asks for yet.
      expect(qr.body.amount).toBe(1000);
      const none = await createLink(subscriptionId);
      expect(none.status).toBe(400);
      expect(none.body.error_code).toBe('payment_link.fully_requested');
    });

    it('20 links for the whole due asked at once: one is made', async () => {
      const who = await registerCustomer(t, { service: 'mess' });
      const { subscriptionId } = await api.pendingSubscription(who);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          index % 2 ? createLink(subscriptionId, PRICE) : createQr(subscriptionId, PRICE),
        ),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
      for (const answer of answers.filter((one) => one.status !== 201)) {
        expect(answer.body.error_code).toBe('payment_link.fully_requested');
      }
    });

    it('a due paid at the counter withdraws its open links and QR codes; a part payment those asking more', async () => {
      const who = await registerCustomer(t, { service: 'mess' });
      const { subscriptionId } = await api.pendingSubscription(who);
      const link = (await createLink(subscriptionId, 2000)).body;
      const qr = (await createQr(subscriptionId, 1000)).body;
      // ₹500 paid: ₹2,500 owed; the newest request (the ₹1,000 QR) goes, the ₹2,000 link fits.
      expect((await recordCash(subscriptionId, 500)).status).toBe(201);
      expect(await qrStatus(qr.id)).toBe('closed');
      expect(await linkStatus(link.id)).toBe('created');
      // Paid in full by checkout: the link goes too.
      await api.pay(who, subscriptionId);
      expect(await linkStatus(link.id)).toBe('cancelled');
      const audit = await db()
        .selectFrom('audit_log')
        .select(['action', 'summary'])
        .where('object_type', '=', 'payment_link')
        .where('object_id', '=', link.id)
        .where('action', '=', 'payment_link.withdraw')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]!.summary).toContain('owes nothing now');
    });

    it('money paid on a link after the due was settled is kept as an advance, never a second payment', async () => {
      const who = await registerCustomer(t, { service: 'mess' });
      const { subscriptionId } = await api.pendingSubscription(who);
      const link = (await createLink(subscriptionId)).body;
      await api.pay(who, subscriptionId);
      expect(await linkStatus(link.id)).toBe('cancelled');
      // Razorpay still captured a payment on it (the customer paid while it was being cancelled).
      const raw = linkPaidEvent(
        link,
        `pay_Late${subscriptionId}x0001`,
        Math.floor(Date.now() / 1000),
      );
      const answer = await webhook(raw);
      expect(answer.body).toEqual({ status: 'processed' });
      expect((await webhook(raw)).body).toEqual({ status: 'duplicate' });
      const payments = await successPayments(subscriptionId);
      expect(payments.map((payment) => [payment.amount_paise, payment.advance_paise])).toEqual([
        [PRICE * 100, 0],
        [PRICE * 100, PRICE * 100],
      ]);
      expect(await linkStatus(link.id)).toBe('cancelled');
      expect((await subscription(who, subscriptionId)).amount_due).toBe(0);
      expect(await statement(who)).toMatchObject({ advance: PRICE, status: 'IN_CREDIT' });
      const back = await refundAdvance(who, {
        amount: PRICE,
        method: 'upi',
        reference: 'UTR123456789',
        admin_comment: 'Paid twice: sent back',
      });
      expect(back.status).toBe(201);
      expect(await statement(who)).toMatchObject({ advance: 0, balance: 0 });
    });

    it('a customer deleting a subscription awaiting payment withdraws its links first', async () => {
      const who = await registerCustomer(t, { service: 'mess' });
      const { subscriptionId } = await api.pendingSubscription(who);
      const link = (await createLink(subscriptionId)).body;
      const deleted = await t.request(
        'DELETE',
        `/api/subscriptions/subscriptions/${subscriptionId}/`,
        {
          token: who.access,
        },
      );
      expect(deleted.status).toBe(204);
      const audit = await db()
        .selectFrom('audit_log')
        .select('summary')
        .where('object_type', '=', 'payment_link')
        .where('object_id', '=', link.id)
        .where('action', '=', 'payment_link.withdraw')
        .execute();
      expect(audit.map((row) => row.summary)).toEqual([
        expect.stringContaining('the subscription is being deleted'),
      ]);
    });
  });

  describe('late and repeated provider events on a paid order', () => {
    it('a late signed payment.failed changes nothing and tells nobody', async () => {
      const who = await registerCustomer(t, { service: 'mess' });
      const { subscriptionId } = await api.pendingSubscription(who);
      const { order, fields } = await api.checkoutFields(who, subscriptionId);
      expect((await api.verify(who, fields)).status).toBe(200);
      const answer = await webhook({
        entity: 'event',
        event: 'payment.failed',
        payload: {
          payment: {
            entity: {
              id: `pay_LateFail${subscriptionId}`,
              order_id: order.order_id,
              error_reason: 'payment_failed',
            },
          },
        },
      });
      expect(answer.body).toEqual({ status: 'ignored' });
      await t.settle();
      const failed = await db()
        .selectFrom('payments')
        .select('id')
        .where('subscription_id', '=', subscriptionId)
        .where('status', '=', 'FAILED')
        .execute();
      expect(failed).toEqual([]);
      expect(await noticesOf(who, 'payment_failed')).toEqual([]);
    });

    it('a second capture with a new payment id on a paid order is recorded once, as an advance', async () => {
      const who = await registerCustomer(t, { service: 'mess' });
      const { subscriptionId } = await api.pendingSubscription(who);
      const { order, fields } = await api.checkoutFields(who, subscriptionId);
      expect((await api.verify(who, fields)).status).toBe(200);
      const captured = {
        entity: 'event',
        event: 'payment.captured',
        payload: {
          payment: {
            entity: {
              id: `pay_Again${subscriptionId}x01`,
              order_id: order.order_id,
              amount: PRICE * 100,
              currency: 'INR',
              method: 'upi',
              status: 'captured',
            },
          },
        },
      };
      expect((await webhook(captured)).body).toEqual({ status: 'processed' });
      expect((await webhook(captured)).body).toEqual({ status: 'duplicate' });
      const payments = await successPayments(subscriptionId);
      expect(payments).toHaveLength(2);
      expect(payments[1]).toMatchObject({
        razorpay_payment_id: `pay_Again${subscriptionId}x01`,
        razorpay_order_id: order.order_id,
        payment_order_id: null,
        advance_paise: PRICE * 100,
      });
      // One SUCCESS on the order; the subscription is paid once; the rest waits as an advance.
      expect(payments.filter((payment) => payment.payment_order_id !== null)).toHaveLength(1);
      expect((await subscription(who, subscriptionId)).amount_due).toBe(0);
      expect(await statement(who)).toMatchObject({ advance: PRICE });
    });
  });
});

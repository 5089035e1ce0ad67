// UPI payment links (issue 21): the owner asks for what a subscription owes by a link, the
// provider's signed payment_link.paid webhook settles it once through the one settle path (however
// many times it is delivered), expired and cancelled links take no payment, customers see only
// their own links; the counter UPI request; and Razorpay's Payment Links API against a local fake.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';

const WEBHOOK_SECRET = 'whsec_links_secret';
const PRICE = 2400;
const LINKS = '/api/payments/admin/payment-links/';
const DAY_MS = 24 * 3600_000;

/** A payment_link.paid event as Razorpay sends it. */
function paidEvent(
  link: { link_id: string; reference_id: string; amount: number },
  paymentId: string,
  paidAtSeconds: number,
) {
  const paise = Math.round(link.amount * 100);
  return {
    entity: 'event',
    account_id: 'acc_test',
    event: 'payment_link.paid',
    contains: ['payment_link', 'order', 'payment'],
    payload: {
      payment_link: {
        entity: {
          id: link.link_id,
          amount: paise,
          amount_paid: paise,
          reference_id: link.reference_id,
          status: 'paid',
        },
      },
      order: { entity: { id: 'order_LinkTest000001', amount: paise, status: 'paid' } },
      payment: {
        entity: {
          id: paymentId,
          amount: paise,
          currency: 'INR',
          status: 'captured',
          order_id: 'order_LinkTest000001',
          method: 'upi',
          created_at: paidAtSeconds,
        },
      },
    },
    created_at: paidAtSeconds,
  };
}

/** The signature computed here, independently of the server's code. */
const sign = (raw: string, secret = WEBHOOK_SECRET) =>
  createHmac('sha256', secret).update(raw).digest('hex');

describe.each(testDatabases())('payment links on %s (sandbox)', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;
  let asha: Customer;
  let ravi: Customer;

  beforeAll(async () => {
    t = await createTestApp(dialect, { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
    owner = await loginOwner(t);
    api = commerce(t, () => owner, {
      codePrefix: 'LINK',
      planDefaults: { name: 'Link plan', base_price: PRICE },
    });
  });
  beforeEach(async () => {
    owner = await loginOwner(t);
    asha = await registerCustomer(t, { service: 'mess' });
    ravi = await registerCustomer(t, { service: 'mess' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const createLink = (subscription: number, amount?: number) =>
    t.request('POST', LINKS, {
      token: owner,
      body: { subscription, ...(amount === undefined ? {} : { amount }) },
    });
  const webhook = (raw: string, signature = sign(raw)) =>
    t.request('POST', '/api/payments/webhook/', {
      raw,
      headers: { 'x-razorpay-signature': signature },
    });
  const paymentsOf = (subscriptionId: number) =>
    t.ctx.db.kysely
      .selectFrom('payments')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .execute();
  const linkRow = (id: number) =>
    t.ctx.db.kysely
      .selectFrom('payment_links')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const statusOf = async (subscriptionId: number) =>
    (
      await t.ctx.db.kysely
        .selectFrom('subscriptions')
        .select('status')
        .where('id', '=', subscriptionId)
        .executeTakeFirstOrThrow()
    ).status;
  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

  it('creates a link for everything due, which the customer pays in the sandbox: active, one receipt', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const made = await createLink(subscriptionId);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      amount: PRICE,
      status: 'created',
      provider: 'sandbox',
      subscription: subscriptionId,
      user: asha.id,
      cancellable: true,
      payable: true,
      payment: null,
    });
    expect(made.body.link_id).toMatch(/^plink_[A-Za-z0-9]{14}$/);
    expect(made.body.short_url).toBe(`http://dabba.test/pay/${made.body.link_id}`);
    // A week from when it was made (the test clock moves on meanwhile).
    const lifetime = Date.parse(made.body.expire_by) - t.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(7 * DAY_MS);

    // The customer sees it among their links; another customer does not.
    const mine = await t.request('GET', '/api/payments/payment-links/', { token: asha.access });
    expect(mine.body.map((link: { id: number }) => link.id)).toEqual([made.body.id]);
    const theirs = await t.request('GET', '/api/payments/payment-links/', { token: ravi.access });
    expect(theirs.body).toEqual([]);

    const page = await t.request('GET', `/api/payments/sandbox/links/${made.body.link_id}/`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ amount: PRICE, status: 'created', payable: true });

    const paid = await t.request('POST', `/api/payments/sandbox/links/${made.body.link_id}/pay/`, {
      body: { outcome: 'success' },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('paid');
    expect(paid.body.payable).toBe(false);
    expect(paid.body.receipt_number).toMatch(/\d/);

    const payments = await paymentsOf(subscriptionId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      status: 'SUCCESS',
      amount_paise: PRICE * 100,
      payment_gateway: 'sandbox',
      payment_mode: 'upi',
    });
    expect(payments[0]!.razorpay_payment_id).toMatch(/^pay_/);
    expect(await statusOf(subscriptionId)).toBe('ACTIVE');
    expect((await linkRow(made.body.id)).paid_payment_id).toBe(payments[0]!.id);

    // Paying again is refused by the machine.
    const again = await t.request('POST', `/api/payments/sandbox/links/${made.body.link_id}/pay/`, {
      body: { outcome: 'success' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error_code).toBe('payment_link.already_paid');
    // The customer is told, as for any payment.
    await t.settle();
    const notices = await t.ctx.db.kysely
      .selectFrom('notification_logs')
      .select('notification_type')
      .where('user_id', '=', asha.id)
      .where('notification_type', '=', 'payment_success')
      .execute();
    expect(notices.length).toBeGreaterThan(0);
  });

  it('50 concurrent deliveries of one signed payment_link.paid give one payment and pay the link once', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const link = (await createLink(subscriptionId)).body;
    const raw = JSON.stringify(paidEvent(link, 'pay_Concurrent000001', nowSeconds()));
    const answers = await Promise.all(Array.from({ length: 50 }, () => webhook(raw)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const statuses = answers.map((answer) => answer.body.status as string);
    expect(statuses.filter((status) => status === 'processed')).toHaveLength(1);
    expect(statuses.filter((status) => status !== 'processed')).toEqual(
      Array(49).fill('duplicate'),
    );
    const payments = await paymentsOf(subscriptionId);
    expect(payments.map((payment) => payment.status)).toEqual(['SUCCESS']);
    expect(payments[0]!.transaction_id).toBe('pay_Concurrent000001');
    const row = await linkRow(link.id);
    expect(row.status).toBe('paid');
    expect(row.paid_payment_id).toBe(payments[0]!.id);
    expect(await statusOf(subscriptionId)).toBe('ACTIVE');
    // The same payment under another delivery later is still a duplicate.
    expect((await webhook(raw)).body.status).toBe('duplicate');
  });

  it('a second link may not ask for what the first asks; once nothing is due, the open link is cancelled', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const first = (await createLink(subscriptionId)).body;
    const second = await createLink(subscriptionId);
    expect(second.status).toBe(400);
    expect(second.body.error_code).toBe('payment_link.fully_requested');
    const recorded = await t.request('POST', '/api/payments/admin/payments/record_offline/', {
      token: owner,
      body: {
        subscription: subscriptionId,
        amount: PRICE,
        payment_mode: 'cash',
        received_on: t.ctx.today(),
      },
    });
    expect(recorded.status).toBe(201);
    expect((await linkRow(first.id)).status).toBe('cancelled');
    const other = await t.request('POST', `/api/payments/sandbox/links/${first.link_id}/pay/`, {
      body: { outcome: 'success' },
    });
    expect(other.status).toBe(400);
    expect(other.body.error_code).toBe('payment_link.cancelled');
    expect(await paymentsOf(subscriptionId)).toHaveLength(1);
  });

  it('refuses a badly signed or tampered webhook with 400 and changes nothing', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const link = (await createLink(subscriptionId)).body;
    const raw = JSON.stringify(paidEvent(link, 'pay_Tampered00000001', nowSeconds()));
    const wrongSecret = await webhook(raw, sign(raw, 'not-the-secret'));
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.error_code).toBe('webhook.invalid_signature');
    // Signed, then the amount changed on the way.
    const tampered = raw.replace(`"amount_paid":${PRICE * 100}`, '"amount_paid":100');
    expect(tampered).not.toBe(raw);
    const changed = await webhook(tampered, sign(raw));
    expect(changed.status).toBe(400);
    expect(changed.body.error_code).toBe('webhook.invalid_signature');
    expect(await paymentsOf(subscriptionId)).toEqual([]);
    expect((await linkRow(link.id)).status).toBe('created');
    expect(await statusOf(subscriptionId)).toBe('PENDING_PAYMENT');
    // The genuine delivery is still taken afterwards.
    expect((await webhook(raw)).body.status).toBe('processed');
  });

  it('an expired link takes no payment from the sandbox; money the provider still captured on it is recorded', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const link = (await createLink(subscriptionId)).body;
    t.clock.advance(8 * DAY_MS);
    try {
      const paid = await t.request('POST', `/api/payments/sandbox/links/${link.link_id}/pay/`, {
        body: { outcome: 'success' },
      });
      expect(paid.status).toBe(400);
      expect(paid.body.error_code).toBe('payment_link.expired');
      const late = await webhook(
        JSON.stringify(paidEvent(link, 'pay_Late000000000001', nowSeconds())),
      );
      // Razorpay took the money after the expiry: it is recorded, and pays what is still owed.
      expect(late.status).toBe(200);
      expect(late.body.status).toBe('processed');
      expect(
        (await paymentsOf(subscriptionId)).map((one) => [one.amount_paise, one.advance_paise]),
      ).toEqual([[PRICE * 100, 0]]);
      // The provider's expiry event ends it.
      const expired = await webhook(
        JSON.stringify({
          event: 'payment_link.expired',
          payload: { payment_link: { entity: { id: link.link_id, status: 'expired' } } },
        }),
      );
      expect(expired.body.status).toBe('processed');
      expect((await linkRow(link.id)).status).toBe('expired');
    } finally {
      t.clock.advance(-8 * DAY_MS);
    }
  });

  it('a cancelled link takes no payment from the sandbox; cancelling twice says why; money captured on it is recorded', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const link = (await createLink(subscriptionId, 1000)).body;
    const cancelled = await t.request('POST', `${LINKS}${link.id}/cancel/`, { token: owner });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      cancellable: false,
      payable: false,
    });
    const again = await t.request('POST', `${LINKS}${link.id}/cancel/`, { token: owner });
    expect(again.status).toBe(400);
    expect(again.body.error_code).toBe('payment_link.cancelled');
    expect(again.body.non_field_errors).toEqual(['This payment link has been cancelled.']);
    const paid = await t.request('POST', `/api/payments/sandbox/links/${link.link_id}/pay/`, {
      body: { outcome: 'success' },
    });
    expect(paid.status).toBe(400);
    expect(paid.body.error_code).toBe('payment_link.cancelled');
    const hook = await webhook(
      JSON.stringify(paidEvent(link, 'pay_Cancelled0000001', nowSeconds())),
    );
    // Razorpay captured it anyway (cancelled while the customer paid): recorded against the due.
    expect(hook.body.status).toBe('processed');
    expect(
      (await paymentsOf(subscriptionId)).map((one) => [one.amount_paise, one.advance_paise]),
    ).toEqual([[1000_00, 0]]);
    expect((await linkRow(link.id)).status).toBe('cancelled');
    const audit = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('object_type', '=', 'payment_link')
      .where('object_id', '=', link.id)
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      'payment_link.create',
      'payment_link.cancel',
      'payment_link.paid_after_end',
    ]);
  });

  it('asks for ₹1 up to what is due, and nothing when nothing is due', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const low = await createLink(subscriptionId, 0.5);
    expect(low.status).toBe(400);
    expect(low.body.error_code).toBe('payment_link.amount_too_low');
    const high = await createLink(subscriptionId, PRICE + 1);
    expect(high.status).toBe(400);
    expect(high.body.error_code).toBe('payment_link.amount_above_due');
    expect(high.body.non_field_errors).toEqual([
      'The amount cannot be more than ₹2,400, what the subscription still owes.',
    ]);
    const part = await createLink(subscriptionId, 1);
    expect(part.status).toBe(201);
    expect(part.body.amount).toBe(1);
    const active = await api.activeSubscription(ravi);
    const nothing = await createLink(active.subscriptionId);
    expect(nothing.status).toBe(400);
    expect(nothing.body.error_code).toBe('payment_link.nothing_due');
    const missing = await createLink(987654321);
    expect(missing.status).toBe(400);
    expect(missing.body.error_code).toBe('does_not_exist');
    // Customers cannot make links.
    const customer = await t.request('POST', LINKS, {
      token: asha.access,
      body: { subscription: subscriptionId },
    });
    expect(customer.status).toBe(403);
  });

  it('a customer sees only their own links, and the owner filters by status and customer', async () => {
    const first = await api.pendingSubscription(asha);
    const second = await api.pendingSubscription(ravi);
    const ashaLink = (await createLink(first.subscriptionId)).body;
    const raviLink = (await createLink(second.subscriptionId)).body;
    await t.request('POST', `${LINKS}${raviLink.id}/cancel/`, { token: owner });
    const ashas = await t.request('GET', '/api/payments/payment-links/', { token: asha.access });
    expect(ashas.body.map((link: { id: number }) => link.id)).toEqual([ashaLink.id]);
    const byUser = await t.request('GET', `${LINKS}?user=${ravi.id}`, { token: owner });
    expect(byUser.body.map((link: { id: number }) => link.id)).toEqual([raviLink.id]);
    const cancelled = await t.request('GET', `${LINKS}?status=cancelled&user=${ravi.id}`, {
      token: owner,
    });
    expect(cancelled.body).toHaveLength(1);
    const created = await t.request('GET', `${LINKS}?status=created&user=${ravi.id}`, {
      token: owner,
    });
    expect(created.body).toEqual([]);
    const forbidden = await t.request('GET', `${LINKS}${ashaLink.id}/`, { token: ravi.access });
    expect(forbidden.status).toBe(403);
  });

  it('a failed payment says why: declined by the bank, cancelled, timed out, in English and Hindi', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const order = await t.request('POST', '/api/payments/orders/', {
      token: asha.access,
      body: { subscription: subscriptionId },
    });
    const orderId = order.body.order_id as string;
    const fail = (failure: string, language = 'en') =>
      t.request('POST', '/api/payments/sandbox/pay/', {
        token: asha.access,
        headers: { 'accept-language': language },
        body: { order_id: orderId, outcome: 'failure', method: 'upi', failure },
      });
    const declined = await fail('declined');
    expect(declined.status).toBe(400);
    expect(declined.body.error_code).toBe('payment.declined');
    expect(declined.body.detail).toBe('The payment was declined by the bank.');
    const cancelled = await fail('cancelled', 'hi');
    expect(cancelled.body.detail).toBe('भुगतान पूरा होने से पहले रद्द कर दिया गया।');
    await fail('timed_out');
    const failed = (await paymentsOf(subscriptionId)).sort((a, b) => a.id - b.id);
    expect(
      failed.map((payment) => [payment.status, payment.payment_mode, payment.failure_reason]),
    ).toEqual([
      ['FAILED', 'upi', 'The payment was declined by the bank.'],
      ['FAILED', 'upi', 'The payment was cancelled before it was completed.'],
      ['FAILED', 'upi', 'The payment timed out: the bank or UPI app did not confirm it in time.'],
    ]);
    // Razorpay's payment.failed names the reason; it is stored as the customer reads it.
    const raw = JSON.stringify({
      event: 'payment.failed',
      payload: {
        payment: {
          entity: {
            id: 'pay_TimedOutUpi00001',
            order_id: orderId,
            amount: PRICE * 100,
            method: 'upi',
            error_code: 'BAD_REQUEST_ERROR',
            error_reason: 'payment_timed_out',
            error_description: 'Payment was not completed on time.',
          },
        },
      },
    });
    expect((await webhook(raw)).body.status).toBe('processed');
    const byWebhook = (await paymentsOf(subscriptionId)).find(
      (payment) => payment.razorpay_payment_id === 'pay_TimedOutUpi00001',
    );
    expect(byWebhook?.failure_reason).toBe(
      'The payment timed out: the bank or UPI app did not confirm it in time.',
    );
    // Stored in English, read in the reader's language: the customer's list and the owner's.
    const hindiReasons = async (url: string, token: string) => {
      const answer = await t.request('GET', url, { token, headers: { 'accept-language': 'hi' } });
      expect(answer.headers.vary).toContain('Accept-Language');
      const rows = Array.isArray(answer.body) ? answer.body : answer.body.results;
      return rows
        .filter((payment: { id: number }) => failed.some((row) => row.id === payment.id))
        .map((payment: { failure_reason: string }) => payment.failure_reason);
    };
    for (const [url, token] of [
      ['/api/payments/payments/', asha.access],
      ['/api/payments/admin/payments/?status=FAILED', owner],
    ] as const)
      expect(await hindiReasons(url, token)).toContain('भुगतान पूरा होने से पहले रद्द कर दिया गया।');
    const one = await t.request('GET', `/api/payments/payments/${failed[0]!.id}/`, {
      token: asha.access,
      headers: { 'accept-language': 'hi' },
    });
    expect(one.body.failure_reason).not.toBe(failed[0]!.failure_reason);
    expect(one.body.failure_reason).toMatch(/[\u0900-\u097F]/);
  });

  it('builds the counter UPI request for what is due, once the owner has set a UPI id', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const qr = `/api/subscriptions/subscriptions/${subscriptionId}/upi_qr/`;
    const unset = await t.request('GET', qr, { token: owner });
    expect(unset.status).toBe(400);
    expect(unset.body.error_code).toBe('payment_link.upi_not_configured');
    const bad = await t.request('PUT', '/api/owner/settings/', {
      token: owner,
      body: { ...DEFAULT_SETTINGS, upi: { vpa: 'not a vpa', payee_name: 'Annapurna Mess' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body['upi.vpa']).toEqual(['Enter a UPI id like messname@okaxis']);
    const saved = await t.request('PUT', '/api/owner/settings/', {
      token: owner,
      body: {
        ...DEFAULT_SETTINGS,
        upi: { vpa: 'annapurna.mess@okaxis', payee_name: 'Annapurna & Sons Mess' },
      },
    });
    expect(saved.status).toBe(200);
    const answer = await t.request('GET', qr, { token: asha.access });
    expect(answer.status).toBe(200);
    const uri = new URL(answer.body.upi_uri);
    expect(uri.protocol).toBe('upi:');
    expect(uri.searchParams.get('pa')).toBe('annapurna.mess@okaxis');
    expect(uri.searchParams.get('pn')).toBe('Annapurna & Sons Mess');
    expect(uri.searchParams.get('am')).toBe('2400.00');
    expect(uri.searchParams.get('cu')).toBe('INR');
    expect(uri.searchParams.get('tn')).toBe(`Link plan #${subscriptionId}`);
    expect(answer.body.upi_uri).toContain('pn=Annapurna%20%26%20Sons%20Mess');
    expect(answer.body.amount).toBe(PRICE);
    expect((await t.request('GET', qr, { token: owner })).status).toBe(200);
    const stranger = await t.request('GET', qr, { token: ravi.access });
    expect(stranger.status).toBe(404);
    // Keeps its value when a client older than the UPI settings saves.
    const older = await t.request('PUT', '/api/owner/settings/', {
      token: owner,
      body: DEFAULT_SETTINGS,
    });
    expect(older.body.upi.vpa).toBe('annapurna.mess@okaxis');
  });
});

describe.each(testDatabases())('payment links on %s (razorpay provider)', (dialect) => {
  let t: TestApp;
  let owner: string;
  let fake: Server;
  const received: { method: string; url: string; authorization: string; body: unknown }[] = [];

  beforeAll(async () => {
    fake = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const parsed = JSON.parse(body || '{}') as Record<string, unknown>;
        received.push({
          method: request.method ?? '',
          url: request.url ?? '',
          authorization: request.headers.authorization ?? '',
          body: parsed,
        });
        response.writeHead(200, { 'content-type': 'application/json' });
        const id = request.url?.match(/plink_\w+/)?.[0] ?? 'plink_Fake0000000001';
        response.end(
          JSON.stringify({
            id,
            amount: parsed.amount ?? 240000,
            reference_id: parsed.reference_id ?? '',
            short_url: `https://rzp.io/i/${id.slice(6, 12)}`,
            status: request.url?.endsWith('/cancel') ? 'cancelled' : 'created',
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
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    owner = await loginOwner(t);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => fake?.close(resolve));
  });

  it('creates and cancels through the Payment Links API with basic auth; the sandbox page is 404', async () => {
    const asha = await registerCustomer(t, { service: 'mess' });
    const api = commerce(t, () => owner, {
      codePrefix: 'RZPL',
      planDefaults: { name: 'Razorpay link plan', base_price: PRICE },
    });
    const { subscriptionId } = await api.pendingSubscription(asha);
    const made = await t.request('POST', LINKS, {
      token: owner,
      body: { subscription: subscriptionId, amount: 500 },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ provider: 'razorpay', link_id: 'plink_Fake0000000001' });
    expect(made.body.short_url).toBe('https://rzp.io/i/Fake00');
    const create = received[0]!;
    expect(create.method).toBe('POST');
    expect(create.url).toBe('/v1/payment_links');
    expect(create.authorization).toBe(
      `Basic ${Buffer.from('rzp_test_key:rzp_secret_value').toString('base64')}`,
    );
    expect(create.body).toMatchObject({
      amount: 50000,
      currency: 'INR',
      accept_partial: false,
      upi_link: true,
      reference_id: made.body.reference_id,
      customer: { contact: expect.stringMatching(/^\+91/) },
      notify: { sms: true },
    });
    expect((create.body as { expire_by: number }).expire_by).toBe(
      Math.floor(Date.parse(made.body.expire_by) / 1000),
    );
    const cancelled = await t.request('POST', `${LINKS}${made.body.id}/cancel/`, { token: owner });
    expect(cancelled.status).toBe(200);
    expect(received[1]).toMatchObject({
      method: 'POST',
      url: '/v1/payment_links/plink_Fake0000000001/cancel',
    });
    const page = await t.request('GET', '/api/payments/sandbox/links/plink_Fake0000000001/');
    expect(page.status).toBe(404);
    const pay = await t.request('POST', '/api/payments/sandbox/links/plink_Fake0000000001/pay/', {
      body: { outcome: 'success' },
    });
    expect(pay.status).toBe(404);
  });
});

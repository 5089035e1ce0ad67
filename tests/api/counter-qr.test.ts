// Counter QR codes (issue 21, "At the counter"): with a provider that makes them, the owner shows
// the customer the provider's UPI QR for what a subscription owes (or part of it); the provider's
// signed qr_code.credited webhook settles it once through the one settle path, onto the ledger,
// however many times it is delivered; closed and expired QRs take no payment; only the owner makes
// them. The sandbox speaks Razorpay's QR Codes API; Razorpay's is checked against a local fake.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxProvider } from '../../server/services/payments/sandbox.js';
import { ProviderError } from '../../server/services/payments/provider.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';

const WEBHOOK_SECRET = 'whsec_counter_qr_secret';
const PRICE = 2400;
const QRS = '/api/payments/admin/counter-qr/';
const MINUTE_MS = 60_000;

/** A qr_code.credited event as Razorpay sends it. */
function creditedEvent(
  qr: { qr_id: string; amount: number },
  paymentId: string,
  paidAtSeconds: number,
) {
  const paise = Math.round(qr.amount * 100);
  return {
    entity: 'event',
    account_id: 'acc_test',
    event: 'qr_code.credited',
    contains: ['payment', 'qr_code'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount: paise,
          currency: 'INR',
          status: 'captured',
          order_id: null,
          method: 'upi',
          vpa: 'gauri.kumar@okhdfcbank',
          created_at: paidAtSeconds,
        },
      },
      qr_code: {
        entity: {
          id: qr.qr_id,
          entity: 'qr_code',
          usage: 'single_use',
          type: 'upi_qr',
          payment_amount: paise,
          status: 'active',
          fixed_amount: true,
          payments_amount_received: paise,
          payments_count_received: 1,
          close_reason: null,
        },
      },
    },
    created_at: paidAtSeconds,
  };
}

/** The signature computed here, independently of the server's code. */
const sign = (raw: string, secret = WEBHOOK_SECRET) =>
  createHmac('sha256', secret).update(raw).digest('hex');

describe.each(testDatabases())('counter QR codes on %s (sandbox)', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;
  let asha: Customer;

  beforeAll(async () => {
    t = await createTestApp(dialect, { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
    owner = await loginOwner(t);
    api = commerce(t, () => owner, {
      codePrefix: 'CQR',
      planDefaults: { name: 'Counter plan', base_price: PRICE },
    });
  });
  beforeEach(async () => {
    owner = await loginOwner(t);
    asha = await registerCustomer(t, { service: 'mess' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const createQr = (subscription: number, amount?: number, token = owner) =>
    t.request('POST', QRS, {
      token,
      body: { subscription, ...(amount === undefined ? {} : { amount }) },
    });
  const scan = (uri: string, outcome: 'success' | 'failure' = 'success') =>
    t.request('POST', '/api/payments/sandbox/qr-codes/pay/', { body: { upi_uri: uri, outcome } });
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
  const ledgerPaymentsOf = (subscriptionId: number) =>
    t.ctx.db.kysely
      .selectFrom('ledger_entries')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .where('kind', '=', 'payment')
      .execute();
  const qrRow = (id: number) =>
    t.ctx.db.kysely
      .selectFrom('counter_qr_codes')
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

  it('creates a QR for everything due as a valid UPI request; scanned and paid in the sandbox it settles once, onto the ledger', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const made = await createQr(subscriptionId);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      amount: PRICE,
      status: 'created',
      provider: 'sandbox',
      subscription: subscriptionId,
      user: asha.id,
      closable: true,
      payable: true,
      payment: null,
      image_url: null,
    });
    expect(made.body.qr_id).toMatch(/^qr_[A-Za-z0-9]{14}$/);
    // Fifteen minutes from when it was made.
    const lifetime = Date.parse(made.body.close_by) - t.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(15 * MINUTE_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * MINUTE_MS);
    // What a UPI app reads: a fixed amount to the QR's own UPI id, the QR named in tr.
    const uri = new URL(made.body.upi_uri);
    expect(made.body.upi_uri).toMatch(/^upi:\/\/pay\?/);
    expect(uri.searchParams.get('pa')).toMatch(/^rzr\.qr[a-z0-9]{14}@sandbox$/);
    expect(uri.searchParams.get('am')).toBe(`${PRICE}.00`);
    expect(uri.searchParams.get('cu')).toBe('INR');
    expect(uri.searchParams.get('tr')).toBe(made.body.qr_id);
    expect(uri.searchParams.get('tn')).toBe(`Counter plan #${subscriptionId}`);

    const paid = await scan(made.body.upi_uri);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ qr_id: made.body.qr_id, status: 'credited', amount: PRICE });
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
    expect(await ledgerPaymentsOf(subscriptionId)).toHaveLength(1);
    expect(await statusOf(subscriptionId)).toBe('ACTIVE');
    expect((await qrRow(made.body.id)).paid_payment_id).toBe(payments[0]!.id);

    // The owner's screen polls it: paid, nothing more to do.
    const polled = await t.request('GET', `${QRS}${made.body.id}/`, { token: owner });
    expect(polled.body).toMatchObject({
      status: 'credited',
      payment: payments[0]!.id,
      closable: false,
      payable: false,
    });
    // Scanning again is refused by the machine; closing says why.
    const again = await scan(made.body.upi_uri);
    expect(again.status).toBe(400);
    expect(again.body.error_code).toBe('counter_qr.already_paid');
    const close = await t.request('POST', `${QRS}${made.body.id}/close/`, { token: owner });
    expect(close.status).toBe(400);
    expect(close.body.error_code).toBe('counter_qr.already_paid');
  });

  it('50 concurrent deliveries of one signed qr_code.credited give one payment and one ledger entry', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const qr = (await createQr(subscriptionId)).body;
    const raw = JSON.stringify(creditedEvent(qr, 'pay_QrConcurrent0001', nowSeconds()));
    const answers = await Promise.all(Array.from({ length: 50 }, () => webhook(raw)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const statuses = answers.map((answer) => answer.body.status as string);
    expect(statuses.filter((status) => status === 'processed')).toHaveLength(1);
    expect(statuses.filter((status) => status !== 'processed')).toEqual(
      Array(49).fill('duplicate'),
    );
    const payments = await paymentsOf(subscriptionId);
    expect(payments.map((payment) => payment.status)).toEqual(['SUCCESS']);
    expect(payments[0]!.transaction_id).toBe('pay_QrConcurrent0001');
    expect(await ledgerPaymentsOf(subscriptionId)).toHaveLength(1);
    const row = await qrRow(qr.id);
    expect(row.status).toBe('credited');
    expect(row.paid_payment_id).toBe(payments[0]!.id);
    // Another payment id on the same single-use QR later is still a duplicate.
    const later = JSON.stringify(creditedEvent(qr, 'pay_QrConcurrent0002', nowSeconds()));
    expect((await webhook(later)).body.status).toBe('duplicate');
    expect(await paymentsOf(subscriptionId)).toHaveLength(1);
  });

  it('refuses a badly signed or tampered webhook with 400 and changes nothing', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const qr = (await createQr(subscriptionId)).body;
    const raw = JSON.stringify(creditedEvent(qr, 'pay_QrTampered00001', nowSeconds()));
    const wrongSecret = await webhook(raw, sign(raw, 'not-the-secret'));
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.error_code).toBe('webhook.invalid_signature');
    const tampered = raw.replace('pay_QrTampered00001', 'pay_QrTampered00002');
    const changed = await webhook(tampered, sign(raw));
    expect(changed.status).toBe(400);
    expect(changed.body.error_code).toBe('webhook.invalid_signature');
    expect(await paymentsOf(subscriptionId)).toEqual([]);
    expect((await qrRow(qr.id)).status).toBe('created');
    expect(await statusOf(subscriptionId)).toBe('PENDING_PAYMENT');
    // A signed event for another amount than the QR's is acknowledged and not applied.
    const wrongAmount = JSON.stringify(
      creditedEvent({ ...qr, amount: 1 }, 'pay_QrWrongAmount01', nowSeconds()),
    );
    expect((await webhook(wrongAmount)).body.status).toBe('ignored');
    // The genuine delivery is still taken afterwards.
    expect((await webhook(raw)).body.status).toBe('processed');
  });

  it('a part payment by QR leaves the rest due; a closed QR takes no scan; closing twice says why', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const part = await createQr(subscriptionId, 500);
    expect(part.status).toBe(201);
    expect(part.body.amount).toBe(500);
    expect(new URL(part.body.upi_uri).searchParams.get('am')).toBe('500.00');
    const other = (await createQr(subscriptionId, 700)).body;
    const closed = await t.request('POST', `${QRS}${other.id}/close/`, { token: owner });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', closable: false, payable: false });
    const twice = await t.request('POST', `${QRS}${other.id}/close/`, { token: owner });
    expect(twice.status).toBe(400);
    expect(twice.body.error_code).toBe('counter_qr.closed');
    const scanClosed = await scan(other.upi_uri);
    expect(scanClosed.status).toBe(400);
    expect(scanClosed.body.error_code).toBe('counter_qr.closed');
    // Money the provider still credited to it (closed while the customer paid) is recorded.
    const late = await webhook(
      JSON.stringify(creditedEvent(other, 'pay_QrClosed0000001', nowSeconds())),
    );
    expect(late.body.status).toBe('processed');
    expect((await qrRow(other.id)).status).toBe('closed');

    expect((await scan(part.body.upi_uri)).body.status).toBe('credited');
    const payments = await paymentsOf(subscriptionId);
    expect(payments.map((payment) => payment.amount_paise)).toEqual([70_000, 50_000]);
    // ₹1,200 still due: a QR above it is refused, one for all of it is made.
    const above = await createQr(subscriptionId, 1201);
    expect(above.status).toBe(400);
    expect(above.body.error_code).toBe('payment_link.amount_above_due');
    const rest = await createQr(subscriptionId);
    expect(rest.body.amount).toBe(1200);
  });

  it('asks for ₹1 up to what is due, of a subscription that exists; a declined scan pays nothing', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const low = await createQr(subscriptionId, 0.5);
    expect(low.status).toBe(400);
    expect(low.body.error_code).toBe('payment_link.amount_too_low');
    const decimals = await createQr(subscriptionId, 1.005);
    expect(decimals.status).toBe(400);
    const above = await createQr(subscriptionId, PRICE + 1);
    expect(above.body.error_code).toBe('payment_link.amount_above_due');
    const missing = await createQr(2_000_000);
    expect(missing.status).toBe(400);
    expect(missing.body.error_code).toBe('does_not_exist');

    const qr = (await createQr(subscriptionId, 1)).body;
    const declined = await scan(qr.upi_uri, 'failure');
    expect(declined.status).toBe(400);
    expect(declined.body.error_code).toBe('payment.declined');
    expect(await paymentsOf(subscriptionId)).toEqual([]);
    // A UPI request that is not the QR's (another amount) is refused; one naming no QR is 404.
    const forged = qr.upi_uri.replace('am=1.00', 'am=0.01');
    expect((await scan(forged)).status).toBe(400);
    expect((await scan('upi://pay?pa=someone@okaxis&am=1.00&tr=qr_Unknown0000001')).status).toBe(
      404,
    );
    expect((await scan('https://example.com/')).status).toBe(400);

    // A QR asked without an amount asks for what the open ₹1 QR does not.
    const full = (await createQr(subscriptionId)).body;
    expect(full.amount).toBe(PRICE - 1);
    expect((await scan(full.upi_uri)).body.status).toBe('credited');
    // ₹1 is due, and the open ₹1 QR asks for it: nothing more can be asked.
    expect((await qrRow(qr.id)).status).toBe('created');
    const more = await createQr(subscriptionId);
    expect(more.status).toBe(400);
    expect(more.body.error_code).toBe('payment_link.fully_requested');
    // Once fully paid, nothing is due and no QR is made.
    expect((await scan(qr.upi_uri)).body.status).toBe('credited');
    const none = await createQr(subscriptionId);
    expect(none.status).toBe(400);
    expect(none.body.error_code).toBe('payment_link.nothing_due');
  });

  it("the sandbox provider speaks Razorpay's QR entity: active, then closed with its close_reason", async () => {
    const provider = createSandboxProvider(t.ctx.config, t.ctx.db);
    expect(provider.qrCodes).toBe(true);
    const made = await provider.createQrCode({
      amountPaise: 12_345,
      name: 'Counter',
      description: 'Plan #1',
      closeBy: new Date(t.clock.now().getTime() + 15 * MINUTE_MS),
      notes: {},
    });
    expect(made).toMatchObject({ status: 'active', amountPaise: 12_345, closeReason: null });
    expect(made.id).toMatch(/^qr_[A-Za-z0-9]{14}$/);
    const uri = new URL(made.upiUri!);
    expect(uri.searchParams.get('am')).toBe('123.45');
    expect(uri.searchParams.get('tr')).toBe(made.id);
    await expect(provider.fetchQrCode(made.id)).rejects.toBeInstanceOf(ProviderError);

    // QRs the store made: the provider's side is their row.
    const { subscriptionId } = await api.pendingSubscription(asha);
    const open = (await createQr(subscriptionId, 100)).body;
    expect(await provider.fetchQrCode(open.qr_id)).toMatchObject({
      id: open.qr_id,
      status: 'active',
      amountPaise: 10_000,
      upiUri: open.upi_uri,
      closeReason: null,
    });
    await t.request('POST', `${QRS}${open.id}/close/`, { token: owner });
    expect(await provider.fetchQrCode(open.qr_id)).toMatchObject({
      status: 'closed',
      closeReason: 'on_demand',
    });
    const paid = (await createQr(subscriptionId, 100)).body;
    await scan(paid.upi_uri);
    expect(await provider.fetchQrCode(paid.qr_id)).toMatchObject({
      status: 'closed',
      closeReason: 'paid',
    });
  });

  it('only the owner makes, reads and closes QR codes', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const qr = (await createQr(subscriptionId)).body;
    expect((await createQr(subscriptionId, undefined, asha.access)).status).toBe(403);
    expect((await t.request('GET', `${QRS}${qr.id}/`, { token: asha.access })).status).toBe(403);
    const close = await t.request('POST', `${QRS}${qr.id}/close/`, { token: asha.access });
    expect(close.status).toBe(403);
    expect((await t.request('GET', `${QRS}${qr.id}/`)).status).toBe(401);
    expect((await qrRow(qr.id)).status).toBe('created');
  });

  it('a QR past its close_by takes no scan and shows as expired; money still credited is recorded; the provider closing it ends it', async () => {
    const { subscriptionId } = await api.pendingSubscription(asha);
    const qr = (await createQr(subscriptionId)).body;
    t.clock.advance(16 * MINUTE_MS);
    try {
      // (The owner's access token has expired meanwhile too.)
      const shown = await t.request('GET', `${QRS}${qr.id}/`, { token: await loginOwner(t) });
      expect(shown.body).toMatchObject({ status: 'expired', payable: false });
      const paid = await scan(qr.upi_uri);
      expect(paid.status).toBe(400);
      expect(paid.body.error_code).toBe('counter_qr.expired');
      const late = await webhook(
        JSON.stringify(creditedEvent(qr, 'pay_QrLate000000001', nowSeconds())),
      );
      expect(late.body.status).toBe('processed');
      expect((await paymentsOf(subscriptionId)).map((one) => one.amount_paise)).toEqual([
        PRICE * 100,
      ]);
      const closedEvent = JSON.stringify({
        entity: 'event',
        event: 'qr_code.closed',
        contains: ['qr_code'],
        payload: { qr_code: { entity: { id: qr.qr_id, status: 'closed', close_reason: 'auto' } } },
      });
      expect((await webhook(closedEvent)).body.status).toBe('processed');
      expect((await qrRow(qr.id)).status).toBe('expired');
      expect((await webhook(closedEvent)).body.status).toBe('duplicate');
      expect(await paymentsOf(subscriptionId)).toHaveLength(1);
    } finally {
      t.clock.advance(-16 * MINUTE_MS);
    }
  });
});

describe.each(testDatabases())('counter QR codes on %s (QR codes off)', (dialect) => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it("refuses to make one, so the screen shows the QR of the owner's UPI id", async () => {
    t = await createTestApp(dialect, { PAYMENT_QR_CODES: 'off' });
    const owner = await loginOwner(t);
    const asha = await registerCustomer(t, { service: 'mess' });
    const api = commerce(t, () => owner, {
      codePrefix: 'CQRO',
      planDefaults: { name: 'Counter plan', base_price: PRICE },
    });
    const { subscriptionId } = await api.pendingSubscription(asha);
    const made = await t.request('POST', QRS, {
      token: owner,
      body: { subscription: subscriptionId },
    });
    expect(made.status).toBe(400);
    expect(made.body.error_code).toBe('counter_qr.not_supported');
  });
});

describe.each(testDatabases())('counter QR codes on %s (razorpay provider)', (dialect) => {
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
        const closing = request.url?.endsWith('/close') ?? false;
        // Razorpay's QR Codes entity (with image content).
        response.end(
          JSON.stringify({
            id: 'qr_Fake0000000001',
            entity: 'qr_code',
            created_at: 1632892063,
            name: parsed.name ?? 'Store',
            usage: 'single_use',
            type: 'upi_qr',
            image_url: 'https://rzp.io/i/67FsPSHWvw',
            payment_amount: parsed.payment_amount ?? 50000,
            status: closing ? 'closed' : 'active',
            description: parsed.description ?? '',
            fixed_amount: true,
            payments_amount_received: 0,
            payments_count_received: 0,
            notes: parsed.notes ?? {},
            close_by: parsed.close_by ?? 1632922955,
            close_reason: closing ? 'on_demand' : null,
            image_content: `upi://pay?pa=rzr.qrfake0000000001@icic&pn=Dabba&tr=RZPFake0000000001qrv2&cu=INR&mc=5811&am=${Number(parsed.payment_amount ?? 50000) / 100}`,
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

  it("creates and closes through the QR Codes API with basic auth; the sandbox's scan is 404", async () => {
    const asha = await registerCustomer(t, { service: 'mess' });
    const api = commerce(t, () => owner, {
      codePrefix: 'RZPQ',
      planDefaults: { name: 'Razorpay QR plan', base_price: PRICE },
    });
    const { subscriptionId } = await api.pendingSubscription(asha);
    const made = await t.request('POST', QRS, {
      token: owner,
      body: { subscription: subscriptionId, amount: 500 },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      provider: 'razorpay',
      qr_id: 'qr_Fake0000000001',
      image_url: 'https://rzp.io/i/67FsPSHWvw',
    });
    expect(made.body.upi_uri).toMatch(/^upi:\/\/pay\?pa=rzr\.qrfake/);
    const create = received[0]!;
    expect(create).toMatchObject({ method: 'POST', url: '/v1/payments/qr_codes' });
    expect(create.authorization).toBe(
      `Basic ${Buffer.from('rzp_test_key:rzp_secret_value').toString('base64')}`,
    );
    expect(create.body).toMatchObject({
      type: 'upi_qr',
      usage: 'single_use',
      fixed_amount: true,
      payment_amount: 50000,
      notes: { subscription_id: String(subscriptionId) },
    });
    expect((create.body as { close_by: number }).close_by).toBe(
      Math.floor(Date.parse(made.body.close_by) / 1000),
    );
    const closed = await t.request('POST', `${QRS}${made.body.id}/close/`, { token: owner });
    expect(closed.status).toBe(200);
    expect(received[1]).toMatchObject({
      method: 'POST',
      url: '/v1/payments/qr_codes/qr_Fake0000000001/close',
    });
    const scan = await t.request('POST', '/api/payments/sandbox/qr-codes/pay/', {
      body: { upi_uri: made.body.upi_uri, outcome: 'success' },
    });
    expect(scan.status).toBe(404);
  });
});

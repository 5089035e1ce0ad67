// JSON and CSV answers over about 1 kB travel compressed (br, else gzip) to a client that accepts it,
// and decode to exactly the uncompressed answer; small answers, images and PDFs go as they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOwner, registerCustomer } from '../helpers/accounts.js';
import { commerce } from '../helpers/commerce.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { insertPlan, insertSubscription } from '../helpers/fixtures.js';
import { addDays } from '@machines';

describe.each(testDatabases())('compressed answers (%s)', (dialect) => {
  let t: TestApp;
  let owner: string;
  let paymentId: number;
  let attachmentId: number;
  let customerToken: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    for (let index = 0; index < 12; index += 1) {
      await insertPlan(t, { name: `Plan ${index} with a description long enough to matter` });
    }
    const plan = await insertPlan(t, { serviceType: 'tiffin', name: 'Tiffin Trio' });
    for (let index = 0; index < 15; index += 1) {
      const customer = await registerCustomer(t, { userType: 'regular', service: 'tiffin' });
      await insertSubscription(t, customer.id, { plan });
    }
    const alice = await registerCustomer(t);
    customerToken = alice.access;
    const api = commerce(t, owner);
    paymentId = (await api.activeSubscription(alice)).payment.id;
    const feedbackId = await api.openFeedback(alice);
    const attached = await api.attach(alice, feedbackId);
    expect(attached.status).toBe(200);
    attachmentId = attached.body.attachments[0].id;
  });
  afterAll(() => t?.close());

  const plansUrl = '/api/subscriptions/plans/';

  it('sends a large JSON answer as br when the client accepts it, and as gzip when only that', async () => {
    const plain = await t.request('GET', plansUrl);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.wireBytes).toBeGreaterThan(1024);
    for (const [accepted, expected] of [
      ['gzip, deflate, br', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0', 'gzip'],
    ] as const) {
      const answer = await t.request('GET', plansUrl, { headers: { 'accept-encoding': accepted } });
      expect(answer.headers['content-encoding'], accepted).toBe(expected);
      expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      expect(answer.text).toBe(plain.text);
      expect(answer.wireBytes, accepted).toBeLessThan(plain.wireBytes / 3);
    }
  });

  it("compresses the owner's list of plans, which is read from the database, the same way", async () => {
    const headers = { 'accept-encoding': 'br' };
    const plain = await t.request('GET', `${plansUrl}?include_inactive=true`, { token: owner });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const answer = await t.request('GET', `${plansUrl}?include_inactive=true`, {
      token: owner,
      headers,
    });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(String(answer.headers.vary)).toMatch(/authorization, accept-encoding/i);
    expect(answer.text).toBe(plain.text);
    expect(answer.wireBytes).toBeLessThan(plain.wireBytes / 3);
  });

  it('reads a multipart body only where a photo is uploaded: elsewhere it is refused as not JSON', async () => {
    const form = new FormData();
    form.append('username', 'owner');
    form.append('password', 'x');
    const encoded = new Response(form);
    // Through Fastify directly: the contract does not list 415 (any body but JSON gets it).
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')! },
    });
    expect(answer.statusCode).toBe(415);
    expect(answer.json()).toEqual({
      detail: 'Unsupported media type. Send JSON.',
      error_code: 'parse_error',
    });
  });

  it('compresses the CSV download too', async () => {
    const url = `/api/kitchen/sheet/?format=csv&date=${addDays(t.ctx.today(), 1)}`;
    const plain = await t.request('GET', url, { token: owner });
    expect(plain.status).toBe(200);
    expect(plain.wireBytes).toBeGreaterThan(1024);
    const answer = await t.request('GET', url, {
      token: owner,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.text).toBe(plain.text);
  });

  it('compresses the contract (YAML) as well', async () => {
    const plain = await t.request('GET', '/api/openapi.yaml');
    const answer = await t.request('GET', '/api/openapi.yaml', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.text).toBe(plain.text);
    expect(answer.wireBytes).toBeLessThan(plain.wireBytes / 4);
  });

  it('leaves small answers, the PDF receipt and photos as they are', async () => {
    const headers = { 'accept-encoding': 'br, gzip' };
    const health = await t.request('GET', '/api/health/', { headers });
    expect(health.headers['content-encoding']).toBeUndefined();
    const pdf = await t.request('GET', `/api/payments/payments/${paymentId}/receipt_pdf/`, {
      token: customerToken,
      headers,
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-encoding']).toBeUndefined();
    const photo = await t.request('GET', `/api/feedback/attachments/${attachmentId}/file/`, {
      token: customerToken,
      headers,
    });
    expect(photo.status).toBe(200);
    expect(photo.headers['content-encoding']).toBeUndefined();
  });

  it('refuses a compressed request body instead of inflating it', async () => {
    const answer = await t.request('POST', '/api/accounts/login/', {
      raw: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
      headers: { 'content-encoding': 'gzip' },
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });
});

// What a browser (or a proxy between it and us) may keep. Signed-in answers and downloads with
// personal data are never stored; the public plans and business profile may be, briefly, and only
// as answered to a caller without a token. Every API answer says which (the contract requires the
// header on each, so every other test checks it is there).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';
import { createTestApp, testDatabases, type Answer, type TestApp } from '../helpers/app.js';

const NO_STORE = 'no-store';
const BRIEFLY = 'public, max-age=60';

describe.each(testDatabases())('Cache-Control (%s)', (dialect) => {
  let t: TestApp;
  let owner: string;
  let alice: Customer;
  let api: Commerce;
  let planId: number;
  let paymentId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    alice = await registerCustomer(t);
    api = commerce(t, owner);
    const paid = await api.activeSubscription(alice);
    planId = paid.plan.id;
    paymentId = paid.payment.id;
  });
  afterAll(() => t?.close());

  const cacheControl = (answer: Answer) => answer.headers['cache-control'];

  it('lets the public plans and business profile be kept briefly, for callers without a token', async () => {
    for (const url of [
      '/api/subscriptions/plans/',
      `/api/subscriptions/plans/${planId}/`,
      '/api/business/',
    ]) {
      const answer = await t.request('GET', url);
      expect(answer.status, url).toBe(200);
      expect(cacheControl(answer), url).toBe(BRIEFLY);
      // A cache must not hand the anonymous answer to a signed-in request (the owner's own view).
      expect(String(answer.headers.vary), url).toMatch(/\bAuthorization\b/i);
    }
  });

  it('keeps nothing answered to a signed-in caller, even of public operations', async () => {
    for (const [token, url] of [
      [alice.access, '/api/subscriptions/plans/'],
      [owner, '/api/subscriptions/plans/?include_inactive=true'],
      [owner, '/api/business/'],
    ] as const) {
      const answer = await t.request('GET', url, { token });
      expect(answer.status, url).toBe(200);
      expect(cacheControl(answer), url).toBe(NO_STORE);
    }
  });

  it('keeps no signed-in answer: profile, subscriptions, payments, owner lists', async () => {
    const reads: [string, string][] = [
      [alice.access, '/api/accounts/profile/'],
      [alice.access, '/api/subscriptions/subscriptions/'],
      [alice.access, '/api/subscriptions/subscriptions/active/'],
      [alice.access, '/api/payments/payments/'],
      [alice.access, '/api/notifications/events/'],
      [owner, '/api/accounts/owner/users/'],
      [owner, '/api/accounts/owner/users/active_subscribers/'],
      [owner, '/api/owner/summary/'],
      [owner, '/api/payments/admin/payments/'],
      [owner, '/api/payments/refunds/'],
      [owner, '/api/audit/'],
    ];
    for (const [token, url] of reads) {
      const answer = await t.request('GET', url, { token });
      expect(answer.status, url).toBe(200);
      expect(cacheControl(answer), url).toBe(NO_STORE);
    }
  });

  it('keeps no download with personal data: receipts, the PDF, the kitchen sheet CSV', async () => {
    for (const [token, url] of [
      [alice.access, `/api/payments/payments/${paymentId}/receipt/`],
      [alice.access, `/api/payments/payments/${paymentId}/receipt_pdf/`],
      [owner, `/api/payments/payments/${paymentId}/receipt/`],
      [owner, '/api/kitchen/sheet/?format=csv'],
    ] as const) {
      const answer = await t.request('GET', url, { token });
      expect(answer.status, url).toBe(200);
      expect(cacheControl(answer), url).toBe(NO_STORE);
    }
  });

  it('keeps no token, and no error even of a public operation', async () => {
    const login = await t.request('POST', '/api/accounts/login/', {
      body: { username: 'owner', password: 'owner-password-1' },
    });
    expect(login.status).toBe(200);
    expect(cacheControl(login)).toBe(NO_STORE);
    const missing = await t.request('GET', '/api/subscriptions/plans/999999/');
    expect(missing.status).toBe(404);
    expect(cacheControl(missing)).toBe(NO_STORE);
    const refused = await t.request('GET', '/api/accounts/profile/');
    expect(refused.status).toBe(401);
    expect(cacheControl(refused)).toBe(NO_STORE);
    const unknown = await t.request('GET', '/api/no-such-thing/');
    expect(unknown.status).toBe(404);
    expect(cacheControl(unknown)).toBe(NO_STORE);
  });
});

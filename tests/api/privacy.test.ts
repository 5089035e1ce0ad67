// Privacy (issue 23, DPDP Act), on both databases: the registration's optional WhatsApp consent is
// recorded against the privacy notice; a customer downloads their own data only; an erasure request
// follows machines/erasure (ask with the password, cancel, the owner completes once the customer's
// business is over: no subscription running or awaiting payment, no money open or on its way, each
// refusal naming what to settle in English or Hindi); after completion the customer cannot sign in
// and their name is gone from the owner's reads except the tax invoice, which keeps the name it was
// issued to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION, refusalSentence } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import {
  lastOtp,
  loginOwner,
  registerCustomer,
  uniquePhone,
  type Customer,
} from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';
import { insertPendingCash } from '../helpers/fixtures.js';

const ERASURE = '/api/accounts/erasure-request/';
const OWNER_ERASURES = '/api/owner/erasure-requests/';

describe.each(testDatabases())('privacy on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    api = commerce(t, () => owner, { codePrefix: `PRIV-${dialect}` });
  });
  afterAll(async () => {
    await t?.close();
  });

  const profileOf = async (who: Customer) =>
    (await t.request('GET', '/api/accounts/profile/', { token: who.access })).body as {
      first_name: string;
      last_name: string;
    };
  const ask = (who: Customer, password: string) =>
    t.request('POST', ERASURE, { token: who.access, body: { password } });
  const ownerList = async () =>
    (await t.request('GET', OWNER_ERASURES, { token: owner })).body as {
      id: number;
      status: string;
      customer: { id: number; full_name: string };
      active_subscriptions: number;
      pending_subscriptions: number;
      balance: number;
      open_refunds: number;
      open_payment_links: number;
      pending_cash_collections: number;
      actions: string[];
    }[];
  const complete = (id: number, headers: Record<string, string> = {}) =>
    t.request('POST', `${OWNER_ERASURES}${id}/complete/`, { token: owner, headers });
  const rowOf = async (id: number) => (await ownerList()).find((row) => row.id === id);

  it('the registration checkbox records WhatsApp service consent with the notice version', async () => {
    const register = async (consent: boolean | undefined, n: string) => {
      const phone = uniquePhone();
      const answer = await t.request('POST', '/api/accounts/register/', {
        ip: `10.200.0.${n}`,
        body: {
          username: `consent${n}${process.pid}${dialect}`,
          email: `consent${n}${process.pid}${dialect}@example.com`,
          phone: `+91${phone}`,
          password: 'secret-pass-1',
          confirm_password: 'secret-pass-1',
          user_type: 'regular',
          first_name: 'Kavya',
          last_name: 'Iyer',
          ...(consent === undefined ? {} : { whatsapp_service_consent: consent }),
        },
      });
      expect(answer.status).toBe(201);
      const verified = await t.request('POST', '/api/accounts/verify-otp/', {
        ip: `10.200.0.${n}`,
        body: { phone: `+91${phone}`, otp: lastOtp(t, phone) },
      });
      expect(verified.status).toBe(200);
      const consents = await t.request('GET', '/api/accounts/consents/', {
        token: verified.body.access,
      });
      return (consents.body as { channel: string; purpose: string }[]).find(
        (c) => c.channel === 'whatsapp' && c.purpose === 'service',
      );
    };
    expect(await register(true, '1')).toMatchObject({
      status: 'granted',
      method: 'registration_checkbox',
      notice_version: PRIVACY_NOTICE_VERSION,
    });
    expect(await register(false, '2')).toMatchObject({ status: 'none', method: null });
    expect(await register(undefined, '3')).toMatchObject({ status: 'none' });
  });

  it('the data download holds the caller’s own records only, and is audited', async () => {
    const asha = await registerCustomer(t, { service: 'mess' });
    const other = await registerCustomer(t, { service: 'mess' });
    const { subscriptionId } = await api.activeSubscription(asha);
    await api.pendingLeave(asha, subscriptionId, { reason: 'Going home for Diwali' });
    const feedbackId = await api.openFeedback(asha, { message: 'Dal was cold today.' });
    expect((await api.attach(asha, feedbackId)).status).toBe(200);
    await t.request('PUT', '/api/accounts/consents/', {
      token: asha.access,
      body: { channel: 'sms', purpose: 'promotions', granted: true },
    });
    await api.openFeedback(other, { message: 'Someone else’s words.' });

    const answer = await t.request('GET', '/api/accounts/data-export/', { token: asha.access });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="dabba-data_${asha.username}_${t.ctx.today()}.json"`,
    );
    const file = answer.body;
    expect(file.format).toBe('dabba-data-export/1');
    expect(file.notice_version).toBe(PRIVACY_NOTICE_VERSION);
    expect(file.profile).toMatchObject({ id: asha.id, username: asha.username, email: asha.email });
    expect(file.profile.student_profile).toMatchObject({ institute: 'KIET' });
    expect(file.subscriptions.map((s: { id: number }) => s.id)).toEqual([subscriptionId]);
    expect(file.payments).toHaveLength(1);
    expect(file.payments[0]).toMatchObject({ user_id: asha.id, status: 'SUCCESS' });
    expect(file.leaves).toHaveLength(1);
    expect(file.leaves[0].reason).toBe('Going home for Diwali');
    expect(file.feedback).toHaveLength(1);
    expect(file.feedback[0].message).toBe('Dal was cold today.');
    expect(file.feedback[0].photos).toHaveLength(1);
    expect(file.feedback[0].photos[0]).toMatch(/\/api\/feedback\/attachments\/\d+\/file\/$/);
    expect(file.consents).toEqual([
      expect.objectContaining({ channel: 'sms', purpose: 'promotions', grant_method: 'profile' }),
    ]);
    expect(file.statement.entries.length).toBeGreaterThanOrEqual(2);
    expect(file.notifications.length).toBeGreaterThan(0);
    // No secrets, and nobody else's data.
    expect(answer.text).not.toContain('password_hash');
    expect(answer.text).not.toContain(other.username);
    expect(answer.text).not.toContain('Someone else');

    expect((await t.request('GET', '/api/accounts/data-export/', { token: owner })).status).toBe(
      403,
    );
    const audit = await t.request('GET', '/api/audit/?action=privacy.export', { token: owner });
    expect(audit.body).toEqual([expect.objectContaining({ object_id: asha.id })]);
  });

  it('request → cancel → request → complete: erased, cannot sign in, gone from owner reads but the invoice', async () => {
    const ravi = await registerCustomer(t, { service: 'mess' });
    const { first_name, last_name } = await profileOf(ravi);
    const name = `${first_name} ${last_name}`;
    const { subscriptionId } = await api.activeSubscription(ravi);
    await api.pendingLeave(ravi, subscriptionId, { reason: 'Exams at home' });
    const feedbackId = await api.openFeedback(ravi, { message: 'Ravi says the roti was hard.' });
    expect((await api.attach(ravi, feedbackId)).status).toBe(200);
    const payment = (await t.request('GET', '/api/payments/payments/', { token: ravi.access }))
      .body as { results?: { id: number }[] } | { id: number }[];
    const paymentId = (Array.isArray(payment) ? payment : payment.results!)[0]!.id;

    // The password confirms; a wrong one is refused under `password`.
    const wrong = await ask(ravi, 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body.password).toEqual(['Your password was entered incorrectly.']);
    expect((await t.request('GET', ERASURE, { token: ravi.access })).body).toEqual({
      request: null,
    });

    const first = await ask(ravi, ravi.password);
    expect(first.status).toBe(201);
    expect(first.body.request).toMatchObject({ status: 'requested', actions: ['erasure.cancel'] });
    const twice = await ask(ravi, ravi.password);
    expect(twice.status).toBe(400);
    expect(twice.body.error_code).toBe('erasure.already_requested');

    const cancelled = await t.request('POST', `${ERASURE}cancel/`, { token: ravi.access });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.request).toMatchObject({ status: 'cancelled', actions: [] });
    const again = await t.request('POST', `${ERASURE}cancel/`, { token: ravi.access });
    expect(again.body.error_code).toBe('erasure.not_requested');
    expect((await complete(first.body.request.id)).body.error_code).toBe('erasure.not_requested');

    const second = await ask(ravi, ravi.password);
    expect(second.status).toBe(201);
    const id = second.body.request.id as number;
    // Ravi's paid subscription still runs: the kitchen cooks for him, so the owner waits.
    expect(await rowOf(id)).toMatchObject({
      status: 'requested',
      customer: { id: ravi.id, full_name: name },
      active_subscriptions: 1,
      pending_subscriptions: 0,
      balance: 0,
      open_refunds: 0,
      open_payment_links: 0,
      pending_cash_collections: 0,
      actions: [],
    });
    const running = await complete(id);
    expect(running.status).toBe(400);
    expect(running.body.error_code).toBe('erasure.subscription_active');
    await api.endYesterday(subscriptionId);
    expect(await rowOf(id)).toMatchObject({
      active_subscriptions: 0,
      actions: ['erasure.complete'],
    });

    // The audit log names them before (their own request, made as them).
    const auditBefore = await t.request('GET', '/api/audit/', { token: owner });
    expect(auditBefore.text).toContain(`"${ravi.username}"`);

    const done = await complete(id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: 'completed',
      customer: { id: ravi.id, full_name: `Erased customer #${ravi.id}` },
      actions: [],
    });
    expect((await complete(id)).body.error_code).toBe('erasure.not_requested');

    // No sign-in: the old session ends, the password and the phone no longer work.
    expect((await t.request('GET', '/api/accounts/profile/', { token: ravi.access })).status).toBe(
      401,
    );
    const login = await t.request('POST', '/api/accounts/login/', {
      body: { username: ravi.username, password: ravi.password },
    });
    expect(login.status).toBe(401);

    // The owner's reads no longer name them.
    const today = t.ctx.today();
    const reads = [
      '/api/accounts/owner/users/',
      `/api/accounts/owner/users/${ravi.id}/`,
      '/api/owner/dues/?format=csv',
      '/api/feedback/admin/feedback/',
      `/api/feedback/admin/feedback/${feedbackId}/`,
      '/api/subscriptions/leaves/',
      '/api/payments/admin/payments/',
      `/api/owner/reports/payments/?from=${today}&to=${today}&format=csv`,
      '/api/kitchen/sheet/',
      // The audit log keeps every entry, with the name written over (migration 033).
      '/api/audit/',
    ];
    for (const url of reads) {
      const read = await t.request('GET', url, { token: owner });
      expect(read.status, url).toBeLessThan(300);
      expect(read.text, url).not.toContain(name);
      expect(read.text, url).not.toContain(`"${ravi.username}"`);
      expect(read.text, url).not.toContain(ravi.email);
      expect(read.text, url).not.toContain('Exams at home');
      expect(read.text, url).not.toContain('roti was hard');
    }
    const users = await t.request('GET', `/api/accounts/owner/users/${ravi.id}/`, { token: owner });
    expect(users.body).toMatchObject({
      first_name: 'Erased customer',
      last_name: `#${ravi.id}`,
      username: `erased-${ravi.id}`,
    });
    expect(Date.parse(users.body.erased_at)).toBeGreaterThan(0);
    // Nobody stands behind the placeholders to have given consent: the owner cannot record it.
    const consent = await t.request('POST', `/api/owner/customers/${ravi.id}/consents/`, {
      token: owner,
      body: { channel: 'whatsapp', purpose: 'service', recorded_by: 'Sunita at the counter' },
    });
    expect(consent.status).toBe(400);
    expect(consent.body).toEqual({
      non_field_errors: [refusalSentence('en', 'consent.account_erased')],
      error_code: 'consent.account_erased',
    });
    const photos = await t.ctx.db.kysely
      .selectFrom('feedback_attachments')
      .select('id')
      .where('feedback_id', '=', feedbackId)
      .execute();
    expect(photos).toEqual([]);

    // The invoice keeps the name it was issued to.
    const receipt = await t.request('GET', `/api/payments/payments/${paymentId}/receipt/`, {
      token: owner,
    });
    expect(receipt.status).toBe(200);
    expect(receipt.text).toContain(name);
    expect(receipt.text).not.toContain(ravi.email);

    const audit = await t.request('GET', '/api/audit/?action=erasure.complete', { token: owner });
    expect(audit.body).toEqual([expect.objectContaining({ object_id: id })]);
    const request = await t.request('GET', '/api/audit/?action=erasure.request', { token: owner });
    expect(request.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actor_id: ravi.id, actor: `erased-${ravi.id}` }),
      ]),
    );
    // Still append-only for anything but a redaction: no other change, no deletion.
    await expect(
      t.ctx.db.kysely.updateTable('audit_log').set({ summary: 'rewritten' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.ctx.db.kysely
        .updateTable('audit_log')
        .set({ action: 'other', redacted_at: today })
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.ctx.db.kysely.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });

  it('completion waits while money is open either way', async () => {
    const owes = await registerCustomer(t, { service: 'mess' });
    const { subscriptionId } = await api.pendingSubscription(owes);
    const paid = await t.request('POST', '/api/payments/admin/payments/record_offline/', {
      token: owner,
      body: { payment_mode: 'cash', subscription: subscriptionId, amount: 1000 },
    });
    expect(paid.status).toBe(201);
    const asked = await ask(owes, owes.password);
    const row = (await ownerList()).find((r) => r.id === asked.body.request.id);
    expect(row).toMatchObject({ balance: 2000, actions: [] });
    const refused = await complete(asked.body.request.id);
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('erasure.balance_open');

    const owed = await registerCustomer(t, { service: 'mess' });
    await api.cancelledWithRefund(owed);
    const askedToo = await ask(owed, owed.password);
    const refusedToo = await complete(askedToo.body.request.id);
    expect(refusedToo.status).toBe(400);
    expect(['erasure.refund_open', 'erasure.balance_open']).toContain(refusedToo.body.error_code);
    // Still a customer who can sign in.
    expect((await profileOf(owed)).first_name).toBe('Test');
  });
  it('completion waits for a subscription running or awaiting payment, a payment link and rider cash', async () => {
    // A running subscription: refused with what to do, in the owner's language; erased once it ended.
    const asha = await registerCustomer(t, { service: 'mess' });
    const { subscriptionId: ashaSub } = await api.activeSubscription(asha);
    const ashaAsked = (await ask(asha, asha.password)).body.request.id as number;
    const hindi = await complete(ashaAsked, { 'accept-language': 'hi' });
    expect(hindi.status).toBe(400);
    expect(hindi.body.error_code).toBe('erasure.subscription_active');
    expect(hindi.text).toContain(
      JSON.stringify(refusalSentence('hi', 'erasure.subscription_active')).slice(1, -1),
    );
    const english = await complete(ashaAsked);
    expect(english.text).toContain(
      JSON.stringify(refusalSentence('en', 'erasure.subscription_active')).slice(1, -1),
    );
    expect((await profileOf(asha)).first_name).toBe('Test');
    await api.endYesterday(ashaSub);
    expect((await complete(ashaAsked)).status).toBe(200);

    // Awaiting payment, with a payment link sent for it: the owner cancels the link, the customer
    // deletes the subscription.
    const mohan = await registerCustomer(t, { service: 'mess' });
    const { subscriptionId: mohanSub } = await api.pendingSubscription(mohan);
    const link = await t.request('POST', '/api/payments/admin/payment-links/', {
      token: owner,
      body: { subscription: mohanSub },
    });
    expect(link.status).toBe(201);
    const mohanAsked = (await ask(mohan, mohan.password)).body.request.id as number;
    expect(await rowOf(mohanAsked)).toMatchObject({
      pending_subscriptions: 1,
      open_payment_links: 1,
      actions: [],
    });
    expect((await complete(mohanAsked)).body.error_code).toBe('erasure.subscription_pending');
    const cancelled = await t.request(
      'POST',
      `/api/payments/admin/payment-links/${link.body.id}/cancel/`,
      { token: owner },
    );
    expect(cancelled.status).toBe(200);
    expect(await rowOf(mohanAsked)).toMatchObject({
      pending_subscriptions: 1,
      open_payment_links: 0,
      actions: [],
    });
    const deleted = await t.request('DELETE', `/api/subscriptions/subscriptions/${mohanSub}/`, {
      token: mohan.access,
    });
    expect(deleted.status).toBe(204);
    expect(await rowOf(mohanAsked)).toMatchObject({
      pending_subscriptions: 0,
      actions: ['erasure.complete'],
    });
    expect((await complete(mohanAsked)).status).toBe(200);

    // Cash a rider collected and the owner has not confirmed: rejected (or confirmed) first.
    const gita = await registerCustomer(t, { service: 'mess' });
    const { subscriptionId: gitaSub } = await api.activeSubscription(gita);
    await api.endYesterday(gitaSub);
    const cash = await insertPendingCash(t, {
      userId: gita.id,
      subscriptionId: gitaSub,
      amountPaise: 50_000,
    });
    const gitaAsked = (await ask(gita, gita.password)).body.request.id as number;
    expect(await rowOf(gitaAsked)).toMatchObject({ pending_cash_collections: 1, actions: [] });
    expect((await complete(gitaAsked)).body.error_code).toBe('erasure.cash_pending');
    const rejected = await t.request('POST', `/api/owner/cash-collections/${cash.id}/reject/`, {
      token: owner,
      body: { reason: 'Gita paid at the counter instead' },
    });
    expect(rejected.status).toBe(200);
    expect(await rowOf(gitaAsked)).toMatchObject({
      pending_cash_collections: 0,
      actions: ['erasure.complete'],
    });
    expect((await complete(gitaAsked)).status).toBe(200);
  });
});

// Walk-ins (issue 21): the owner enrols a customer at the counter in one transaction (account,
// subscription, its charge, the payment), on both databases; the customer claims the account from
// the SMS link with a phone OTP and a password of their own, then signs in with it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, formatPhone } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { lastOtp, loginOwner, registerCustomer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';
import { field, readReceiptHtml } from '../helpers/receipt-html.js';

const ENROL = '/api/payments/admin/walk-ins/';
const PRICE = 3000;

describe.each(testDatabases())('walk-ins on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;
  let planId: number;
  let phoneCounter = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    api = commerce(t, () => owner, {
      codePrefix: 'WALKIN',
      planDefaults: { name: 'Counter plan', base_price: PRICE },
    });
    planId = (await api.plan({ name: 'Counter plan' })).id;
  });
  beforeEach(async () => {
    owner = await loginOwner(t); // a test may have moved the clock past the last token's life
    await setPolicy({ activation: 'full_payment', max_dues: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const setPolicy = async (payments: { activation: string; max_dues: number }) => {
    const saved = await t.request('PUT', '/api/owner/settings/', {
      token: owner,
      body: { ...DEFAULT_SETTINGS, payments },
    });
    expect(saved.status).toBe(200);
  };
  const newPhone = () => {
    phoneCounter += 1;
    return `75${String(process.pid % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
  };
  const enrol = (body: Record<string, unknown>) =>
    t.request('POST', ENROL, {
      token: owner,
      body: {
        first_name: 'Ravi',
        last_name: 'Kumar',
        phone: newPhone(),
        user_type: 'student',
        plan: planId,
        payment_mode: 'cash',
        amount: 0,
        // Paid in part (0 is a part too): the owner says when it starts; a test of that sends its own.
        start: 'when_paid',
        ...body,
      },
    });
  const claimToken = (phone: string) => {
    const sms = t.smsOutbox().filter((message) => message.to === `+91${phone.slice(-10)}`);
    const token = sms[sms.length - 1]?.body.match(/\/claim\/([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error(`no claim link for ${phone}`);
    return token;
  };
  const claim = async (phone: string, password = 'Counter-pass-42') => {
    const token = claimToken(phone);
    const started = await t.request('POST', `/api/accounts/claim/${token}/otp/`);
    expect(started.status).toBe(200);
    const verified = await t.request('POST', `/api/accounts/claim/${token}/verify/`, {
      body: { otp: lastOtp(t, phone) },
    });
    expect(verified.status).toBe(200);
    const done = await t.request('POST', `/api/accounts/claim/${token}/complete/`, {
      body: { password, confirm_password: password },
    });
    expect(done.status).toBe(200);
    return { token, session: done.body };
  };
  const balanceOf = async (userId: number) =>
    Number(
      (
        await t.ctx.db.kysely
          .selectFrom('ledger_balances')
          .select('balance_paise')
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.balance_paise ?? 0,
    );

  it('a part payment at the counter: price − paid is due, and the claimed customer sees it', async () => {
    const phone = newPhone();
    const enrolled = await enrol({ phone, amount: 1000, payment_mode: 'upi', reference: 'UPI123' });
    expect(enrolled.status).toBe(201);
    expect(enrolled.body).toMatchObject({
      detail: 'Walk-in enrolled. ₹2,000 is still due; the subscription starts when it is paid.',
      customer: { first_name: 'Ravi', phone: `+91${phone}`, status: 'profile_complete' },
      subscription: { status: 'PENDING_PAYMENT', amount_due: 2000 },
      payment: { status: 'SUCCESS', payment_mode: 'upi' },
      sms_sent: true,
      replayed: false,
    });
    expect(enrolled.body.customer.username).toBe(`ravi${phone.slice(-4)}`);
    const userId = enrolled.body.customer.id as number;
    expect(await balanceOf(userId)).toBe(200000);
    // Audited like a counter recording.
    const audit = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'walk_in.enrol')
      .where('object_id', '=', userId)
      .execute();
    expect(audit).toHaveLength(1);
    // No password works before the claim.
    const early = await t.request('POST', '/api/accounts/login/', {
      body: { username: enrolled.body.customer.username, password: '!walk-in' },
    });
    expect(early.status).toBe(401);

    const { session } = await claim(phone);
    const statement = await t.request('GET', '/api/ledger/statement/', { token: session.access });
    expect(statement.status).toBe(200);
    expect(statement.body).toMatchObject({ balance: 2000, status: 'DUE' });
    expect(
      statement.body.entries.map((e: { kind: string; amount: number }) => [e.kind, e.amount]),
    ).toEqual([
      ['charge', 3000],
      ['payment', -1000],
    ]);
    const login = await t.request('POST', '/api/accounts/login/', {
      body: { username: enrolled.body.customer.username, password: 'Counter-pass-42' },
    });
    expect(login.status).toBe(200);
    const profile = await t.request('GET', '/api/accounts/profile/', { token: login.body.access });
    expect(profile.body.phone_verified).toBe(true);
  });

  it('a walk-in who gave no e-mail address is told by SMS only', async () => {
    const phone = newPhone();
    const enrolled = await enrol({ phone, amount: 1000 });
    expect(enrolled.status).toBe(201);
    expect(enrolled.body.customer.email).toMatch(/@walk-in\.invalid$/);
    await t.settle();
    const channels = await t.ctx.db.kysely
      .selectFrom('notification_logs')
      .select('channel')
      .where('user_id', '=', enrolled.body.customer.id)
      .execute();
    expect(channels.length).toBeGreaterThan(0);
    expect(channels.every((row) => row.channel === 'sms')).toBe(true);
    // Nor does the receipt print the stand-in address.
    const receipt = await t.request(
      'GET',
      `/api/payments/payments/${enrolled.body.payment.id}/receipt/?layout=thermal`,
      { token: owner },
    );
    expect(receipt.status).toBe(200);
    expect(receipt.text).toContain(enrolled.body.customer.phone.slice(-5));
    expect(receipt.text).not.toContain('walk-in.invalid');
  });

  it('texts the claim link in the customer’s language when the owner gives it', async () => {
    const phone = newPhone();
    const enrolled = await enrol({ phone, amount: 0, language: 'hi' });
    expect(enrolled.status).toBe(201);
    const sms = t.smsOutbox().filter((message) => message.to === `+91${phone.slice(-10)}`);
    expect(sms.map((message) => message.body)).toEqual([
      expect.stringMatching(
        /^.+: नमस्ते Ravi, आप जुड़ गए हैं। अपना खाता लें \(7 दिन तक मान्य\): \S+\/claim\/[A-Za-z0-9_-]+$/,
      ),
    ]);
    // Their account keeps it: what the mess sends them later is in Hindi too.
    const user = await t.ctx.db.kysely
      .selectFrom('users')
      .select('language')
      .where('id', '=', enrolled.body.customer.id)
      .executeTakeFirstOrThrow();
    expect(user.language).toBe('hi');
  });

  it('enrols with nothing paid: the whole price is due and no payment is made', async () => {
    const enrolled = await enrol({ amount: 0 });
    expect(enrolled.status).toBe(201);
    expect(enrolled.body.payment).toBeNull();
    expect(enrolled.body.subscription).toMatchObject({
      status: 'PENDING_PAYMENT',
      amount_due: PRICE,
    });
    expect(await balanceOf(enrolled.body.customer.id)).toBe(PRICE * 100);
  });

  it('a full payment starts the subscription', async () => {
    const enrolled = await enrol({ amount: PRICE });
    expect(enrolled.status).toBe(201);
    expect(enrolled.body.detail).toBe('Walk-in enrolled. The subscription is active.');
    expect(enrolled.body.subscription).toMatchObject({ status: 'ACTIVE', amount_due: 0 });
    expect(await balanceOf(enrolled.body.customer.id)).toBe(0);
  });

  it('a part payment asks when it starts: now with the rest due starts it today whatever the policy', async () => {
    // The default policy (full payment) would keep it waiting: the owner's word at the counter wins.
    const phone = newPhone();
    const enrolled = await enrol({ phone, amount: 1000, start: 'now_with_dues' });
    expect(enrolled.status).toBe(201);
    expect(enrolled.body.detail).toBe(
      'Walk-in enrolled. The subscription is active; ₹2,000 is still due.',
    );
    expect(enrolled.body.subscription).toMatchObject({
      status: 'ACTIVE',
      amount_due: 2000,
      start_date: t.ctx.today(),
    });
    const userId = enrolled.body.customer.id as number;
    expect(await balanceOf(userId)).toBe(200000);
    // The choice is recorded: the audit entry, the ledger's charge and the receipt.
    const audit = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['summary', 'after_json'])
      .where('action', '=', 'walk_in.enrol')
      .where('object_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(audit.summary).toContain('started now with ₹2,000 still due (the owner’s choice)');
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({
      start: 'now_with_dues',
      subscription_status: 'ACTIVE',
      amount_due_paise: 200000,
    });
    const charge = await t.ctx.db.kysely
      .selectFrom('ledger_entries')
      .select('description')
      .where('user_id', '=', userId)
      .where('kind', '=', 'charge')
      .executeTakeFirstOrThrow();
    expect(charge.description).toBe(
      `Subscription #${enrolled.body.subscription.id}, started now owing ₹2,000`,
    );
    const receipt = await t.request(
      'GET',
      `/api/payments/payments/${enrolled.body.payment.id}/receipt/`,
      { token: owner },
    );
    expect(field(readReceiptHtml(receipt.text), 'Payment', 'Still due')).toBe('₹2,000');
    const hindi = await t.request(
      'GET',
      `/api/payments/payments/${enrolled.body.payment.id}/receipt/`,
      { token: owner, headers: { 'Accept-Language': 'hi' } },
    );
    expect(field(readReceiptHtml(hindi.text), 'भुगतान', 'अभी बकाया')).toBe('₹2,000');
  });

  it('a part payment that starts when paid waits, even where the policy would start it, and starts on the last rupee', async () => {
    await setPolicy({ activation: 'dues_allowed', max_dues: 2500 });
    const enrolled = await enrol({ amount: 1000, start: 'when_paid' });
    expect(enrolled.status).toBe(201);
    expect(enrolled.body.detail).toBe(
      'Walk-in enrolled. ₹2,000 is still due; the subscription starts when it is paid.',
    );
    expect(enrolled.body.subscription).toMatchObject({
      status: 'PENDING_PAYMENT',
      amount_due: 2000,
      start_date: null,
    });
    const subscriptionId = enrolled.body.subscription.id as number;
    const charge = await t.ctx.db.kysely
      .selectFrom('ledger_entries')
      .select('description')
      .where('subscription_id', '=', subscriptionId)
      .where('kind', '=', 'charge')
      .executeTakeFirstOrThrow();
    expect(charge.description).toBe(`Subscription #${subscriptionId}, starts once ₹2,000 is paid`);
    const audit = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['summary', 'after_json'])
      .where('action', '=', 'walk_in.enrol')
      .where('object_id', '=', enrolled.body.customer.id)
      .executeTakeFirstOrThrow();
    expect(audit.summary).toContain('starts when the ₹2,000 still due is paid');
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ start: 'when_paid' });
    const receipt = await t.request(
      'GET',
      `/api/payments/payments/${enrolled.body.payment.id}/receipt/`,
      { token: owner },
    );
    const document = readReceiptHtml(receipt.text);
    expect(field(document, 'Payment', 'Still due')).toBe('₹2,000');
    expect(field(document, 'Subscription', 'Period')).toBe('Starts on payment');
    // The rest, recorded at the counter, starts it.
    const rest = await t.request('POST', '/api/payments/admin/payments/record_offline/', {
      token: owner,
      body: { subscription: subscriptionId, amount: 2000, payment_mode: 'cash' },
    });
    expect(rest.status).toBe(201);
    expect(rest.body.subscription).toMatchObject({ status: 'ACTIVE', amount_due: 0 });
    const paidUp = await t.request(
      'GET',
      `/api/payments/payments/${rest.body.payment.id}/receipt/`,
      { token: owner },
    );
    expect(
      readReceiptHtml(paidUp.text)
        .sections.get('Payment')
        ?.some(([label]) => label === 'Still due'),
    ).toBe(false);
  });

  it('a part payment without the choice is refused under start, in English and Hindi, and stores nothing', async () => {
    const phone = newPhone();
    const refused = await enrol({ phone, amount: 1000, start: undefined });
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('walk_in.start_required');
    expect(refused.body.start).toEqual([
      'Only part of the price is paid (₹2,000 still due): choose whether the subscription starts now with the rest due, or when it is paid.',
    ]);
    const hindi = await t.request('POST', ENROL, {
      token: owner,
      headers: { 'Accept-Language': 'hi' },
      body: {
        first_name: 'Ravi',
        phone,
        user_type: 'student',
        plan: planId,
        payment_mode: 'cash',
        amount: 0,
      },
    });
    expect(hindi.status).toBe(400);
    expect(hindi.body.start).toEqual([
      'कीमत का केवल हिस्सा मिला है (₹3,000 बाकी): चुनें कि सदस्यता बाकी रकम के साथ अभी शुरू हो या पूरा भुगतान होने पर।',
    ]);
    const users = await t.ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('phone', '=', `+91${phone}`)
      .execute();
    expect(users).toHaveLength(0);
    // Paid in full, there is nothing to choose.
    const full = await enrol({ amount: PRICE, start: undefined });
    expect(full.status).toBe(201);
    expect(full.body.subscription.status).toBe('ACTIVE');
  });

  it('refuses a phone that has an account, per field, and stores nothing', async () => {
    const existing = await registerCustomer(t, { service: 'mess' });
    const count = async () =>
      Number(
        (
          await t.ctx.db.kysely
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const refused = await enrol({ phone: existing.phone, amount: 500 });
    expect(refused.status).toBe(400);
    expect(refused.body.phone).toEqual(['A user with this phone number already exists.']);
    expect(await count()).toBe(before);
  });

  it('refuses bad fields per field: a phone, an amount above the price, a missing UPI reference', async () => {
    const badPhone = await enrol({ phone: '12345' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.phone).toBeDefined();
    const tooMuch = await enrol({ amount: PRICE + 1 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.amount).toBeDefined();
    const noReference = await enrol({ amount: 100, payment_mode: 'upi' });
    expect(noReference.status).toBe(400);
    expect(noReference.body.reference).toBeDefined();
    const unknownPlan = await enrol({ plan: 999_999 });
    expect(unknownPlan.status).toBe(400);
    expect(unknownPlan.body.plan).toBeDefined();
    const customer = await registerCustomer(t, { service: 'mess' });
    const notOwner = await t.request('POST', ENROL, {
      token: customer.access,
      body: {
        first_name: 'X',
        phone: newPhone(),
        user_type: 'student',
        plan: planId,
        amount: 0,
        payment_mode: 'cash',
      },
    });
    expect(notOwner.status).toBe(403);
  });

  it('20 concurrent enrolments with one request id make one customer', async () => {
    const requestId = randomUUID();
    const phone = newPhone();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => enrol({ phone, amount: 1000, request_id: requestId })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((a) => a.body.customer.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => !a.body.replayed)).toHaveLength(1);
    const users = await t.ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('phone', '=', `+91${phone}`)
      .execute();
    expect(users).toHaveLength(1);
    const payments = await t.ctx.db.kysely
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', users[0]!.id)
      .execute();
    expect(payments).toHaveLength(1);
    expect(await balanceOf(users[0]!.id)).toBe(200000);
  });

  it('claim: a wrong OTP is refused, and a used or expired link says so', async () => {
    const phone = newPhone();
    expect((await enrol({ phone })).status).toBe(201);
    const token = claimToken(phone);
    const bogus = await t.request('POST', `/api/accounts/claim/${'x'.repeat(32)}/otp/`);
    expect(bogus.status).toBe(400);
    expect(bogus.body.error_code).toBe('claim.invalid');
    expect((await t.request('POST', `/api/accounts/claim/${token}/otp/`)).status).toBe(200);
    const code = lastOtp(t, phone);
    const wrong = await t.request('POST', `/api/accounts/claim/${token}/verify/`, {
      body: { otp: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid OTP. Please try again.');
    // No password before the OTP.
    const early = await t.request('POST', `/api/accounts/claim/${token}/complete/`, {
      body: { password: 'Counter-pass-42', confirm_password: 'Counter-pass-42' },
    });
    expect(early.status).toBe(400);
    expect(early.body.error_code).toBe('claim.otp_required');
    const right = await t.request('POST', `/api/accounts/claim/${token}/verify/`, {
      body: { otp: code },
    });
    expect(right.status).toBe(200);
    const mismatch = await t.request('POST', `/api/accounts/claim/${token}/complete/`, {
      body: { password: 'Counter-pass-42', confirm_password: 'Counter-pass-43' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.confirm_password).toEqual(['Passwords do not match']);
    const done = await t.request('POST', `/api/accounts/claim/${token}/complete/`, {
      body: {
        username: `ravi-own-${phone}`,
        password: 'Counter-pass-42',
        confirm_password: 'Counter-pass-42',
      },
    });
    expect(done.status).toBe(200);
    expect(done.body.user.username).toBe(`ravi-own-${phone}`);
    const again = await t.request('POST', `/api/accounts/claim/${token}/otp/`);
    expect(again.status).toBe(400);
    expect(again.body.error_code).toBe('claim.used');
    const login = await t.request('POST', '/api/accounts/login/', {
      body: { username: `ravi-own-${phone}`, password: 'Counter-pass-42' },
    });
    expect(login.status).toBe(200);

    const later = newPhone();
    expect((await enrol({ phone: later })).status).toBe(201);
    const stale = claimToken(later);
    t.clock.advance(8 * 86_400_000);
    const expired = await t.request('POST', `/api/accounts/claim/${stale}/otp/`);
    expect(expired.status).toBe(400);
    expect(expired.body.error_code).toBe('claim.expired');
  });

  it('the owner sends a new claim link: the old one stops working, the new one claims', async () => {
    const phone = newPhone();
    const enrolled = await enrol({ phone });
    const userId = enrolled.body.customer.id as number;
    const first = claimToken(phone);
    const detail = (id: number) =>
      t.request('GET', `/api/accounts/owner/users/${id}/`, { token: owner });
    expect((await detail(userId)).body.claim).toMatchObject({
      status: 'OPEN',
      actions: ['claim.resend'],
    });
    // Half-way through (OTP verified), then the link expires unclaimed.
    expect((await t.request('POST', `/api/accounts/claim/${first}/otp/`)).status).toBe(200);
    const verified = await t.request('POST', `/api/accounts/claim/${first}/verify/`, {
      body: { otp: lastOtp(t, phone) },
    });
    expect(verified.status).toBe(200);
    expect((await detail(userId)).body.claim.status).toBe('VERIFIED');
    t.clock.advance(8 * 86_400_000);
    owner = await loginOwner(t);

    const resent = await t.request('POST', `/api/payments/admin/walk-ins/${userId}/resend_claim/`, {
      token: owner,
    });
    expect(resent.status).toBe(200);
    expect(resent.body.detail).toBe(`A new claim link was sent to ${formatPhone(`+91${phone}`)}.`);
    expect(resent.body.claim.status).toBe('OPEN');
    expect(Date.parse(resent.body.claim.expires_at)).toBeGreaterThan(t.clock.now().getTime());
    const second = claimToken(phone);
    expect(second).not.toBe(first);
    const old = await t.request('POST', `/api/accounts/claim/${first}/otp/`);
    expect(old.status).toBe(400);
    expect(old.body.error_code).toBe('claim.invalid');
    // The new link starts again from the OTP, and claims the account.
    const early = await t.request('POST', `/api/accounts/claim/${second}/complete/`, {
      body: { password: 'Counter-pass-42', confirm_password: 'Counter-pass-42' },
    });
    expect(early.body.error_code).toBe('claim.otp_required');
    await claim(phone);
    expect((await detail(userId)).body.claim).toMatchObject({ status: 'CLAIMED', actions: [] });
    const late = await t.request('POST', `/api/payments/admin/walk-ins/${userId}/resend_claim/`, {
      token: owner,
    });
    expect(late.status).toBe(400);
    expect(late.body.error_code).toBe('claim.used');
    const audit = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('object_id', '=', userId)
      .where('action', '=', 'walk_in.resend_claim')
      .execute();
    expect(audit).toHaveLength(1);
    // A customer who registered has no claim link to send.
    const registered = await registerCustomer(t, { service: 'mess' });
    expect((await detail(registered.id)).body.claim).toBeNull();
    const none = await t.request(
      'POST',
      `/api/payments/admin/walk-ins/${registered.id}/resend_claim/`,
      { token: owner },
    );
    expect(none.status).toBe(404);
  });
});

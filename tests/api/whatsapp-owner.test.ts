// The owner's side of WhatsApp (issue 23) on both databases, against the local Cloud API sandbox:
// each notice's status as the owner and the customer read it comes from the stored queue rows;
// this month's count and cost at the owner's price; the owner reads and withdraws a customer's
// consent (audited), after which notices go by SMS; a skipped meal's confirmation goes through the
// notifier, to WhatsApp with consent and by SMS without.
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, DEFAULT_SETTINGS, type WhatsappMessageStatus } from '@machines';
import {
  startWhatsappSandbox,
  type WhatsappSandbox,
} from '../../server/services/whatsapp/sandbox.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce } from '../helpers/commerce.js';
import { insertSubscription } from '../helpers/fixtures.js';

const APP_SECRET = 'wa-app-secret-for-tests';
const TOKEN = 'EAAG-sandbox-token';
const PHONE_NUMBER_ID = '106540352242922';
const RECORD = '/api/payments/admin/payments/record_offline/';
/** Mid-month, so every message of a test falls in one month. */
const NOW = new Date(Date.parse('2031-03-14T11:00:00+05:30')).toISOString();

describe.each(testDatabases())('the owner and WhatsApp on %s', (dialect) => {
  let t: TestApp;
  let sandbox: WhatsappSandbox;
  let owner = '';

  afterEach(async () => {
    await t?.close();
    await sandbox?.close();
  });

  async function start() {
    sandbox = await startWhatsappSandbox({
      appSecret: APP_SECRET,
      token: TOKEN,
      phoneNumberId: PHONE_NUMBER_ID,
      deliver: async (raw, signature) => {
        const answer = await t.request('POST', '/api/whatsapp/webhook/', {
          raw,
          headers: { 'x-hub-signature-256': signature },
        });
        expect(answer.status).toBe(200);
      },
    });
    t = await createTestApp(dialect, {
      WHATSAPP_TOKEN: TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: 'wa-verify-token',
      WHATSAPP_API_URL: sandbox.url,
      WHATSAPP_RATE_PER_SECOND: '200',
      WHATSAPP_TIER: '1000',
    });
    t.clock.setTo(NOW);
    owner = await loginOwner(t);
  }

  const waIdOf = (customer: Customer) => `91${customer.phone}`;
  const grantWhatsapp = async (customer: Customer) => {
    const answer = await t.request('PUT', '/api/accounts/consents/', {
      token: customer.access,
      body: { channel: 'whatsapp', purpose: 'service', granted: true },
    });
    expect(answer.status).toBe(200);
  };
  const storedRows = () =>
    t.ctx.db.kysely.selectFrom('whatsapp_messages').selectAll().orderBy('id', 'desc').execute();
  const smsTo = (customer: Customer) =>
    t.smsOutbox().filter((sms) => sms.to.endsWith(customer.phone));

  /** A customer who paid ₹1,000 in cash towards a plan: a receipt notice. */
  async function paidCustomer(prefix: string) {
    const api = commerce(t, () => owner, {
      codePrefix: prefix,
      planDefaults: { name: `Plan ${prefix}`, base_price: 2400 },
    });
    const customer = await registerCustomer(t, { service: 'mess' });
    return {
      customer,
      pay: async () => {
        const { subscriptionId } = await api.pendingSubscription(customer);
        const recorded = await t.request('POST', RECORD, {
          token: owner,
          body: { subscription: subscriptionId, amount: 1000, payment_mode: 'cash' },
        });
        expect(recorded.status).toBe(201);
        await t.settle();
      },
    };
  }

  it("shows each notice's status and SMS fallback as stored, to the owner and the customer", async () => {
    await start();
    const reader = await paidCustomer('WAR');
    const failing = await paidCustomer('WAF');
    const unasked = await paidCustomer('WAU');
    await grantWhatsapp(reader.customer);
    await grantWhatsapp(failing.customer);
    sandbox.failDelivery(waIdOf(failing.customer), {
      code: 131026,
      title: 'Message undeliverable',
    });
    for (const who of [reader, failing, unasked]) await who.pay();
    await sandbox.flush();
    await sandbox.flush();

    const stored = await storedRows();
    expect(stored.map((row) => row.status).sort()).toEqual(['failed', 'read', 'sms']);
    const list = await t.request('GET', '/api/owner/whatsapp/messages/', { token: owner });
    expect(list.status).toBe(200);
    expect(list.headers['x-total-count']).toBe('3');
    expect(
      list.body.map((m: any) => [m.id, m.status, m.failure_reason, m.fallback, m.fallback_reason]),
    ).toEqual(
      stored.map((row) => [
        row.id,
        row.status,
        row.failure_reason,
        row.fallback_at !== null,
        row.fallback_reason,
      ]),
    );
    const byCustomer = (customer: Customer) =>
      list.body.find((m: any) => m.customer?.id === customer.id);
    expect(byCustomer(reader.customer)).toMatchObject({
      template: 'receipt',
      status: 'read',
      fallback: false,
      read_at: expect.any(String),
      text: expect.stringContaining('We received your payment of ₹1,000'),
    });
    expect(byCustomer(failing.customer)).toMatchObject({
      status: 'failed',
      failure_code: '131026',
      failure_reason: 'Message undeliverable',
      fallback: true,
      fallback_reason: 'failed',
    });
    expect(byCustomer(unasked.customer)).toMatchObject({
      status: 'sms',
      fallback: true,
      fallback_reason: 'no_consent',
    });
    // The fallback really went by SMS.
    expect(smsTo(failing.customer).filter((m) => m.body.includes('received'))).toHaveLength(1);

    for (const status of ['failed', 'read', 'queued'] as WhatsappMessageStatus[]) {
      const filtered = await t.request('GET', `/api/owner/whatsapp/messages/?status=${status}`, {
        token: owner,
      });
      expect(filtered.status).toBe(200);
      expect(filtered.body.map((m: any) => m.id)).toEqual(
        stored.filter((row) => row.status === status).map((row) => row.id),
      );
    }
    // SMS is not set up here: the notice that went by SMS stayed in the outbox, so it is under
    // "not sent", not among those that went by SMS.
    const notSent = await t.request('GET', '/api/owner/whatsapp/messages/?status=not_sent', {
      token: owner,
    });
    expect(notSent.body.map((m: any) => [m.status, m.channel, m.provider])).toEqual([
      ['sms', 'sms', 'outbox'],
    ]);
    const bySms = await t.request('GET', '/api/owner/whatsapp/messages/?status=sms', {
      token: owner,
    });
    expect(bySms.body).toEqual([]);
    const bad = await t.request('GET', '/api/owner/whatsapp/messages/?status=lost', {
      token: owner,
    });
    expect(bad.status).toBe(400);

    // The customer reads their own messages only, with the same status.
    const mine = await t.request('GET', '/api/notifications/whatsapp/', {
      token: failing.customer.access,
    });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([byCustomer(failing.customer)]);
  });

  it("counts this month's sent messages and prices them at the owner's setting", async () => {
    await start();
    const empty = await t.request('GET', '/api/owner/whatsapp/usage/', { token: owner });
    expect(empty.body).toEqual({
      month: '2031-03',
      sent: 0,
      utility_price_paise: 11.5,
      estimated_cost_paise: 0,
      queued: 0,
      failed: 0,
      by_sms: 0,
      outbox: 0,
      tier: 1000,
      provider: 'cloud_api',
    });
    const people = [
      await paidCustomer('WC1'),
      await paidCustomer('WC2'),
      await paidCustomer('WC3'),
    ];
    for (const who of people.slice(0, 2)) await grantWhatsapp(who.customer);
    for (const who of people) await who.pay();
    // One message of last month does not count this month.
    await t.ctx.db.kysely
      .insertInto('whatsapp_messages')
      .values({
        notice_key: 'last-month',
        user_id: people[0]!.customer.id,
        notification_type: 'payment_success',
        to_phone: `+91${people[0]!.customer.phone}`,
        template: 'receipt',
        language: 'en',
        parameters: '["Dabba","₹1","x"]',
        status: 'delivered',
        attempts: 1,
        next_attempt_at: '2031-02-20T05:00:00.000Z',
        fallback_subject: 's',
        fallback_summary: 's',
        fallback_sms: 's',
        created_at: '2031-02-20T05:00:00.000Z',
        sent_at: '2031-02-20T05:00:00.000Z',
      })
      .execute();
    const stored = await storedRows();
    const sentThisMonth = stored.filter((row) => row.sent_at !== null && row.sent_at >= '2031-03');
    expect(sentThisMonth).toHaveLength(2);
    const usage = await t.request('GET', '/api/owner/whatsapp/usage/', { token: owner });
    // The third customer's SMS (no consent) was written to the outbox, as no SMS route is set up
    // here: kept on the server, not gone by SMS.
    expect(usage.body).toMatchObject({ sent: 2, estimated_cost_paise: 23, by_sms: 0, outbox: 1 });

    const saved = await t.request('PUT', '/api/owner/settings/', {
      token: owner,
      body: { ...DEFAULT_SETTINGS, whatsapp: { utility_price_paise: 86 } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.whatsapp).toEqual({ utility_price_paise: 86 });
    const priced = await t.request('GET', '/api/owner/whatsapp/usage/', { token: owner });
    expect(priced.body).toMatchObject({
      sent: 2,
      utility_price_paise: 86,
      estimated_cost_paise: 172,
    });
    const negative = await t.request('PUT', '/api/owner/settings/', {
      token: owner,
      body: { ...DEFAULT_SETTINGS, whatsapp: { utility_price_paise: -1 } },
    });
    expect(negative.status).toBe(400);
    expect(negative.body['whatsapp.utility_price_paise']).toEqual([
      'The price of a WhatsApp message cannot be below 0',
    ]);
    // A save without `whatsapp` (an older client) keeps the price.
    const { whatsapp: _dropped, ...older } = DEFAULT_SETTINGS;
    expect(
      (await t.request('PUT', '/api/owner/settings/', { token: owner, body: older })).body,
    ).toMatchObject({ whatsapp: { utility_price_paise: 86 } });
  });

  it("the owner reads and withdraws a customer's consent, audited; notices then go by SMS", async () => {
    await start();
    const who = await paidCustomer('WOW');
    const url = `/api/owner/customers/${who.customer.id}/consents/`;
    const recorded = await t.request('POST', url, {
      token: owner,
      body: { channel: 'whatsapp', purpose: 'service', recorded_by: 'Meena at the counter' },
    });
    expect(recorded.status).toBe(201);
    const read = await t.request('GET', url, { token: owner });
    expect(read.status).toBe(200);
    expect(read.body).toHaveLength(6);
    expect(
      read.body.find((c: any) => c.channel === 'whatsapp' && c.purpose === 'service'),
    ).toMatchObject({
      status: 'granted',
      method: 'owner_recorded',
      recorded_by: 'Meena at the counter',
    });

    const withdrawn = await t.request('POST', `${url}withdraw/`, {
      token: owner,
      body: { channel: 'whatsapp', purpose: 'service' },
    });
    expect(withdrawn.status).toBe(200);
    expect(
      withdrawn.body.find((c: any) => c.channel === 'whatsapp' && c.purpose === 'service'),
    ).toMatchObject({
      status: 'withdrawn',
      withdraw_method: 'owner',
      withdrawn_at: expect.any(String),
    });
    const again = await t.request('POST', `${url}withdraw/`, {
      token: owner,
      body: { channel: 'whatsapp', purpose: 'service' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error_code).toBe('consent.not_granted');
    const missing = await t.request('POST', '/api/owner/customers/987654321/consents/withdraw/', {
      token: owner,
      body: { channel: 'whatsapp', purpose: 'service' },
    });
    expect(missing.status).toBe(404);
    const ownersOwn = await t.request('GET', '/api/accounts/profile/', { token: owner });
    const notACustomer = await t.request(
      'GET',
      `/api/owner/customers/${ownersOwn.body.id}/consents/`,
      {
        token: owner,
      },
    );
    expect(notACustomer.status).toBe(404);

    const audit = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'summary', 'actor_id'])
      .where('object_type', '=', 'consent')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['consent.grant', 'consent.withdraw']);
    expect(audit[1]!.summary).toContain('withdrawn (through the mess)');
    expect(audit[1]!.actor_id).toBe(ownersOwn.body.id);

    await who.pay();
    expect(sandbox.sent).toEqual([]);
    expect((await storedRows())[0]).toMatchObject({ status: 'sms', fallback_reason: 'no_consent' });
    expect(smsTo(who.customer).filter((m) => m.body.includes('received'))).toHaveLength(1);
  });

  it('confirms a skipped meal through the notifier: WhatsApp with consent, else SMS', async () => {
    await start();
    const agreed = await registerCustomer(t, { service: 'mess' });
    const unasked = await registerCustomer(t, { service: 'mess' });
    await grantWhatsapp(agreed);
    const mealDay = addDays(t.ctx.today(), 2);
    for (const who of [agreed, unasked]) {
      const subscription = await insertSubscription(t, who.id, { meals: ['lunch', 'dinner'] });
      const skipped = await t.request('POST', '/api/meals/skips/', {
        token: who.access,
        body: { subscription: subscription.id, meal_date: mealDay, meal: 'lunch' },
      });
      expect(skipped.status).toBe(201);
    }
    await t.settle();
    const rows = await t.ctx.db.kysely
      .selectFrom('whatsapp_messages')
      .selectAll()
      .where('notification_type', '=', 'meal_skipped')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.user_id, row.template, row.status])).toEqual([
      [agreed.id, 'meal_skipped', expect.stringMatching(/^(queued|sent)$/)],
      [unasked.id, 'meal_skipped', 'sms'],
    ]);
    await t.ctx.whatsapp.drain();
    expect(sandbox.sent.map((m) => [m.to, m.template, m.parameters[1]])).toEqual([
      [waIdOf(agreed), 'meal_skipped', 'lunch'],
    ]);
    expect(smsTo(unasked).filter((m) => m.body.includes('lunch'))).toHaveLength(1);
    expect(smsTo(agreed).filter((m) => m.body.includes('lunch'))).toEqual([]);
    const events = await t.request('GET', '/api/notifications/events/', { token: unasked.access });
    expect(events.body.map((e: any) => e.notification_type)).toContain('meal_skipped');
  });
});

// WhatsApp and consent (issue 23) on both databases, against the local Cloud API sandbox (the real
// provider speaks HTTP to it): the verify-token handshake; status webhooks signed with an HMAC the
// test computes itself are taken, tampered ones change nothing; statuses move forward only; a failed
// delivery or a refused send goes by SMS with its reason; no consent means SMS; STOP withdraws
// consent so the next reminder is an SMS, START gives it back; two instances on one database send
// each notice exactly once and share the tier's unique-recipient limit; the queue sends no more in
// any one second than the configured rate; with no WhatsApp configuration a notice is written to
// the outbox file under the data dir.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, DEFAULT_SETTINGS } from '@machines';
import { sendReminders } from '../../server/lifecycles/reminder/reminder.jobs.js';
import { createWhatsappProvider } from '../../server/services/whatsapp/provider.js';
import { createWhatsappQueue, type WhatsappQueue } from '../../server/services/whatsapp/queue.js';
import {
  startWhatsappSandbox,
  type WhatsappSandbox,
} from '../../server/services/whatsapp/sandbox.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce } from '../helpers/commerce.js';

const APP_SECRET = 'wa-app-secret-for-tests';
const VERIFY = 'wa-verify-token';
const TOKEN = 'EAAG-sandbox-token';
const PHONE_NUMBER_ID = '106540352242922';
const RECORD = '/api/payments/admin/payments/record_offline/';
const D0 = '2031-03-03';
const OVERDUE_DAY = addDays(D0, 16);
const ist = (date: string, time: string) =>
  new Date(Date.parse(`${date}T${time}:00+05:30`)).toISOString();

/** Computed here, with node:crypto, not with the server's helper. */
/** A dues reminder for the send queue, under `noticeKey`, to a customer. */
const reminderFor = (
  noticeKey: string,
  customer: { id: number; phone: string },
  parameters = ['Dabba', '₹100', '1 Mar', 'link'],
) => ({
  noticeKey,
  userId: customer.id,
  type: 'dues_reminder' as const,
  to: `+91${customer.phone}`,
  language: 'en' as const,
  notice: { template: 'dues_reminder' as const, parameters },
  fallback: { subject: 's', summary: 's', sms: 'sms' },
});
const hubSignature = (raw: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

describe.each(testDatabases())('WhatsApp on %s', (dialect) => {
  let t: TestApp;
  let sandbox: WhatsappSandbox;
  const others: TestApp[] = [];
  let owner = '';
  /** Every signature the sandbox sent, checked against our own computation. */
  let sandboxSignaturesOk = true;

  afterEach(async () => {
    for (const other of others.splice(0)) await other.close();
    await t?.close();
    await sandbox?.close();
  });

  const env = () => ({
    WHATSAPP_TOKEN: TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY,
    WHATSAPP_API_URL: sandbox.url,
    WHATSAPP_RATE_PER_SECOND: '200',
  });

  async function start(extra: Record<string, string> = {}) {
    sandboxSignaturesOk = true;
    sandbox = await startWhatsappSandbox({
      appSecret: APP_SECRET,
      token: TOKEN,
      phoneNumberId: PHONE_NUMBER_ID,
      deliver: async (raw, signature) => {
        if (signature !== hubSignature(raw)) sandboxSignaturesOk = false;
        const answer = await webhook(raw, signature);
        expect(answer.status).toBe(200);
      },
    });
    t = await createTestApp(dialect, { ...env(), ...extra });
    t.clock.setTo(ist(D0, '11:00'));
    owner = await loginOwner(t);
  }

  const webhook = (raw: string, signature?: string) =>
    t.request('POST', '/api/whatsapp/webhook/', {
      raw,
      headers: signature === undefined ? {} : { 'x-hub-signature-256': signature },
    });

  const grantWhatsapp = async (customer: Customer) => {
    const answer = await t.request('PUT', '/api/accounts/consents/', {
      token: customer.access,
      body: { channel: 'whatsapp', purpose: 'service', granted: true },
    });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** The customer's WhatsApp service consent, read with a fresh sign-in (clocks jump in tests). */
  const consentOf = async (customer: Customer) => {
    const login = await t.request('POST', '/api/accounts/login/', {
      body: { username: customer.username, password: customer.password },
    });
    const answer = await t.request('GET', '/api/accounts/consents/', { token: login.body.access });
    expect(answer.status).toBe(200);
    return answer.body.find((c: any) => c.channel === 'whatsapp' && c.purpose === 'service');
  };
  const messages = (userId: number) =>
    t.ctx.db.kysely
      .selectFrom('whatsapp_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const waIdOf = (customer: Customer) => `91${customer.phone}`;
  const smsTo = (customer: Customer) =>
    [t, ...others]
      .flatMap((app) => app.smsOutbox())
      .filter((sms) => sms.to.endsWith(customer.phone));

  /** An owing customer: a subscription of ₹2,400 with ₹1,000 recorded in cash (a receipt notice). */
  async function owingCustomer(language?: 'en' | 'hi') {
    const api = commerce(t, () => owner, {
      codePrefix: 'WA',
      planDefaults: { name: 'WhatsApp plan', base_price: 2400 },
    });
    const customer = await registerCustomer(t, {
      service: 'mess',
      ...(language ? { language } : {}),
    });
    return { customer, api };
  }
  async function payPart(api: ReturnType<typeof commerce>, customer: Customer) {
    const { subscriptionId } = await api.pendingSubscription(customer);
    const recorded = await t.request('POST', RECORD, {
      token: owner,
      body: { subscription: subscriptionId, amount: 1000, payment_mode: 'cash' },
    });
    expect(recorded.status).toBe(201);
    await t.settle();
    return subscriptionId;
  }

  it('answers the verify-token handshake only with the right token', async () => {
    await start();
    const ok = await t.request(
      'GET',
      `/api/whatsapp/webhook/?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('1158201444');
    for (const query of [
      `hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`,
      `hub.mode=unsubscribe&hub.verify_token=${VERIFY}&hub.challenge=1`,
      `hub.mode=subscribe&hub.challenge=1`,
    ]) {
      const refused = await t.request('GET', `/api/whatsapp/webhook/?${query}`);
      expect(refused.status).toBe(403);
      expect(refused.body.error_code).toBe('whatsapp.verify_token_mismatch');
    }
  });

  it('takes signed status webhooks, forward only; tampered or replayed ones change nothing', async () => {
    await start();
    const { customer, api } = await owingCustomer();
    await grantWhatsapp(customer);
    await payPart(api, customer);
    // The receipt went by WhatsApp through the Cloud API, not by SMS.
    expect(sandbox.sent).toEqual([
      expect.objectContaining({ to: waIdOf(customer), template: 'receipt', language: 'en' }),
    ]);
    expect(sandbox.sent[0]!.parameters[2]).toBe('http://dabba.test/payments');
    const receipts = () => smsTo(customer).filter((m) => m.body.includes('received'));
    expect(receipts()).toEqual([]);
    const [row] = await messages(customer.id);
    expect(row).toMatchObject({
      status: 'sent',
      template: 'receipt',
      wamid: sandbox.sent[0]!.wamid,
    });
    const wamid = row!.wamid!;
    const status = (s: string, extra: object = {}) =>
      sandbox.statusBody([
        { id: wamid, status: s, timestamp: '1890000000', recipient_id: waIdOf(customer), ...extra },
      ]);
    const statusNow = async () => (await messages(customer.id))[0]!.status;

    const delivered = status('delivered');
    const accepted = await webhook(delivered, hubSignature(delivered));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ status: 'processed' });
    expect(await statusNow()).toBe('delivered');

    // Tampered: the body says read under the delivered body's signature; a signature one hex off;
    // another secret's; none at all. Each is refused and nothing moves.
    const read = status('read');
    const good = hubSignature(read);
    const flipped = good.slice(0, -1) + (good.endsWith('0') ? '1' : '0');
    for (const signature of [
      hubSignature(delivered),
      flipped,
      hubSignature(read, 'other'),
      undefined,
    ]) {
      const refused = await webhook(read, signature);
      expect(refused.status).toBe(401);
      expect(refused.body.error_code).toBe('webhook.invalid_signature');
    }
    expect(await statusNow()).toBe('delivered');

    // A replay and a late "sent" are acknowledged and change nothing.
    for (const raw of [delivered, status('sent')]) {
      const again = await webhook(raw, hubSignature(raw));
      expect(again.body).toEqual({ status: 'ignored' });
    }
    expect(await statusNow()).toBe('delivered');
    expect((await webhook(read, good)).body).toEqual({ status: 'processed' });
    expect(await statusNow()).toBe('read');
    // A failure reported after it was read is stale: no failure, no SMS.
    const late = status('failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] });
    expect((await webhook(late, hubSignature(late))).body).toEqual({ status: 'ignored' });
    expect(await messages(customer.id)).toEqual([
      expect.objectContaining({ status: 'read', failure_reason: null, fallback_at: null }),
    ]);
    // The sandbox's own deliveries (sent, delivered, read) are signed as Meta signs.
    await sandbox.flush();
    expect(sandboxSignaturesOk).toBe(true);
    expect(receipts()).toEqual([]);
  });

  it('sends a notice by SMS when delivery fails or the Cloud API refuses it, with the reason', async () => {
    await start();
    const failing = await owingCustomer();
    const refused = await owingCustomer();
    for (const { customer } of [failing, refused]) await grantWhatsapp(customer);
    sandbox.failDelivery(waIdOf(failing.customer), {
      code: 131026,
      title: 'Message undeliverable',
    });
    sandbox.refuse(waIdOf(refused.customer), {
      status: 400,
      code: 132001,
      message: 'Template name does not exist in the translation',
    });
    await payPart(failing.api, failing.customer);
    await payPart(refused.api, refused.customer);
    await sandbox.flush();
    await sandbox.flush();
    expect(await messages(failing.customer.id)).toEqual([
      expect.objectContaining({
        status: 'failed',
        failure_code: '131026',
        failure_reason: 'Message undeliverable',
        fallback_reason: 'failed',
      }),
    ]);
    expect(await messages(refused.customer.id)).toEqual([
      expect.objectContaining({
        status: 'failed',
        failure_code: '132001',
        fallback_reason: 'failed',
      }),
    ]);
    for (const { customer } of [failing, refused]) {
      const sms = smsTo(customer).filter((m) => m.body.includes('received'));
      expect(sms).toHaveLength(1);
    }
  });

  it('retries a throttled send later, and takes over a claim whose instance died', async () => {
    await start();
    const { customer, api } = await owingCustomer();
    await grantWhatsapp(customer);
    sandbox.refuse(waIdOf(customer), { status: 429, code: 130429, message: 'Rate limit hit' });
    await payPart(api, customer);
    const [throttled] = await messages(customer.id);
    expect(throttled).toMatchObject({
      status: 'queued',
      attempts: 1,
      claimed_by: null,
      wamid: null,
    });
    expect(Date.parse(throttled!.next_attempt_at)).toBeGreaterThan(t.clock.now().getTime());
    expect(smsTo(customer).filter((m) => m.body.includes('received'))).toEqual([]);
    expect((await t.ctx.whatsapp.drain()).sent).toBe(0);
    sandbox.allow(waIdOf(customer));
    // An instance claimed it and died before sending: nobody takes it for two minutes.
    t.clock.advance(5 * 60_000);
    await t.ctx.db.kysely
      .updateTable('whatsapp_messages')
      .set({ claimed_by: 'instance-gone', claimed_at: t.clock.now().toISOString() })
      .where('id', '=', throttled!.id)
      .execute();
    expect((await t.ctx.whatsapp.drain()).sent).toBe(0);
    t.clock.advance(3 * 60_000);
    expect((await t.ctx.whatsapp.drain()).sent).toBe(1);
    expect((await t.ctx.whatsapp.drain()).sent).toBe(0);
    expect(await messages(customer.id)).toEqual([
      expect.objectContaining({
        status: 'sent',
        attempts: 2,
        claimed_by: t.ctx.whatsapp.instanceId,
      }),
    ]);
    expect(sandbox.sent).toHaveLength(1);
  });

  it('without consent the notice goes by SMS, recorded as such', async () => {
    await start();
    const { customer, api } = await owingCustomer();
    expect(await consentOf(customer)).toMatchObject({ status: 'none', granted_at: null });
    await payPart(api, customer);
    expect(sandbox.sent).toEqual([]);
    expect(smsTo(customer).filter((m) => m.body.includes('received'))).toHaveLength(1);
    expect(await messages(customer.id)).toEqual([
      expect.objectContaining({ status: 'sms', fallback_reason: 'no_consent', wamid: null }),
    ]);
  });

  it('ignores the entries of another business’s phone number: answered 200, nothing recorded', async () => {
    await start();
    const { customer, api } = await owingCustomer();
    await grantWhatsapp(customer);
    await payPart(api, customer);
    const [row] = await messages(customer.id);
    /** A signed body as Meta sends it, for the phone number id `phoneNumberId`. */
    const body = (phoneNumberId: string | null, value: object) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: 'another-waba',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  ...(phoneNumberId === null
                    ? {}
                    : {
                        metadata: {
                          display_phone_number: '15550001111',
                          phone_number_id: phoneNumberId,
                        },
                      }),
                  ...value,
                },
              },
            ],
          },
        ],
      });
    const delivered = {
      statuses: [
        {
          id: row!.wamid,
          status: 'delivered',
          timestamp: '1890000000',
          recipient_id: waIdOf(customer),
        },
      ],
    };
    const stop = {
      contacts: [{ profile: { name: 'Customer' }, wa_id: waIdOf(customer) }],
      messages: [
        {
          from: waIdOf(customer),
          id: 'wamid.other',
          timestamp: '1890000001',
          type: 'text',
          text: { body: 'STOP' },
        },
      ],
    };
    for (const phoneNumberId of [`${PHONE_NUMBER_ID}9`, null]) {
      for (const value of [delivered, stop]) {
        const raw = body(phoneNumberId, value);
        const answer = await webhook(raw, hubSignature(raw));
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ status: 'ignored' });
      }
    }
    expect((await messages(customer.id))[0]!.status).toBe('sent');
    expect(await consentOf(customer)).toMatchObject({ status: 'granted' });
    // This business's own number is heard.
    const own = body(PHONE_NUMBER_ID, stop);
    expect((await webhook(own, hubSignature(own))).body).toEqual({ status: 'processed' });
    expect(await consentOf(customer)).toMatchObject({ status: 'withdrawn' });
  });

  it('STOP withdraws WhatsApp consent so the next reminder is an SMS; START gives it back', async () => {
    await start();
    const saved = await t.request('PUT', '/api/owner/settings/', {
      token: owner,
      body: {
        ...DEFAULT_SETTINGS,
        reminders: { ...DEFAULT_SETTINGS.reminders, max_reminders: 2, every_days_overdue: 7 },
      },
    });
    expect(saved.status).toBe(200);
    const { customer, api } = await owingCustomer();
    await grantWhatsapp(customer);
    expect(await consentOf(customer)).toMatchObject({ status: 'granted', method: 'profile' });
    await payPart(api, customer);

    await sandbox.reply(waIdOf(customer), 'STOP');
    expect(await consentOf(customer)).toMatchObject({
      status: 'withdrawn',
      withdraw_method: 'reply_stop',
    });
    t.clock.setTo(ist(OVERDUE_DAY, '10:00'));
    expect(await sendReminders(t.ctx)).toMatchObject({ sent: 1 });
    await t.settle();
    expect(sandbox.sent.map((m) => m.template)).toEqual(['receipt']);
    expect(smsTo(customer).filter((m) => m.body.includes('you owe'))).toHaveLength(1);

    await sandbox.reply(waIdOf(customer), 'start');
    expect(await consentOf(customer)).toMatchObject({ status: 'granted', method: 'reply_start' });
    t.clock.setTo(ist(addDays(OVERDUE_DAY, 7), '10:00'));
    expect(await sendReminders(t.ctx)).toMatchObject({ sent: 1 });
    await t.settle();
    expect(sandbox.sent.map((m) => m.template)).toEqual(['receipt', 'dues_reminder']);
    const reminder = sandbox.sent[1]!;
    expect(reminder.parameters[1]).toBe('₹1,400');
    expect(reminder.parameters[3]).toMatch(/^http:\/\/dabba\.test\/pay\/plink_/);
    expect(smsTo(customer).filter((m) => m.body.includes('you owe'))).toHaveLength(1);
    // The audit log keeps who changed the consent and how.
    const audit = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('object_type', '=', 'consent')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      'consent.grant',
      'consent.withdraw',
      'consent.grant',
    ]);
    expect(audit[1]!.summary).toContain('withdrawn (reply STOP)');
  });

  it('the owner records spoken consent, naming who heard it', async () => {
    await start();
    const customer = await registerCustomer(t, { service: 'mess' });
    const url = `/api/owner/customers/${customer.id}/consents/`;
    const unnamed = await t.request('POST', url, {
      token: owner,
      body: { channel: 'whatsapp', purpose: 'service', recorded_by: '  ' },
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error_code).toBe('consent.recorder_required');
    const recorded = await t.request('POST', url, {
      token: owner,
      body: { channel: 'whatsapp', purpose: 'service', recorded_by: 'Meena at the counter' },
    });
    expect(recorded.status).toBe(201);
    expect(await consentOf(customer)).toMatchObject({
      status: 'granted',
      method: 'owner_recorded',
      recorded_by: 'Meena at the counter',
      notice_version: expect.any(String),
    });
    const again = await t.request('POST', url, {
      token: owner,
      body: { channel: 'whatsapp', purpose: 'service', recorded_by: 'Meena' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error_code).toBe('consent.already_granted');
    const missing = await t.request('POST', '/api/owner/customers/987654321/consents/', {
      token: owner,
      body: { channel: 'whatsapp', purpose: 'service', recorded_by: 'Meena' },
    });
    expect(missing.status).toBe(404);
    // The customer switches it off in the profile; a second switch-off changes nothing.
    for (let i = 0; i < 2; i += 1) {
      const off = await t.request('PUT', '/api/accounts/consents/', {
        token: customer.access,
        body: { channel: 'whatsapp', purpose: 'service', granted: false },
      });
      expect(off.status).toBe(200);
    }
    expect(await consentOf(customer)).toMatchObject({
      status: 'withdrawn',
      withdraw_method: 'profile',
    });
  });

  it('two instances on one database send each notice once and share the tier', async () => {
    await start({ WHATSAPP_TIER: '2' });
    // The second instance: its own app on PostgreSQL; on SQLite (one process holds the file) its
    // own queue, with its own instance id, over the same database.
    let second: WhatsappQueue;
    if (dialect === 'postgres') {
      const other = await createTestApp('postgres', {
        ...env(),
        WHATSAPP_TIER: '2',
        DATABASE_URL: t.config.databaseUrl!,
      });
      other.clock.offsetMs = t.clock.offsetMs;
      others.push(other);
      second = other.ctx.whatsapp;
    } else {
      second = createWhatsappQueue({
        db: t.ctx.db,
        clock: t.clock,
        config: t.config,
        log: t.ctx.log,
        provider: createWhatsappProvider(t.config, t.ctx.log),
        sendSms: (request) => t.ctx.notifier.notify(request),
      });
    }
    expect(second.instanceId).not.toBe(t.ctx.whatsapp.instanceId);
    const customers = [
      await registerCustomer(t),
      await registerCustomer(t),
      await registerCustomer(t),
    ];
    // A queue with no background runner: enqueuing starts no drain, the test drains.
    const filler = createWhatsappQueue({
      db: t.ctx.db,
      clock: t.clock,
      config: t.config,
      log: t.ctx.log,
      provider: createWhatsappProvider(t.config, t.ctx.log),
      sendSms: async () => {},
    });
    for (let n = 0; n < 5; n += 1) {
      for (const customer of customers) {
        expect(await filler.enqueue(reminderFor(`test:${customer.id}:${n}`, customer))).toBe(true);
      }
    }
    // The same key again is not a second notice.
    expect(
      await filler.enqueue(
        reminderFor(`test:${customers[0]!.id}:0`, customers[0]!, ['a', 'b', 'c', 'd']),
      ),
    ).toBe(false);

    const results = await Promise.all([
      t.ctx.whatsapp.drain(),
      second.drain(),
      t.ctx.whatsapp.drain(),
      second.drain(),
    ]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(10);
    const recipients = new Set(sandbox.sent.map((m) => m.to));
    expect(recipients.size).toBe(2);
    expect(sandbox.sent).toHaveLength(10);
    const rows = await t.ctx.db.kysely.selectFrom('whatsapp_messages').selectAll().execute();
    const sentRows = rows.filter((row) => row.status === 'sent');
    expect(sentRows).toHaveLength(10);
    expect(new Set(sentRows.map((row) => row.wamid)).size).toBe(10);
    expect(sentRows.every((row) => row.attempts === 1)).toBe(true);
    const waiting = rows.filter((row) => row.status === 'queued');
    expect(waiting).toHaveLength(5);
    expect(new Set(waiting.map((row) => row.to_phone)).size).toBe(1);
    const now = t.clock.now().getTime();
    for (const row of waiting) {
      expect(row.wamid).toBeNull();
      expect(Date.parse(row.next_attempt_at)).toBeGreaterThan(now + 23 * 3600_000);
    }
    // Nothing more goes today, from either instance.
    expect((await second.drain()).sent + (await t.ctx.whatsapp.drain()).sent).toBe(0);
    // A day later the slots free up: the third customer's notices go, once each.
    t.clock.advance(24 * 3600_000 + 5_000);
    for (const other of others) other.clock.offsetMs = t.clock.offsetMs;
    const later = await Promise.all([t.ctx.whatsapp.drain(), second.drain()]);
    expect(later.reduce((sum, r) => sum + r.sent, 0)).toBe(5);
    expect(sandbox.sent).toHaveLength(15);
  });

  it('sends no more messages in any one second than the configured rate', async () => {
    const RATE = 2;
    await start({ WHATSAPP_RATE_PER_SECOND: String(RATE) });
    expect(t.config.whatsapp.ratePerSecond).toBe(RATE);
    // The queue as the app builds it, over the real provider (to the sandbox), noting when each
    // message is handed to the Cloud API; with no background runner only the test drains it.
    const provider = createWhatsappProvider(t.config, t.ctx.log);
    const handedAt: number[] = [];
    const queue = createWhatsappQueue({
      db: t.ctx.db,
      clock: t.clock,
      config: t.config,
      log: t.ctx.log,
      provider: {
        mode: provider.mode,
        describe: () => provider.describe(),
        send: (message) => {
          handedAt.push(Date.now());
          return provider.send(message);
        },
      },
      sendSms: async () => {},
    });
    // Five notices to five opted-in customers: more than two a second would be 2.5 seconds' worth.
    const customers: Customer[] = [];
    for (let n = 0; n < 5; n += 1) {
      const customer = await registerCustomer(t);
      await grantWhatsapp(customer);
      customers.push(customer);
      expect(await queue.enqueue(reminderFor(`rate:${customer.id}`, customer))).toBe(true);
    }
    expect(await queue.drain()).toEqual({ sent: 5, failed: 0, deferred: 0 });
    expect(new Set(sandbox.sent.map((m) => m.to))).toEqual(new Set(customers.map(waIdOf)));
    expect(handedAt).toHaveLength(5);
    // RATE + 1 sends inside one second would mean some send and the RATE-th after it less than a
    // second apart. (A few ms of slack: a timer may wake a little before its time by Date.now.)
    const SLACK_MS = 20;
    for (let i = 0; i + RATE < handedAt.length; i += 1) {
      expect(handedAt[i + RATE]! - handedAt[i]!).toBeGreaterThanOrEqual(1000 - SLACK_MS);
    }
    const rows = await t.ctx.db.kysely.selectFrom('whatsapp_messages').selectAll().execute();
    expect(rows.map((row) => row.status)).toEqual(Array(5).fill('sent'));
  });

  it('with no WhatsApp configuration, writes the notice to the outbox file in the data dir', async () => {
    t = await createTestApp(dialect);
    t.clock.setTo(ist(D0, '11:00'));
    owner = await loginOwner(t);
    expect(t.config.whatsapp.mode).toBe('outbox');
    const english = await owingCustomer();
    const hindi = await owingCustomer('hi');
    for (const { customer } of [english, hindi]) await grantWhatsapp(customer);
    // A receipt for ₹1,000 recorded in cash, to each.
    await payPart(english.api, english.customer);
    await payPart(hindi.api, hindi.customer);

    const file = path.join(t.dataDir, 'outbox', 'whatsapp.jsonl');
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    const [englishRow] = await messages(english.customer.id);
    const [hindiRow] = await messages(hindi.customer.id);
    expect(lines).toEqual([
      {
        id: englishRow!.wamid,
        to: `+91${english.customer.phone}`,
        template: 'receipt',
        language: 'en',
        parameters: ['Dabba Mess & Tiffin', '₹1,000', 'http://dabba.test/payments'],
        text: 'Hello from Dabba Mess & Tiffin. We received your payment of ₹1,000, thank you! Your receipt is here: http://dabba.test/payments Please keep it for your records.',
      },
      {
        id: hindiRow!.wamid,
        to: `+91${hindi.customer.phone}`,
        template: 'receipt',
        language: 'hi',
        parameters: ['Dabba Mess & Tiffin', '₹1,000', 'http://dabba.test/payments'],
        text: 'नमस्ते, Dabba Mess & Tiffin की ओर से। आपका ₹1,000 का भुगतान मिल गया, धन्यवाद! आपकी रसीद यहाँ है: http://dabba.test/payments कृपया इसे अपने रिकॉर्ड के लिए रखें।',
      },
    ]);
    for (const row of [englishRow, hindiRow]) {
      expect(row).toMatchObject({ status: 'sent', fallback_at: null });
      expect(row!.wamid).toMatch(/^wamid\.outbox\./);
    }
    // WhatsApp carried the receipt: no receipt SMS.
    expect(smsTo(english.customer).filter((m) => m.body.includes('received'))).toEqual([]);
  });
});

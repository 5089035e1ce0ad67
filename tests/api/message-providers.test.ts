// Messages that say where they went (issue 37, item 6), on both databases. With no SMTP, SMS or
// WhatsApp set up, every message is only written to the outbox on the server: each is recorded
// with the outbox as its provider, the customer's history does not count it as sent, the owner's WhatsApp list
// keeps it under "not sent" (a WhatsApp message, or the SMS that went instead), the home's
// WhatsApp figures count no message and no cost, and the home names the three channels as not set
// up. With each set up (a mail transport standing for SMTP, a fake Twilio, the Cloud API sandbox)
// the same notices are recorded as sent through their provider, counted and priced.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startWhatsappSandbox,
  type WhatsappSandbox,
} from '../../server/services/whatsapp/sandbox.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce } from '../helpers/commerce.js';
import { heldMailer } from '../helpers/mail.js';

const APP_SECRET = 'providers-app-secret';
const TOKEN = 'providers-sandbox-token';
const PHONE_NUMBER_ID = '106540352243000';
const RECORD = '/api/payments/admin/payments/record_offline/';
/** Mid-month, so every message of a test falls in one month. */
const NOW = new Date(Date.parse('2031-03-14T11:00:00+05:30')).toISOString();

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe.each(testDatabases())('where messages went, on %s', (dialect) => {
  let t: TestApp;
  let owner = '';
  const closers: (() => Promise<unknown> | void)[] = [];

  afterEach(async () => {
    await t?.close();
    for (const close of closers.splice(0)) await close();
  });

  const grantWhatsapp = async (customer: Customer) => {
    const answer = await t.request('PUT', '/api/accounts/consents/', {
      token: customer.access,
      body: { channel: 'whatsapp', purpose: 'service', granted: true },
    });
    expect(answer.status).toBe(200);
  };

  /** A customer who pays ₹1,000 in cash towards a plan: a receipt by e-mail and SMS or WhatsApp. */
  async function paidCustomer(prefix: string, whatsapp: boolean) {
    const api = commerce(t, () => owner, {
      codePrefix: prefix,
      planDefaults: { name: `Plan ${prefix}`, base_price: 2400 },
    });
    const customer = await registerCustomer(t, { service: 'mess' });
    if (whatsapp) await grantWhatsapp(customer);
    const { subscriptionId } = await api.pendingSubscription(customer);
    const recorded = await t.request('POST', RECORD, {
      token: owner,
      body: { subscription: subscriptionId, amount: 1000, payment_mode: 'cash' },
    });
    expect(recorded.status).toBe(201);
    await t.settle();
    return customer;
  }

  const ownerMessages = async (status?: string) => {
    const answer = await t.request(
      'GET',
      `/api/owner/whatsapp/messages/${status ? `?status=${status}` : ''}`,
      { token: owner },
    );
    expect(answer.status).toBe(200);
    return answer.body as { customer: { id: number } | null; [key: string]: unknown }[];
  };
  const messageOf = (list: Awaited<ReturnType<typeof ownerMessages>>, customer: Customer) =>
    list.find((message) => message.customer?.id === customer.id);

  it('with nothing set up, every message is recorded as kept in the outbox, not sent, at no cost', async () => {
    t = await createTestApp(dialect);
    t.clock.setTo(NOW);
    owner = await loginOwner(t);
    const agreed = await paidCustomer('RTA', true);
    const unasked = await paidCustomer('RTU', false);

    // Nothing reached anyone: the customer's history has nothing among the sent, and the home's
    // WhatsApp figures count no message and no cost, only what the outbox holds.
    const sent = await t.request('GET', '/api/notifications/events/?status=sent', {
      token: unasked.access,
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual([]);
    expect(sent.headers['x-total-count']).toBe('0');
    const usage = await t.request('GET', '/api/owner/whatsapp/usage/', { token: owner });
    // Two kept on the server: the WhatsApp message and the SMS that went without consent, as the
    // "Not sent" filter lists them; neither counts as gone by SMS.
    expect(usage.body).toMatchObject({
      sent: 0,
      estimated_cost_paise: 0,
      outbox: 2,
      by_sms: 0,
      provider: 'outbox',
    });

    // Each e-mail and SMS is recorded as written to the outbox, in the raw log and the history.
    const logs = (await t.request('GET', '/api/notifications/logs/', { token: unasked.access }))
      .body as { channel: string; status: string; provider: string | null }[];
    expect(new Set(logs.map((log) => log.channel))).toEqual(new Set(['email', 'sms']));
    for (const log of logs) expect(log).toMatchObject({ status: 'sent', provider: 'outbox' });
    const events = await t.request('GET', '/api/notifications/events/', { token: unasked.access });
    const channels = events.body.flatMap((event: any) => event.channels);
    expect(channels.length).toBe(logs.length);
    for (const channel of channels) expect(channel.provider).toBe('outbox');

    // The owner's WhatsApp list: the receipt by WhatsApp and the one by SMS, both not sent.
    const all = await ownerMessages();
    expect(messageOf(all, agreed)).toMatchObject({
      status: 'sent',
      channel: 'whatsapp',
      provider: 'outbox',
    });
    expect(messageOf(all, unasked)).toMatchObject({
      status: 'sms',
      channel: 'sms',
      provider: 'outbox',
      fallback_reason: 'no_consent',
    });
    const notSent = await ownerMessages('not_sent');
    expect(notSent.map((m) => m.customer?.id).sort()).toEqual([agreed.id, unasked.id].sort());
    expect(await ownerMessages('sent')).toEqual([]);
    expect(await ownerMessages('sms')).toEqual([]);
    const mine = await t.request('GET', '/api/notifications/whatsapp/', { token: agreed.access });
    expect(mine.body).toEqual([messageOf(all, agreed)]);

    // The home says that no channel is set up.
    const home = await t.request('GET', '/api/owner/summary/', { token: owner });
    expect(home.status).toBe(200);
    expect(home.body.channels_not_set_up).toEqual(['email', 'sms', 'whatsapp']);
  });

  it('with each channel set up, the same notices are recorded as sent through their provider', async () => {
    const twilio: { to: string; body: string }[] = [];
    const fake = createServer(async (request, response) => {
      const form = new URLSearchParams(await readBody(request));
      twilio.push({ to: form.get('To') ?? '', body: form.get('Body') ?? '' });
      response.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM1"}');
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => fake.close(resolve)));
    const sandbox: WhatsappSandbox = await startWhatsappSandbox({
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
    closers.push(() => sandbox.close());
    const mail = heldMailer();
    const app = await createTestApp(
      dialect,
      {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC123',
        TWILIO_AUTH_TOKEN: 'token-1',
        TWILIO_FROM: '+15550001111',
        TWILIO_API_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
        WHATSAPP_TOKEN: TOKEN,
        WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
        WHATSAPP_APP_SECRET: APP_SECRET,
        WHATSAPP_VERIFY_TOKEN: 'providers-verify-token',
        WHATSAPP_API_URL: sandbox.url,
        WHATSAPP_RATE_PER_SECOND: '200',
      },
      { mailer: mail },
    );
    // The codes to sign up with come from the fake Twilio, not the outbox.
    t = Object.assign(app, { smsOutbox: () => [...twilio] });
    t.clock.setTo(NOW);
    owner = await loginOwner(t);
    const agreed = await paidCustomer('RSA', true);
    const unasked = await paidCustomer('RSU', false);
    await sandbox.flush();

    const logs = (await t.request('GET', '/api/notifications/logs/', { token: unasked.access }))
      .body as { channel: string; status: string; provider: string | null }[];
    expect(new Set(logs.map((log) => log.channel))).toEqual(new Set(['email', 'sms']));
    for (const log of logs) {
      expect(log).toMatchObject({
        status: 'sent',
        provider: log.channel === 'email' ? 'smtp' : 'twilio',
      });
    }
    expect(mail.sent.length).toBeGreaterThan(0);
    const sent = await t.request('GET', '/api/notifications/events/?status=sent', {
      token: unasked.access,
    });
    const all = await t.request('GET', '/api/notifications/events/', { token: unasked.access });
    expect(sent.body.length).toBeGreaterThan(0);
    expect(sent.body).toEqual(all.body);

    const messages = await ownerMessages();
    expect(messageOf(messages, agreed)).toMatchObject({
      status: 'read',
      channel: 'whatsapp',
      provider: 'cloud_api',
    });
    expect(messageOf(messages, unasked)).toMatchObject({
      status: 'sms',
      channel: 'sms',
      provider: 'twilio',
    });
    expect(await ownerMessages('not_sent')).toEqual([]);
    expect((await ownerMessages('sms')).map((m) => m.customer?.id)).toEqual([unasked.id]);

    const usage = await t.request('GET', '/api/owner/whatsapp/usage/', { token: owner });
    expect(usage.body).toMatchObject({
      sent: 1,
      estimated_cost_paise: 12,
      outbox: 0,
      by_sms: 1,
      provider: 'cloud_api',
    });
    const home = await t.request('GET', '/api/owner/summary/', { token: owner });
    expect(home.body.channels_not_set_up).toEqual([]);
  });
});

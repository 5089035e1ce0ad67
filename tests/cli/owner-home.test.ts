// dabba dashboard (the owner's home) against a real server, and issue 12's CLI fixes: amounts as
// the web writes them (₹1,333, never ₹1,333.00) and statuses by their labels in every table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCalendarDate } from '@machines/shared';
import { requestLeave, subscriber, type Subscriber } from './fixtures.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';
import { registerCustomer } from '../helpers/accounts.js';
import { insertSubscription } from '../helpers/fixtures.js';

describe('dabba dashboard', () => {
  let server: CliServer;
  let messCustomer: Subscriber;
  let ending: number;
  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
    messCustomer = await subscriber(server.t); // ₹3,000 paid today
    await subscriber(server.t, { service: 'tiffin', meals: ['lunch'] });
    await requestLeave(server.t, messCustomer);
    const customer = await registerCustomer(server.t);
    // Ends the day after tomorrow: expiring within 3 days.
    await insertSubscription(server.t, customer.id, { startOffsetDays: -27, durationDays: 30 });
    ending = customer.id;
  });
  afterAll(async () => {
    await server.close();
  });

  it('--json prints the API’s answer', async () => {
    const result = await dabba(server, ['dashboard', '--json']);
    expect(result.code).toBe(0);
    const owner = await server.t.request('POST', '/api/accounts/login/', {
      body: { username: 'owner', password: 'owner-password-1' },
    });
    const api = await server.t.request('GET', '/api/owner/summary/', { token: owner.body.access });
    expect(result.json()).toEqual(api.body);
    expect(result.json()).toMatchObject({
      revenue: { today: { collected: 6000, refunded: 0, net: 6000 } },
      active_subscribers: { total: 3, mess: 2, tiffin: 1 },
      expiring: { within_days: 3, count: 1 },
      pending_leaves: 1,
    });
  });

  it('prints the figures, tomorrow’s meals and 30 days as text, money as the web writes it', async () => {
    const result = await dabba(server, ['dashboard']);
    expect(result.code).toBe(0);
    const text = result.stdout;
    expect(text).toMatch(/^Revenue today: +₹6,000 \(collected ₹6,000, refunded ₹0\)$/m);
    expect(text).toMatch(/^Active subscribers: +3 \(mess 2, tiffin 1\)$/m);
    expect(text).toMatch(/^Expiring within 3 days: +1 \(dabba users list --expiring-within 3\)$/m);
    expect(text).toMatch(/^Pending leaves: +1$/m);
    expect(text).toMatch(/^Pending refunds: +0$/m);
    expect(text).toMatch(/^Open feedback: +0$/m);
    // Two mess customers eat three meals (a PENDING leave removes nobody); the tiffin one lunch.
    expect(text).toMatch(/^Lunch +2 +1 +3$/m);
    expect(text).toMatch(/^Breakfast +2 +0 +2$/m);
    expect(text).toContain('Last 30 days');
    // Paid today; the fixtures' subscriptions started days ago, so none is new today.
    // Dates as people read them ("24 Nov 2026"); --json keeps the API's ISO dates.
    const today = formatCalendarDate(server.t.ctx.today());
    expect(text).toContain(`owner's home for ${today}`);
    expect(text).toMatch(new RegExp(`^${today} +₹6,000 +0$`, 'm'));
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toMatch(/\.00\b/);
    // Nothing is set up on this server: the home says that no message leaves it, and what to set.
    expect(text).toMatch(
      /^No message leaves this server yet\. Not set up: e-mail, SMS and WhatsApp; their messages are only written to DATA_DIR\/outbox and nobody receives them\.$/m,
    );
    expect(text).toContain(
      'Set SMTP_URL (e-mail), SMS_PROVIDER (SMS) and WHATSAPP_TOKEN with WHATSAPP_PHONE_NUMBER_ID (WhatsApp)',
    );
  });

  it('users list --expiring-within 3 lists the customers behind the count', async () => {
    const result = await dabba(server, ['users', 'list', '--expiring-within', '3', '--json']);
    expect(result.code).toBe(0);
    expect(result.json().map((user: { id: number }) => user.id)).toEqual([ending]);
    const bad = await dabba(server, ['users', 'list', '--expiring-within', 'soon']);
    expect(bad.code).toBe(2);
  });

  it('prints statuses by their labels and amounts without .00 in every table', async () => {
    const leaves = await dabba(server, ['leaves', 'list']);
    expect(leaves.stdout).toMatch(/^ *\d+ +Pending +/m);
    expect(leaves.stdout).not.toContain('PENDING');
    const payments = await dabba(server, ['payments', 'list']);
    expect(payments.stdout).toContain('₹3,000');
    expect(payments.stdout).toContain('Success');
    expect(payments.stdout).not.toContain('SUCCESS');
    expect(payments.stdout).not.toContain('₹3,000.00');
    const users = await dabba(server, ['users', 'list']);
    expect(users.stdout).toMatch(/ Active /);
    expect(users.stdout).not.toContain('ACTIVE');
    const user = await dabba(server, ['users', 'show', String(messCustomer.id)]);
    expect(user.stdout).toMatch(/ Active +\d{4}-\d\d-\d\d/);
    expect(user.stdout).toMatch(/₹3,000$/m);
  });

  it('needs a login, like every command', async () => {
    const result = await dabba({ configDir: '/nonexistent-dabba-config' }, ['dashboard']);
    expect(result.code).toBe(3);
  });
});

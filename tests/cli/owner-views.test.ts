// dabba feedback, plans, payments, users, subscribers and kitchen against a real server.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@machines';
import { registerCustomer } from '../helpers/accounts.js';
import { insertSubscription } from '../helpers/fixtures.js';
import { requestLeave, submitFeedback, subscriber, type Subscriber } from './fixtures.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe('dabba owner views', () => {
  let server: CliServer;
  let tiffinLunch: Subscriber;
  let messDinner: Subscriber;
  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
    tiffinLunch = await subscriber(server.t, { service: 'tiffin', meals: ['lunch'] });
    messDinner = await subscriber(server.t, {
      service: 'mess',
      meals: ['dinner'],
      userType: 'regular',
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('feedback: list, show, dry-run respond, respond', async () => {
    const id = await submitFeedback(server.t, tiffinLunch);
    const list = await dabba(server, ['feedback', 'list', '--status', 'open', '--json']);
    expect(list.code).toBe(0);
    expect(list.json().map((item: any) => item.id)).toContain(id);
    const show = await dabba(server, ['feedback', 'show', String(id)]);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('Dal was cold');
    expect(show.stdout).toContain(tiffinLunch.username);

    const blank = await dabba(server, [
      'feedback',
      'respond',
      String(id),
      '--message',
      ' ',
      '--dry-run',
    ]);
    expect(blank.code).toBe(1);
    expect(blank.stderr).toContain('Response required: Please write a response before submitting.');

    const dry = await dabba(server, [
      'feedback',
      'respond',
      String(id),
      '--message',
      'Fixed',
      '--status',
      'closed',
      '--dry-run',
    ]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('mark it closed');
    const done = await dabba(server, [
      'feedback',
      'respond',
      String(id),
      '--message',
      'We fixed the warmer',
      '--status',
      'closed',
    ]);
    expect(done.code).toBe(0);
    expect(done.stdout).toBe('Response saved and status marked as closed.\n');
    const after = await dabba(server, ['feedback', 'show', String(id), '--json']);
    expect(after.json()).toMatchObject({ status: 'closed', admin_response: 'We fixed the warmer' });
  });

  it('plans: create with the spec defaults, update, dry-run, archive', async () => {
    const dry = await dabba(server, [
      'plans',
      'create',
      '--code',
      'CLI-1',
      '--name',
      'CLI Mess',
      '--description',
      'From the CLI',
      '--dry-run',
      '--json',
    ]);
    expect(dry.code).toBe(0);
    expect(dry.json().create).toMatchObject({
      service_type: 'mess',
      base_price: 0,
      duration_days: 30,
    });

    const created = await dabba(server, [
      'plans',
      'create',
      '--code',
      'CLI-1',
      '--name',
      'CLI Tiffin',
      '--description',
      'From the CLI',
      '--service',
      'tiffin',
      '--price',
      '1800',
      '--meals',
      'lunch,dinner',
      '--json',
    ]);
    expect(created.code).toBe(0);
    const plan = created.json();
    expect(plan).toMatchObject({
      code: 'CLI-1',
      service_type: 'tiffin',
      base_price: 1800,
      included_meals: ['lunch', 'dinner'],
      is_active: true,
    });

    const duplicate = await dabba(server, [
      'plans',
      'create',
      '--code',
      'CLI-1',
      '--name',
      'Again',
      '--description',
      'x',
    ]);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('code: A plan with this code already exists.');

    const updated = await dabba(server, [
      'plans',
      'update',
      String(plan.id),
      '--price',
      '1900',
      '--json',
    ]);
    expect(updated.json().base_price).toBe(1900);
    const nothing = await dabba(server, ['plans', 'update', String(plan.id)]);
    expect(nothing.code).toBe(2);

    const archived = await dabba(server, ['plans', 'archive', String(plan.id)]);
    expect(archived.code).toBe(0);
    const list = await dabba(server, ['plans', 'list', '--json']);
    expect(list.json().some((row: any) => row.id === plan.id)).toBe(false);
    const table = await dabba(server, ['plans', 'list']);
    expect(table.stdout.split('\n')[0]).toMatch(/^\s*ID\s+Code\s+Name\s+Service/);
  });

  it('payments: list with filters, show, HTML and PDF receipts', async () => {
    const list = await dabba(server, ['payments', 'list', '--status', 'success', '--json']);
    expect(list.code).toBe(0);
    const ids = list.json().map((payment: any) => payment.id);
    expect(ids).toEqual(expect.arrayContaining([tiffinLunch.paymentId, messDinner.paymentId]));
    const future = await dabba(server, [
      'payments',
      'list',
      '--since',
      addDays(server.t.ctx.today(), 2),
      '--json',
    ]);
    expect(future.json()).toEqual([]);
    const badDate = await dabba(server, ['payments', 'list', '--since', 'yesterday']);
    expect(badDate.code).toBe(2);

    const show = await dabba(server, ['payments', 'show', String(tiffinLunch.paymentId)]);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain(tiffinLunch.username);

    const html = await dabba(server, [
      'payments',
      'receipt',
      String(tiffinLunch.paymentId),
      '--html',
    ]);
    expect(html.code).toBe(0);
    expect(html.stdout).toMatch(/<html/i);
    const pdf = await dabba(server, [
      'payments',
      'receipt',
      String(tiffinLunch.paymentId),
      '--pdf',
      'r.pdf',
    ]);
    expect(pdf.code).toBe(0);
    expect(readFileSync(path.join(server.configDir, 'r.pdf')).subarray(0, 5).toString()).toBe(
      '%PDF-',
    );

    const missing = await dabba(server, ['payments', 'show', '999999']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Payment 999999 was not found.');
  });

  it('users: list with search and type, show, stats', async () => {
    const list = await dabba(server, ['users', 'list', '--search', tiffinLunch.username, '--json']);
    expect(list.code).toBe(0);
    expect(list.json().map((user: any) => user.username)).toEqual([tiffinLunch.username]);
    const regular = await dabba(server, ['users', 'list', '--type', 'regular', '--json']);
    expect(regular.json().map((user: any) => user.username)).toContain(messDinner.username);
    expect(regular.json().map((user: any) => user.username)).not.toContain(tiffinLunch.username);
    const show = await dabba(server, ['users', 'show', String(tiffinLunch.id)]);
    expect(show.code).toBe(0);
    // Statuses by their labels, as the web app shows them (issue 12).
    expect(show.stdout).toMatch(/^Subscription: +Active$/m);
    expect(show.stdout).toMatch(/^Status: +Profile Complete$/m);
    expect(show.stdout).not.toContain('ACTIVE');
    const stats = await dabba(server, ['users', 'stats', '--json']);
    expect(stats.json().users_with_active_subscriptions).toBeGreaterThanOrEqual(2);
    const ending = await registerCustomer(server.t);
    await insertSubscription(server.t, ending.id, { startOffsetDays: -27, durationDays: 30 });
    const expiring = await dabba(server, ['users', 'list', '--expiring', '--json']);
    expect(expiring.json().map((user: any) => user.username)).toEqual([ending.username]);
    const badType = await dabba(server, ['users', 'list', '--type', 'owner']);
    expect(badType.code).toBe(2);
  });

  it('subscribers by meal and service, and the kitchen sheet', async () => {
    const lunch = await dabba(server, [
      'subscribers',
      '--meal',
      'lunch',
      '--service',
      'tiffin',
      '--json',
    ]);
    expect(lunch.code).toBe(0);
    expect(lunch.json().map((row: any) => row.username)).toEqual([tiffinLunch.username]);
    const table = await dabba(server, ['subscribers']);
    expect(table.stdout).toContain(messDinner.username);

    await requestLeave(server.t, tiffinLunch, 1, 1);
    const tomorrow = addDays(server.t.ctx.today(), 1);
    const sheet = await dabba(server, ['kitchen', '--date', tomorrow, '--json']);
    expect(sheet.stderr).toBe('');
    expect(sheet.code).toBe(0);
    expect(sheet.json().date).toBe(tomorrow);
    expect(sheet.json().counts.tiffin.lunch).toBe(1);
    expect(sheet.json().deliveries.lunch[0]).toMatchObject({ pending_leave: true });
    const text = await dabba(server, ['kitchen', '--date', tomorrow]);
    expect(text.stdout).toContain(`Kitchen sheet for ${tomorrow}`);
    expect(text.stdout).toContain('Lunch deliveries (1)');
    expect(text.stdout).toContain('leave pending');
  });

  it('export csv: sources merged by username, chosen columns, stdout, file name by date', async () => {
    const out = await dabba(server, [
      'export',
      'csv',
      '--sources',
      'users,subscribers',
      '--columns',
      'email,plan_name,service_type',
      '-o',
      '-',
    ]);
    expect(out.code).toBe(0);
    const lines = out.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Username,Full Name,Email,Plan Name,Service Type');
    const usernames = lines.slice(1).map((line) => line.split(',')[0]);
    expect(usernames).toEqual([...new Set(usernames)]);
    expect(usernames).toEqual(expect.arrayContaining([tiffinLunch.username, messDinner.username]));
    expect(lines.find((line) => line.startsWith(`${tiffinLunch.username},`))).toContain(',tiffin');
    expect(out.stderr).toMatch(/Fetching users: \d+ of \d+/);
    expect(out.stderr).toMatch(/Downloaded \d+ records\./);

    const mess = await dabba(server, [
      'export',
      'csv',
      '--meals',
      'mess:dinner',
      '--service',
      'mess',
      '--columns',
      'service_type',
      '-o',
      '-',
    ]);
    const messRows = mess.stdout.trimEnd().split('\r\n').slice(1);
    expect(messRows.map((line) => line.split(',')[0])).toContain(messDinner.username);
    expect(messRows.map((line) => line.split(',')[0])).not.toContain(tiffinLunch.username);
    expect(messRows.every((line) => line.endsWith(',mess'))).toBe(true);

    const file = await dabba(server, ['export', 'csv', '--sources', 'subscribers']);
    expect(file.code).toBe(0);
    const today = server.t.clock.now();
    const name = `active_subscribers_${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}.csv`;
    expect(file.stderr).toContain(path.join(server.configDir, name));
    expect(readFileSync(path.join(server.configDir, name), 'utf8')).toContain(tiffinLunch.username);

    const bad = await dabba(server, ['export', 'csv', '--columns', 'password']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"password" is not a column');
  });

  it('a customer token gets exit 4 (signed in, not allowed), not 3, with a hint to use the owner account', async () => {
    const customer = await registerCustomer(server.t);
    const { writeSession } = await import('../../cli/services/session-store.js');
    const other = { configDir: `${server.configDir}/customer` };
    writeSession(
      { DABBA_CONFIG_DIR: other.configDir },
      { url: server.url, access: customer.access, refresh: customer.refresh },
    );
    const result = await dabba(other, ['users', 'list']);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('owner account');
  });
});

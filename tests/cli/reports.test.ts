// dabba report payments against a real server: the totals per mode and per day, --json, the CSV
// for Excel written to a file, and a refusal of a period that ends before it starts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOwner, registerCustomer } from '../helpers/accounts.js';
import { commerce } from '../helpers/commerce.js';
import { subscriber } from './fixtures.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe('dabba report payments', () => {
  let server: CliServer;
  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
    await subscriber(server.t, { service: 'tiffin', meals: ['lunch'] });
    await subscriber(server.t, { service: 'mess' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('prints the totals, the JSON and the CSV of a period', async () => {
    const today = server.t.ctx.today();
    const json = await dabba(server, [
      'report',
      'payments',
      '--from',
      today,
      '--to',
      today,
      '--json',
    ]);
    expect(json.code).toBe(0);
    const report = json.json() as {
      total: { count: number; total_inr: number; total_paise: number };
      payments: Array<{ amount_paise: number }>;
    };
    expect(report.total.count).toBe(2);
    expect(report.total.total_paise).toBe(
      report.payments.reduce((sum, payment) => sum + payment.amount_paise, 0),
    );

    const table = await dabba(server, ['report', 'payments', '--from', today, '--to', today]);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(
      `Payments ${today} to ${today}: 2, received ₹6,000; refunded ₹0 (0); net ₹6,000`,
    );
    expect(table.stdout).toMatch(/Mode\s+Payments\s+Amount\n/);
    expect(table.stdout).toMatch(/Date\s+Payments\s+Received\s+Refunded\s+Net\n/);

    const written = await dabba(server, [
      'report',
      'payments',
      '--from',
      today,
      '--to',
      today,
      '--csv',
      'month.csv',
    ]);
    expect(written.code).toBe(0);
    const file = path.join(server.configDir, 'month.csv');
    expect(written.stderr).toBe(`Saved the payments report to ${file}\n`);
    const csv = readFileSync(file, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    // Header, two payments, Total received, Refunded, Net, and the last line's end.
    expect(csv.split('\r\n')).toHaveLength(1 + 2 + 3 + 1);

    const backwards = await dabba(server, [
      'report',
      'payments',
      '--from',
      today,
      '--to',
      '2001-01-01',
    ]);
    expect(backwards.code).not.toBe(0);
    expect(backwards.stderr).toContain('To must be on or after From.');
    const badMode = await dabba(server, [
      'report',
      'payments',
      '--from',
      today,
      '--to',
      today,
      '--mode',
      'Cash!',
    ]);
    expect(badMode.code).not.toBe(0);
  });

  it('nets a refund paid back the same day: received, refunded and net', async () => {
    const today = server.t.ctx.today();
    const owner = await loginOwner(server.t);
    const api = commerce(server.t, owner, { codePrefix: 'CLINET' });
    const customer = await registerCustomer(server.t, { service: 'mess' });
    const { refundId } = await api.cancelledWithRefund(customer, { base_price: 3000 });
    expect((await api.refundAction(refundId, 'approve', { admin_comment: 'ok' })).status).toBe(200);
    const paid = await api.refundAction(refundId, 'mark_paid', {
      admin_comment: 'Sent',
      utr: 'UTR55555555',
    });
    expect(paid.status).toBe(200);

    const table = await dabba(server, ['report', 'payments', '--from', today, '--to', today]);
    expect(table.code).toBe(0);
    // ₹6,000 from the two subscribers and ₹3,000 online; ₹2,900 of it paid back.
    expect(table.stdout).toContain(
      `Payments ${today} to ${today}: 3, received ₹9,000; refunded ₹2,900 (1); net ₹6,100`,
    );
    expect(table.stdout).toMatch(new RegExp(`${today}\\s+3\\s+₹9,000\\s+₹2,900\\s+₹6,100\\n`));
    // One mode has no refunds to net (a refund is paid back by no payment mode).
    const oneMode = await dabba(server, [
      'report',
      'payments',
      '--from',
      today,
      '--to',
      today,
      '--mode',
      'upi',
    ]);
    expect(oneMode.stdout).not.toContain('refunded');
    expect(oneMode.stdout).toMatch(/Date\s+Payments\s+Received\n/);
  });
});

// dabba dues against a real server: who owes what (a walk-in enrolled with a part payment), the
// overdue filter, the summary by age, one customer's statement and the CSV for Excel.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@machines';
import { loginOwner } from '../helpers/accounts.js';
import { testDatabases } from '../helpers/app.js';
import { commerce } from '../helpers/commerce.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe.each(testDatabases())('dabba dues on %s', (dialect) => {
  let server: CliServer;
  let customerId: number;
  let ownerToken: string;

  beforeAll(async () => {
    server = await startCliServer(dialect);
    await loginAsOwner(server);
    ownerToken = await loginOwner(server.t);
    const api = commerce(server.t, () => ownerToken, {
      codePrefix: 'CLIDUES',
      planDefaults: { name: 'Khata plan', base_price: 3000 },
    });
    const plan = await api.plan({ name: 'Khata plan' });
    const enrolled = await server.t.request('POST', '/api/payments/admin/walk-ins/', {
      token: ownerToken,
      body: {
        first_name: 'Meena',
        last_name: 'Iyer',
        phone: '9812300077',
        user_type: 'regular',
        plan: plan.id,
        amount: 1200,
        payment_mode: 'cash',
        start: 'when_paid',
      },
    });
    expect(enrolled.status).toBe(201);
    customerId = enrolled.body.customer.id;
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists who owes, summarises by age, prints a statement and writes the CSV', async () => {
    const list = await dabba(server, ['dues']);
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    // The phone as `dabba kitchen` writes it; --json keeps it as stored.
    expect(list.stdout).toMatch(/Meena Iyer\s+\+91 98123 00077\s+₹1,800/);
    expect(list.stdout).toContain('DUE');
    const json = await dabba(server, ['dues', '--json']);
    expect(json.code).toBe(0);
    expect(json.json()).toEqual([
      expect.objectContaining({
        customer: expect.objectContaining({ full_name: 'Meena Iyer', phone: '+919812300077' }),
      }),
    ]);

    const overdue = await dabba(server, ['dues', '--overdue']);
    expect(overdue.code).toBe(0);
    expect(overdue.stdout).not.toContain('Meena Iyer');

    const summary = await dabba(server, ['dues', 'summary']);
    expect(summary.code).toBe(0);
    expect(summary.stdout).toMatch(/Total due:\s+₹1,800 \(1 customers\)/);
    expect(summary.stdout).toMatch(/0–15 days:\s+₹1,800 \(1\)/);

    const statement = await dabba(server, ['dues', 'statement', String(customerId)]);
    expect(statement.code).toBe(0);
    expect(statement.stdout).toContain('owes ₹1,800, DUE');
    // The charge says when the walk-in's subscription starts (the owner's choice at the counter).
    expect(statement.stdout).toMatch(
      /Subscription #\d+, starts once ₹1,800 is paid\s+₹3,000\s+₹3,000/,
    );

    const file = path.join(server.t.dataDir, 'dues.csv');
    const csv = await dabba(server, ['dues', '--csv', file]);
    expect(csv.code).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('\uFEFFcustomer,username,phone')).toBe(true);
    expect(text).toContain('Meena Iyer');
    // Text a spreadsheet keeps as it is, as in the payments CSV: never 9.19812E+11.
    expect(text).toContain(',="+919812300077",');
    expect(text).toContain('1800.00');
  });

  it('--held lists the customers the dues hold pauses, and why', async () => {
    const none = await dabba(server, ['dues', '--held']);
    expect(none.code).toBe(0);
    expect(none.stdout).toContain('Nobody is held for dues.');
    const saved = await server.t.request('PUT', '/api/owner/settings/', {
      token: ownerToken,
      body: {
        ...DEFAULT_SETTINGS,
        payments: {
          activation: 'full_payment',
          max_dues: 0,
          hold: { enabled: true, max_amount: 1500, max_days_overdue: null },
        },
      },
    });
    expect(saved.status).toBe(200);
    const held = await dabba(server, ['dues', '--held']);
    expect(held.code).toBe(0);
    expect(held.stdout).toMatch(/Meena Iyer.*₹1,800.*over ₹1,500/);
    const statement = await dabba(server, ['dues', 'statement', String(customerId)]);
    expect(statement.stdout).toContain('meals paused (held: over ₹1,500)');
  });

  it("refund-advance pays back a customer's advance, with the rules checked under their flags first", async () => {
    // Meena pays ₹2,000 at the counter where ₹1,800 is due: ₹200 is kept as her advance.
    const cash = await server.t.ctx.db.kysely
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', '=', customerId)
      .executeTakeFirstOrThrow();
    const { insertPendingCash } = await import('../helpers/fixtures.js');
    const row = await insertPendingCash(server.t, {
      userId: customerId,
      subscriptionId: cash.id,
      amountPaise: 2000_00,
    });
    const confirmed = await server.t.request(
      'POST',
      `/api/owner/cash-collections/${row.id}/confirm/`,
      { token: ownerToken },
    );
    expect(confirmed.status).toBe(200);
    const statement = await dabba(server, ['dues', 'statement', String(customerId)]);
    expect(statement.stdout).toContain('advance held ₹200');

    const refused = await dabba(server, [
      'dues',
      'refund-advance',
      String(customerId),
      '--amount',
      '300',
      '--method',
      'upi',
      '--comment',
      'Sent back',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--amount: The refund can be at most the advance held, ₹200.');
    expect(refused.stderr).toContain('--reference: Enter the UPI or bank transfer reference.');

    const dry = await dabba(server, [
      'dues',
      'refund-advance',
      String(customerId),
      '--amount',
      '200',
      '--method',
      'cash',
      '--comment',
      'Paid back at the counter',
      '--dry-run',
    ]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      /^Would pay back ₹200 of the ₹200 advance Meena Iyer \(.+\) holds\.\n$/,
    );
    expect((await dabba(server, ['dues', 'statement', String(customerId)])).stdout).toContain(
      'advance held ₹200',
    );

    const paid = await dabba(server, [
      'dues',
      'refund-advance',
      String(customerId),
      '--amount',
      '200',
      '--method',
      'cash',
      '--comment',
      'Paid back at the counter',
    ]);
    expect(paid.stderr).toBe('');
    expect(paid.code).toBe(0);
    expect(paid.stdout).toMatch(/^Paid back ₹200 to Meena Iyer \(.+\); advance left ₹0\.\n$/);
    expect((await dabba(server, ['dues', 'statement', String(customerId)])).stdout).not.toContain(
      'advance held',
    );
  });
});

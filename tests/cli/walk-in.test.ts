// dabba walk-in against a real server: enrols a customer at the counter with a part payment and
// prints the subscription's status and what is still due; --json; a refusal exits 1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOwner } from '../helpers/accounts.js';
import { testDatabases } from '../helpers/app.js';
import { commerce } from '../helpers/commerce.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe.each(testDatabases())('dabba walk-in on %s', (dialect) => {
  let server: CliServer;
  let planId: number;

  beforeAll(async () => {
    server = await startCliServer(dialect);
    await loginAsOwner(server);
    const ownerToken = await loginOwner(server.t);
    const api = commerce(server.t, () => ownerToken, {
      codePrefix: 'CLIWALK',
      planDefaults: { name: 'Counter plan', base_price: 3000 },
    });
    planId = (await api.plan({ name: 'Counter plan' })).id;
  });
  afterAll(async () => {
    await server.close();
  });

  it('enrols with a part payment and prints the status and the amount due', async () => {
    // Paid in part, the owner must say when it starts.
    const unsaid = await dabba(server, [
      'walk-in',
      '--name',
      'Ravi Kumar',
      '--phone',
      '9812300011',
      '--plan',
      String(planId),
      '--amount',
      '1000',
    ]);
    expect(unsaid.code).toBe(1);
    expect(unsaid.stderr).toContain(
      'Only part of the price is paid (₹2,000 still due): choose whether the subscription starts now with the rest due, or when it is paid.',
    );
    const run = await dabba(server, [
      'walk-in',
      '--name',
      'Ravi Kumar',
      '--phone',
      '9812300011',
      '--plan',
      String(planId),
      '--amount',
      '1000',
      '--mode',
      'cash',
      '--type',
      'student',
      '--start',
      'when-paid',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Enrolled Ravi Kumar (ravi0011, +919812300011).');
    expect(run.stdout).toMatch(/Subscription #\d+ to Counter plan: PENDING_PAYMENT\./);
    expect(run.stdout).toContain('Amount due: ₹2,000 (it starts when paid).');

    const now = await dabba(server, [
      'walk-in',
      '--name',
      'Sita',
      '--phone',
      '9812300014',
      '--plan',
      String(planId),
      '--amount',
      '500',
      '--start',
      'now',
    ]);
    expect(now.stderr).toBe('');
    expect(now.stdout).toMatch(/Subscription #\d+ to Counter plan: ACTIVE\./);
    expect(now.stdout).toContain('Amount due: ₹2,500 (started now, owing the rest).');
    expect(run.stdout).toContain('A link to claim the account was sent by SMS');

    const json = await dabba(server, [
      'walk-in',
      '--name',
      'Asha',
      '--phone',
      '9812300012',
      '--plan',
      String(planId),
      '--amount',
      '3000',
      '--json',
    ]);
    expect(json.code).toBe(0);
    const body = json.json() as { subscription: { status: string; amount_due: number } };
    expect(body.subscription).toMatchObject({ status: 'ACTIVE', amount_due: 0 });

    const taken = await dabba(server, [
      'walk-in',
      '--name',
      'Ravi',
      '--phone',
      '9812300011',
      '--plan',
      String(planId),
      '--amount',
      '0',
      '--start',
      'when-paid',
    ]);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('A user with this phone number already exists.');
  });

  it('claim-link sends a walk-in a new link; a customer who was not one is not found', async () => {
    const run = await dabba(server, [
      'walk-in',
      '--name',
      'Meena',
      '--phone',
      '9812300013',
      '--plan',
      String(planId),
      '--amount',
      '0',
      '--start',
      'when-paid',
      '--json',
    ]);
    const { customer } = run.json() as { customer: { id: number } };
    const before = server.t.smsOutbox().length;
    const sent = await dabba(server, ['claim-link', String(customer.id)]);
    expect(sent.stderr).toBe('');
    expect(sent.code).toBe(0);
    expect(sent.stdout).toContain('A new claim link was sent to +919812300013.');
    expect(sent.stdout).toMatch(/The link works until \d{4}-\d{2}-\d{2} \d{2}:\d{2}\.\n/);
    const sms = server.t.smsOutbox().slice(before);
    expect(sms.map((message) => message.to)).toEqual(['+919812300013']);
    expect(sms[0]!.body).toMatch(/\/claim\/[A-Za-z0-9_-]+/);

    const missing = await dabba(server, ['claim-link', '999999']);
    expect(missing.code).toBe(1);
  });
});

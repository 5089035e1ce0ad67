// dabba walk-in against a real server: enrols a customer at the counter with a part payment and
// prints the subscription's status and what is still due; --json; a refusal exits 1. On a tiffin
// plan it takes where the tiffin goes, and `dabba users edit` changes it (--dry-run changes nothing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOwner } from '../helpers/accounts.js';
import { testDatabases } from '../helpers/app.js';
import { commerce } from '../helpers/commerce.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe.each(testDatabases())('dabba walk-in on %s', (dialect) => {
  let server: CliServer;
  let planId: number;
  let tiffinPlanId: number;

  beforeAll(async () => {
    server = await startCliServer(dialect);
    await loginAsOwner(server);
    const ownerToken = await loginOwner(server.t);
    const api = commerce(server.t, () => ownerToken, {
      codePrefix: 'CLIWALK',
      planDefaults: { name: 'Counter plan', base_price: 3000 },
    });
    planId = (await api.plan({ name: 'Counter plan' })).id;
    tiffinPlanId = (
      await api.plan({ name: 'Tiffin plan', service_type: 'tiffin', included_meals: ['lunch'] })
    ).id;
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
    expect(run.stdout).toContain('Enrolled Ravi Kumar (ravi0011, +91 98123 00011).');
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

  it('a tiffin plan needs the address; users edit changes it, and --dry-run changes nothing', async () => {
    const enrol = (...more: string[]) =>
      dabba(server, [
        ...['walk-in', '--name', 'Gopal Das', '--phone', '9812300021'],
        ...['--plan', String(tiffinPlanId), '--amount', '3000', ...more],
      ]);
    const without = await enrol();
    expect(without.code).toBe(1);
    expect(without.stderr).toContain(
      "A tiffin plan is delivered: enter the customer's delivery address.",
    );
    const wrongType = await enrol('--hostel', 'Tilak 4');
    expect(wrongType.code).toBe(2);
    const run = await enrol(
      ...['--address', '3 Mall Road', '--landmark', 'Near the post office'],
      ...['--pincode', '201206', '--city', 'Ghaziabad', '--json'],
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const { customer } = run.json() as { customer: { id: number; regular_profile: unknown } };
    expect(customer.regular_profile).toEqual({
      address: '3 Mall Road',
      landmark: 'Near the post office',
      pincode: '201206',
      city: 'Ghaziabad',
    });
    const profileOf = () =>
      server.t.ctx.db.kysely
        .selectFrom('regular_profiles')
        .selectAll()
        .where('user_id', '=', customer.id)
        .executeTakeFirstOrThrow();

    // Only the address moves; the landmark, pincode and city stay as they were.
    const dry = await dabba(server, [
      ...['users', 'edit', String(customer.id), '--address', '9 Kavi Nagar', '--dry-run'],
    ]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`PATCH /api/accounts/owner/users/${customer.id}/`);
    expect(dry.stdout).toContain('"address":"9 Kavi Nagar","landmark":"Near the post office"');
    expect(dry.stdout).toContain('Nothing was changed (--dry-run).');
    expect((await profileOf()).address).toBe('3 Mall Road');

    const edited = await dabba(server, [
      ...['users', 'edit', String(customer.id), '--address', '9 Kavi Nagar', '--diet', 'veg'],
    ]);
    expect(edited.stderr).toBe('');
    expect(edited.code).toBe(0);
    expect(edited.stdout).toBe('Customer details saved.\nChanged: diet, regular profile.\n');
    expect(await profileOf()).toMatchObject({ address: '9 Kavi Nagar', pincode: '201206' });

    const student = await dabba(server, ['users', 'edit', String(customer.id), '--hostel', 'B-2']);
    expect(student.code).toBe(2);
    expect(student.stderr).toContain('--hostel');
    const nothing = await dabba(server, ['users', 'edit', String(customer.id)]);
    expect(nothing.code).toBe(2);
    const badPin = await dabba(server, ['users', 'edit', String(customer.id), '--pincode', '12']);
    expect(badPin.code).toBe(1);
    expect(badPin.stderr).toContain('Pincode must be exactly 6 digits');
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
    expect(sent.stdout).toContain('A new claim link was sent to +91 98123 00013.');
    expect(sent.stdout).toMatch(/The link works until \d{4}-\d{2}-\d{2} \d{2}:\d{2}\.\n/);
    const sms = server.t.smsOutbox().slice(before);
    expect(sms.map((message) => message.to)).toEqual(['+919812300013']);
    expect(sms[0]!.body).toMatch(/\/claim\/[A-Za-z0-9_-]+/);

    const missing = await dabba(server, ['claim-link', '999999']);
    expect(missing.code).toBe(1);
  });
});

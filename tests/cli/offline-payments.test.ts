// dabba payments record against a real server: the dry run (checked by the same machines and rules
// the server uses), the recording, --json, and refusals with exit 1 (usage errors exit 2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@machines';
import { loginOwner, registerCustomer } from '../helpers/accounts.js';
import { testDatabases } from '../helpers/app.js';
import { commerce, type Commerce } from '../helpers/commerce.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe.each(testDatabases())('dabba payments record on %s', (dialect) => {
  let server: CliServer;
  let api: Commerce;
  let ownerToken: string;

  beforeAll(async () => {
    server = await startCliServer(dialect);
    await loginAsOwner(server);
    ownerToken = await loginOwner(server.t);
    api = commerce(server.t, () => ownerToken, {
      codePrefix: 'CLICASH',
      planDefaults: { name: 'Counter plan', base_price: 3000 },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  /** A new customer's subscription awaiting payment. */
  async function pending() {
    const customer = await registerCustomer(server.t, { service: 'mess' });
    const { subscriptionId } = await api.pendingSubscription(customer);
    return { customer, id: subscriptionId };
  }
  const payments = (subscriptionId: number) =>
    server.t.ctx.db.kysely
      .selectFrom('payments')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .execute();
  const statusOf = async (subscriptionId: number) =>
    (
      await server.t.ctx.db.kysely
        .selectFrom('subscriptions')
        .select('status')
        .where('id', '=', subscriptionId)
        .executeTakeFirstOrThrow()
    ).status;

  it('payments pending lists the subscriptions awaiting payment, newest first, as a table or JSON', async () => {
    const older = await pending();
    const newer = await pending();
    const json = await dabba(server, ['payments', 'pending', '--json']);
    expect(json.code).toBe(0);
    const rows = json.json() as Array<{ id: number; status: string; user: { username: string } }>;
    expect(rows.every((row) => row.status === 'PENDING_PAYMENT')).toBe(true);
    const ids = rows.map((row) => row.id);
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(rows.find((row) => row.id === newer.id)?.user.username).toBe(newer.customer.username);

    const table = await dabba(server, ['payments', 'pending']);
    expect(table.code).toBe(0);
    const [header, ...lines] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(
      /^Subscription\s+Username\s+Name\s+Plan\s+Service\s+Price\s+Paid\s+Amount Due\s+Subscribed$/,
    );
    const line = lines.find((text) => text.trimStart().startsWith(`${newer.id} `));
    expect(line).toMatch(
      new RegExp(
        `^\\s*${newer.id}\\s+${newer.customer.username}\\s+.+\\s+Counter plan\\s+mess\\s+₹3,000\\s+₹0\\s+₹3,000\\s+\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`,
      ),
    );

    // Recorded, it is no longer waiting.
    const recorded = await dabba(server, [
      'payments',
      'record',
      String(newer.id),
      '--amount',
      '3000',
      '--mode',
      'cash',
    ]);
    expect(recorded.code).toBe(0);
    const after = (await dabba(server, ['payments', 'pending', '--json'])).json() as Array<{
      id: number;
    }>;
    expect(after.map((row) => row.id)).not.toContain(newer.id);
    expect(after.map((row) => row.id)).toContain(older.id);
  });

  it('a part payment: pending, the payment and the customer say price, paid and what is still due', async () => {
    const { customer, id } = await pending();
    const part = await dabba(server, [
      'payments',
      'record',
      String(id),
      '--amount',
      '1000',
      '--mode',
      'cash',
      '--json',
    ]);
    expect(part.code).toBe(0);
    const paymentId = (part.json() as { payment: { id: number } }).payment.id;

    // Pending Payments: the Amount Due is what is owed, not the price.
    const table = await dabba(server, ['payments', 'pending']);
    const line = table.stdout.split('\n').find((text) => text.trimStart().startsWith(`${id} `));
    expect(line).toMatch(/Counter plan\s+mess\s+₹3,000\s+₹1,000\s+₹2,000\s+\d{4}-/);

    // The payment's details: this payment, then its subscription's price and money.
    const show = await dabba(server, ['payments', 'show', String(paymentId)]);
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(/^Amount:\s+₹1,000$/m);
    expect(show.stdout).toMatch(/^Price:\s+₹3,000$/m);
    expect(show.stdout).toMatch(/^Paid:\s+₹1,000$/m);
    expect(show.stdout).toMatch(/^Refunded:\s+₹0$/m);
    expect(show.stdout).toMatch(/^Due:\s+₹2,000$/m);
    expect(show.stdout).not.toContain('Total paid');

    // The customer's subscriptions.
    const user = await dabba(server, ['users', 'show', String(customer.id)]);
    expect(user.code).toBe(0);
    expect(user.stdout).toMatch(/\bPrice\s+Paid\s+Refunded\s+Due$/m);
    expect(user.stdout).toMatch(/₹3,000\s+₹1,000\s+₹0\s+₹2,000$/m);
  });

  it('a dry run says what would be recorded and records nothing', async () => {
    const { customer, id } = await pending();
    const today = server.t.ctx.today();
    const text = await dabba(server, [
      'payments',
      'record',
      String(id),
      '--amount',
      '3000',
      '--mode',
      'cash',
      '--dry-run',
    ]);
    expect(text.code).toBe(0);
    expect(text.stdout).toBe(
      `Would record ₹3,000 (Cash) for subscription #${id} (${customer.username}, Counter plan), ` +
        `received on ${today}.\nThe subscription would become ACTIVE: ${today} → ${addDays(today, 29)}.\n`,
    );
    const json = await dabba(server, [
      'payments',
      'record',
      String(id),
      '--amount',
      '3000',
      '--mode',
      'upi',
      '--reference',
      '412345678901',
      '--note',
      'Paid by GPay',
      '--dry-run',
      '--json',
    ]);
    expect(json.code).toBe(0);
    expect(json.json()).toEqual({
      dry_run: true,
      subscription: id,
      customer: customer.username,
      plan: 'Counter plan',
      amount: 3000,
      payment_mode: 'upi',
      reference: '412345678901',
      received_on: today,
      admin_comment: 'Paid by GPay',
      status: 'ACTIVE',
      start_date: today,
      base_end_date: addDays(today, 29),
    });
    expect(await payments(id)).toEqual([]);
    expect(await statusOf(id)).toBe('PENDING_PAYMENT');
  });

  it('records the payment and activates the subscription', async () => {
    const { customer, id } = await pending();
    const today = server.t.ctx.today();
    const result = await dabba(server, [
      'payments',
      'record',
      String(id),
      '--amount',
      '3000',
      '--mode',
      'bank_transfer',
      '--reference',
      'UTIB0001234567',
      '--date',
      today,
      '--note',
      'NEFT from father',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const [payment, ...others] = await payments(id);
    expect(others).toEqual([]);
    expect(payment).toMatchObject({
      status: 'SUCCESS',
      payment_gateway: 'offline',
      payment_mode: 'bank_transfer',
      utr: 'UTIB0001234567',
      admin_comment: 'NEFT from father',
      received_on: today,
    });
    expect(result.stdout).toMatch(
      new RegExp(
        `^Recorded ₹3,000 \\(Bank transfer, reference UTIB0001234567\\) for subscription #${id} ` +
          `\\(${customer.username}, Counter plan\\): payment #${payment!.id}, receipt RCPT-\\d{6}\\.\n` +
          `The subscription is ACTIVE: ${today} → ${addDays(today, 29)}\\.\n$`,
      ),
    );
    expect(await statusOf(id)).toBe('ACTIVE');

    const again = await pending();
    const json = await dabba(server, [
      'payments',
      'record',
      String(again.id),
      '--amount',
      '3000',
      '--mode',
      'cash',
      '--json',
    ]);
    expect(json.code).toBe(0);
    expect(json.json()).toMatchObject({
      detail: 'Payment recorded. The subscription is active.',
      payment: { payment_gateway: 'offline', payment_mode: 'cash', status: 'SUCCESS' },
      subscription: { id: again.id, status: 'ACTIVE' },
    });
  });

  it('refuses with the rules of the server and exit 1, dry run or not', async () => {
    const { id } = await pending();
    const partial = ['payments', 'record', String(id), '--amount', '3500', '--mode', 'upi'];
    const dry = await dabba(server, [...partial, '--dry-run']);
    expect(dry.code).toBe(1);
    expect(dry.stderr).toBe(
      'Error: --amount: The amount must be at least ₹1 and at most ₹3,000, what the subscription still owes.\n' +
        '--reference: A reference is required for UPI and bank transfers: the UPI transaction id or the bank UTR.\n',
    );
    const real = await dabba(server, partial);
    expect(real.code).toBe(1);
    expect(real.stderr).toBe(
      'Error: amount: The amount must be at least ₹1 and at most ₹3,000, what the subscription still owes.; ' +
        'reference: A reference is required for UPI and bank transfers: the UPI transaction id or the bank UTR.\n',
    );
    const future = await dabba(server, [
      ...['payments', 'record', String(id), '--amount', '3000', '--mode', 'cash'],
      ...['--date', addDays(server.t.ctx.today(), 1), '--dry-run'],
    ]);
    expect(future.code).toBe(1);
    expect(future.stderr).toBe('Error: --date: The date received cannot be in the future.\n');
    expect(await payments(id)).toEqual([]);

    const cash = ['payments', 'record', String(id), '--amount', '3000', '--mode', 'cash'];
    expect((await dabba(server, cash)).code).toBe(0);
    const twice = await dabba(server, cash);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toBe('Error: This subscription is not awaiting payment.\n');
    const twiceDry = await dabba(server, [...cash, '--dry-run']);
    expect(twiceDry.code).toBe(1);
    expect(twiceDry.stderr).toMatch(/: This subscription is not awaiting payment\.\n$/);
    expect((await payments(id)).length).toBe(1);

    const unknown = await dabba(server, [
      ...['payments', 'record', '987654321', '--amount', '3000', '--mode', 'cash', '--dry-run'],
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('Error: Subscription 987654321 was not found.\n');
  });

  it('usage errors exit 2 and a signed-out owner exits 3', async () => {
    const { id } = await pending();
    const badMode = await dabba(server, [
      ...['payments', 'record', String(id), '--amount', '3000', '--mode', 'cheque'],
    ]);
    expect(badMode.code).toBe(2);
    expect(badMode.stderr).toContain('Allowed choices are cash, upi, bank_transfer');
    const noAmount = await dabba(server, ['payments', 'record', String(id), '--mode', 'cash']);
    expect(noAmount.code).toBe(2);
    const badReference = await dabba(server, [
      ...['payments', 'record', String(id), '--amount', '3000', '--mode', 'upi'],
      ...['--reference', 'UPI-123'],
    ]);
    expect(badReference.code).toBe(2);
    const signedOut = await dabba({ configDir: `${server.configDir}/nobody`, url: server.url }, [
      ...['payments', 'record', String(id), '--amount', '3000', '--mode', 'cash'],
    ]);
    expect(signedOut.code).toBe(3);
    expect(await payments(id)).toEqual([]);
  });
});

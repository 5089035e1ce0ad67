// dabba links against a real server: create a link for what a subscription owes (and for part of
// it), list them as a table and as JSON, cancel one, and a refusal as the catalogue says it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOwner, registerCustomer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe('dabba links', () => {
  let server: CliServer;
  let api: Commerce;
  let ownerToken: string;

  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
    ownerToken = await loginOwner(server.t);
    api = commerce(server.t, () => ownerToken, {
      codePrefix: 'CLILINK',
      planDefaults: { name: 'Link plan', base_price: 1800 },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates, lists and cancels payment links', async () => {
    const customer = await registerCustomer(server.t, { service: 'mess' });
    const { subscriptionId } = await api.pendingSubscription(customer);

    const created = await dabba(server, [
      'links',
      'create',
      '--subscription',
      String(subscriptionId),
      '--amount',
      '1300',
    ]);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(
      new RegExp(
        `^Link #\\d+ for ₹1,300 \\(subscription #${subscriptionId}, .+\\): created, http://dabba\\.test/pay/plink_\\w{14}\\n$`,
      ),
    );
    // Open links never ask together for more than is owed: ₹500 of the ₹1,800 is left to ask.
    const above = await dabba(server, [
      'links',
      'create',
      '--subscription',
      String(subscriptionId),
      '--amount',
      '600',
    ]);
    expect(above.code).toBe(1);
    expect(above.stderr).toContain(
      'Links and QR codes already open for this subscription ask for ₹1,300 of the ₹1,800 it owes, so ask for at most ₹500.',
    );
    const part = await dabba(server, [
      'links',
      'create',
      '--subscription',
      String(subscriptionId),
      '--amount',
      '500',
      '--json',
    ]);
    expect(part.code).toBe(0);
    const partLink = part.json() as { id: number; amount: number; status: string };
    expect(partLink).toMatchObject({ amount: 500, status: 'created' });

    const listed = await dabba(server, ['links', 'list', '--user', String(customer.id), '--json']);
    expect((listed.json() as unknown[]).length).toBe(2);
    const table = await dabba(server, ['links']);
    expect(table.stdout).toMatch(/ID\s+SUBSCRIPTION\s+CUSTOMER\s+AMOUNT\s+STATUS/);
    expect(table.stdout).toContain('₹500');

    const cancelled = await dabba(server, ['links', 'cancel', String(partLink.id)]);
    expect(cancelled.code).toBe(0);
    expect(cancelled.stdout).toContain(': cancelled');
    const again = await dabba(server, ['links', 'cancel', String(partLink.id)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('This payment link has been cancelled.');
    const onlyCancelled = await dabba(server, ['links', 'list', '--status', 'cancelled', '--json']);
    expect((onlyCancelled.json() as Array<{ id: number }>).map((link) => link.id)).toContain(
      partLink.id,
    );

    const tooMuch = await dabba(server, [
      'links',
      'create',
      '--subscription',
      String(subscriptionId),
      '--amount',
      '5000',
    ]);
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.stderr).toContain(
      'The amount cannot be more than ₹1,800, what the subscription still owes.',
    );
    const badStatus = await dabba(server, ['links', 'list', '--status', 'open']);
    expect(badStatus.code).toBe(2);
  });
});

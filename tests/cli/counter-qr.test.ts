// dabba qr against a real server (the sandbox provider): make the counter QR for what a
// subscription owes and for part of it, print its UPI request and id, ask its status before and
// after the sandbox pays it, close one, and a refusal as the catalogue says it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOwner, registerCustomer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe('dabba qr', () => {
  let server: CliServer;
  let api: Commerce;
  let ownerToken: string;

  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
    ownerToken = await loginOwner(server.t);
    api = commerce(server.t, () => ownerToken, {
      codePrefix: 'CLIQR',
      planDefaults: { name: 'QR plan', base_price: 1800 },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates a QR, prints its UPI request and id, and tells its status once paid', async () => {
    const customer = await registerCustomer(server.t, { service: 'mess' });
    const { subscriptionId } = await api.pendingSubscription(customer);

    const part = await dabba(server, [
      'qr',
      'create',
      '--subscription',
      String(subscriptionId),
      '--amount',
      '500',
    ]);
    expect(part.code).toBe(0);
    const [line, uri] = part.stdout.trimEnd().split('\n');
    expect(line).toMatch(
      new RegExp(
        `^QR #\\d+ \\(qr_\\w{14}\\) for ₹500 \\(subscription #${subscriptionId}, .+\\): created, closes at \\S+$`,
      ),
    );
    expect(uri).toMatch(/^upi:\/\/pay\?pa=rzr\.qr\w+%40sandbox&.*am=500\.00/);
    const partId = Number(/^QR #(\d+)/.exec(line!)![1]);
    const closed = await dabba(server, ['qr', 'close', String(partId)]);
    expect(closed.code).toBe(0);
    expect(closed.stdout).toContain(': closed');
    const again = await dabba(server, ['qr', 'close', String(partId)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('This QR code has been closed.');

    const full = await dabba(server, [
      'qr',
      'create',
      '--subscription',
      String(subscriptionId),
      '--json',
    ]);
    const qr = full.json() as { id: number; amount: number; upi_uri: string; status: string };
    expect(qr).toMatchObject({ amount: 1800, status: 'created' });
    const waiting = await dabba(server, ['qr', 'status', String(qr.id)]);
    expect(waiting.stdout).toContain(': created');
    const paid = await server.t.request('POST', '/api/payments/sandbox/qr-codes/pay/', {
      body: { upi_uri: qr.upi_uri, outcome: 'success' },
    });
    expect(paid.body.status).toBe('credited');
    const status = await dabba(server, ['qr', 'status', String(qr.id)]);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/: credited, payment #\d+\n$/);

    const nothing = await dabba(server, ['qr', 'create', '--subscription', String(subscriptionId)]);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('This subscription owes nothing');
  });
});

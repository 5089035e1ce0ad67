// dabba refunds show / list with payout details: masked in lists and JSON, in full only for an
// APPROVED refund that waits to be paid (docs/rules/refund.md: payouts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelForRefund, subscriber } from './fixtures.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

const BANK = {
  method: 'bank',
  account_holder_name: 'Ravi Sharma',
  account_number: '000123456789',
  ifsc: 'HDFC0000123',
};

describe('dabba refunds and payout details', () => {
  let server: CliServer;
  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists the payout masked, and shows it in full only once the refund is approved', async () => {
    const customer = await subscriber(server.t);
    const id = await cancelForRefund(server.t, customer, { payout: BANK });

    const table = await dabba(server, ['refunds', 'list', '--status', 'pending']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/\bPayout\b/);
    expect(table.stdout).toContain('Bank XXXXXXXX6789');
    const json = await dabba(server, ['refunds', 'list', '--status', 'pending', '--json']);
    const listed = json.json().find((refund: any) => refund.id === id);
    expect(listed.payout).toEqual({
      method: 'bank',
      account_holder_name: 'Ravi Sharma',
      account_number_masked: 'XXXXXXXX6789',
      ifsc: 'HDFC0000123',
    });
    expect(json.stdout).not.toContain('000123456789');

    const pending = await dabba(server, ['refunds', 'show', String(id)]);
    expect(pending.code).toBe(0);
    expect(pending.stdout).toMatch(
      /Payout:\s+Bank account XXXXXXXX6789 \(Ravi Sharma, HDFC0000123\)/,
    );
    expect(pending.stdout).not.toContain('000123456789');

    const approved = await dabba(server, ['refunds', 'approve', String(id), '--comment', 'Fair']);
    expect(approved.code).toBe(0);
    const payable = await dabba(server, ['refunds', 'show', String(id)]);
    expect(payable.code).toBe(0);
    expect(payable.stdout).toMatch(/Payout:\s+Bank transfer, pay to:/);
    expect(payable.stdout).toMatch(/Account holder:\s+Ravi Sharma/);
    expect(payable.stdout).toMatch(/Account number:\s+000123456789/);
    expect(payable.stdout).toMatch(/IFSC:\s+HDFC0000123/);
    const payableJson = await dabba(server, ['refunds', 'show', String(id), '--json']);
    expect(payableJson.json()).toMatchObject({
      id,
      status: 'APPROVED',
      payout: { account_number_masked: 'XXXXXXXX6789' },
      payout_to_pay: BANK,
    });

    const paid = await dabba(server, [
      'refunds',
      'mark-paid',
      String(id),
      '--comment',
      'Sent by NEFT',
      '--utr',
      'HDFCN52026112201',
    ]);
    expect(paid.code).toBe(0);
    const done = await dabba(server, ['refunds', 'show', String(id)]);
    expect(done.stdout).toMatch(/UTR:\s+HDFCN52026112201/);
    expect(done.stdout).toMatch(/Payout:\s+Bank account XXXXXXXX6789/);
    expect(done.stdout).not.toContain('000123456789');
  });

  it('says when no payout details were given, and exits 1 for a refund that does not exist', async () => {
    const customer = await subscriber(server.t);
    const id = await cancelForRefund(server.t, customer);
    const shown = await dabba(server, ['refunds', 'show', String(id)]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/Payout:\s+Not given yet/);
    const json = await dabba(server, ['refunds', 'show', String(id), '--json']);
    expect(json.json()).toMatchObject({ id, payout: null, payout_to_pay: null });
    const missing = await dabba(server, ['refunds', 'show', '987654']);
    expect(missing.code).toBe(1);
    const usage = await dabba(server, ['refunds', 'show', 'abc']);
    expect(usage.code).toBe(2);
  });
});

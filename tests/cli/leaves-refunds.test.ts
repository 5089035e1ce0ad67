// dabba leaves and refunds against a real server: tables, --json, --dry-run, --all-pending and
// the machines' refusal messages with exit 1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveRefusals } from '@machines/leave';
import { refundRefusals } from '@machines/refund';
import { cancelForRefund, requestLeave, subscriber } from './fixtures.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe('dabba leaves', () => {
  let server: CliServer;
  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists pending leaves as a table and as JSON', async () => {
    const customer = await subscriber(server.t);
    const id = await requestLeave(server.t, customer);
    const table = await dabba(server, ['leaves', 'list', '--status', 'pending']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+Status\s+Customer\s+Username/);
    expect(table.stdout).toContain(customer.username);
    const json = await dabba(server, ['leaves', 'list', '--status', 'pending', '--json']);
    expect(json.code).toBe(0);
    expect(json.json().map((leave: any) => leave.id)).toContain(id);
    expect(json.json().every((leave: any) => leave.status === 'PENDING')).toBe(true);
  });

  it('a dry run says what would change and changes nothing', async () => {
    const customer = await subscriber(server.t);
    const id = await requestLeave(server.t, customer);
    const result = await dabba(server, [
      'leaves',
      'approve',
      String(id),
      '--comment',
      'ok',
      '--dry-run',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Would approve leave request #${id}`);
    expect(result.stdout).toContain('→ APPROVED');
    const row = await server.t.ctx.db.kysely
      .selectFrom('leaves')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('PENDING');
  });

  it('approves, then refuses a second approval with the machine message and exit 1', async () => {
    const customer = await subscriber(server.t);
    const id = await requestLeave(server.t, customer);
    const first = await dabba(server, [
      'leaves',
      'approve',
      String(id),
      '--comment',
      'Enjoy',
      '--json',
    ]);
    expect(first.code).toBe(0);
    expect(first.json()).toEqual([expect.objectContaining({ id, ok: true, status: 'APPROVED' })]);
    const again = await dabba(server, ['leaves', 'reject', String(id), '--comment', 'No']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(leaveRefusals.events['leave.reject'].message);
    const dry = await dabba(server, [
      'leaves',
      'approve',
      String(id),
      '--comment',
      'x',
      '--dry-run',
      '--json',
    ]);
    expect(dry.code).toBe(1);
    expect(dry.json()).toEqual([
      expect.objectContaining({ id, ok: false, code: 'leave.not_pending' }),
    ]);
  });

  it('a missing leave is refused with exit 1 and the others still go through', async () => {
    const customer = await subscriber(server.t);
    const id = await requestLeave(server.t, customer);
    const result = await dabba(server, [
      'leaves',
      'reject',
      '999999',
      String(id),
      '--comment',
      'Full',
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Leave request 999999 was not found.');
    expect(result.stdout).toContain(`Rejected leave request #${id}`);
  });

  it('--all-pending without a terminal and without --yes is a usage error', async () => {
    const customer = await subscriber(server.t);
    await requestLeave(server.t, customer);
    const result = await dabba(server, ['leaves', 'approve', '--all-pending', '--comment', 'ok']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--yes');
  });

  it('usage errors exit 2: no ids, both ids and --all-pending, a bad id, no --comment', async () => {
    expect((await dabba(server, ['leaves', 'approve', '--comment', 'x'])).code).toBe(2);
    expect(
      (await dabba(server, ['leaves', 'approve', '1', '--all-pending', '--comment', 'x'])).code,
    ).toBe(2);
    const bad = await dabba(server, ['leaves', 'approve', 'abc', '--comment', 'x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"abc" is not a leave request id.');
    const noComment = await dabba(server, ['leaves', 'approve', '1']);
    expect(noComment.code).toBe(2);
    expect(noComment.stderr).toContain("required option '--comment <text>'");
    expect(noComment.stderr).toContain('dabba leaves approve --help');
  });

  it('a blank comment is refused with the machine message before anything changes', async () => {
    const customer = await subscriber(server.t);
    const id = await requestLeave(server.t, customer);
    const result = await dabba(server, ['leaves', 'approve', String(id), '--comment', '   ']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Error: ${leaveRefusals.guards.hasAdminComment.message}\nPass --comment with the text the customer will see.\n`,
    );
    const row = await server.t.ctx.db.kysely
      .selectFrom('leaves')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('PENDING');
  });
});

describe('dabba refunds', () => {
  let server: CliServer;
  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('approves, then marks paid with a UTR; mark-paid before approval is refused', async () => {
    const customer = await subscriber(server.t);
    const id = await cancelForRefund(server.t, customer);
    const early = await dabba(server, ['refunds', 'mark-paid', String(id), '--comment', 'Sent']);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain(refundRefusals.events['refund.mark_paid'].message);

    const list = await dabba(server, ['refunds', 'list', '--status', 'pending', '--json']);
    expect(list.json().map((refund: any) => refund.id)).toContain(id);
    const approved = await dabba(server, ['refunds', 'approve', String(id), '--comment', 'Fair']);
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain(`Approved refund #${id}`);

    const paid = await dabba(server, [
      'refunds',
      'mark-paid',
      String(id),
      '--comment',
      'Bank transfer',
      '--utr',
      'UTR123456',
      '--json',
    ]);
    expect(paid.code).toBe(0);
    expect(paid.json()[0]).toMatchObject({ id, ok: true, status: 'PAID' });
    expect(paid.json()[0].record.utr).toBe('UTR123456');
  });

  it('--all-pending --yes rejects every pending refund; a dry run of it lists them', async () => {
    const ids = [
      await cancelForRefund(server.t, await subscriber(server.t)),
      await cancelForRefund(server.t, await subscriber(server.t)),
    ];
    const dry = await dabba(server, [
      'refunds',
      'reject',
      '--all-pending',
      '--comment',
      'No',
      '--dry-run',
      '--json',
    ]);
    expect(dry.code).toBe(0);
    expect(dry.json().map((result: any) => result.id)).toEqual(expect.arrayContaining(ids));
    expect(dry.json().every((result: any) => result.dry_run && result.status === 'REJECTED')).toBe(
      true,
    );

    const done = await dabba(server, [
      'refunds',
      'reject',
      '--all-pending',
      '--yes',
      '--comment',
      'No',
      '--json',
    ]);
    expect(done.code).toBe(0);
    expect(
      done
        .json()
        .filter((result: any) => ids.includes(result.id))
        .map((result: any) => result.status),
    ).toEqual(['REJECTED', 'REJECTED']);
    const none = await dabba(server, [
      'refunds',
      'reject',
      '--all-pending',
      '--yes',
      '--comment',
      'No',
    ]);
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('No refunds are waiting for a decision.\n');
  });
});

// dabba staff against a real server: add (the member gets an SMS invite), list with the actions
// machines/staff allows, resend-invite, deactivate, reactivate; an action the machine refuses is
// refused before asking. Signed in as a kitchen account, an owner's command says which roles may.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOwner } from '../helpers/accounts.js';
import { testDatabases } from '../helpers/app.js';
import { addStaff, inviteToken } from '../helpers/staff.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe.each(testDatabases())('dabba staff on %s', (dialect) => {
  let server: CliServer;

  beforeAll(async () => {
    server = await startCliServer(dialect);
    await loginAsOwner(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('adds, lists, re-invites, deactivates and reactivates a member', async () => {
    const added = await dabba(server, [
      'staff',
      'add',
      '--first-name',
      'Kamla',
      '--last-name',
      'Devi',
      '--phone',
      '9812377001',
      '--role',
      'kitchen',
    ]);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toBe(
      'Added Kamla Devi (Kitchen, +91 98123 77001): invited.\n' +
        'An SMS with a link to claim the account was sent to +91 98123 77001.\n',
    );
    const first = inviteToken(server.t, '9812377001');

    const list = await dabba(server, ['staff', 'list', '--json']);
    expect(list.code).toBe(0);
    const rows = list.json() as { id: number; phone: string; status: string; role: string }[];
    const kamla = rows.find((row) => row.phone === '+919812377001')!;
    expect(kamla).toMatchObject({ status: 'invited', role: 'kitchen' });
    const table = await dabba(server, ['staff', 'list']);
    expect(table.stdout).toMatch(
      /Kamla Devi\s+Kitchen\s+Invited\s+\+91 98123 77001\s+-\s+resend-invite, deactivate/,
    );

    const resent = await dabba(server, ['staff', 'resend-invite', String(kamla.id)]);
    expect(resent.code).toBe(0);
    expect(resent.stdout).toBe('Re-invited Kamla Devi (Kitchen, +91 98123 77001): invited.\n');
    expect(inviteToken(server.t, '9812377001')).not.toBe(first);

    const off = await dabba(server, ['staff', 'deactivate', String(kamla.id), '--json']);
    expect(off.code).toBe(0);
    expect(off.json()).toMatchObject({ id: kamla.id, status: 'deactivated' });
    // The machine refuses before the server is asked.
    const again = await dabba(server, ['staff', 'deactivate', String(kamla.id)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('This staff member is deactivated.');
    const resend = await dabba(server, ['staff', 'resend-invite', String(kamla.id)]);
    expect(resend.code).toBe(1);
    expect(resend.stderr).toContain('This staff member is deactivated.');
    const listed = await dabba(server, ['staff']);
    expect(listed.stdout).toMatch(
      /Kamla Devi\s+Kitchen\s+Deactivated\s+\+91 98123 77001\s+-\s+reactivate/,
    );

    const on = await dabba(server, ['staff', 'reactivate', String(kamla.id)]);
    expect(on.code).toBe(0);
    expect(on.stdout).toBe('Reactivated Kamla Devi (Kitchen, +91 98123 77001): invited.\n');
    const twice = await dabba(server, ['staff', 'reactivate', String(kamla.id)]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('This staff member is not deactivated.');

    const missing = await dabba(server, ['staff', 'deactivate', '999999']);
    expect(missing.code).toBe(1);
    const badRole = await dabba(server, [
      'staff',
      'add',
      '--first-name',
      'X',
      '--phone',
      '9812377002',
      '--role',
      'owner',
    ]);
    expect(badRole.code).toBe(2);
  });

  it('a kitchen account is told which roles may, instead of a bare 403', async () => {
    const ownerToken = await loginOwner(server.t);
    const cook = await addStaff(server.t, ownerToken, 'kitchen');
    const other = { ...server, configDir: `${server.configDir}/kitchen` };
    const { mkdirSync } = await import('node:fs');
    mkdirSync(other.configDir, { recursive: true });
    const login = await dabba(
      other,
      ['login', '--url', server.url, '--username', cook.username, '--password-stdin'],
      { stdin: `${cook.password}\n` },
    );
    expect(login.code).toBe(0);
    const leaves = await dabba(other, ['leaves', 'list']);
    expect(leaves.code).toBe(4);
    expect(leaves.stderr).toContain(
      `You are signed in as ${cook.username} (kitchen staff); only the owner or a manager may do this.`,
    );
    const staff = await dabba(other, ['staff', 'list']);
    expect(staff.code).toBe(4);
    expect(staff.stderr).toContain('; only the owner may do this.');
    // What the role allows still works.
    const closed = await dabba(other, ['closed', 'list', '--json']);
    expect(closed.stderr).toBe('');
    expect(closed.code).toBe(0);
  });
});

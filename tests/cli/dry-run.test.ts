// Every dabba command takes --dry-run (issue 37, item 14): a command that changes something says
// what it would do and changes nothing, in its own words or, where it has none, in the contract's
// summary of the first change the API client would have sent; a read just reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@machines';
import { createContext } from '../../cli/context';
import { allCommands, buildProgram } from '../../cli/program';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe('dabba --dry-run', () => {
  let server: CliServer;
  const db = () => server.t.ctx.db.kysely;
  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('is an option of every command', () => {
    const io = { stdout: { write: () => true }, stderr: { write: () => true }, env: {}, cwd: '/' };
    const program = buildProgram(createContext(io as never));
    const without = allCommands(program)
      .filter((command) => !command.options.some((option) => option.long === '--dry-run'))
      .map((command) => command.name());
    expect(without).toEqual([]);
    expect(allCommands(program).length).toBeGreaterThan(60);
  });

  it('settings set says what it would save and saves nothing', async () => {
    const before = await db().selectFrom('business_settings').selectAll().execute();
    const run = await dabba(server, ['settings', 'set', '--cutoff', 'lunch=09:00/0', '--dry-run']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Would .+: PUT \/api\/owner\/settings\/ \{.*"lunch"/);
    expect(run.stdout).toContain('Nothing was changed (--dry-run).');
    expect(await db().selectFrom('business_settings').selectAll().execute()).toEqual(before);
  });

  it('closed add, closed rule add, staff add and links create change nothing; their refusals still come first', async () => {
    const date = addDays(server.t.ctx.today(), 5);
    const closed = await dabba(server, [
      ...['closed', 'add', '--date', date, '--reason', 'Holi', '--dry-run'],
    ]);
    expect(closed.code).toBe(0);
    expect(closed.stdout).toContain('POST /api/owner/closed-days/');
    expect(closed.stdout).toContain('"reason":"Holi"');
    expect(await db().selectFrom('closed_days').selectAll().execute()).toEqual([]);
    const rule = await dabba(server, [
      ...['closed', 'rule', 'add', '--weekday', 'sunday', '--meal', 'dinner'],
      ...['--from', date, '--reason', 'Weekly off', '--dry-run'],
    ]);
    expect(rule.code).toBe(0);
    expect(rule.stdout).toContain('POST /api/owner/closure-rules/');
    expect(rule.stdout).toContain('"weekdays":["sunday"]');
    expect(await db().selectFrom('closure_rules').selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('closed_days').selectAll().execute()).toEqual([]);

    const staff = await dabba(server, [
      ...['staff', 'add', '--first-name', 'Kamla', '--last-name', 'Devi'],
      ...['--phone', '9812377099', '--role', 'kitchen', '--dry-run'],
    ]);
    expect(staff.code).toBe(0);
    expect(staff.stdout).toContain('Nothing was changed (--dry-run).');
    expect(await db().selectFrom('staff_members').selectAll().execute()).toEqual([]);

    // A usage error is still a usage error: --dry-run checks what it is given.
    const bad = await dabba(server, [
      'closed',
      'add',
      '--date',
      'tomorrow',
      '--reason',
      'x',
      '--dry-run',
    ]);
    expect(bad.code).toBe(2);
  });

  it('a read with --dry-run reads as without it', async () => {
    const plain = await dabba(server, ['closed', 'list', '--json']);
    const dry = await dabba(server, ['closed', 'list', '--json', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toBe(plain.stdout);
  });
});

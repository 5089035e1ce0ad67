// dabba closed against a real server: close a day, see it listed with how many subscriptions
// moved, a refusal as the catalogue says it, and remove it again; close a weekday's lunch every
// week, see its dates closed and listed, and withdraw it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '@machines';
import { subscriber, type Subscriber } from './fixtures.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe('dabba closed', () => {
  let server: CliServer;
  let lunchOnly: Subscriber;
  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
    lunchOnly = await subscriber(server.t, { service: 'tiffin', meals: ['lunch'] });
  });
  afterAll(async () => {
    await server.close();
  });

  const endDate = async () =>
    (
      await server.t.ctx.db.kysely
        .selectFrom('subscriptions')
        .select('adjusted_end_date')
        .where('id', '=', lunchOnly.subscription.id)
        .executeTakeFirstOrThrow()
    ).adjusted_end_date;

  it('closes a meal, lists it, refuses a clash, and opens it again', async () => {
    const date = addDays(server.t.ctx.today(), 4);
    const before = await endDate();
    const added = await dabba(server, [
      'closed',
      'add',
      '--date',
      date,
      '--meal',
      'lunch',
      '--reason',
      'Water cut',
    ]);
    expect(added.code).toBe(0);
    expect(added.stdout).toBe(
      `${date} lunch closed (Water cut): 1 subscription moved one day later.\n`,
    );
    expect(await endDate()).toBe(addDays(before!, 1));

    const listed = await dabba(server, ['closed', 'list', '--json']);
    expect(listed.code).toBe(0);
    const [closure] = listed.json() as Array<{ id: number; extended: number; removable: boolean }>;
    expect(closure).toMatchObject({ extended: 1, removable: true });
    const table = await dabba(server, ['closed']);
    expect(table.stdout).toMatch(/ID\s+DATE\s+MEAL\s+STATUS/);
    expect(table.stdout).toContain('Water cut');

    const clash = await dabba(server, ['closed', 'add', '--date', date, '--reason', 'Diwali']);
    expect(clash.code).not.toBe(0);
    expect(clash.stderr).toContain('A whole day and a meal of it cannot both be closed');
    const badMeal = await dabba(server, [
      'closed',
      'add',
      '--date',
      date,
      '--meal',
      'tea',
      '--reason',
      'x',
    ]);
    expect(badMeal.code).toBe(2);

    const removed = await dabba(server, ['closed', 'remove', String(closure!.id)]);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe(
      `${date} lunch open again (Water cut): 1 subscription moved back.\n`,
    );
    expect(await endDate()).toBe(before);
  });

  it('closes a lunch every week, lists the rule and its dates, and withdraws it', async () => {
    const first = addDays(server.t.ctx.today(), 2);
    const weekday = weekdayOf(first);
    const before = await endDate();
    const bad = await dabba(server, [
      ...['closed', 'rule', 'add', '--weekday', 'someday', '--from', first],
      ...['--reason', 'x'],
    ]);
    expect(bad.code).toBe(2);
    const added = await dabba(server, [
      ...['closed', 'rule', 'add', '--weekday', weekday.slice(0, 3), '--meal', 'lunch'],
      ...['--from', first, '--until', addDays(first, 7), '--reason', 'Market day'],
    ]);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toBe(
      `Every ${weekday} (lunch) from ${first} to ${addDays(first, 7)} (Market day): ` +
        `closed ${first}, ${addDays(first, 7)}; 2 days given back to plans.\n`,
    );
    expect(await endDate()).toBe(addDays(before!, 2));

    const rules = await dabba(server, ['closed', 'rule', '--json']);
    const [rule] = rules.json() as Array<{ id: number; status: string }>;
    expect(rule).toMatchObject({ status: 'ACTIVE' });
    const table = await dabba(server, ['closed', 'rule', 'list']);
    expect(table.stdout).toMatch(/ID\s+EVERY\s+FROM\s+UNTIL\s+STATUS\s+NEXT/);
    expect(table.stdout).toContain(`${weekday} (lunch)`);
    const closures = await dabba(server, ['closed', 'list', '--json']);
    expect(
      (closures.json() as Array<{ date: string; rule: number | null; status: string }>)
        .filter((closure) => closure.rule === rule!.id)
        .map((closure) => closure.date)
        .sort(),
    ).toEqual([first, addDays(first, 7)]);

    const withdrawn = await dabba(server, ['closed', 'rule', 'withdraw', String(rule!.id)]);
    expect(withdrawn.code).toBe(0);
    expect(withdrawn.stdout).toBe(
      `Every ${weekday} (lunch) from ${first} to ${addDays(first, 7)} (Market day) withdrawn: ` +
        `2 days taken back from plans.\n`,
    );
    expect(await endDate()).toBe(before);
  });
});

// dabba menu: the owner sets a weekday's and a date's dishes from the terminal, reads a day or the
// week (a date's change wins), clears a change; bad input is refused with the server's reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '@machines';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe('dabba menu', () => {
  let server: CliServer;
  const day = (offset: number) => addDays(server.t.ctx.today(), offset);

  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
  });
  afterAll(async () => {
    await server.close();
  });

  it("sets a weekday's lunch and a date's lunch, and prints the date's change over the weekday", async () => {
    const weekday = weekdayOf(day(1));
    const usual = await dabba(server, [
      'menu',
      'set',
      '--weekday',
      weekday,
      '--meal',
      'lunch',
      '--dish',
      'veg:Dal tadka:दाल तड़का',
      '--dish',
      'jain:Jeera rice',
    ]);
    expect(usual.stderr).toBe('');
    expect(usual.code).toBe(0);
    expect(usual.stdout).toBe(`Set lunch every ${weekday}: Dal tadka, Jeera rice.\n`);

    const special = await dabba(server, [
      'menu',
      'set',
      '--date',
      day(1),
      '--meal',
      'lunch',
      '--dish',
      'non_veg:Chicken biryani:चिकन बिरयानी',
      '--json',
    ]);
    expect(special.code).toBe(0);
    expect(special.json().changes).toEqual([
      {
        date: day(1),
        meal: 'lunch',
        dishes: [{ name: 'Chicken biryani', name_hi: 'चिकन बिरयानी', mark: 'non_veg' }],
      },
    ]);

    const tomorrow = await dabba(server, ['menu', '--date', day(1)]);
    expect(tomorrow.code).toBe(0);
    expect(tomorrow.stdout).toContain(`(${day(1)})`);
    expect(tomorrow.stdout).toMatch(
      /Lunch\s+Chicken biryani \/ चिकन बिरयानी \(non-veg\)\s+\[changed for this date\]/,
    );
    expect(tomorrow.stdout).toMatch(/Breakfast\s+not set/);

    // A week later the weekday's dishes apply.
    const week = await dabba(server, ['menu', '--date', day(1), '--week', '--json']);
    const days = week.json().days;
    expect(days).toHaveLength(7);
    const weekLater = await dabba(server, ['menu', '--date', day(8)]);
    expect(weekLater.stdout).toMatch(/Lunch\s+Dal tadka \/ दाल तड़का \(veg\), Jeera rice \(Jain\)/);
  });

  it('clears a change, after which the weekday serves again', async () => {
    const cleared = await dabba(server, ['menu', 'clear', '--date', day(1), '--meal', 'lunch']);
    expect(cleared.code).toBe(0);
    const tomorrow = await dabba(server, ['menu', '--date', day(1)]);
    expect(tomorrow.stdout).toMatch(/Lunch\s+Dal tadka/);
    expect(tomorrow.stdout).not.toContain('[changed for this date]');
    const again = await dabba(server, ['menu', 'clear', '--date', day(1), '--meal', 'lunch']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('was not found');
  });

  it('refuses usage mistakes (exit 2) and what the server refuses (exit 1)', async () => {
    const neither = await dabba(server, ['menu', 'set', '--meal', 'lunch', '--none']);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('Give --weekday or --date');
    const badDish = await dabba(server, [
      'menu',
      'set',
      '--date',
      day(1),
      '--meal',
      'lunch',
      '--dish',
      'vegan:Tofu',
    ]);
    expect(badDish.code).toBe(2);
    expect(badDish.stderr).toContain('MARK:NAME');
    const past = await dabba(server, [
      'menu',
      'set',
      '--date',
      day(-1),
      '--meal',
      'lunch',
      '--none',
    ]);
    expect(past.code).toBe(1);
    expect(past.stderr).toContain('The menu of a past date cannot be changed');
    const dryRun = await dabba(server, [
      'menu',
      'set',
      '--date',
      day(2),
      '--meal',
      'dinner',
      '--none',
      '--dry-run',
    ]);
    expect(dryRun.stdout).toBe(`Would set dinner on ${day(2)}: nothing.\n`);
    const after = await dabba(server, ['menu', '--date', day(2), '--json']);
    expect(after.json().days[0].meals.dinner.source).toBe('none');
  });
});

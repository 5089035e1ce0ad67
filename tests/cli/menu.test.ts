// dabba menu: the owner sets a weekday's and a date's dishes from the terminal, reads a day or the
// week (a date's change wins), clears a change, sets the usual week from a JSON or CSV file in one
// save; bad input is refused with the server's reason, a bad file before anything is sent.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
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

  it('sets the usual week from a file in one save; --dry-run says what would change and sends nothing', async () => {
    const week = async () =>
      (await server.t.request('GET', '/api/menu/week/', { token: null })).body.week;
    const audits = async () =>
      (
        await server.t.ctx.db.kysely
          .selectFrom('audit_log')
          .select('action')
          .where('action', '=', 'menu.set_week')
          .execute()
      ).length;
    const before = await week();
    const file = (name: string, text: string) =>
      writeFileSync(path.join(server.configDir, name), text);

    // JSON in the API's shape; a dish may also be the --dish text. Tuesday's lunch keeps its dishes.
    file(
      'week.json',
      JSON.stringify({
        week: {
          monday: {
            breakfast: [{ name: 'Poha', name_hi: 'पोहा', mark: 'veg' }],
            dinner: ['egg:Egg curry:अंडा करी', 'veg:Roti'],
          },
          sunday: { lunch: [] },
        },
      }),
    );
    const dryRun = await dabba(server, ['menu', 'set-week', '--file', 'week.json', '--dry-run']);
    expect(dryRun.stderr).toBe('');
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toContain('Would set 2 meals of the week:\n');
    expect(dryRun.stdout).toMatch(/Monday\s+Breakfast\s+Poha \/ पोहा \(veg\)\n/);
    expect(dryRun.stdout).toMatch(/Monday\s+Dinner\s+Egg curry \/ अंडा करी \(egg\), Roti \(veg\)\n/);
    expect(dryRun.stdout).toContain('Nothing was changed (--dry-run).');
    expect(await week()).toEqual(before);

    const saved = await dabba(server, ['menu', 'set-week', '--file', 'week.json']);
    expect(saved.code).toBe(0);
    expect(saved.stdout).toMatch(/^Set 2 meals of the week:\n/);
    const after = await week();
    expect(after.monday.dinner).toEqual([
      { name: 'Egg curry', name_hi: 'अंडा करी', mark: 'egg' },
      { name: 'Roti', name_hi: null, mark: 'veg' },
    ]);
    expect(after.tuesday).toEqual(before.tuesday);
    expect(await audits()).toBe(1);

    // CSV: a dish a line, quoted cells, a meal said to serve nothing.
    file(
      'week.csv',
      [
        'weekday,meal,mark,name,name_hi',
        'Tuesday,lunch,veg,"Rajma, chawal",राजमा चावल',
        'tuesday,lunch,jain,Papad,',
        'monday,breakfast,,,',
      ].join('\r\n'),
    );
    const csv = await dabba(server, ['menu', 'set-week', '--file', 'week.csv', '--json']);
    expect(csv.code).toBe(0);
    expect(csv.json().week.tuesday.lunch).toEqual([
      { name: 'Rajma, chawal', name_hi: 'राजमा चावल', mark: 'veg' },
      { name: 'Papad', name_hi: null, mark: 'jain' },
    ]);
    expect(csv.json().week.monday.breakfast).toEqual([]);
    expect(csv.json().week.monday.dinner).toHaveLength(2);
    expect(await audits()).toBe(2);
    const again = await dabba(server, ['menu', 'set-week', '--file', 'week.csv']);
    expect(again.stdout).toBe('The week already has these dishes: nothing to change.\n');
    expect(await audits()).toBe(2);

    // A bad file is refused before anything is sent, a dry run too, naming the line or the meal.
    const settled = await week();
    file('bad.csv', 'weekday,meal,mark,name\nfriday,dinner,vegan,Tofu\n');
    const bad = await dabba(server, ['menu', 'set-week', '--file', 'bad.csv', '--dry-run']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad.csv: Line 2: mark the dish veg, egg, non_veg, jain.');
    file('twice.json', JSON.stringify({ friday: { dinner: ['veg:Dal', 'jain:dal '] } }));
    const twice = await dabba(server, ['menu', 'set-week', '--file', 'twice.json']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('friday dinner: "dal" is listed twice.');
    const missing = await dabba(server, ['menu', 'set-week', '--file', 'nowhere.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Could not read nowhere.json');
    expect(await week()).toEqual(settled);
  });
});

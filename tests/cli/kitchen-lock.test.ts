// dabba kitchen and the lock at the cutoff: the sheet heads each meal with its lock and counts by
// diet; --diff prints the locked count beside the live one, per service and diet, and who changed.
// Without --date or --meal it prints the meal being cooked now, as the web's sheet opens on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, DEFAULT_SETTINGS } from '@machines';
import { subscriber, type Subscriber } from './fixtures.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe('dabba kitchen with the lock at the cutoff', () => {
  let server: CliServer;
  let early: Subscriber; // mess lunch, counted at the lock
  const day = (offset: number) => addDays(server.t.ctx.today(), offset);
  const rename = (who: Subscriber, first: string) =>
    server.t.ctx.db.kysely
      .updateTable('users')
      .set({ first_name: first, last_name: 'Lock', diet: 'veg' })
      .where('id', '=', who.id)
      .execute();

  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
    early = await subscriber(server.t, { service: 'mess', meals: ['lunch'] });
    await rename(early, 'Early');
  });
  afterAll(async () => {
    await server.close();
  });

  it('says when each meal locks, and counts by diet', async () => {
    const text = await dabba(server, ['kitchen', '--date', day(2)]);
    expect(text.stderr).toBe('');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Lunch 1 (locks at 9:00 am)');
    expect(text.stdout).toContain('Dinner 0 (locks at 3:00 pm)');
    expect(text.stdout).toMatch(/By diet\nMeal\s+Veg\s+Egg\s+Non-veg\s+Jain\s+Not set\n/);
    expect(text.stdout).toMatch(/lunch\s+1\s+0\s+0\s+0\s+0\n/);
    const json = await dabba(server, ['kitchen', '--date', day(2), '--json']);
    expect(json.json().locks.lunch).toMatchObject({ locked: null, live: 1 });
  });

  it('prints the locked count, the count now and who changed with --diff', async () => {
    // The owner moves lunch's cutoff two days back: tomorrow's lunch is due, and this read locks it.
    const moved = await dabba(server, ['settings', 'set', '--cutoff', 'lunch=09:00/2']);
    expect(moved.code).toBe(0);
    const first = await dabba(server, ['kitchen', '--date', day(1), '--meal', 'lunch']);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Lunch 1 \(locked at \d{1,2}:\d\d [ap]m(, \d+ \w+)?\)/);
    expect(first.stdout).toMatch(
      /Locked late, at \d{1,2}:\d\d [ap]m(, \d+ \w+)?: the cutoff was 9:00 am, \d+ \w+\./,
    );

    // A walk-in after the lock.
    const walkIn = await subscriber(server.t, { service: 'tiffin', meals: ['lunch'] });
    await rename(walkIn, 'Walkin');
    const diff = await dabba(server, ['kitchen', '--date', day(1), '--meal', 'lunch', '--diff']);
    expect(diff.stderr).toBe('');
    expect(diff.code).toBe(0);
    const out = diff.stdout;
    expect(out).toMatch(/Lunch 1 \(\+1 after \d{1,2}:\d\d [ap]m(, \d+ \w+)?\)/);
    expect(out).toMatch(/Mess\s+1\s+1\s+0\n/);
    expect(out).toMatch(/Tiffin\s+0\s+1\s+\+1\n/);
    expect(out).toMatch(/Veg\s+1\s+2\s+\+1\n/);
    expect(out).toMatch(/Total\s+1\s+2\s+\+1\n/);
    expect(out).toContain('Added after the lock: Walkin Lock');
    expect(out).not.toContain('Dinner');

    const restored = await dabba(server, [
      'settings',
      'set',
      '--cutoff',
      `lunch=${DEFAULT_SETTINGS.cutoffs.lunch.time}/0`,
    ]);
    expect(restored.code).toBe(0);
  });

  it('without --date or --meal prints the meal being cooked now, by the business clock', async () => {
    const saved = server.t.clock.now();
    const today = day(0);
    try {
      // 6 am in India: breakfast has gone out, the kitchen is on today's lunch.
      server.t.clock.setTo(`${today}T06:00:00+05:30`);
      const morning = await dabba(server, ['kitchen']);
      expect(morning.stderr).toBe('');
      expect(morning.stdout.startsWith(`Kitchen sheet for ${today}, lunch\n`)).toBe(true);
      expect(morning.stdout).toContain('Lunch deliveries');
      expect(morning.stdout).not.toContain('Dinner deliveries');
      // --meal alone keeps the date; --date alone is the whole day.
      const dinner = await dabba(server, ['kitchen', '--meal', 'dinner']);
      expect(dinner.stdout.startsWith(`Kitchen sheet for ${today}, dinner\n`)).toBe(true);
      const wholeDay = await dabba(server, ['kitchen', '--date', today]);
      expect(wholeDay.stdout.startsWith(`Kitchen sheet for ${today}\n`)).toBe(true);
      expect(wholeDay.stdout).toContain('Breakfast deliveries');

      // After dinner has gone out: tomorrow's breakfast.
      server.t.clock.setTo(`${today}T19:30:00+05:30`);
      const evening = await dabba(server, ['kitchen']);
      expect(evening.stdout.startsWith(`Kitchen sheet for ${day(1)}, breakfast\n`)).toBe(true);
      const json = await dabba(server, ['kitchen', '--json']);
      expect(json.json()).toMatchObject({ date: day(1) });
    } finally {
      server.t.clock.setTo(saved);
    }
  });
});

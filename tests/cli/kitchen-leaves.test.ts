// dabba kitchen with area headings and the names on leave per meal; dabba leaves list by date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@machines';
import { requestLeave, subscriber, type Subscriber } from './fixtures.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe('dabba kitchen and leaves by date', () => {
  let server: CliServer;
  let student: Subscriber; // tiffin lunch, KIET hostels
  let regular: Subscriber; // tiffin lunch, 201206 Ghaziabad
  let away: Subscriber; // mess lunch + dinner, approved leave tomorrow
  let pending: Subscriber; // tiffin lunch, pending leave tomorrow
  let awayLeave: number;
  const day = (offset: number) => addDays(server.t.ctx.today(), offset);

  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
    student = await subscriber(server.t, { service: 'tiffin', meals: ['lunch'] });
    regular = await subscriber(server.t, {
      service: 'tiffin',
      meals: ['lunch'],
      userType: 'regular',
    });
    away = await subscriber(server.t, {
      service: 'mess',
      meals: ['lunch', 'dinner'],
      userType: 'regular',
    });
    pending = await subscriber(server.t, {
      service: 'tiffin',
      meals: ['lunch'],
      userType: 'regular',
    });
    awayLeave = await requestLeave(server.t, away, 1, 2);
    const approve = await dabba(server, [
      'leaves',
      'approve',
      String(awayLeave),
      '--comment',
      'Enjoy',
      '--yes',
    ]);
    expect(approve.code).toBe(0);
    await requestLeave(server.t, pending, 1, 1);
  });
  afterAll(async () => {
    await server.close();
  });

  it('prints deliveries under area headings and names who is on leave per meal', async () => {
    const text = await dabba(server, ['kitchen', '--date', day(1)]);
    expect(text.stderr).toBe('');
    expect(text.code).toBe(0);
    const out = text.stdout;
    expect(out).toContain('Lunch deliveries (3)');
    // The regular customers' pincode first, then the campus, each with its count.
    const ghaziabad = out.indexOf('── 201206 Ghaziabad (2 deliveries)');
    const kiet = out.indexOf('── KIET hostels (1 delivery)');
    expect(ghaziabad).toBeGreaterThan(out.indexOf('Lunch deliveries (3)'));
    expect(kiet).toBeGreaterThan(ghaziabad);
    expect(out).toContain('Breakfast: nobody on leave');
    expect(out).toContain('Lunch leaves (1 on leave, 1 pending)');
    expect(out).toContain('Dinner leaves (1 on leave, 0 pending)');
    const lunchLeaves = out.slice(out.indexOf('Lunch leaves'), out.indexOf('Dinner deliveries'));
    expect(lunchLeaves).toContain(away.username);
    expect(lunchLeaves).toContain(pending.username);
    expect(lunchLeaves).toMatch(/on leave\s+\S+ → /);
    expect(lunchLeaves).toMatch(/pending\s+\S+ → /);
    expect(lunchLeaves).toContain(`+91 ${away.phone.slice(0, 5)} ${away.phone.slice(5)}`);
    expect(lunchLeaves.indexOf(away.username)).toBeLessThan(lunchLeaves.indexOf(pending.username));
    expect(out).not.toContain(`${student.username}  `);
  });

  it('keeps --json complete: the names on leave come with the sheet', async () => {
    const json = await dabba(server, ['kitchen', '--date', day(1), '--json']);
    expect(json.code).toBe(0);
    const sheet = json.json();
    expect(Object.keys(sheet).sort()).toEqual([
      'closed',
      'counts',
      'date',
      'deliveries',
      'diets',
      'held',
      'held_customers',
      'leaves',
      'locks',
      'on_leave',
      'skipped',
      'skips',
    ]);
    expect(sheet.leaves.lunch.map((leave: any) => [leave.username, leave.status])).toEqual([
      [away.username, 'APPROVED'],
      [pending.username, 'PENDING'],
    ]);
    expect(sheet.leaves.lunch[0].phone).toBe(`+91${away.phone}`);
    expect(sheet.deliveries.lunch.map((row: any) => row.user_id)).toEqual([
      regular.id,
      pending.id,
      student.id,
    ]);
  });

  it('lists the leaves of a date range, or of one day', async () => {
    const list = async (...flags: string[]) => {
      const answer = await dabba(server, ['leaves', 'list', ...flags, '--json']);
      expect(answer.stderr).toBe('');
      expect(answer.code).toBe(0);
      return answer
        .json()
        .map((leave: any) => leave.subscription_user.username)
        .sort();
    };
    expect(await list('--on', day(2))).toEqual([away.username]);
    expect(await list('--from', day(1), '--to', day(1))).toEqual(
      [away.username, pending.username].sort(),
    );
    expect(await list('--from', day(3))).toEqual([]);
    expect(await list('--to', day(1), '--status', 'pending')).toEqual([pending.username]);
    const table = await dabba(server, ['leaves', 'list', '--on', day(2)]);
    expect(table.stdout).toContain(away.username);
    expect(table.stdout).not.toContain(pending.username);
  });

  it('explains a backwards range and refuses --on with --from', async () => {
    const backwards = await dabba(server, ['leaves', 'list', '--from', day(3), '--to', day(1)]);
    expect(backwards.code).toBe(1);
    expect(backwards.stderr).toContain('Date to must be on or after date from.');
    const both = await dabba(server, ['leaves', 'list', '--on', day(1), '--from', day(1)]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('Give --on, or --from and --to, not both.');
    const notADate = await dabba(server, ['leaves', 'list', '--from', 'tomorrow']);
    expect(notADate.code).toBe(2);
  });
});

// dabba routes and dabba deliveries against a real server: add a route, list it, and see a meal's
// progress per route with the stop missed and why, as a table and as JSON.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@machines';
import { createRider, type Rider } from '../helpers/riders.js';
import { subscriber, type Subscriber } from './fixtures.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe('dabba routes and deliveries', () => {
  let server: CliServer;
  let rider: Rider;
  let asha: Subscriber;
  let bina: Subscriber;
  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
    rider = await createRider(server.t, 'Ravi');
    asha = await subscriber(server.t, { service: 'tiffin', meals: ['lunch'], userType: 'regular' });
    bina = await subscriber(server.t, { service: 'tiffin', meals: ['lunch'], userType: 'regular' });
    await server.t.ctx.db.kysely
      .updateTable('users')
      .set({ first_name: 'Bina', last_name: 'K' })
      .where('id', '=', bina.id)
      .execute();
  });
  afterAll(async () => {
    await server.close();
  });

  it('adds a route with its areas and rider, and lists it', async () => {
    const added = await dabba(server, [
      'routes',
      'add',
      '--name',
      'North',
      '--areas',
      '201207, 201206 Ghaziabad',
      '--rider',
      String(rider.id),
    ]);
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(
      new RegExp(
        `^Route #\\d+ North: 201207, 201206 Ghaziabad; Ravi Rider \\(#${rider.id}\\)\\.\\n$`,
      ),
    );
    const table = await dabba(server, ['routes']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/ID\s+NAME\s+AREAS\s+RIDERS/);
    expect(table.stdout).toContain('Ravi Rider');
    const listed = await dabba(server, ['routes', 'list', '--json']);
    expect(listed.json()).toEqual([
      expect.objectContaining({ name: 'North', areas: ['201207', '201206 Ghaziabad'] }),
    ]);
    const notRider = await dabba(server, [
      'routes',
      'add',
      '--name',
      'South',
      '--areas',
      'KIET',
      '--rider',
      String(asha.id),
    ]);
    expect(notRider.code).not.toBe(0);
    expect(notRider.stderr).toContain('Riders must be delivery staff accounts.');
  });

  it("prints a meal's progress per route and the stops missed", async () => {
    // Yesterday's lunch, its marks sent late (marks are taken for today and the days before).
    const date = addDays(server.t.ctx.today(), -1);
    const [route] = (await dabba(server, ['routes', '--json'])).json() as Array<{ id: number }>;
    const mark = (who: Subscriber, event: string, extra: Record<string, unknown> = {}) => ({
      id: randomUUID(),
      route: route!.id,
      date,
      meal: 'lunch',
      customer: who.id,
      event,
      marked_at: server.t.clock.now().toISOString(),
      ...extra,
    });
    const sent = await server.t.request('POST', '/api/delivery/marks/', {
      token: rider.access,
      body: {
        marks: [mark(asha, 'delivered'), mark(bina, 'not_delivered', { reason: 'not_home' })],
      },
    });
    expect(sent.body.results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'applied',
    ]);
    const shown = await dabba(server, ['deliveries', '--date', date, '--meal', 'lunch']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/North\s+1 of 2\s+1\s+0/);
    expect(shown.stdout).toMatch(/Missed:\n/);
    expect(shown.stdout).toMatch(/North\s+Bina K\s+\+91 \d{5} \d{5}\s+not home/);
    const json = await dabba(server, ['deliveries', '--date', date, '--meal', 'lunch', '--json']);
    expect(json.json()).toMatchObject({
      routes: [{ name: 'North', total: 2, delivered: 1, not_delivered: 1, pending: 0 }],
      missed: [{ customer_id: bina.id, reason: 'not_home' }],
    });
    const badMeal = await dabba(server, ['deliveries', '--date', date, '--meal', 'tea']);
    expect(badMeal.code).toBe(2);
    // Without --date: today in the business's time zone.
    const today = await dabba(server, ['deliveries', '--meal', 'lunch', '--json']);
    expect(today.code).toBe(0);
    expect(today.json()).toMatchObject({
      date: todayIn('Asia/Kolkata', server.t.clock.now().getTime()),
    });
  });

  it('without --meal shows the next meal, as the web page opens on it', async () => {
    const saved = server.t.clock.now().toISOString();
    try {
      // 07:00, 12:00 and 19:00 in India: breakfast, lunch, dinner.
      for (const [utc, meal] of [
        ['T01:30:00.000Z', 'breakfast'],
        ['T06:30:00.000Z', 'lunch'],
        ['T13:30:00.000Z', 'dinner'],
      ] as const) {
        server.t.clock.setTo(`${saved.slice(0, 10)}${utc}`);
        const shown = await dabba(server, ['deliveries', '--json']);
        expect(shown.stderr).toBe('');
        expect(shown.json()).toMatchObject({ meal });
      }
    } finally {
      server.t.clock.setTo(saved);
    }
  });
});

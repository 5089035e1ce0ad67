// dabba reminders against a real server: --dry-run shows the dues reminder the next run would send
// (and quiet hours), the run sends it with its pay link, and the list shows it sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@machines';
import { sendReminders } from '../../server/lifecycles/reminder/reminder.jobs.js';
import { loginOwner } from '../helpers/accounts.js';
import { testDatabases } from '../helpers/app.js';
import { commerce } from '../helpers/commerce.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

const D0 = '2031-05-05';
const ist = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`);

describe.each(testDatabases())('dabba reminders on %s', (dialect) => {
  let server: CliServer;
  const at = async (date: string, time: string) => {
    server.t.clock.setTo(new Date(ist(date, time)));
    await loginAsOwner(server);
  };

  beforeAll(async () => {
    server = await startCliServer(dialect);
    await at(D0, '11:00');
    const ownerToken = await loginOwner(server.t);
    const api = commerce(server.t, () => ownerToken, {
      codePrefix: 'CLIREM',
      planDefaults: { name: 'Reminder plan', base_price: 3000 },
    });
    const plan = await api.plan({ name: 'Reminder plan' });
    const enrolled = await server.t.request('POST', '/api/payments/admin/walk-ins/', {
      token: ownerToken,
      body: {
        first_name: 'Kiran',
        last_name: 'Rao',
        phone: '9812300091',
        user_type: 'regular',
        plan: plan.id,
        amount: 1200,
        payment_mode: 'cash',
        start: 'when_paid',
      },
    });
    expect(enrolled.status).toBe(201);
  });
  afterAll(async () => {
    await server.close();
  });

  it('dry-runs the next reminders, then lists the one sent with its pay link', async () => {
    const overdue = addDays(D0, 16);
    await at(overdue, '22:00');
    const quiet = await dabba(server, ['reminders', '--dry-run']);
    expect(quiet.stderr).toBe('');
    expect(quiet.code).toBe(0);
    expect(quiet.stdout).toContain('Quiet hours: nothing is sent until');
    expect(quiet.stdout).toMatch(
      /dues:\d+:2031-05-05:1\s+Kiran Rao\s+dues #1\s+₹1,800\s+2031-05-21/,
    );

    await at(overdue, '10:00');
    const dry = await dabba(server, ['reminders', '--dry-run', '--json']);
    expect(JSON.parse(dry.stdout)).toMatchObject({ quiet_until: null, reminders: [{ number: 1 }] });
    const empty = await dabba(server, ['reminders']);
    expect(empty.stdout).toContain('No reminders yet.');

    expect(await sendReminders(server.t.ctx)).toMatchObject({ sent: 1 });
    const list = await dabba(server, ['reminders']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(
      /Kiran Rao\s+dues #1\s+sent\s+\S+\s+http:\/\/dabba\.test\/pay\/plink_/,
    );
    const after = await dabba(server, ['reminders', '--dry-run']);
    expect(after.stdout).toContain('The next run has nothing to send.');
  });
});

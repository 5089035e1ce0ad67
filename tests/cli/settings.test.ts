// dabba settings and the kitchen sheet's skips against a real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, DEFAULT_SETTINGS } from '@machines';
import { loginOwner } from '../helpers/accounts.js';
import { commerce } from '../helpers/commerce.js';
import { subscriber, type Subscriber } from './fixtures.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe('dabba settings', () => {
  let server: CliServer;
  let tiffin: Subscriber;
  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
    tiffin = await subscriber(server.t, { service: 'tiffin', meals: ['lunch', 'dinner'] });
  });
  afterAll(async () => {
    await server.close();
  });

  it('shows the cutoffs, changes some, keeps the rest, and refuses a bad one as usage', async () => {
    const shown = await dabba(server, ['settings']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe(
      [
        'breakfast  closes 22:00 the day before',
        'lunch      closes 09:00 the same day',
        'dinner     closes 15:00 the same day',
        'Meal skips: on',
        'A day of skipped meals: earns nothing',
        'Longest leave: 15 days',
        'Shortest leave that extends the plan: 1 day',
        'Leave days per month: no limit',
        "Leave before the first meal's cutoff: not required",
        'A subscription starts: on full payment',
        'Dues hold: off',
        'Reminders: 3 days before the end, on the due date, every 7 days overdue, at most 3 for the same dues, never 21:00–08:00',
        'A WhatsApp message costs: 11.5 paise (₹0.115)',
        '',
      ].join('\n'),
    );
    const set = await dabba(server, [
      'settings',
      'set',
      '--cutoff',
      'lunch=10:30',
      '--cutoff',
      'breakfast=21:00/1',
      '--skips',
      'off',
      '--json',
    ]);
    expect(set.code).toBe(0);
    expect(set.json()).toEqual({
      cutoffs: {
        breakfast: { time: '21:00', days_before: 1 },
        lunch: { time: '10:30', days_before: 0 },
        dinner: DEFAULT_SETTINGS.cutoffs.dinner,
      },
      skips_enabled: false,
      skip_credit: 'none',
      leaves: DEFAULT_SETTINGS.leaves,
      payments: DEFAULT_SETTINGS.payments,
      reminders: DEFAULT_SETTINGS.reminders,
      whatsapp: DEFAULT_SETTINGS.whatsapp,
    });
    const bad = await dabba(server, ['settings', 'set', '--cutoff', 'lunch=25:00']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Expected MEAL=HH:MM');
    const nothing = await dabba(server, ['settings', 'set']);
    expect(nothing.code).toBe(2);
    const back = await dabba(server, [
      'settings',
      'set',
      '--cutoff',
      'lunch=09:00',
      '--cutoff',
      'breakfast=22:00/1',
      '--skips',
      'on',
    ]);
    expect(back.code).toBe(0);
    expect(back.stdout).toContain('Settings saved.');
    expect((await dabba(server, ['settings', '--json'])).json()).toEqual(DEFAULT_SETTINGS);
  });

  it('changes the leave policy and what a skipped day earns, and prints them', async () => {
    const set = await dabba(server, [
      'settings',
      'set',
      '--leave-max-days',
      '10',
      '--leave-min-extending',
      '3',
      '--leave-month-max',
      '12',
      '--leave-before-cutoff',
      'on',
      '--skipped-day',
      'extends',
    ]);
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('Settings saved.');
    expect(set.stdout).toContain('A day of skipped meals: extends the plan by a day');
    expect(set.stdout).toContain('Longest leave: 10 days');
    expect(set.stdout).toContain('Shortest leave that extends the plan: 3 days');
    expect(set.stdout).toContain('Leave days per month: at most 12');
    expect(set.stdout).toContain("Leave before the first meal's cutoff: required");
    const json = (await dabba(server, ['settings', '--json'])).json();
    expect(json).toEqual({
      ...DEFAULT_SETTINGS,
      skip_credit: 'day',
      leaves: { max_days: 10, min_extending_days: 3, max_days_per_month: 12, before_cutoff: true },
    });
    // The server's rules, as it says them.
    const crossed = await dabba(server, ['settings', 'set', '--leave-min-extending', '11']);
    expect(crossed.code).not.toBe(0);
    expect(crossed.stderr).toContain(
      'The shortest leave that extends the plan (11 days) cannot be longer than the longest leave (10 days).',
    );
    const bad = await dabba(server, ['settings', 'set', '--leave-month-max', 'lots']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Expected a number of days, or none.');
    const back = await dabba(server, [
      'settings',
      'set',
      '--leave-max-days',
      '15',
      '--leave-min-extending',
      '1',
      '--leave-month-max',
      'none',
      '--leave-before-cutoff',
      'off',
      '--skipped-day',
      'nothing',
      '--json',
    ]);
    expect(back.json()).toEqual(DEFAULT_SETTINGS);
  });

  it('sets when a subscription starts, the dues hold and the reminder schedule', async () => {
    const set = await dabba(server, [
      'settings',
      'set',
      '--activation',
      'dues',
      '--max-dues',
      '500',
      '--hold',
      'on',
      '--hold-amount',
      '1500',
      '--hold-days',
      'none',
      '--reminders',
      'on',
      '--remind-before',
      '2',
      '--remind-on-due',
      'off',
      '--remind-every',
      '5',
      '--remind-max',
      '4',
      '--quiet-hours',
      '22:00-07:30',
    ]);
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('A subscription starts: with dues of up to ₹500');
    expect(set.stdout).toContain('Dues hold: meals paused when over ₹1500');
    expect(set.stdout).toContain(
      'Reminders: 2 days before the end, every 5 days overdue, at most 4 for the same dues, never 22:00–07:30',
    );
    const json = (await dabba(server, ['settings', '--json'])).json();
    expect(json.payments).toEqual({
      activation: 'dues_allowed',
      max_dues: 500,
      hold: { enabled: true, max_amount: 1500, max_days_overdue: null },
    });
    expect(json.reminders).toEqual({
      enabled: true,
      before_expiry_days: 2,
      on_due_date: false,
      every_days_overdue: 5,
      max_reminders: 4,
      quiet_hours: { start: '22:00', end: '07:30' },
    });
    // Usage errors before anything is sent; the server's own bounds as it words them.
    for (const [flag, value, message] of [
      ['--activation', 'sometimes', 'Expected full or dues.'],
      ['--quiet-hours', '9pm-8am', 'Expected HH:MM-HH:MM, e.g. 21:00-08:00.'],
      ['--hold-amount', '0', 'Expected a whole number of rupees, or none, 1 or more.'],
    ] as const) {
      const bad = await dabba(server, ['settings', 'set', flag, value]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(message);
    }
    const tooMany = await dabba(server, ['settings', 'set', '--remind-every', '91']);
    expect(tooMany.code).not.toBe(0);
    expect(tooMany.stderr).toContain('Remind every must be a whole number of days from 1 to 90');
    const off = await dabba(server, [
      'settings',
      'set',
      '--activation',
      'full',
      '--max-dues',
      '0',
      '--hold',
      'off',
      '--hold-amount',
      '2000',
      '--hold-days',
      '15',
      '--remind-before',
      '3',
      '--remind-on-due',
      'on',
      '--remind-every',
      '7',
      '--remind-max',
      '3',
      '--quiet-hours',
      '21:00-08:00',
      '--json',
    ]);
    expect(off.json()).toEqual(DEFAULT_SETTINGS);
  });

  it('sets what a WhatsApp message costs, and refuses a price that is not paise', async () => {
    const set = await dabba(server, ['settings', 'set', '--whatsapp-price', '86']);
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('A WhatsApp message costs: 86 paise (₹0.86)');
    expect((await dabba(server, ['settings', '--json'])).json().whatsapp).toEqual({
      utility_price_paise: 86,
    });
    for (const value of ['-1', 'cheap', '11.555', '1001']) {
      const bad = await dabba(server, ['settings', 'set', '--whatsapp-price', value]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('Expected paise from 0 to 1000');
    }
    await dabba(server, ['settings', 'set', '--whatsapp-price', '11.5']);
  });

  it('refuses a dues limit of 0, and after a policy change lists and starts the subscriptions it allows', async () => {
    const owner = await loginOwner(server.t);
    const plan = await commerce(server.t, () => owner, {
      codePrefix: 'CLISTART',
      planDefaults: { name: 'Counter plan', base_price: 3000 },
    }).plan({ name: 'Counter plan' });
    const enrolled = await server.t.request('POST', '/api/payments/admin/walk-ins/', {
      token: owner,
      body: {
        first_name: 'Gita',
        last_name: 'Rao',
        phone: '9812300201',
        user_type: 'regular',
        plan: plan.id,
        amount: 2500,
        payment_mode: 'cash',
        start: 'when_paid',
      },
    });
    expect(enrolled.status).toBe(201);
    const id = enrolled.body.subscription.id as number;

    const zero = await dabba(server, [
      'settings',
      'set',
      '--activation',
      'dues',
      '--max-dues',
      '0',
    ]);
    expect(zero.code).toBe(1);
    expect(zero.stderr).toContain(
      'With dues allowed, enter the most a subscription may owe and still start (at least ₹1)',
    );
    const set = await dabba(server, [
      'settings',
      'set',
      '--activation',
      'dues',
      '--max-dues',
      '1000',
    ]);
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('1 subscription awaiting payment can start under this policy:');
    expect(set.stdout).toMatch(new RegExp(`${id}\\s+Gita Rao\\s+Counter plan\\s+₹500`));
    expect(set.stdout).toContain('Start them with: dabba settings start-allowed');
    const started = await dabba(server, ['settings', 'start-allowed']);
    expect(started.stderr).toBe('');
    expect(started.code).toBe(0);
    expect(started.stdout).toContain('Started 1 subscription.');
    const row = await server.t.ctx.db.kysely
      .selectFrom('subscriptions')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ACTIVE');
    const again = await dabba(server, ['settings', 'start-allowed']);
    expect(again.stdout).toBe(
      'No subscription awaiting payment can start under the payment policy.\n',
    );
    await dabba(server, ['settings', 'set', '--activation', 'full', '--max-dues', '0']);
  });

  it('prints one meal of the kitchen sheet with who skipped it', async () => {
    const date = addDays(server.t.ctx.today(), 3);
    const skipped = await server.t.request('POST', '/api/meals/skips/', {
      token: tiffin.access,
      body: { subscription: tiffin.subscription.id, meal_date: date, meal: 'lunch' },
    });
    expect(skipped.status).toBe(201);
    const lunch = await dabba(server, ['kitchen', '--date', date, '--meal', 'lunch']);
    expect(lunch.code).toBe(0);
    expect(lunch.stdout).toContain('Lunch deliveries (0)');
    expect(lunch.stdout).toContain('Lunch skipped (1)');
    expect(lunch.stdout).not.toContain('Dinner deliveries');
    const json = await dabba(server, ['kitchen', '--date', date, '--json']);
    expect(json.json().skipped.tiffin.lunch).toBe(1);
    expect(json.json().skips.lunch[0]).toMatchObject({ user_id: tiffin.id });
    const wrong = await dabba(server, ['kitchen', '--meal', 'supper']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('Expected breakfast, lunch or dinner.');
  });
});

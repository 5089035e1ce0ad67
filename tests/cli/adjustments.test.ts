// dabba subscriptions adjust | extend-all and dabba audit against a real server: dry runs that
// change nothing, the machine's refusal sentences with exit 1, the confirmation rules, and the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@machines';
import { subscriptionRefusals } from '@machines/subscription';
import { insertSubscription } from '../helpers/fixtures.js';
import { subscriber } from './fixtures.js';
import { dabba, loginAsOwner, startCliServer, type CliServer } from './helpers.js';

describe('dabba subscriptions and audit', () => {
  let server: CliServer;
  beforeAll(async () => {
    server = await startCliServer();
    await loginAsOwner(server);
  });
  afterAll(async () => {
    await server.close();
  });

  const endOf = async (id: number) =>
    (
      await server.t.ctx.db.kysely
        .selectFrom('subscriptions')
        .select('adjusted_end_date')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).adjusted_end_date;
  const activeEnds = async () => {
    const today = server.t.ctx.today();
    const rows = await server.t.ctx.db.kysely
      .selectFrom('subscriptions')
      .select(['id', 'adjusted_end_date'])
      .where('status', '=', 'ACTIVE')
      .where('adjusted_end_date', '>=', today)
      .orderBy('id')
      .execute();
    return new Map(rows.map((row) => [row.id, row.adjusted_end_date!]));
  };

  it('adjust: a dry run previews with the machine and changes nothing; then it extends and shortens', async () => {
    const customer = await subscriber(server.t);
    const { id, endDate } = customer.subscription;
    const dry = await dabba(server, [
      'subscriptions',
      'adjust',
      String(id),
      '--days',
      '3',
      '--reason',
      'Kitchen closed',
      '--dry-run',
    ]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toBe(
      `Would extend subscription #${id} (${customer.username}, ${await planName(id)}) by 3 days: ${endDate} → ${addDays(endDate, 3)}\n`,
    );
    expect(await endOf(id)).toBe(endDate);

    const done = await dabba(server, [
      'subscriptions',
      'adjust',
      String(id),
      '--days',
      '3',
      '--reason',
      'Kitchen closed',
      '--json',
    ]);
    expect(done.code).toBe(0);
    expect(done.json()).toEqual({
      id,
      ok: true,
      days: 3,
      reason: 'Kitchen closed',
      before_end_date: endDate,
      after_end_date: addDays(endDate, 3),
    });
    expect(await endOf(id)).toBe(addDays(endDate, 3));

    // A negative number right after --days is the option's value, not another option.
    const back = await dabba(server, [
      'subscriptions',
      'adjust',
      String(id),
      '--days',
      '-2',
      '--reason',
      'Opened a day early',
    ]);
    expect(back.code).toBe(0);
    expect(back.stdout).toContain(`Shortened subscription #${id}`);
    expect(back.stdout).toContain(`${addDays(endDate, 3)} → ${addDays(endDate, 1)}`);
    expect(await endOf(id)).toBe(addDays(endDate, 1));
  });

  it('adjust: refusals say the machine sentence with exit 1, for a dry run and a real one', async () => {
    const customer = await subscriber(server.t);
    const { id, endDate } = customer.subscription;
    for (const dryRun of [[], ['--dry-run']]) {
      const tooFar = await dabba(server, [
        'subscriptions',
        'adjust',
        String(id),
        '--days=-2',
        '--reason',
        'Less',
        ...dryRun,
      ]);
      expect(tooFar.code).toBe(1);
      expect(tooFar.stderr).toContain(subscriptionRefusals.guards.keepsPaidAndLeaveDays.message);
    }
    const json = await dabba(server, [
      'subscriptions',
      'adjust',
      String(id),
      '--days',
      '0',
      '--reason',
      'Zero',
      '--json',
    ]);
    expect(json.code).toBe(1);
    expect(json.json()).toMatchObject({ id, ok: false, code: 'subscription.invalid_adjustment' });
    const cancelled = await insertSubscription(server.t, customer.id, { status: 'CANCELLED' });
    const notActive = await dabba(server, [
      'subscriptions',
      'adjust',
      String(cancelled.id),
      '--days',
      '2',
      '--reason',
      'Closed',
    ]);
    expect(notActive.code).toBe(1);
    expect(notActive.stderr).toContain(subscriptionRefusals.events['subscription.adjust'].message);
    const blank = await dabba(server, [
      'subscriptions',
      'adjust',
      String(id),
      '--days',
      '2',
      '--reason',
      '  ',
    ]);
    expect(blank.code).toBe(1);
    expect(blank.stderr).toContain(subscriptionRefusals.guards.hasReason.message);
    expect(await endOf(id)).toBe(endDate);
    const missing = await dabba(server, [
      'subscriptions',
      'adjust',
      '999999',
      '--days',
      '2',
      '--reason',
      'x',
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Subscription 999999 was not found.');
  });

  it('adjust: usage errors exit 2', async () => {
    const noDays = await dabba(server, ['subscriptions', 'adjust', '1', '--reason', 'x']);
    expect(noDays.code).toBe(2);
    expect(noDays.stderr).toContain("required option '--days <n>'");
    const badDays = await dabba(server, [
      'subscriptions',
      'adjust',
      '1',
      '--days',
      '1.5',
      '--reason',
      'x',
    ]);
    expect(badDays.code).toBe(2);
    expect(badDays.stderr).toContain('Expected a whole number of days');
    const badId = await dabba(server, [
      'subscriptions',
      'adjust',
      'abc',
      '--days',
      '1',
      '--reason',
      'x',
    ]);
    expect(badId.code).toBe(2);
    expect(badId.stderr).toContain('"abc" is not a subscription id.');
  });

  it('extend-all: without a terminal it needs --yes; a dry run counts and changes nothing', async () => {
    await subscriber(server.t);
    const before = await activeEnds();
    const refused = await dabba(server, [
      'subscriptions',
      'extend-all',
      '--days',
      '2',
      '--reason',
      'Diwali',
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    const dry = await dabba(server, [
      'subscriptions',
      'extend-all',
      '--days',
      '2',
      '--reason',
      'Diwali',
      '--dry-run',
      '--json',
    ]);
    expect(dry.code).toBe(0);
    expect(dry.json()).toEqual({ dry_run: true, days: 2, reason: 'Diwali', targeted: before.size });
    const tooMany = await dabba(server, [
      'subscriptions',
      'extend-all',
      '--days',
      '0',
      '--reason',
      'x',
    ]);
    expect(tooMany.code).toBe(2);
    expect(await activeEnds()).toEqual(before);
  });

  it('extend-all: asks on a terminal; "n" changes nothing, "y" moves every active subscription once', async () => {
    await subscriber(server.t);
    const before = await activeEnds();
    const no = await dabba(
      server,
      ['subscriptions', 'extend-all', '--days', '1', '--reason', 'Gas shortage'],
      { isTTY: true, stdin: 'n\n' },
    );
    expect(no.code).toBe(0);
    expect(no.stderr).toContain(
      `Extend ${before.size} active subscriptions by 1 day? Reason: Gas shortage`,
    );
    expect(no.stderr).toContain('Nothing was changed.');
    expect(await activeEnds()).toEqual(before);
    const yes = await dabba(
      server,
      ['subscriptions', 'extend-all', '--days', '1', '--reason', 'Gas shortage'],
      { isTTY: true, stdin: 'y\n' },
    );
    expect(yes.code).toBe(0);
    expect(yes.stdout).toContain(`Extended: ${before.size} subscriptions moved by 1 day.`);
    const after = await activeEnds();
    for (const [id, end] of before) expect(after.get(id)).toBe(addDays(end, 1));
  });

  it('extend-all --yes --json answers the counts; running it again moves nobody twice', async () => {
    await subscriber(server.t);
    const before = await activeEnds();
    const args = [
      'subscriptions',
      'extend-all',
      '--days',
      '2',
      '--reason',
      'Holi',
      '--yes',
      '--json',
    ];
    const first = await dabba(server, args);
    expect(first.code).toBe(0);
    expect(first.json()).toMatchObject({
      days: 2,
      reason: 'Holi',
      targeted: before.size,
      moved: before.size,
      skipped: 0,
      replayed: false,
    });
    const again = await dabba(server, [
      'subscriptions',
      'extend-all',
      '--days',
      '2',
      '--reason',
      'Holi',
      '--yes',
    ]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('This extension was already made');
    expect(again.stdout).toContain(`${before.size} subscriptions moved by 2 days`);
    const after = await activeEnds();
    for (const [id, end] of before) expect(after.get(id)).toBe(addDays(end, 2));
  });

  it('audit: lists owner actions newest first, filtered, as a table and as JSON', async () => {
    const json = await dabba(server, ['audit', '--action', 'subscription', '--json']);
    expect(json.code).toBe(0);
    const entries = json.json<Array<{ id: number; action: string; actor: string }>>();
    expect(entries.length).toBeGreaterThanOrEqual(4);
    expect(entries.every((entry) => entry.action.startsWith('subscription.'))).toBe(true);
    expect(entries.map((entry) => entry.action)).toContain('subscription.adjust_all');
    expect(entries.map((entry) => entry.id)).toEqual(
      [...entries.map((e) => e.id)].sort((a, b) => b - a),
    );
    const table = await dabba(server, [
      'audit',
      '--action',
      'subscription.adjust_all',
      '--limit',
      '1',
    ]);
    expect(table.code).toBe(0);
    const [header, first, extra] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^When\s+Who\s+Action\s+Object\s+Summary$/);
    expect(first).toMatch(
      /^20\d\d-\d\d-\d\d \d\d:\d\d\s+owner\s+subscription\.adjust_all\s+adjustment_batch #\d+\s+Extended every active/,
    );
    expect(extra).toBeUndefined();
    const tomorrow = addDays(server.t.ctx.today(), 1);
    const none = await dabba(server, ['audit', '--since', tomorrow]);
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('No audit entries found.\n');
    expect((await dabba(server, ['audit', '--since', 'yesterday'])).code).toBe(2);
  });

  async function planName(subscriptionId: number) {
    const row = await server.t.ctx.db.kysely
      .selectFrom('subscriptions')
      .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
      .select('plans.name')
      .where('subscriptions.id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    return row.name;
  }
});

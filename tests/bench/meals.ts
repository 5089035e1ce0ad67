// The bench's `meals` part (issue 20, "Correctness and scale"), per database, on the built server in
// a process of its own with SUBSCRIBERS customers' demo data:
// - the kitchen sheet of tomorrow, with skips (and a month of them before) and leaves, one request
//   at a time as the owner's browser asks (JSON as sent to a browser, uncompressed, and the CSV):
//   the run fails when a p99 is over SHEET_P99_MS;
// - skips at SKIPS_PER_MINUTE for SKIP_SECONDS, each a different customer's meal, sent on a fixed
//   schedule from a process of its own whatever the answers' pace (an open loop: a slow answer
//   delays none of the next ones, and its latency is counted from when it was due): the run fails
//   on any error, any skip missing from the database, or a sending rate under the target.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Insertable } from 'kysely';
import { addDays, MEALS, type Meal } from '@machines';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { seedDemo } from '../../server/demo/demo.js';
import { parseMeals } from '../../server/platform/format.js';
import type { LeavesTable, MealSkipsTable } from '../../server/platform/db/schema.js';
import {
  benchEnv,
  draw,
  cpuMicros,
  freshDatabase,
  json,
  measure,
  option,
  send,
  SERVER_BUNDLE,
  signInInBulk,
  SERVER_NODE_OPTIONS,
  startProcess,
  stop,
  type Dialect,
  type Target,
} from './harness.js';

/** Customers with an ACTIVE subscription on the sheet's date, about (the demo draws the rest). */
const SUBSCRIBERS = Number(option('subscribers', '5000'));
/** One owner asking for the sheet, one request at a time: p99 at most this. */
const SHEET_P99_MS = 200;
const SHEET_SECONDS = Number(option('sheet-seconds', '10'));
const SKIPS_PER_MINUTE = Number(option('skips-per-minute', '5000'));
const SKIP_SECONDS = Number(option('skip-seconds', '60'));
/** The demo gives about this many ACTIVE subscriptions per customer it makes. */
const ACTIVE_PER_CUSTOMER = 0.465;

interface Covering {
  id: number;
  user_id: number;
  start_date: string;
  adjusted_end_date: string;
  meals: Meal[];
}

/** Sends the skips on a fixed schedule and prints what came back as one JSON line. */
const SKIP_LOAD_SCRIPT = `
const http = require('node:http');
const { port, perMinute, file } = JSON.parse(process.env.SKIP_LOAD);
const requests = JSON.parse(require('node:fs').readFileSync(file, 'utf8'));
const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
const gapMs = 60000 / perMinute;
const latencies = [];
const statuses = {};
let answered = 0;
let next = 0;
let lastSentLateMs = 0;
const start = performance.now();
const count = (status) => { statuses[status] = (statuses[status] || 0) + 1; };
function done() {
  answered += 1;
  if (answered < requests.length) return;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  console.log(JSON.stringify({
    requests: requests.length,
    statuses,
    p50: at(0.5), p99: at(0.99), max: latencies[latencies.length - 1],
    sendingSeconds: (requests.length - 1) * gapMs / 1000,
    lastSentLateMs,
    totalSeconds: (performance.now() - start) / 1000,
  }));
  agent.destroy();
}
function fire(index, due) {
  const { token, body } = requests[index];
  const call = http.request({
    host: '127.0.0.1', port, path: '/api/meals/skips/', method: 'POST', agent,
    headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
  }, (response) => {
    response.resume();
    response.on('end', () => {
      latencies.push(performance.now() - due);
      count(response.statusCode);
      done();
    });
  });
  call.on('error', (error) => { count(error.code || 'network'); latencies.push(performance.now() - due); done(); });
  call.end(body);
}
function tick() {
  const now = performance.now();
  while (next < requests.length && start + next * gapMs <= now) {
    lastSentLateMs = now - (start + next * gapMs);
    fire(next, start + next * gapMs);
    next += 1;
  }
  if (next < requests.length) setTimeout(tick, Math.max(0, start + next * gapMs - performance.now()));
}
tick();`;

interface SkipLoad {
  requests: number;
  statuses: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
  sendingSeconds: number;
  lastSentLateMs: number;
  totalSeconds: number;
}

function skipLoad(
  port: number,
  requests: { token: string; body: string }[],
  dir: string,
): Promise<SkipLoad> {
  const file = path.join(dir, 'skips.json');
  writeFileSync(file, JSON.stringify(requests));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', SKIP_LOAD_SCRIPT], {
      env: {
        ...process.env,
        SKIP_LOAD: JSON.stringify({ port, perMinute: SKIPS_PER_MINUTE, file }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output) as SkipLoad);
      else reject(new Error(`the skip load exited with ${code}: ${output}`));
    });
  });
}

/** SKIPPED rows on `dates`. */
async function countSkips(env: ReturnType<typeof benchEnv>, dates: string[]): Promise<number> {
  const built = await buildApp({ config: loadConfig({ ...process.env, ...env }), logger: false });
  try {
    const row = await built.ctx.db.kysely
      .selectFrom('meal_skips')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('meal_date', 'in', dates)
      .where('status', '=', 'SKIPPED')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await built.app.close();
  }
}

export async function benchMeals(dialect: Dialect): Promise<{
  budgets: Record<string, string | number>[];
  failures: string[];
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-bench-meals-'));
  const { databaseUrl, drop } = await freshDatabase(dialect);
  const env = benchEnv(dataDir, databaseUrl);
  const failures: string[] = [];
  const budgets: Record<string, string | number>[] = [];
  try {
    const seedStarted = Date.now();
    const built = await buildApp({ config: loadConfig({ ...process.env, ...env }), logger: false });
    const db = built.ctx.db.kysely;
    const today = built.ctx.today();
    const sheetDate = addDays(today, 1);
    await seedDemo(built.ctx, {
      users: Math.round(SUBSCRIBERS / ACTIVE_PER_CUSTOMER),
      onlyIfEmpty: false,
    });
    const covering = async (from: string, to: string): Promise<Covering[]> =>
      (
        await db
          .selectFrom('subscriptions as s')
          .innerJoin('plans as p', 'p.id', 's.plan_id')
          .innerJoin('users as u', 'u.id', 's.user_id')
          .select(['s.id', 's.user_id', 's.start_date', 's.adjusted_end_date', 'p.included_meals'])
          .where('s.status', '=', 'ACTIVE')
          .where('u.is_active', '=', true)
          .where('s.start_date', '<=', from)
          .where('s.adjusted_end_date', '>=', to)
          .orderBy('s.id')
          .execute()
      ).map((row) => ({
        id: row.id,
        user_id: row.user_id,
        start_date: row.start_date!,
        adjusted_end_date: row.adjusted_end_date!,
        meals: parseMeals(row.included_meals),
      }));
    const onSheet = await covering(sheetDate, sheetDate);
    const now = built.ctx.clock.now().toISOString();

    // Leaves on the sheet's date besides the demo's: 4 % approved, 2 % pending, on subscriptions
    // that have none.
    const withLeave = new Set(
      (
        await db
          .selectFrom('leaves')
          .select('subscription_id')
          .where('status', 'in', ['PENDING', 'APPROVED'])
          .execute()
      ).map((row) => row.subscription_id),
    );
    const leaves: Insertable<LeavesTable>[] = [];
    for (const subscription of onSheet) {
      if (withLeave.has(subscription.id)) continue;
      const roll = draw(subscription.id, 1);
      if (roll >= 0.06) continue;
      const status = roll < 0.04 ? 'APPROVED' : 'PENDING';
      withLeave.add(subscription.id);
      leaves.push({
        user_id: subscription.user_id,
        subscription_id: subscription.id,
        leave_start_date: sheetDate,
        leave_end_date: addDays(sheetDate, 2),
        reason: 'Going home',
        status,
        duration_days: 3,
        requested_at: now,
        approved_at: status === 'APPROVED' ? now : null,
        rejected_at: null,
        admin_comment: null,
        decided_by: null,
        updated_at: now,
      });
    }
    // Skips: on the sheet's date 15 % of meals skipped and 3 % skipped then undone; on each of the
    // 30 days before, 10 % skipped (the history a month of use leaves behind).
    const skips: Insertable<MealSkipsTable>[] = [];
    const subscriptions = await covering(addDays(today, -30), addDays(today, -30));
    const everyone = new Map([...subscriptions, ...onSheet].map((s) => [s.id, s]));
    for (const subscription of everyone.values()) {
      for (let back = 30; back >= 0; back -= 1) {
        const date = addDays(sheetDate, -back);
        if (date < subscription.start_date || date > subscription.adjusted_end_date) continue;
        for (const meal of subscription.meals) {
          const roll = draw(subscription.id, back, MEALS.indexOf(meal), 2);
          const skipped = back === 0 ? 0.15 : 0.1;
          const undone = back === 0 ? 0.18 : 0.1;
          if (roll >= undone) continue;
          skips.push({
            subscription_id: subscription.id,
            user_id: subscription.user_id,
            meal_date: date,
            meal,
            status: roll < skipped ? 'SKIPPED' : 'UNDONE',
            created_at: now,
            updated_at: now,
          });
        }
      }
    }
    for (let start = 0; start < leaves.length; start += 500) {
      await db
        .insertInto('leaves')
        .values(leaves.slice(start, start + 500))
        .execute();
    }
    for (let start = 0; start < skips.length; start += 500) {
      await db
        .insertInto('meal_skips')
        .values(skips.slice(start, start + 500))
        .execute();
    }
    // As the demo's seed does after its own rows: fresh statistics for the planner.
    await (dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);

    // The skips of the rate part: one meal of one customer each, on dates after tomorrow (every
    // cutoff still ahead), none on an approved leave.
    const approvedLeaves = await db
      .selectFrom('leaves')
      .select(['subscription_id', 'leave_start_date', 'leave_end_date'])
      .where('status', '=', 'APPROVED')
      .execute();
    const onLeave = (subscription: number, date: string) =>
      approvedLeaves.some(
        (leave) =>
          leave.subscription_id === subscription &&
          leave.leave_start_date <= date &&
          leave.leave_end_date >= date,
      );
    const wanted = Math.round((SKIPS_PER_MINUTE * SKIP_SECONDS) / 60);
    // One meal each of as many customers as there are, on the day after tomorrow, then on the day
    // after that.
    const skipDates = [2, 3].map((days) => addDays(today, days));
    const planned: { userId: number; body: string }[] = [];
    const candidates = await covering(skipDates[0]!, skipDates[skipDates.length - 1]!);
    for (const date of skipDates) {
      for (const subscription of candidates) {
        if (planned.length >= wanted) break;
        if (onLeave(subscription.id, date)) continue;
        const meals = subscription.meals;
        const meal = meals[Math.floor(draw(subscription.id, 4) * meals.length)]!;
        planned.push({
          userId: subscription.user_id,
          body: JSON.stringify({ subscription: subscription.id, meal_date: date, meal }),
        });
      }
    }
    planned.length = Math.min(planned.length, wanted);
    if (planned.length < wanted) throw new Error(`only ${planned.length} skips to send`);
    // Their order shuffled (deterministically), so that one customer's meals are not in a row.
    const order = new Map(planned.map((skip, index) => [skip, draw(index, 3)]));
    planned.sort((a, b) => order.get(a)! - order.get(b)!);
    // Each customer signed in.
    const tokens = await signInInBulk(built.ctx, [...new Set(planned.map((skip) => skip.userId))]);
    await built.app.close();
    const skipRequests = planned.map((skip) => ({
      token: tokens.get(skip.userId)!,
      body: skip.body,
    }));
    const skippedOnSheet = skips.filter(
      (skip) => skip.meal_date === sheetDate && skip.status === 'SKIPPED',
    ).length;
    console.log(
      `${dialect} meals: seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s: ` +
        `${onSheet.length} ACTIVE subscriptions on the sheet of ${sheetDate}, ` +
        `${skippedOnSheet} of its meals skipped, ${leaves.length} leaves added to the demo's, ` +
        `${skips.length} skip rows in all; ${skipRequests.length} skips to send from ` +
        `${tokens.size} customers`,
    );

    let load: SkipLoad;
    let skipCpu = '';
    const { child, port } = await startProcess(
      [...SERVER_NODE_OPTIONS, SERVER_BUNDLE],
      { ...env, PORT: '0', LOG_LEVEL: 'info' },
      /listening on http:\/\/[^:]+:(\d+)/,
      path.join(dataDir, 'server.log'),
    );
    try {
      const owner = (
        await json(port, {
          method: 'POST',
          path: '/api/accounts/login/',
          body: JSON.stringify({ username: 'owner', password: env.OWNER_PASSWORD }),
        })
      ).access as string;
      const sheetPath = `/api/kitchen/sheet/?date=${sheetDate}`;
      const sheets: [string, Target][] = [
        [
          'kitchen sheet, JSON as a browser asks (compressed)',
          {
            method: 'GET',
            path: sheetPath,
            token: owner,
            headers: { 'accept-encoding': 'gzip, deflate, br' },
          },
        ],
        ['kitchen sheet, JSON uncompressed', { method: 'GET', path: sheetPath, token: owner }],
        ['kitchen sheet, CSV', { method: 'GET', path: `${sheetPath}&format=csv`, token: owner }],
      ];
      const sheet = (await json(port, sheets[1]![1])) as {
        skipped: Record<string, Record<Meal, number>>;
      };
      const skippedCount = Object.values(sheet.skipped).reduce(
        (sum, meals) => sum + meals.breakfast + meals.lunch + meals.dinner,
        0,
      );
      for (const [name, target] of sheets) {
        const sample = await send(port, target);
        if (sample.status !== 200) throw new Error(`${name} answered ${sample.status}`);
        const cpuBefore = cpuMicros(child.pid!);
        const alone = await measure(port, target, 1, SHEET_SECONDS);
        const cpuAfter = cpuMicros(child.pid!);
        // The server's CPU per answer, which other work on the machine hardly changes (warm-up
        // requests included, so a little high).
        const cpuMs =
          cpuBefore === null || cpuAfter === null || alone.requests === 0
            ? ''
            : `; server CPU ${((cpuAfter - cpuBefore) / alone.requests / 1000).toFixed(0)} ms each`;
        const over = alone.p99 > SHEET_P99_MS;
        if (over) failures.push(`${dialect}: ${name}: p99 ${alone.p99} ms > ${SHEET_P99_MS} ms`);
        if (alone.errors > 0) failures.push(`${dialect}: ${name}: ${alone.errors} errors`);
        budgets.push({
          database: dialect,
          check: `${name}, ${onSheet.length} subscribers, ${skippedCount} skipped (${sample.body.length} bytes)`,
          measured: `p50 ${alone.p50} / p99 ${alone.p99} ms (${alone.requests} requests)${cpuMs}`,
          budget: `p99 ≤ ${SHEET_P99_MS} ms`,
          verdict: over || alone.errors > 0 ? 'FAIL' : 'ok',
        });
      }

      const cpuBefore = cpuMicros(child.pid!);
      load = await skipLoad(port, skipRequests, dataDir);
      const cpuAfter = cpuMicros(child.pid!);
      if (cpuBefore !== null && cpuAfter !== null)
        skipCpu = `; server CPU ${((cpuAfter - cpuBefore) / load.requests / 1000).toFixed(1)} ms each`;
    } finally {
      await stop(child);
    }
    const created = load.statuses['201'] ?? 0;
    const errors = load.requests - created;
    // Every skip answered 201 is in the database, once: read by an app of our own once the server
    // has stopped (it holds SQLite's data directory).
    const rows = await countSkips(env, skipDates);
    if (rows !== created)
      failures.push(`${dialect}: skips: ${created} answered 201 but ${rows} rows in meal_skips`);

    const perMinute = Math.round(((load.requests - 1) / load.sendingSeconds) * 60);
    // The schedule held when the last skip went out within a second of when it was due.
    const kept = load.lastSentLateMs < 1000;
    if (errors > 0)
      failures.push(`${dialect}: skips: ${errors} errors (${JSON.stringify(load.statuses)})`);
    if (!kept)
      failures.push(
        `${dialect}: skips: the last went out ${Math.round(load.lastSentLateMs)} ms late`,
      );
    budgets.push({
      database: dialect,
      check: `${load.requests} skips at ${perMinute}/minute for ${load.sendingSeconds.toFixed(0)} s, each a different meal (${tokens.size} customers)`,
      measured: `p50 ${load.p50.toFixed(1)} / p99 ${load.p99.toFixed(1)} / max ${load.max.toFixed(0)} ms; ${created} made (${rows} rows), ${errors} errors${skipCpu}`,
      budget: `${SKIPS_PER_MINUTE}/minute, 0 errors`,
      verdict: errors > 0 || !kept || rows !== created ? 'FAIL' : 'ok',
    });
    return { budgets, failures };
  } finally {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

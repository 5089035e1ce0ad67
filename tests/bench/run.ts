// tsx tests/bench/run.ts [--users 100000 --seconds 5 --rounds 5 --connections 50]
//   [--db sqlite|postgres|both] [--parts reads,server,meals,statements,dues,deliveries,cli]
//   [--turns 6 --turn-seconds 2] [--cpu-prof DIR] [--only TEXT]
// (or the same options as BENCH_USERS=…, BENCH_PARTS=… and so on, which `npm run bench` passes on).
// The `reads` part (issue 35's goals: anonymous plans and the active subscription against a bare
// ceiling, on a plain server with six plans and one subscriber) is tests/bench/reads.ts; `meals`
// is tests/bench/meals.ts; `deliveries` (PostgreSQL only: two instances behind HAProxy) is
// tests/bench/deliveries.ts; `statements` and `dues` are tests/bench/ledger.ts. The `server`
// part, below, seeds a demo database and starts the built server (dist/server.mjs) in its own
// process. Then, per database:
// - idle memory: the server's RSS after start-up and a few requests, with nothing else happening;
//   the run fails above IDLE_RSS_BUDGET_MB;
// - throughput: each endpoint is driven by autocannon, in a process of its own, at CONNECTIONS
//   connections, against the ceiling the `reads` part uses (tests/bench/ceiling.ts: a bare
//   node:http server answering the same body bytes with only the headers node writes), in
//   alternating turns (ROUNDS turns of SECONDS/ROUNDS s each side). The ratio is the product's
//   rate over the ceiling's, each summed over its turns; the median of the paired turns' ratios
//   is shown beside it. Each one's CPU time per request is reported too (Linux), which other work
//   on the machine changes much less than req/s. The plans and the authenticated reads fail the
//   run below their floors (PLANS_FLOORS, READ_FLOORS). The active subscription is asked by
//   CONNECTIONS customers in turn, as their dashboards would, and answered from the read cache;
//   asked again with `Cache-Control: no-cache`, every answer is read from the database (reported,
//   not held to the floor);
// - owner views (users search, active_subscribers, the owner's home) one request at a time, as
//   an owner's browser sends them; the run fails when their p99 is over BUDGET_P99_MS.
// --cpu-prof DIR starts the server under `node --cpu-prof`, writing its profile into DIR on exit.
// --only TEXT measures just the endpoints whose name contains TEXT (to profile one of them).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { startSession } from '../../server/resources/auth/sessions.js';
import { DEMO_PASSWORD, seedDemo } from '../../server/demo/demo.js';
import { subscriptionStatusIs } from '../../server/lifecycles/subscription/subscription.read.js';
import {
  benchEnv,
  freshDatabase,
  json,
  measure,
  option,
  PG_URL,
  send,
  SERVER_BUNDLE,
  SERVER_NODE_OPTIONS,
  startProcess,
  stop,
  type Dialect,
  type Sample,
  type Target,
} from './harness.js';
import { benchDeliveries } from './deliveries.js';
import { benchDues, benchStatements } from './ledger.js';
import { benchMeals } from './meals.js';
import { benchReads } from './reads.js';
import { alternatingTurns } from './ceiling.js';

const USERS = Number(option('users', '100000'));
const SECONDS = Number(option('seconds', '5'));
const ROUNDS = Number(option('rounds', '5'));
const CONNECTIONS = Number(option('connections', '50'));
const DB_CHOICE = option('db', 'both');
const CPU_PROFILE_DIR = option('cpu-prof', '');
const ONLY = option('only', '');
const chosen = (name: string) => name.includes(ONLY);
/**
 * The parts to run: `server` (memory, throughput, owner views), `meals` (tests/bench/meals.ts),
 * `statements` and `dues` (tests/bench/ledger.ts), `deliveries` (tests/bench/deliveries.ts) and
 * `cli` (how soon `dabba --help` answers).
 */
const PARTS = new Set(
  option('parts', 'reads,server,meals,statements,dues,deliveries,cli').split(','),
);
for (const part of PARTS) {
  if (!['reads', 'server', 'meals', 'statements', 'dues', 'deliveries', 'cli'].includes(part))
    throw new Error(`--parts: no part called ${part}`);
}
/** `dabba --help`, the fastest of five runs of the built bin: at most this. */
const CLI_HELP_BUDGET_MS = 300;

/** One owner's request, one at a time: p99 at most this. */
const BUDGET_P99_MS = 100;
/** The server's resident memory after start-up and a few requests, idle. */
const IDLE_RSS_BUDGET_MB = 120;
/** The share of the bare node:http ceiling a read must reach, per database (issue 18's goals). */
type Floors = Partial<Record<Dialect, number>>;
/** The anonymous plans list, answered from memory. */
const PLANS_FLOORS: Floors = { sqlite: 0.4, postgres: 0.25 };
/** Authenticated reads: the session checked in the database on every request. */
const READ_FLOORS: Floors = { sqlite: 0.25, postgres: 0.25 };
/** How long the server is left alone before its idle memory is read. */
const IDLE_SETTLE_MS = 2_000;

/**
 * Figures from before the issue-11 work (commit abb7bc0), measured by this very bench on the same
 * 2-core machine (load average about 2) at 50 connections with 100,000 customers: the "before"
 * columns, as [req/s, ratio to the ceiling, server CPU µs per request].
 */
const BEFORE: Record<
  Dialect,
  { idleRssMb: number; rps: Record<string, [number, number, number]> }
> = {
  sqlite: {
    idleRssMb: 160.1,
    rps: {
      'GET plans (anonymous)': [4862, 0.12, 198],
      'GET active subscription': [1689, 0.05, 634],
      'GET profile': [2293, 0.07, 449],
      'verify_payment (replay)': [831, 0.03, 1253],
    },
  },
  postgres: {
    idleRssMb: 154.6,
    rps: {
      'GET plans (anonymous)': [2399, 0.09, 354],
      'GET active subscription': [771, 0.02, 1124],
      'GET profile': [1213, 0.03, 684],
      'verify_payment (replay)': [342, 0.02, 2100],
    },
  },
};

/** The product and the bare ceiling (tests/bench/ceiling.ts) in alternating turns. */
function productAndCeiling(server: ChildProcess, port: number, sample: Sample, target: Target) {
  return alternatingTurns({
    product: { port, pid: server.pid! },
    body: sample.body,
    target,
    connections: CONNECTIONS,
    turns: ROUNDS,
    turnSeconds: Math.max(1, Math.round(SECONDS / ROUNDS)),
  });
}

/** Resident memory of a process in MB (Linux: /proc; elsewhere ps). */
async function residentMb(pid: number): Promise<number> {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1]);
    if (kb > 0) return kb / 1024;
  } catch {
    // Not Linux: ask ps.
  }
  const ps = spawn('ps', ['-o', 'rss=', '-p', String(pid)]);
  let output = '';
  ps.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => ps.on('exit', resolve));
  const kb = Number(output.trim());
  if (!(kb > 0)) throw new Error(`cannot read the resident memory of process ${pid}`);
  return kb / 1024;
}

interface Outcome {
  throughput: Record<string, string | number>[];
  budgets: Record<string, string | number>[];
  failures: string[];
}

async function benchDatabase(dialect: Dialect): Promise<Outcome> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-bench-'));
  const { databaseUrl, drop } = await freshDatabase(dialect);
  const env = benchEnv(dataDir, databaseUrl);
  const seedStarted = Date.now();
  const built = await buildApp({ config: loadConfig({ ...process.env, ...env }), logger: false });
  await seedDemo(built.ctx, { users: USERS, onlyIfEmpty: false });
  const pending = await built.ctx.db.kysely
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .select(['users.username', 'subscriptions.id'])
    .where('subscriptions.status', '=', 'PENDING_PAYMENT')
    .where('users.is_active', '=', true)
    .orderBy('subscriptions.id')
    .executeTakeFirstOrThrow();
  // Customers with an active subscription, signed in as the server signs them in (a login each over
  // HTTP would meet the login throttle): the dashboard's readers, one per connection.
  const subscribers = await built.ctx.db.kysely
    .selectFrom('subscriptions')
    .innerJoin('users', 'users.id', 'subscriptions.user_id')
    .select('users.id')
    .where((eb) => subscriptionStatusIs(eb, 'ACTIVE', built.ctx.today()))
    .where('users.is_active', '=', true)
    .orderBy('users.id')
    .limit(CONNECTIONS)
    .execute();
  const readers = await Promise.all(
    subscribers.map(async ({ id }) => (await startSession(built.ctx, id)).access),
  );
  await built.app.close();
  console.log(
    `${dialect}: seeded ${USERS} customers in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const profiling = CPU_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROFILE_DIR)}`]
    : [];
  // The production log level: every request is logged, as it would be in production.
  const { child, port } = await startProcess(
    [...profiling, ...SERVER_NODE_OPTIONS, SERVER_BUNDLE],
    { ...env, PORT: '0', LOG_LEVEL: 'info' },
    /listening on http:\/\/[^:]+:(\d+)/,
    path.join(dataDir, 'server.log'),
  );
  const failures: string[] = [];
  try {
    const login = (username: string, password: string) =>
      json(port, {
        method: 'POST',
        path: '/api/accounts/login/',
        body: JSON.stringify({ username, password }),
      });
    const owner = (await login('owner', 'bench-owner-pass')).access as string;
    const customer = (await login('student1', DEMO_PASSWORD)).access as string;
    const payer = (await login(pending.username, DEMO_PASSWORD)).access as string;
    // A real order paid in the sandbox; the benchmark then replays its verification (the idempotent path).
    const order = await json(port, {
      method: 'POST',
      path: '/api/payments/orders/',
      token: payer,
      body: JSON.stringify({ subscription: pending.id }),
    });
    const fields = await json(port, {
      method: 'POST',
      path: '/api/payments/sandbox/pay/',
      token: payer,
      body: JSON.stringify({ order_id: order.order_id, outcome: 'success' }),
    });
    const verify: Target = {
      method: 'POST',
      path: '/api/payments/orders/verify_payment/',
      token: payer,
      body: JSON.stringify(fields),
    };
    await json(port, verify);

    const activeSubscription: Target = {
      method: 'GET',
      path: '/api/subscriptions/subscriptions/active/',
    };
    // [name, target, the ratio it is held to on each database]
    const plans: Target = { method: 'GET', path: '/api/subscriptions/plans/' };
    const usersPage: Target = {
      method: 'GET',
      path: '/api/accounts/owner/users/?limit=50',
      token: owner,
    };
    // What a browser sends: the answers over about 1 kB come compressed. Each is measured beside
    // the same request without Accept-Encoding (the uncompressed answer), for bytes and CPU.
    const compressed = { 'accept-encoding': 'gzip, deflate, br' };
    const throughputTargets: [string, Target, Floors][] = [
      ['GET plans (anonymous)', plans, PLANS_FLOORS],
      ['GET plans (anonymous), compressed', { ...plans, headers: compressed }, {}],
      ['GET owner users, 50 a page', usersPage, {}],
      ['GET owner users, 50 a page, compressed', { ...usersPage, headers: compressed }, {}],
      ['GET active subscription', { ...activeSubscription, tokens: readers }, READ_FLOORS],
      [
        'GET active subscription, read from the database',
        { ...activeSubscription, tokens: readers, headers: { 'cache-control': 'no-cache' } },
        {},
      ],
      [
        'GET profile',
        { method: 'GET', path: '/api/accounts/profile/', token: customer },
        READ_FLOORS,
      ],
      ['verify_payment (replay)', verify, {}],
    ];
    const ownerViews: [string, Target][] = [
      [
        'owner users search `sharma`',
        { method: 'GET', path: '/api/accounts/owner/users/?search=sharma&limit=50', token: owner },
      ],
      [
        'active_subscribers tiffin + lunch',
        {
          method: 'GET',
          path: '/api/accounts/owner/users/active_subscribers/?service_type=tiffin&meal_type=lunch&limit=50',
          token: owner,
        },
      ],
      ["owner's home summary", { method: 'GET', path: '/api/owner/summary/', token: owner }],
    ];

    const samples = new Map<string, Sample>();
    const sample = async (name: string, target: Target) => {
      const answer = await send(port, target);
      if (answer.status >= 400) throw new Error(`${name} answered ${answer.status}`);
      samples.set(name, answer);
    };
    // Idle memory after start-up and a few requests: the logins, the payment above and one of each
    // endpoint below. The owner views are asked later: each scans a large part of the database and
    // leaves SQLite's page cache full, which the RSS after the run shows.
    for (const [name, target] of throughputTargets) await sample(name, target);
    await sleep(IDLE_SETTLE_MS);
    const idleRssMb = await residentMb(child.pid!);
    for (const [name, target] of ownerViews) await sample(name, target);
    const before = BEFORE[dialect];
    const budgets: Record<string, string | number>[] = [];
    const overMemory = idleRssMb > IDLE_RSS_BUDGET_MB;
    if (overMemory)
      failures.push(`${dialect}: idle RSS ${idleRssMb.toFixed(1)} MB > ${IDLE_RSS_BUDGET_MB} MB`);
    budgets.push({
      database: dialect,
      check: 'idle RSS (after start-up and a few requests)',
      measured: `${idleRssMb.toFixed(1)} MB`,
      before: before.idleRssMb ? `${before.idleRssMb.toFixed(1)} MB` : '',
      budget: `≤ ${IDLE_RSS_BUDGET_MB} MB`,
      verdict: overMemory ? 'FAIL' : 'ok',
    });

    const throughput: Record<string, string | number>[] = [];
    for (const [name, target, floors] of throughputTargets) {
      if (!chosen(name)) continue;
      const sample = samples.get(name)!;
      const { product, ceiling, ratio, medianOfPairs } = await productAndCeiling(
        child,
        port,
        sample,
        target,
      );
      const [beforeRps, beforeRatio, beforeCpu] = before.rps[name] ?? [0, 0, 0];
      const floor = floors[dialect];
      if (product.errors > 0) failures.push(`${dialect}: ${name}: ${product.errors} errors`);
      if (floor !== undefined && ratio < floor)
        failures.push(`${dialect}: ${name} at ${ratio.toFixed(2)} of the ceiling, under ${floor}`);
      throughput.push({
        database: dialect,
        endpoint: name,
        bytes: sample.body.length,
        encoding: sample.headers.find(([header]) => header === 'content-encoding')?.[1] ?? '',
        'req/s': Math.round(product.rate),
        'p50/p99 ms': `${product.p50} / ${product.p99}`,
        'ceiling req/s': Math.round(ceiling.rate),
        ratio: ratio.toFixed(2),
        'median of paired turns': medianOfPairs.toFixed(2),
        'CPU µs/req (ceiling)':
          product.cpuPerRequest === null || ceiling.cpuPerRequest === null
            ? ''
            : `${Math.round(product.cpuPerRequest)} (${Math.round(ceiling.cpuPerRequest)})`,
        'before: req/s (ratio) CPU µs': beforeRps
          ? `${beforeRps} (${beforeRatio.toFixed(2)}) ${beforeCpu}`
          : '',
        errors: product.errors,
        verdict: floor === undefined ? '' : ratio < floor ? `FAIL (< ${floor})` : `ok (≥ ${floor})`,
      });
    }

    for (const [name, target] of ownerViews) {
      if (!chosen(name)) continue;
      // The budget is what one owner waits for: requests one after another, as a browser tab sends them.
      const alone = await measure(port, target, 1, SECONDS);
      const over = alone.p99 > BUDGET_P99_MS;
      if (over) failures.push(`${dialect}: ${name}: p99 ${alone.p99} ms > ${BUDGET_P99_MS} ms`);
      if (alone.errors > 0) failures.push(`${dialect}: ${name}: ${alone.errors} errors`);
      budgets.push({
        database: dialect,
        check: `${name}, one at a time (${samples.get(name)!.body.length} bytes)`,
        measured: `p50 ${alone.p50} / p99 ${alone.p99} ms`,
        before: '',
        budget: `p99 ≤ ${BUDGET_P99_MS} ms`,
        verdict: over || alone.errors > 0 ? 'FAIL' : 'ok',
      });
    }
    budgets.push({
      database: dialect,
      check: 'RSS after the whole run (for information)',
      measured: `${(await residentMb(child.pid!)).toFixed(1)} MB`,
      before: '',
      budget: '',
      verdict: '',
    });
    return { throughput, budgets, failures };
  } finally {
    await stop(child);
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

console.log(
  `autocannon (own process), ${CONNECTIONS} connections; ceiling = bare node:http (own process) ` +
    'answering the same body bytes with only the headers node writes; product and ceiling in ' +
    'alternating turns after one uncounted turn each, ratio = rate over rate (each summed over ' +
    `its turns), the median of the paired turns beside it; server: node ` +
    [...SERVER_NODE_OPTIONS, 'dist/server.mjs'].join(' '),
);
// Figures from a machine busy with other work are not comparable; say so rather than hide it.
const [loadAverage] = loadavg();
if (loadAverage! > availableParallelism() / 2)
  console.warn(
    `The load average is ${loadAverage!.toFixed(1)} on ${availableParallelism()} cores: ` +
      'other work is running, and the figures below will be low and noisy.',
  );
const dialects: Dialect[] = [];
if (DB_CHOICE !== 'postgres') dialects.push('sqlite');
if (DB_CHOICE !== 'sqlite') {
  if (await postgresReachable()) dialects.push('postgres');
  else console.warn(`PostgreSQL is not reachable at ${PG_URL}: benchmarking SQLite only.`);
}
const failures: string[] = [];
for (const dialect of dialects) {
  if (PARTS.has('reads')) {
    const outcome = await benchReads(dialect);
    console.table(outcome.rows);
    failures.push(...outcome.failures);
  }
  if (PARTS.has('server')) {
    const outcome = await benchDatabase(dialect);
    console.table(outcome.throughput);
    console.table(outcome.budgets);
    failures.push(...outcome.failures);
  }
  if (PARTS.has('meals')) {
    const outcome = await benchMeals(dialect);
    console.table(outcome.budgets);
    failures.push(...outcome.failures);
  }
  if (PARTS.has('statements')) {
    const outcome = await benchStatements(dialect);
    console.table(outcome.budgets);
    failures.push(...outcome.failures);
  }
  if (PARTS.has('dues')) {
    const outcome = await benchDues(dialect);
    console.table(outcome.budgets);
    failures.push(...outcome.failures);
  }
  if (PARTS.has('deliveries') && dialect === 'postgres') {
    // The lunch peak: 100 marks a second for 5 minutes through HAProxy to two instances.
    const outcome = await benchDeliveries({
      rate: Number(option('marks-per-second', '100')),
      seconds: Number(option('marks-seconds', '300')),
      riders: Number(option('riders', '50')),
      instances: 2,
      cpuProfileDir: CPU_PROFILE_DIR || undefined,
    });
    console.table(outcome.budgets);
    failures.push(...outcome.failures);
  }
}
if (PARTS.has('cli')) {
  // The bin loads only its entry for --help (tests/cli/bundle.test.ts holds that); this times it.
  const timings: number[] = [];
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['dist/cli.mjs', '--help'], { stdio: 'ignore' });
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`dabba --help exited ${code}`)),
      );
    });
    timings.push(performance.now() - started);
  }
  const fastest = Math.min(...timings);
  const over = fastest > CLI_HELP_BUDGET_MS;
  console.table([
    {
      check: 'dabba --help, the fastest of 5 runs',
      measured: `${fastest.toFixed(0)} ms`,
      budget: `≤ ${CLI_HELP_BUDGET_MS} ms`,
      verdict: over ? 'FAIL' : 'ok',
    },
  ]);
  if (over) failures.push(`dabba --help: ${fastest.toFixed(0)} ms > ${CLI_HELP_BUDGET_MS} ms`);
}
if (failures.length) console.error(`\nFAILED:\n- ${failures.join('\n- ')}`);
else console.log('\nAll budgets met.');
process.exit(failures.length ? 1 : 0);

// The `reads` part of the bench (issue 35): the two reads every visitor and every customer's
// dashboard make, measured against a bare node:http server answering the same body bytes.
// A plain server (as `npm start` runs it, logging every request) with six plans and one customer
// with an active subscription, made over HTTP as a mess would make them. For each read, autocannon
// (one long-lived process of its own, so its own warm-up is paid once) drives the product and the
// ceiling in alternating turns; each side's rate is its requests over its time summed over its
// turns, and the ratio of the two rates is what the goals hold. The median of the turns' paired
// ratios (what the `server` part used to report) is reported beside it.
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  benchEnv,
  freshDatabase,
  json,
  option,
  send,
  SERVER_BUNDLE,
  SERVER_NODE_OPTIONS,
  startProcess,
  stop,
  type Dialect,
  type Target,
} from './harness.js';
import { alternatingTurns, type AlternatingTurns } from './ceiling.js';

/** Issue 35's goals: each read's rate over the ceiling's, per database. */
export const READS_GOALS: Record<Dialect, number> = { sqlite: 0.4, postgres: 0.25 };

const CONNECTIONS = Number(option('connections', '50'));
const TURNS = Number(option('turns', '6'));
const TURN_SECONDS = Number(option('turn-seconds', '2'));
const CPU_PROFILE_DIR = option('cpu-prof', '');
const ONLY = option('only', '');
const PLANS = 6;

/** The code the server wrote to the SMS outbox for `phone` last. */
function lastOtp(dataDir: string, phone: string): string {
  const lines = readFileSync(path.join(dataDir, 'outbox', 'sms.jsonl'), 'utf8').split('\n');
  const code = lines
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; body: string })
    .filter((sms) => sms.to === phone)
    .at(-1)
    ?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no OTP in the outbox for ${phone}`);
  return code;
}

/** Six plans and one customer with an active subscription, over HTTP; the customer's access token. */
async function seed(port: number, dataDir: string): Promise<string> {
  const call = (method: 'GET' | 'POST', route: string, body?: unknown, token?: string) =>
    json(port, { method, path: route, token, body: body ? JSON.stringify(body) : undefined });
  const owner = (
    await call('POST', '/api/accounts/login/', {
      username: 'owner',
      password: 'bench-owner-pass',
    })
  ).access as string;
  const plans: number[] = [];
  for (let n = 1; n <= PLANS; n += 1) {
    const tiffin = n > PLANS / 2;
    const plan = await call(
      'POST',
      '/api/subscriptions/plans/',
      {
        code: `BENCH-${n}`,
        name: `${tiffin ? 'Tiffin' : 'Mess'} plan ${n}`,
        description: 'Home-style meals, three times a day',
        service_type: tiffin ? 'tiffin' : 'mess',
        duration_days: 30,
        base_price: 2500 + 100 * n,
        included_meals: ['breakfast', 'lunch', 'dinner'],
      },
      owner,
    );
    plans.push(plan.id as number);
  }
  const phone = '+919876500001';
  const password = 'bench-customer-1';
  await call('POST', '/api/accounts/register/', {
    username: 'reader1',
    email: 'reader1@example.com',
    phone,
    password,
    confirm_password: password,
    user_type: 'student',
    first_name: 'Asha',
    last_name: 'Verma',
  });
  const verified = await call('POST', '/api/accounts/verify-otp/', {
    phone,
    otp: lastOtp(dataDir, phone),
  });
  const customer = verified.access as string;
  await call(
    'POST',
    '/api/accounts/complete-profile/',
    {
      user_type: 'student',
      is_tiffin_user: false,
      is_mess_user: true,
      student_profile: {
        institute: 'KIET',
        student_id: 'S1',
        hostel: 'Hostel A, Room 12',
        year: '2nd',
        course: 'B.Tech',
      },
    },
    customer,
  );
  const subscription = await call(
    'POST',
    '/api/subscriptions/subscriptions/',
    { plan: plans[0] },
    customer,
  );
  const order = await call(
    'POST',
    '/api/payments/orders/',
    { subscription: subscription.id },
    customer,
  );
  const fields = await call(
    'POST',
    '/api/payments/sandbox/pay/',
    { order_id: order.order_id, outcome: 'success' },
    customer,
  );
  await call('POST', '/api/payments/orders/verify_payment/', fields, customer);
  return customer;
}

export interface ReadsOutcome {
  rows: Record<string, string | number>[];
  failures: string[];
}

export async function benchReads(dialect: Dialect): Promise<ReadsOutcome> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-reads-'));
  const { databaseUrl, drop } = await freshDatabase(dialect);
  const profiling = CPU_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROFILE_DIR)}`]
    : [];
  // As `npm start` runs it: its node options and the default log level (every request logged).
  const { child, port } = await startProcess(
    [...profiling, ...SERVER_NODE_OPTIONS, SERVER_BUNDLE],
    { ...benchEnv(dataDir, databaseUrl), PORT: '0', LOG_LEVEL: 'info' },
    /listening on http:\/\/[^:]+:(\d+)/,
    path.join(dataDir, 'server.log'),
  );
  const failures: string[] = [];
  const rows: Record<string, string | number>[] = [];
  let cleanUp = async () => {};
  try {
    const customer = await seed(port, dataDir);
    const reads: [string, Target][] = [
      ['GET plans (anonymous)', { method: 'GET', path: '/api/subscriptions/plans/' }],
      [
        'GET active subscription',
        { method: 'GET', path: '/api/subscriptions/subscriptions/active/', token: customer },
      ],
    ];
    // PostgreSQL's backends serving the product, for the database's CPU per request.
    const database = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
    await database?.connect();
    const databasePids = database
      ? async () =>
          (
            await database.query<{ pid: number }>(
              'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
            )
          ).rows.map((row) => row.pid)
      : undefined;
    cleanUp = async () => void (await database?.end());
    await sleep(500);
    for (const [name, target] of reads) {
      if (!name.includes(ONLY)) continue;
      const sample = await send(port, target);
      if (sample.status !== 200) throw new Error(`${name} answered ${sample.status}`);
      if (
        name.startsWith('GET plans') &&
        (JSON.parse(sample.body.toString()) as unknown[]).length !== PLANS
      )
        throw new Error(`${name}: not ${PLANS} plans`);
      const measured: AlternatingTurns = await alternatingTurns({
        product: { port, pid: child.pid! },
        body: sample.body,
        target,
        connections: CONNECTIONS,
        turns: TURNS,
        turnSeconds: TURN_SECONDS,
        databasePids,
      });
      const goal = READS_GOALS[dialect];
      const met = measured.ratio >= goal;
      if (!met)
        failures.push(
          `${dialect}: ${name} at ${measured.ratio.toFixed(2)} of the ceiling, under ${goal}`,
        );
      if (measured.product.errors > 0)
        failures.push(`${dialect}: ${name}: ${measured.product.errors} errors`);
      rows.push({
        database: dialect,
        read: name,
        bytes: sample.body.length,
        'headers (product)': sample.headers.length,
        'req/s': Math.round(measured.product.rate),
        'ceiling req/s': Math.round(measured.ceiling.rate),
        ratio: measured.ratio.toFixed(3),
        'median of paired turns': measured.medianOfPairs.toFixed(3),
        'paired ratios': measured.pairs.map((pair) => pair.toFixed(2)).join(' '),
        'requests (all turns)': measured.product.requests,
        'p50/p99 ms': `${measured.product.p50} / ${measured.product.p99}`,
        'CPU µs/req (ceiling)':
          measured.product.cpuPerRequest === null || measured.ceiling.cpuPerRequest === null
            ? ''
            : `${Math.round(measured.product.cpuPerRequest)} (${Math.round(measured.ceiling.cpuPerRequest)})`,
        'database CPU µs/req':
          measured.product.databaseCpuPerRequest === null
            ? ''
            : Math.round(measured.product.databaseCpuPerRequest),
        errors: measured.product.errors,
        verdict: met ? `ok (≥ ${goal})` : `FAIL (< ${goal})`,
      });
    }
    return { rows, failures };
  } finally {
    await cleanUp();
    await stop(child);
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

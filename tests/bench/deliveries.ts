// The bench's `deliveries` part (issue 22, "Scale, on a real setup"): a lunch peak on PostgreSQL
// with two instances of the built server behind HAProxy. Riders' phones send delivery marks at RATE
// a second for SECONDS (tests/bench/delivery-load.mjs: each rider's marks in order, one request at a
// time, now and then a batch caught up after a spell without signal and a batch sent again), while
// the riders read their run sheets and the owner the progress. The run fails on any error, a p99 of
// the marks over MARKS_P99_MS, a re-sent mark not answered `duplicate`, or a mark that is not stored
// exactly once. tests/api/delivery-peak.test.ts runs a short version in the suite.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, type Meal } from '@machines';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { seedDemo } from '../../server/demo/demo.js';
import { tiffinDeliveriesOf } from '../../server/lifecycles/kitchen/kitchen.deliveries.js';
import { freePort } from '../helpers/server-process.js';
import { startHaproxy } from '../helpers/load-balancer.js';
import { runSheetsOf } from '../../server/lifecycles/delivery-stop/delivery-stop.read.js';
import {
  benchEnv,
  draw,
  cpuMicros,
  freshDatabase,
  SERVER_BUNDLE,
  SERVER_NODE_OPTIONS,
  signInInBulk,
  startProcess,
  stop,
} from './harness.js';

/** One mark request's p99, from when it was due, at most this. */
export const MARKS_P99_MS = 200;
/** The demo seeds about this many lunch tiffin deliveries for today per customer it makes. */
const LUNCH_STOPS_PER_CUSTOMER = 0.2;
/** Marks per stop, about, in the plan below. */
const MARKS_PER_STOP = 2.3;

export interface PeakOptions {
  /** Marks a second. */
  rate: number;
  seconds: number;
  riders: number;
  /** How many server instances HAProxy balances over. */
  instances: number;
  /** The PostgreSQL server to make the run's database on (default: the bench's). */
  postgresUrl?: string;
  /** Node's --cpu-prof for each instance, its profile written into this directory on exit. */
  cpuProfileDir?: string;
  /**
   * Seconds of the same load on yesterday's stops before the measured run, not counted: an instance
   * at a real lunch peak has served the morning, while a fresh one spends its first seconds
   * compiling the hot paths and opening its database connections (default WARM_UP_SECONDS).
   */
  warmUpSeconds?: number;
}

const WARM_UP_SECONDS = 15;

const cpuTime = (pid: number) => cpuMicros(pid) ?? 0;

interface Mark {
  id: string;
  route: number;
  date: string;
  meal: Meal;
  customer: number;
  event: 'delivered' | 'not_delivered' | 'box_returned' | 'cash_collected';
  reason?: 'not_home';
  amount?: number;
  marked_at: string;
}

interface Send {
  /** Its place in the overall schedule, in marks. */
  at: number;
  marks: Mark[];
  resend: boolean;
}

/**
 * One rider's marks on their stops, in order: most stops delivered and a box returned, one in
 * five paying cash, one in twenty not home at first and delivered on the way back. Sent one at a
 * time; every 15th send is a batch of six caught up after a spell without signal, and every 25th
 * send is followed by the same batch sent again (the phone never heard the answer).
 */
function riderSends(
  riderIndex: number,
  route: number,
  customers: readonly number[],
  date: string,
  meal: Meal,
  markedAt: string,
): Mark[][] {
  let counter = 0;
  const mark = (customer: number, event: Mark['event'], extra: Partial<Mark> = {}): Mark => {
    counter += 1;
    const hex = (riderIndex * 1_000_000 + counter).toString(16).padStart(12, '0');
    return {
      id: `00000000-0000-4000-8000-${hex}`,
      route,
      date,
      meal,
      customer,
      event,
      marked_at: markedAt,
      ...extra,
    };
  };
  const marks: Mark[] = [];
  const comeBack: number[] = [];
  for (const customer of customers) {
    if (draw(customer, 1) < 0.05) {
      marks.push(mark(customer, 'not_delivered', { reason: 'not_home' }));
      comeBack.push(customer);
      continue;
    }
    marks.push(mark(customer, 'delivered'), mark(customer, 'box_returned'));
    if (draw(customer, 2) < 0.2)
      marks.push(
        mark(customer, 'cash_collected', {
          amount: 500 + 100 * Math.floor(draw(customer, 3) * 25),
        }),
      );
  }
  for (const customer of comeBack) marks.push(mark(customer, 'delivered'));
  const batches: Mark[][] = [];
  for (let index = 0; index < marks.length;) {
    const size = (batches.length + 1) % 15 === 0 ? 6 : 1;
    batches.push(marks.slice(index, index + size));
    index += size;
  }
  return batches;
}

/** The riders' sends laid on one schedule: rider after rider, mark by mark, at `rate` overall. */
function schedule(perRider: Mark[][][], total: number): Send[][] {
  const sends: Send[][] = perRider.map(() => []);
  const next = perRider.map(() => 0);
  let at = 0;
  while (at < total) {
    let progressed = false;
    for (let rider = 0; rider < perRider.length && at < total; rider += 1) {
      const batch = perRider[rider]![next[rider]!];
      if (!batch) continue;
      next[rider]! += 1;
      progressed = true;
      sends[rider]!.push({ at, marks: batch, resend: false });
      if (next[rider]! % 25 === 0) sends[rider]!.push({ at, marks: batch, resend: true });
      at += batch.length;
    }
    if (!progressed) break;
  }
  return sends;
}

interface LoadResult {
  sends: number;
  marksSent: number;
  sendingSeconds: number;
  statuses: Record<string, number>;
  answers: { applied: number; duplicate: number; refused: number; unexpected?: number };
  refusals: Record<string, number>;
  appliedIds: string[];
  p50: number;
  p99: number;
  max: number;
  worstLateMs: number;
  reads: Record<string, { count: number; p50: number; p99: number }>;
  readStatuses: Record<string, number>;
}

function runLoad(file: string): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(import.meta.dirname, 'delivery-load.mjs'), file],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output) as LoadResult);
      else reject(new Error(`the delivery load exited with ${code}: ${output}`));
    });
  });
}

export interface PeakResult {
  stops: number;
  /** What went wrong besides speed: errors, refusals, marks not stored exactly once. */
  load: LoadResult;
  stored: number;
  storedOnce: boolean;
  missing: number;
  cashStored: number;
  cashPlanned: number;
  failures: string[];
  instancesCpuMs: number[];
}

/**
 * Seeds a demo business with enough lunch deliveries today for the run, its routes and riders,
 * starts `instances` servers and HAProxy, runs the peak and checks what was stored.
 */
export async function deliveryPeak(options: PeakOptions): Promise<PeakResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-bench-deliveries-'));
  const { databaseUrl, drop } = await freshDatabase('postgres', options.postgresUrl);
  const env = benchEnv(dataDir, databaseUrl);
  const failures: string[] = [];
  const meal: Meal = 'lunch';
  const servers: Awaited<ReturnType<typeof startProcess>>[] = [];
  try {
    const totalMarks = Math.round(options.rate * options.seconds);
    const built = await buildApp({ config: loadConfig({ ...process.env, ...env }), logger: false });
    const ctx = built.ctx;
    const db = ctx.db.kysely;
    const date = ctx.today();
    const stopsWanted = Math.ceil(totalMarks / MARKS_PER_STOP);
    await seedDemo(ctx, {
      users: Math.max(200, Math.ceil((stopsWanted * 1.4) / LUNCH_STOPS_PER_CUSTOMER)),
      onlyIfEmpty: false,
    });
    const owner = await db
      .selectFrom('users')
      .selectAll()
      .where('user_type', '=', 'mess_owner')
      .executeTakeFirstOrThrow();
    const now = ctx.clock.now().toISOString();
    // The riders, as claimed staff accounts.
    const riderIds: number[] = [];
    for (let index = 0; index < options.riders; index += 1) {
      const username = `bench-rider-${index + 1}`;
      const rider = await db
        .insertInto('users')
        .values({
          username,
          username_lower: username,
          email: `${username}@example.com`,
          email_lower: `${username}@example.com`,
          phone: `+91699${String(index).padStart(7, '0')}`,
          password_hash: owner.password_hash,
          user_type: 'delivery',
          first_name: 'Rider',
          last_name: String(index + 1),
          status: 'profile_complete',
          is_active: true,
          phone_verified: true,
          last_login: null,
          is_tiffin_user: false,
          is_mess_user: false,
          preferred_delivery_time: '6:00 PM',
          date_joined: now,
          updated_at: now,
          diet: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('staff_members')
        .values({
          user_id: rider.id,
          role: 'delivery',
          status: 'active',
          invited_at: now,
          joined_at: now,
          deactivated_at: null,
          invited_by: owner.id,
          invite_token_hash: null,
          invite_expires_at: null,
          invite_verified_at: null,
        })
        .execute();
      riderIds.push(rider.id);
    }
    // The routes: the day's areas dealt out among the riders, one route each, through the store
    // (the demo's own two for rider1 removed first: the first route naming an area gets its stops).
    for (const route of await db.selectFrom('delivery_routes').select('id').execute())
      await ctx.stores.delivery.deleteRoute(owner, route.id);
    const lunch = (await tiffinDeliveriesOf(ctx, date)).deliveries[meal];
    const areas = [...new Set(lunch.map((delivery) => delivery.area))];
    const routes: number[] = [];
    for (const [index, rider] of riderIds.entries()) {
      const route = await ctx.stores.delivery.createRoute(owner, {
        name: `Route ${index + 1}`,
        areas: areas.filter((_, area) => area % riderIds.length === index),
        riders: [rider],
      });
      routes.push(route.id);
    }
    const tokens = await signInInBulk(ctx, [owner.id, ...riderIds]);
    await built.app.close();

    // Each rider's stops in their route's order, as the run sheet gives them.
    const reading = await buildApp({
      config: loadConfig({ ...process.env, ...env }),
      logger: false,
    });
    const stopsOn = async (day: string) => {
      const sheets = await runSheetsOf(reading.ctx, day, meal);
      return routes.map((route) =>
        sheets.find((sheet) => sheet.route.id === route)!.stops.map((stop) => stop.customer_id),
      );
    };
    const stopsOf = await stopsOn(date);
    // Not tomorrow's: marks are taken for today and the few days before, never a day to come.
    const yesterday = addDays(date, -1);
    const warmUpSeconds = options.warmUpSeconds ?? WARM_UP_SECONDS;
    // The warm-up's marks have ids of their own (rider numbers past the measured run's).
    const warmUpSends =
      warmUpSeconds > 0
        ? schedule(
            (await stopsOn(yesterday)).map((customers, index) =>
              riderSends(index + 1 + 10_000, routes[index]!, customers, yesterday, meal, now),
            ),
            Math.round(options.rate * warmUpSeconds),
          )
        : null;
    await reading.app.close();
    const stops = stopsOf.reduce((sum, one) => sum + one.length, 0);
    const perRider = routes.map((route, index) =>
      riderSends(index + 1, route, stopsOf[index]!, date, meal, now),
    );
    const sends = schedule(perRider, totalMarks);
    const planned = sends.flat().filter((send) => !send.resend);
    const plannedMarks = planned.flatMap((send) => send.marks);
    if (plannedMarks.length < totalMarks)
      failures.push(`only ${plannedMarks.length} marks for ${totalMarks}: seed more customers`);

    // Two (or more) instances, one database, HAProxy in front.
    for (let index = 0; index < options.instances; index += 1) {
      servers.push(
        await startProcess(
          [
            ...SERVER_NODE_OPTIONS,
            ...(options.cpuProfileDir
              ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.cpuProfileDir)}`]
              : []),
            SERVER_BUNDLE,
          ],
          { ...env, PORT: '0', TRUST_PROXY: '1', LOG_LEVEL: 'info' },
          /listening on http:\/\/[^:]+:(\d+)/,
          path.join(dataDir, `server-${index + 1}.log`),
        ),
      );
    }
    const balancer = await startHaproxy(
      await freePort(),
      servers.map((server) => server.port),
      dataDir,
    );
    let cpuBefore: number[] = [];
    let load: LoadResult;
    try {
      const ownerToken = tokens.get(owner.id)!;
      /** The load's plan for `day`: the riders' sends, their run sheets and the owner's progress. */
      const plan = (name: string, day: string, sendsOf: Send[][]) => {
        const file = path.join(dataDir, name);
        writeFileSync(
          file,
          JSON.stringify({
            port: balancer.port,
            rate: options.rate,
            riders: riderIds.map((rider, index) => ({
              token: tokens.get(rider)!,
              sends: sendsOf[index],
            })),
            reads: [
              ...riderIds.map((rider, index) => ({
                kind: 'run sheet',
                path: `/api/delivery/run/?route=${routes[index]}&date=${day}&meal=${meal}`,
                token: tokens.get(rider)!,
                everyMs: 60_000,
                offsetMs: Math.round((index * 60_000) / riderIds.length),
              })),
              {
                kind: 'owner progress',
                path: `/api/owner/deliveries/?date=${day}&meal=${meal}`,
                token: ownerToken,
                everyMs: 15_000,
                offsetMs: 7_500,
              },
            ],
          }),
        );
        return file;
      };
      if (warmUpSends) {
        const warmUp = await runLoad(plan('warm-up.json', yesterday, warmUpSends));
        const failed = Object.keys(warmUp.statuses).filter((status) => status !== '200');
        if (failed.length > 0) failures.push(`warm-up: answers ${JSON.stringify(warmUp.statuses)}`);
      }
      cpuBefore = servers.map((server) => cpuTime(server.child.pid!));
      load = await runLoad(plan('plan.json', date, sends));
    } finally {
      await balancer.stop();
    }
    const instancesCpuMs = servers.map((server, index) =>
      Math.round((cpuTime(server.child.pid!) - cpuBefore[index]!) / 1000),
    );
    for (const server of servers) await stop(server.child);
    servers.length = 0;

    // What was stored, read once the instances have stopped.
    const checking = await buildApp({
      config: loadConfig({ ...process.env, ...env }),
      logger: false,
    });
    let stored = 0;
    let storedOnce = true;
    let missing = 0;
    let cashStored = 0;
    try {
      const rows = await checking.ctx.db.kysely
        .selectFrom('delivery_marks')
        .select('id')
        .where('date', '=', date)
        .execute();
      stored = rows.length;
      const ids = new Set(rows.map((row) => row.id));
      storedOnce = ids.size === rows.length && rows.length === load.appliedIds.length;
      missing = plannedMarks.filter((mark) => !ids.has(mark.id)).length;
      cashStored = Number(
        (
          await checking.ctx.db.kysely
            .selectFrom('cash_collections')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('date', '=', date)
            .executeTakeFirstOrThrow()
        ).count,
      );
    } finally {
      await checking.app.close();
    }
    const cashPlanned = plannedMarks.filter((mark) => mark.event === 'cash_collected').length;
    const errors = Object.entries(load.statuses)
      .filter(([status]) => status !== '200')
      .reduce((sum, [, count]) => sum + count, 0);
    const readErrors = Object.entries(load.readStatuses)
      .filter(([status]) => status !== '200')
      .reduce((sum, [, count]) => sum + count, 0);
    if (errors > 0)
      failures.push(`marks: ${errors} answers not 200 (${JSON.stringify(load.statuses)})`);
    if (readErrors > 0) failures.push(`reads: ${readErrors} answers not 200`);
    if (load.answers.refused > 0)
      failures.push(`marks: ${load.answers.refused} refused (${JSON.stringify(load.refusals)})`);
    if (load.answers.unexpected)
      failures.push(
        `marks: ${load.answers.unexpected} answered other than applied first, duplicate again`,
      );
    if (!storedOnce || missing > 0 || stored !== plannedMarks.length)
      failures.push(
        `marks: ${plannedMarks.length} sent, ${load.appliedIds.length} applied, ${stored} stored, ${missing} missing`,
      );
    if (cashStored !== cashPlanned)
      failures.push(`cash: ${cashPlanned} collected, ${cashStored} stored`);
    return {
      stops,
      load,
      stored,
      storedOnce,
      missing,
      cashStored,
      cashPlanned,
      failures,
      instancesCpuMs,
    };
  } finally {
    for (const server of servers) await stop(server.child);
    await drop();
    // BENCH_KEEP=1 keeps the instances' logs (each request's responseTime) for a look afterwards.
    if (process.env.BENCH_KEEP === '1') console.log(`deliveries: logs kept in ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bench's rows for docs/performance.md's table. */
export async function benchDeliveries(options: PeakOptions): Promise<{
  budgets: Record<string, string | number>[];
  failures: string[];
}> {
  const started = Date.now();
  const result = await deliveryPeak(options);
  const { load } = result;
  const failures = [...result.failures];
  if (load.p99 > MARKS_P99_MS)
    failures.push(`marks: p99 ${load.p99.toFixed(0)} ms > ${MARKS_P99_MS} ms`);
  console.log(
    `postgres deliveries: ${result.stops} lunch stops on ${options.riders} routes, ` +
      `${load.marksSent} marks in ${load.sends} requests over ${load.sendingSeconds.toFixed(0)} s ` +
      `through HAProxy to ${options.instances} instances (run ${Math.round((Date.now() - started) / 1000)} s)`,
  );
  const reads = Object.entries(load.reads)
    .map(
      ([kind, figures]) =>
        `${kind} p50 ${figures.p50.toFixed(0)} / p99 ${figures.p99.toFixed(0)} ms (${figures.count})`,
    )
    .join('; ');
  return {
    failures: failures.map((failure) => `postgres: deliveries: ${failure}`),
    budgets: [
      {
        database: 'postgres',
        check: `lunch peak: ${load.marksSent} marks at ${(load.marksSent / load.sendingSeconds).toFixed(0)}/s for ${load.sendingSeconds.toFixed(0)} s, ${options.riders} riders, ${result.stops} stops, HAProxy + ${options.instances} instances, after ${options.warmUpSeconds ?? WARM_UP_SECONDS} s warm-up`,
        measured:
          `p50 ${load.p50.toFixed(1)} / p99 ${load.p99.toFixed(1)} / max ${load.max.toFixed(0)} ms; ` +
          `${load.answers.applied} applied, ${load.answers.duplicate} re-sent answered duplicate, ` +
          `${result.stored} stored (${result.missing} missing), cash ${result.cashStored}/${result.cashPlanned}; ` +
          `server CPU ${result.instancesCpuMs.map((ms) => `${(ms / 1000).toFixed(0)} s`).join(' + ')}; ${reads}`,
        budget: `p99 ≤ ${MARKS_P99_MS} ms, 0 errors, each mark stored once`,
        verdict: failures.length > 0 ? 'FAIL' : 'ok',
      },
    ],
  };
}

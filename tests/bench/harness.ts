// What the bench's parts share: their options, the built server in a process of its own, a fresh
// database per run, one request sent by hand and autocannon in a process of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { AppContext } from '../../server/context.js';
import { signJwt } from '../../server/resources/auth/jwt.js';
import { ACCESS_TOKEN_SECONDS } from '../../server/resources/auth/sessions.js';

/**
 * `--name VALUE` on the command line, else the environment's BENCH_NAME (`npm run bench -- …`
 * hands its arguments to the script's last command, `npm run bench:web`, not to this one).
 */
export function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  if (index > 0) return process.argv[index + 1] ?? fallback;
  return process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`] || fallback;
}

export const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const SERVER_BUNDLE = path.resolve('dist/server.mjs');
/**
 * The server runs with the node options `npm start` gives it, so memory and speed are measured as
 * shipped (V8's heap options change both).
 */
export const SERVER_NODE_OPTIONS = (() => {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
    scripts: Record<string, string>;
  };
  const match = manifest.scripts.start?.match(/\bnode((?:\s+--\S+)*)\s+dist\/server\.mjs\b/);
  if (!match) throw new Error('package.json: the start script does not run node … dist/server.mjs');
  return match[1]!.trim().split(/\s+/).filter(Boolean);
})();
export const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon');

export type Dialect = 'sqlite' | 'postgres';

export interface Target {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  /** Several callers in turn (each connection goes through the list): instead of `token`. */
  tokens?: string[];
  headers?: Record<string, string>;
  body?: string;
}

export const headersOf = (
  target: Target,
  token = target.token ?? target.tokens?.[0],
): Record<string, string> => ({
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...(target.body ? { 'content-type': 'application/json' } : {}),
  ...target.headers,
});

export interface Sample {
  status: number;
  /** Every response header but those node:http writes itself. */
  headers: [string, string][];
  body: Buffer;
}

/** Written by node:http on every answer (or about the body), so not copied to the ceiling. */
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/**
 * One request with exactly the target's headers, and the answer's bytes as they came (fetch would
 * add its own Accept-Encoding and decompress the body).
 */
export function send(port: number, target: Target): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: target.path,
        method: target.method,
        headers: headersOf(target),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: Object.entries(response.headers)
              .filter(([name]) => !TRANSPORT_HEADERS.has(name))
              .map(([name, value]) => [name, String(value)]),
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(target.body);
  });
}

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests answered in the measured time. */
  requests: number;
}

/** Runs autocannon in a node process of its own and prints its figures as one JSON line. */
const LOAD_SCRIPT = `
const autocannon = require(process.env.AUTOCANNON);
autocannon(JSON.parse(process.env.LOAD_OPTIONS), (error, result) => {
  if (error) { console.error(error); process.exit(1); }
  console.log(JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  }));
});`;

/** autocannon's options for `target` on `port`: `connections` of them for `seconds`. */
export const loadOptions = (
  port: number,
  target: Target,
  connections: number,
  seconds: number,
) => ({
  url: `http://127.0.0.1:${port}${target.path}`,
  method: target.method,
  headers: headersOf(target),
  ...(target.body ? { body: target.body } : {}),
  ...(target.tokens
    ? { requests: target.tokens.map((token) => ({ headers: headersOf(target, token) })) }
    : {}),
  connections,
  duration: seconds,
});

export function measure(
  port: number,
  target: Target,
  connections: number,
  seconds: number,
  warmUp = true,
): Promise<Measurement> {
  const options = {
    ...loadOptions(port, target, connections, seconds),
    // A short warm-up fills caches and opens every connection before anything is counted.
    ...(warmUp ? { warmup: { connections, duration: 1 } } : {}),
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', LOAD_SCRIPT], {
      env: { ...process.env, AUTOCANNON, LOAD_OPTIONS: JSON.stringify(options) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output) as Measurement);
      else reject(new Error(`autocannon exited with ${code}: ${output}`));
    });
  });
}

/**
 * Starts `node command`, its output going to `logFile` (read by nobody while it runs, so the
 * benchmark spends nothing on it), and resolves once the log matches `ready`.
 */
export async function startProcess(
  command: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  logFile: string,
): Promise<{ child: ChildProcess; port: number }> {
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, command, {
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let exitCode: number | null = null;
  child.on('exit', (code) => (exitCode = code ?? -1));
  for (let waited = 0; waited < 60_000; waited += 50) {
    const match = readFileSync(logFile, 'utf8').match(ready);
    if (match) return { child, port: Number(match[1]) };
    if (exitCode !== null) break;
    await sleep(50);
  }
  const output = readFileSync(logFile, 'utf8').slice(-2000);
  await stop(child);
  throw new Error(`${command.join(' ')} did not start (exit code ${exitCode}):\n${output}`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function json(port: number, target: Target) {
  const answer = await send(port, target);
  const text = answer.body.toString('utf8');
  if (answer.status >= 400)
    throw new Error(`${target.method} ${target.path} answered ${answer.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * A fresh database for one run: on PostgreSQL a new database on `serverUrl` (PG_URL's server) (its URL, and
 * `drop` to remove it), on SQLite none (the server's DATA_DIR holds it).
 */
export async function freshDatabase(
  dialect: Dialect,
  serverUrl = PG_URL,
): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') return { databaseUrl: '', drop: async () => {} };
  const name = `dabba_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The server's settings in the bench: its data in `dataDir`, no scheduler, quiet while seeding. */
export const benchEnv = (dataDir: string, databaseUrl: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  OWNER_PASSWORD: 'bench-owner-pass',
  LOG_LEVEL: 'warn',
  SCHEDULER: 'off',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
});

/**
 * CPU time a process has used, in microseconds (Linux: /proc, in USER_HZ ticks of 10 ms), or null
 * elsewhere. Divided by the requests it answered, it says what one request costs the server
 * whatever else the machine is doing, which req/s on a shared machine does not.
 */
export function cpuMicros(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return null;
  }
}

/**
 * Each user signed in: a session apiece, written in bulk (one startSession at a time takes most of
 * a minute on SQLite for thousands), and its access token, by user id.
 */
export async function signInInBulk(
  ctx: AppContext,
  userIds: readonly number[],
): Promise<Map<number, string>> {
  const db = ctx.db.kysely;
  const now = ctx.clock.now().toISOString();
  const sessions = [...new Set(userIds)].map((userId) => ({
    id: randomUUID(),
    user_id: userId,
    created_at: now,
    revoked_at: null,
    revoked_reason: null,
  }));
  for (let start = 0; start < sessions.length; start += 500) {
    await db
      .insertInto('sessions')
      .values(sessions.slice(start, start + 500))
      .execute();
  }
  const issuedAt = Math.floor(ctx.clock.now().getTime() / 1000);
  const tokens = new Map<number, string>();
  for (const session of sessions) {
    const claims = { sub: String(session.user_id), sid: session.id, iat: issuedAt };
    const exp = issuedAt + ACCESS_TOKEN_SECONDS;
    tokens.set(
      session.user_id,
      await signJwt({ ...claims, typ: 'access', exp }, ctx.config.jwtSecret),
    );
  }
  return tokens;
}

/** A deterministic draw in [0, 1) from integers, so every run seeds the same data. */
export function draw(...keys: number[]): number {
  let hash = 2_166_136_261;
  for (const key of keys) {
    hash ^= key;
    hash = Math.imul(hash, 16_777_619) >>> 0;
    hash ^= hash >>> 13;
  }
  return (Math.imul(hash, 2_246_822_519) >>> 0) / 2 ** 32;
}

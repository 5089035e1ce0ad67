// Builds the real app on a fresh SQLite DATA_DIR or a fresh PostgreSQL database, and drives it over HTTP.
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuiltApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import type { Mailer } from '../../server/services/mailer.js';
import type { LogDestination } from '../../server/logging.js';
import { addDays } from '@machines/shared';
import { businessDayStart, dateInZone, type Clock } from '../../server/platform/time.js';
import { ContractMismatch, contractChecker, createContractChecker } from './contract-check.js';

export type Dialect = 'sqlite' | 'postgres';

/** The databases this run covers: SQLite always, PostgreSQL when the global setup found one. */
export function testDatabases(): Dialect[] {
  return inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** The business day's last minutes, in which a new test app starts its clock an hour early. */
const NEAR_MIDNIGHT_MS = 30 * 60_000;

/**
 * Where a new test app's clock starts, relative to the real time. A test file reads "today" many
 * times over a minute or two, and would see two dates if the business's midnight fell between
 * them. In the business day's last half hour the clock starts an hour early, so no file sees its
 * day end; at any other hour, on time. TEST_CLOCK_OFFSET_MS runs the suite as if it were that
 * far from now (to try it at another hour, or across a midnight), with the same care.
 */
export function startingOffset(nowMs: number, timeZone: string): number {
  const moved = Number(process.env.TEST_CLOCK_OFFSET_MS ?? 0);
  const at = nowMs + moved;
  const tomorrow = addDays(dateInZone(new Date(at), timeZone), 1);
  const left = Date.parse(businessDayStart(tomorrow, timeZone)) - at;
  return moved + (left <= NEAR_MIDNIGHT_MS ? -2 * NEAR_MIDNIGHT_MS : 0);
}

export class TestClock implements Clock {
  offsetMs: number;
  /** @param startOffsetMs where the clock starts relative to the real time, and resets to. */
  constructor(readonly startOffsetMs = 0) {
    this.offsetMs = startOffsetMs;
  }
  /** Set: time stands still at this instant (plus offsetMs), however slow the machine is. */
  frozenAt: number | null = null;
  now() {
    return new Date((this.frozenAt ?? Date.now()) + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
  /** Moves the clock to `time` (an ISO instant or a Date), from where it runs on (or stands). */
  setTo(time: string | Date) {
    const target = typeof time === 'string' ? Date.parse(time) : time.getTime();
    if (Number.isNaN(target)) throw new Error(`TestClock.setTo: not a time: ${String(time)}`);
    this.offsetMs = target - (this.frozenAt ?? Date.now());
  }
  /** Back to where the clock started, after a test moved it. */
  reset() {
    this.offsetMs = this.startOffsetMs;
    this.frozenAt = null;
  }
}

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text, decompressed when the answer came compressed (Content-Encoding). */
  text: string;
  /** The body's size on the wire: compressed, when it was. */
  wireBytes: number;
}

/** An answer's body as the client reads it, whatever Content-Encoding it came in. */
function decodedBody(raw: Buffer, encoding: string | string[] | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  if (encoding !== undefined) throw new Error(`unexpected Content-Encoding ${String(encoding)}`);
  return raw.toString('utf8');
}

export interface TestApp extends BuiltApp {
  dialect: Dialect;
  dataDir: string;
  clock: TestClock;
  config: Config;
  /**
   * Sends a request through the app. Every answer is checked against the contract (the operation
   * by method and path, a documented status, media type, body schema and headers): a mismatch
   * throws ContractMismatch, failing the test that caused it.
   */
  request<T = any>(
    method: string,
    url: string,
    options?: {
      body?: unknown;
      token?: string | null;
      headers?: Record<string, string>;
      raw?: string | Buffer;
      /** The caller's address, for per-IP rate limits. */
      ip?: string;
    },
  ): Promise<Answer<T>>;
  smsOutbox(): { to: string; body: string }[];
  mailOutbox(): string[];
  /** Waits for the work the app does after answering (reset e-mails, OTPs) to finish. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

async function createPostgresDatabase(
  baseUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `dabba_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  // A copy of the database the global setup migrated (tests/helpers/global-setup.ts).
  const template = inject('postgresTemplate');
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: {
    mailer?: Mailer;
    /** The contract request() checks answers against (default: openapi.yaml). */
    contractFile?: string;
    /**
     * The clock is the real time, never moved: for a test that hands the app's data to a server
     * process, whose clock is the machine's.
     */
    realClock?: boolean;
    /** Logs every request at `info` to this destination (tests read the log lines). */
    logDestination?: LogDestination;
  } = {},
): Promise<TestApp> {
  const checkAnswer = options.contractFile
    ? createContractChecker(options.contractFile)
    : contractChecker();
  // A test may put DATA_DIR somewhere particular (a small disk it fills); by default a fresh temp dir.
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'dabba-test-'));
  // A fresh SQLite directory starts from the database the global setup migrated.
  if (dialect === 'sqlite' && env.DATA_DIR === undefined && env.DATABASE_URL === undefined) {
    copyFileSync(inject('sqliteTemplate'), path.join(dataDir, 'dabba.sqlite'));
  }
  let dropDatabase = async () => {};
  let databaseUrl = '';
  if (dialect === 'postgres') {
    const baseUrl = inject('postgresUrl');
    if (!baseUrl) throw new Error('PostgreSQL was requested but is not available');
    const created = await createPostgresDatabase(baseUrl);
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    OWNER_USERNAME: 'owner',
    OWNER_EMAIL: 'owner@example.com',
    OWNER_PHONE: '9000000001',
    OWNER_PASSWORD: 'owner-password-1',
    PUBLIC_URL: 'http://dabba.test',
    WEB_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: options.logDestination ? 'info' : 'silent',
    ...env,
  });
  const clock = new TestClock(
    options.realClock ? 0 : startingOffset(Date.now(), config.businessTz),
  );
  const built = await buildApp({
    config,
    clock,
    ...(options.logDestination
      ? { logDestination: options.logDestination }
      : { logger: false as const }),
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  await built.app.ready();
  return {
    ...built,
    dialect,
    dataDir,
    clock,
    config,
    async request(method, url, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let payload: string | Buffer | undefined;
      if (options.raw !== undefined) {
        payload = options.raw;
        headers['content-type'] ??= 'application/json';
      } else if (options.body !== undefined) {
        payload = JSON.stringify(options.body);
        headers['content-type'] = 'application/json';
      }
      const response = await built.app.inject({
        method: method as 'GET',
        url,
        headers,
        remoteAddress: options.ip ?? '127.0.0.1',
        ...(payload !== undefined ? { payload } : {}),
      });
      const text = decodedBody(response.rawPayload, response.headers['content-encoding']);
      const answer = {
        method,
        url,
        status: response.statusCode,
        headers: response.headers as Answer['headers'],
        text,
      };
      // Every answer a test sees must be one the contract documents; a mismatch fails that test.
      const problems = checkAnswer(answer);
      if (problems.length > 0) throw new ContractMismatch(answer, problems);
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: HTML, PDF or YAML answers are read as text.
      }
      return {
        status: response.statusCode,
        body: body as any,
        headers: response.headers as Answer['headers'],
        text,
        wireBytes: response.rawPayload.length,
      };
    },
    smsOutbox() {
      const file = path.join(dataDir, 'outbox', 'sms.jsonl');
      if (!existsSync(file)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; body: string });
    },
    mailOutbox() {
      const dir = path.join(dataDir, 'outbox', 'mail');
      if (!existsSync(dir)) return [];
      return readdirSync(dir)
        .sort()
        .map((file) => readFileSync(path.join(dir, file), 'utf8'));
    },
    settle: () => built.ctx.background.settle(),
    async close() {
      await built.app.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// A full disk, for real: the built server runs in its own process with DATA_DIR on a small tmpfs
// that the test fills to the last byte, and with its log (stdout) on /dev/full, where every write
// fails with ENOSPC. It must keep answering, say what is wrong, and stop on SIGTERM.
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { createLogDestination } from '../../server/logging.js';
import { createMailer } from '../../server/services/mailer.js';
import { createSmsProvider } from '../../server/services/sms.js';
import { registerCustomer, type Customer } from '../helpers/accounts.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { multipart, samplePng } from '../helpers/commerce.js';
import { moveDatabaseOnto, mountSmallDisk, type SmallDisk } from '../helpers/filesystems.js';
import {
  buildServerBundle,
  call,
  freePort,
  startServer,
  timed,
  waitUntilListening,
  type ServerProcess,
} from '../helpers/server-process.js';

const OWNER_PASSWORD = 'owner-password-1';
const STORAGE_FULL = {
  detail: "The server's storage is full. Please try again later.",
  error_code: 'storage_unavailable',
};

const planBody = (code: string) => ({
  code,
  name: `Plan ${code}`,
  description: 'Home-style meals',
  service_type: 'mess',
  duration_days: 30,
  base_price: 3000,
  included_meals: ['lunch'],
});

describe('a full disk under the real server process', () => {
  let disk: SmallDisk;
  let devFull: number;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    disk = mountSmallDisk(48);
    devFull = openSync('/dev/full', 'w');
    await buildServerBundle();
  }, 120_000);
  afterEach(() => {
    for (const server of servers.splice(0)) server.child.kill('SIGKILL');
  });
  afterAll(() => {
    closeSync(devFull);
    disk?.unmount();
  });

  it('answers health 503 and writes 503 at once, and stops on SIGTERM within 10 s', async () => {
    const dataDir = path.join(disk.dir, 'data');
    const port = await freePort();
    const env = { PORT: String(port), DATA_DIR: dataDir, OWNER_PASSWORD, SCHEDULER: 'off' };
    const server = startServer({ env, stdout: devFull });
    servers.push(server);
    const ready = await waitUntilListening(server);
    expect(ready.status, JSON.stringify(ready.body)).toBe(200);
    expect(ready.body.checks).toMatchObject({ database: { ok: true }, data_dir: { ok: true } });

    const login = await call(`${server.url}/api/accounts/login/`, {
      method: 'POST',
      body: { username: 'owner', password: OWNER_PASSWORD },
    });
    expect(login.status).toBe(200);
    const owner = login.body.access as string;
    const kept = await call(`${server.url}/api/subscriptions/plans/`, {
      method: 'POST',
      token: owner,
      body: planBody('KEPT-1'),
    });
    expect(kept.status).toBe(201);

    disk.fill();
    // Health reuses its answer for a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const health = await timed(() => call(`${server.url}/api/health/`));
    expect(health.value.status).toBe(503);
    expect(health.ms).toBeLessThan(2000);
    expect(health.value.body).toMatchObject({
      status: 'failing',
      error_code: 'storage_unavailable',
      checks: { data_dir: { ok: false, free_bytes: 0 } },
    });

    const write = await timed(() =>
      call(`${server.url}/api/subscriptions/plans/`, {
        method: 'POST',
        token: owner,
        body: planBody('LOST-1'),
      }),
    );
    expect(write.value.status, JSON.stringify(write.value.body)).toBe(503);
    expect(write.value.body).toEqual(STORAGE_FULL);
    expect(write.ms).toBeLessThan(2000);

    // Reads still work.
    const plans = await call(`${server.url}/api/subscriptions/plans/`);
    expect(plans.status).toBe(200);
    expect(plans.body.map((plan: { code: string }) => plan.code)).toContain('KEPT-1');

    // A request that never finishes sending its body keeps the server from closing gracefully.
    const stuck = connect(port, '127.0.0.1');
    await new Promise((resolve) => stuck.once('connect', resolve));
    stuck.on('error', () => {});
    stuck.write(
      'POST /api/accounts/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 1000\r\n\r\n{"username":',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    const stop = await timed(async () => {
      server.child.kill('SIGTERM');
      return Promise.race([
        server.exited,
        new Promise((resolve) => setTimeout(() => resolve('still running'), 12_000)),
      ]);
    });
    stuck.destroy();
    expect(stop.value, server.stderr()).not.toBe('still running');
    expect(stop.ms).toBeLessThan(10_000);

    // Space again: a new process finds everything stored before the disk filled up, and writes.
    disk.free();
    const port2 = await freePort();
    const again = startServer({ env: { ...env, PORT: String(port2) } });
    servers.push(again);
    expect((await waitUntilListening(again)).status).toBe(200);
    const relogin = await call(`${again.url}/api/accounts/login/`, {
      method: 'POST',
      body: { username: 'owner', password: OWNER_PASSWORD },
    });
    expect(relogin.status).toBe(200);
    const after = await call(`${again.url}/api/subscriptions/plans/`);
    expect(after.body.map((plan: { code: string }) => plan.code)).toEqual(['KEPT-1']);
    const written = await call(`${again.url}/api/subscriptions/plans/`, {
      method: 'POST',
      token: relogin.body.access,
      body: planBody('AFTER-1'),
    });
    expect(written.status).toBe(201);
    // The log is one JSON object per line, and says where the server listens.
    const lines = again.stdout().trim().split('\n');
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; level: number });
    expect(entries.some((entry) => entry.msg.startsWith('Dabba is listening on'))).toBe(true);
  }, 90_000);
});

describe('the log destination', () => {
  it('drops what the output cannot take, never waits for it, and says how much was lost', async () => {
    const written: string[] = [];
    let failing = true;
    let stalled = false;
    const destination = createLogDestination((chunk, done) => {
      if (stalled) return; // a reader that never reads: no callback at all
      if (failing) return done(Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }));
      written.push(chunk.toString());
      done(null);
    });
    for (let index = 0; index < 3; index += 1) destination.write(`{"msg":"lost ${index}"}\n`);
    await destination.drain(1000);
    expect(destination.dropped).toBe(3);

    failing = false;
    destination.write('{"msg":"kept"}\n');
    await destination.drain(1000);
    const lines = written
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.msg)).toEqual([
      'kept',
      '3 log lines were dropped because the log output failed',
    ]);

    // A stalled output: the queue stops at its bound (4 MB) and drain gives up on time.
    stalled = true;
    const line = `${'x'.repeat(1000)}\n`;
    for (let index = 0; index < 10_000; index += 1) destination.write(line);
    expect(destination.dropped).toBeGreaterThan(5000);
    const drained = await timed(() => destination.drain(200));
    expect(drained.ms).toBeLessThan(1000);
  });
});

describe('a log reader that stops reading', () => {
  beforeAll(async () => {
    await buildServerBundle();
  }, 120_000);

  it('keeps answering and stops on SIGTERM within 10 s', async () => {
    // `sleep` holds the read end of the server's stdout and never reads: the pipe fills up.
    const reader = spawn('sleep', ['600'], { stdio: ['pipe', 'ignore', 'ignore'] });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-stalled-log-'));
    const port = await freePort();
    const server = startServer({
      env: { PORT: String(port), DATA_DIR: dataDir, OWNER_PASSWORD, SCHEDULER: 'off' },
      stdout: reader.stdin!,
    });
    try {
      expect((await waitUntilListening(server)).status).toBe(200);
      // Two log lines a request: far more than the 64 KiB a pipe holds.
      for (let index = 0; index < 400; index += 1) {
        expect((await call(`${server.url}/api/business/`)).status).toBe(200);
      }
      const health = await timed(() => call(`${server.url}/api/health/`));
      expect(health.value.status).toBe(200);
      expect(health.ms).toBeLessThan(1000);
      const stop = await timed(async () => {
        server.child.kill('SIGTERM');
        return Promise.race([
          server.exited,
          new Promise((resolve) => setTimeout(() => resolve('still running'), 12_000)),
        ]);
      });
      expect(stop.value, server.stderr()).not.toBe('still running');
      expect(stop.ms).toBeLessThan(10_000);
    } finally {
      server.child.kill('SIGKILL');
      reader.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.each(testDatabases())('a full disk on %s', (dialect) => {
  let disk: SmallDisk;
  let t: TestApp;
  let alice: Customer;
  let dropTablespace = async () => {};

  beforeAll(async () => {
    disk = mountSmallDisk(48);
    t = await createTestApp(dialect, { DATA_DIR: path.join(disk.dir, 'data') });
    if (dialect === 'postgres') {
      // PostgreSQL's tables go onto the same small disk, so it runs out of space too.
      dropTablespace = (await moveDatabaseOnto(disk, t.config.databaseUrl!)).drop;
    }
    alice = await registerCustomer(t);
  }, 60_000);
  afterAll(async () => {
    disk?.free();
    await t?.close();
    await dropTablespace();
    disk?.unmount();
  });

  const feedback = { subject: 'Dal was great', message: 'More of it please' };

  it('refuses a write it cannot store with 503, keeps what it stored, and recovers', async () => {
    disk.fill();
    const refused = await t.request('POST', '/api/feedback/', {
      token: alice.access,
      body: feedback,
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(503);
    expect(refused.body).toEqual(STORAGE_FULL);
    const profile = await t.request('GET', '/api/accounts/profile/', { token: alice.access });
    expect(profile.status).toBe(200);
    expect(profile.body.username).toBe(alice.username);
    const health = await t.request('GET', '/api/health/');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'failing', checks: { data_dir: { ok: false } } });

    disk.free();
    const stored = await t.request('POST', '/api/feedback/', {
      token: alice.access,
      body: feedback,
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    // Health caches its answer for a moment.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await t.request('GET', '/api/health/')).status).toBe(200);
  });

  it('refuses an attachment it cannot store with 503 and leaves no partial file', async () => {
    const [open] = (await t.request('GET', '/api/feedback/', { token: alice.access })).body;
    expect(open).toBeTruthy();
    const uploads = path.join(t.dataDir, 'uploads');
    const files = () => (existsSync(uploads) ? readdirSync(uploads) : []);
    const file = multipart(await samplePng(), 'meal.png', 'image/png');
    disk.fill();
    const refused = await t.request('POST', `/api/feedback/${open.id}/add_attachment/`, {
      token: alice.access,
      ...file,
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(503);
    expect(refused.body).toEqual(STORAGE_FULL);
    expect(files()).toEqual([]);

    disk.free();
    const stored = await t.request('POST', `/api/feedback/${open.id}/add_attachment/`, {
      token: alice.access,
      ...file,
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(files()).toHaveLength(1);
  });
});

describe('the outbox on a full disk', () => {
  let disk: SmallDisk;
  beforeAll(() => {
    disk = mountSmallDisk(8);
  });
  afterAll(() => disk?.unmount());

  const silent = { info: () => {}, warn: () => {}, error: () => {} } as never;

  it('leaves no truncated e-mail and no half SMS line behind', async () => {
    const config = loadConfig({ DATA_DIR: path.join(disk.dir, 'data'), LOG_LEVEL: 'silent' });
    const mailer = createMailer({
      smtpUrl: null,
      from: 'a@b.c',
      dataDir: config.dataDir,
      log: silent,
    });
    const sms = createSmsProvider(config, silent);
    await sms.send('+919000000001', 'first');
    disk.fill();

    const mail = { to: 'x@example.com', subject: 'Hello', text: 'Body' };
    await expect(mailer.send(mail)).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(readdirSync(path.join(config.dataDir, 'outbox', 'mail'))).toEqual([]);
    // Longer than what is left of the file's last page: the write starts and cannot finish.
    await expect(sms.send('+919000000002', 'y'.repeat(6000))).rejects.toMatchObject({
      code: 'ENOSPC',
    });

    disk.free();
    await sms.send('+919000000003', 'third');
    const lines = readFileSync(path.join(config.dataDir, 'outbox', 'sms.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { to: string });
    expect(lines.map((line) => line.to)).toEqual(['+919000000001', '+919000000003']);
  });
});

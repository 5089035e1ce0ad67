// The notification providers, retries and the scheduler's run claims.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackgroundTasks } from '../../server/services/background.js';
import { runJobIfDue, type Job } from '../../server/services/scheduler.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { registerCustomer } from '../helpers/accounts.js';

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('background tasks', () => {
  const quietLog = () => ({ error: vi.fn(), warn: vi.fn() }) as unknown as FastifyBaseLogger;

  it('log and swallow failures, and settle once everything in flight is done', async () => {
    const log = quietLog();
    const tasks = createBackgroundTasks(log);
    const done: string[] = [];
    tasks.run('fails', async () => {
      throw new Error('boom');
    });
    tasks.run('works', async () => {
      await Promise.resolve();
      tasks.run('follow-up', async () => {
        await new Promise((resolve) => setImmediate(resolve));
        done.push('follow-up');
      });
      done.push('works');
    });
    await tasks.settle();
    expect(done).toEqual(['works', 'follow-up']);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ task: 'fails', err: expect.any(Error) }),
      expect.any(String),
    );
  });

  it('drain waits for work in flight, but gives up after its budget and says what it dropped', async () => {
    vi.useFakeTimers();
    try {
      const log = quietLog();
      const tasks = createBackgroundTasks(log);
      let release!: () => void;
      tasks.run('slow-mail', () => new Promise<void>((resolve) => (release = resolve)));
      const events: string[] = [];
      const drained = tasks.drain(5_000).then((dropped) => events.push('drained', ...dropped));
      await vi.advanceTimersByTimeAsync(4_000);
      expect(events).toEqual([]);
      release();
      await drained;
      expect(events).toEqual(['drained']);

      tasks.run('stuck-mail', () => new Promise<void>(() => {}));
      const givenUp = tasks.drain(5_000);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(await givenUp).toEqual(['stuck-mail']);
      expect(log.warn).toHaveBeenCalledWith({ tasks: ['stuck-mail'] }, expect.any(String));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Twilio SMS provider', () => {
  const received: { url: string; auth: string; form: URLSearchParams }[] = [];
  let failNext = false;
  const fake = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    received.push({ url: request.url ?? '', auth: request.headers.authorization ?? '', form });
    if (failNext) {
      failNext = false;
      response.writeHead(500).end('{"message":"down"}');
      return;
    }
    response.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM1"}');
  });
  let t: TestApp;

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    t = await createTestApp('sqlite', {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'token-1',
      TWILIO_FROM: '+15550001111',
      TWILIO_API_URL: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(async () => {
    await t?.close();
    fake.close();
  });

  it('sends the OTP through the Messages API with basic auth, and logs it as sent', async () => {
    const answer = await t.request('POST', '/api/accounts/register/', {
      body: {
        username: 'twiliouser',
        email: 'twilio@example.com',
        phone: '9876501234',
        password: 'tiffin7',
        confirm_password: 'tiffin7',
        user_type: 'regular',
        first_name: 'Ravi',
        last_name: 'Kumar',
      },
    });
    expect(answer.status).toBe(201);
    const sms = received.at(-1)!;
    expect(sms.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(sms.auth).toBe(`Basic ${Buffer.from('AC123:token-1').toString('base64')}`);
    expect(sms.form.get('To')).toBe('+919876501234');
    expect(sms.form.get('From')).toBe('+15550001111');
    expect(sms.form.get('Body')).toMatch(/\b\d{6}\b/);
    expect(t.smsOutbox()).toHaveLength(0);
    const log = await t.ctx.db.kysely
      .selectFrom('notification_logs')
      .selectAll()
      .where('notification_type', '=', 'otp')
      .executeTakeFirstOrThrow();
    expect(log.status).toBe('sent');
  });

  it('records a failed send without failing the request, and the retry job sends it later', async () => {
    failNext = true;
    await t.ctx.notifier.notify({
      userId: null,
      type: 'test_message',
      subject: 'Hello',
      summary: 'Your tiffin is on its way.',
      sms: { to: '+919876500000', body: 'Your tiffin is on its way.' },
    });
    const failed = await t.ctx.db.kysely
      .selectFrom('notification_logs')
      .selectAll()
      .where('notification_type', '=', 'test_message')
      .executeTakeFirstOrThrow();
    expect(failed.status).toBe('failed');
    expect(failed.error_message).toContain('500');
    expect(await t.ctx.notifier.retryFailed()).toBe(1);
    const retried = await t.ctx.db.kysely
      .selectFrom('notification_logs')
      .selectAll()
      .where('id', '=', failed.id)
      .executeTakeFirstOrThrow();
    expect(retried.status).toBe('sent');
    expect(retried.attempts).toBe(2);
    expect(received.at(-1)!.form.get('Body')).toBe('Your tiffin is on its way.');
  });
});

describe.each(testDatabases())('scheduler on %s', (dialect) => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp(dialect);
    second = first;
    if (dialect === 'postgres') {
      // A second instance on the same PostgreSQL database.
      const { buildApp } = await import('../../server/app.js');
      const { loadConfig } = await import('../../server/config.js');
      const built = await buildApp({
        config: loadConfig({
          ...process.env,
          DATA_DIR: `${first.dataDir}/second`,
          DATABASE_URL: first.config.databaseUrl ?? '',
          JWT_SECRET: first.config.jwtSecret,
          OWNER_PASSWORD: 'owner-password-1',
          LOG_LEVEL: 'silent',
        }),
        // Two instances on one machine read the same time.
        clock: first.clock,
        logger: false,
      });
      second = { ...first, ...built, close: async () => void (await built.app.close()) };
    }
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first?.close();
  });

  it('runs a job once per run key, even when instances race for it', async () => {
    let runs = 0;
    const job: Job = {
      name: 'count-runs',
      runKey: (ctx) => ctx.today(),
      run: async () => {
        runs += 1;
      },
    };
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) => runJobIfDue(i % 2 ? second.ctx : first.ctx, job)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    first.clock.advance(24 * 3600_000);
    try {
      expect(await runJobIfDue(first.ctx, job)).toBe(true);
      expect(runs).toBe(2);
    } finally {
      first.clock.advance(-24 * 3600_000);
    }
  });

  it('shares rate limits between instances', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) {
      results.push(await (i % 2 ? second : first).ctx.rateLimiter.hit('shared-key', 3, 60));
    }
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
  });

  it('grants a claim once per rolling window, across instances, and prune keeps live claims', async () => {
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? second : first).ctx.rateLimiter.claim('notice-key', 3600),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    await first.ctx.rateLimiter.prune();
    const minute = 60_000;
    first.clock.advance(58 * minute);
    try {
      // Unlike a fixed window, crossing the hour's edge does not grant a second claim early.
      expect(await first.ctx.rateLimiter.claim('notice-key', 3600)).toBe(false);
      first.clock.advance(3 * minute);
      expect(await first.ctx.rateLimiter.claim('notice-key', 3600)).toBe(true);
      expect(await first.ctx.rateLimiter.claim('notice-key', 3600)).toBe(false);
      expect(await first.ctx.rateLimiter.claim('other-key', 3600)).toBe(true);
      first.clock.advance(25 * 60 * minute);
      expect(await first.ctx.rateLimiter.prune()).toBeGreaterThanOrEqual(2);
      expect(await first.ctx.rateLimiter.claim('notice-key', 3600)).toBe(true);
    } finally {
      first.clock.advance(-(61 + 25 * 60) * minute);
    }
  });

  // Only PostgreSQL can be shared by two instances; SQLite is locked to one.
  if (dialect !== 'postgres') return;
  it('a token issued by one instance works on the other (stateless API)', async () => {
    const customer = await registerCustomer(first);
    const answer = await second.app.inject({
      method: 'GET',
      url: '/api/accounts/profile/',
      headers: { authorization: `Bearer ${customer.access}` },
    });
    expect(answer.statusCode).toBe(200);
  });
});

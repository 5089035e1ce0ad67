// Security headers, the client address behind proxies, private file modes, and secrets kept out of logs.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig, parseTrustProxy } from '../../server/config.js';
import { redactUrl } from '../../server/platform/log-redaction.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { registerCustomer } from '../helpers/accounts.js';

const modeOf = (file: string) => statSync(file).mode & 0o777;

function cspOf(header: string | string[] | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

/** A stand-in for the built web app, so the SPA fallback has an index.html to serve. */
function webDirWithIndex(root: string): string {
  const webDir = path.join(root, 'web');
  mkdirSync(webDir, { recursive: true });
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  return webDir;
}

describe('security headers', () => {
  let app: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'dabba-web-'));
    app = await createTestApp('sqlite', {
      WEB_DIR: webDirWithIndex(webRoot),
      BUSINESS_MAP_URL: 'https://www.google.com/maps/embed?pb=demo',
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('puts the same strict headers on API answers and on pages', async () => {
    for (const url of ['/api/health/', '/api/subscriptions/plans/', '/', '/dashboard', '/nope']) {
      const answer = await app.request('GET', url);
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
      const csp = cspOf(answer.headers['content-security-policy']);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      // Served over plain http, so no HSTS and no upgrade of subresources to https.
      expect(answer.headers['strict-transport-security'], url).toBeUndefined();
      expect(csp.has('upgrade-insecure-requests'), url).toBe(false);
    }
  });

  it('lets the footer embed only the configured map', async () => {
    const csp = cspOf((await app.request('GET', '/')).headers['content-security-policy']);
    expect(csp.get('frame-src')).toEqual(['https://www.google.com']);
  });

  it('sends no referrer at all from the password-reset page', async () => {
    const answer = await app.request('GET', '/reset-password/MTI/abc-123def/');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<div id="root">');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('security headers by configuration', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  it('adds HSTS and upgrades subresources when PUBLIC_URL is https', async () => {
    const app = await createTestApp('sqlite', { PUBLIC_URL: 'https://mess.example.in' });
    apps.push(app);
    const answer = await app.request('GET', '/api/health/');
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(cspOf(answer.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(
      true,
    );
  });

  it("allows Razorpay's checkout script and window only with PAYMENT_PROVIDER=razorpay", async () => {
    const app = await createTestApp('sqlite', {
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_x',
      RAZORPAY_KEY_SECRET: 'secret',
    });
    apps.push(app);
    const csp = cspOf(
      (await app.request('GET', '/api/health/')).headers['content-security-policy'],
    );
    expect(csp.get('script-src')).toEqual(["'self'", 'https://checkout.razorpay.com']);
    expect(csp.get('frame-src')).toContain('https://api.razorpay.com');
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('TRUST_PROXY', () => {
  it('reads a hop count or a list of proxy addresses, and refuses anything else', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    const oneHop = parseTrustProxy('1') as (address: string, hop: number) => boolean;
    expect([oneHop('10.0.0.9', 0), oneHop('203.0.113.7', 1)]).toEqual([true, false]);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16')).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => parseTrustProxy('yes please')).toThrow(/TRUST_PROXY must be/);
  });

  async function clientAddressSeen(trustProxy: string, forwardedFor: string) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-proxy-'));
    const built = await buildApp({
      config: loadConfig({
        DATA_DIR: dataDir,
        OWNER_PASSWORD: 'owner-password-1',
        LOG_LEVEL: 'silent',
        TRUST_PROXY: trustProxy,
      }),
      logger: false,
    });
    built.app.get('/test/ip', async (request) => ({ ip: request.ip }));
    try {
      const answer = await built.app.inject({
        method: 'GET',
        url: '/test/ip',
        remoteAddress: '10.0.0.9',
        headers: { 'x-forwarded-for': forwardedFor },
      });
      return (answer.json() as { ip: string }).ip;
    } finally {
      await built.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it('takes the client address from the right, never the spoofable leftmost entry', async () => {
    // One load balancer (10.0.0.9) appended the real client; the client made up the first entry.
    expect(await clientAddressSeen('1', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientAddressSeen('2', '6.6.6.6, 203.0.113.7, 10.0.0.5')).toBe('203.0.113.7');
    expect(await clientAddressSeen('', '6.6.6.6, 203.0.113.7')).toBe('10.0.0.9');
  });
});

describe.each(testDatabases())('private files (%s)', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(dialect);
  });
  afterAll(async () => {
    await app.close();
  });

  it('keeps DATA_DIR, the database, the outbox and secrets readable by this user only', async () => {
    await registerCustomer(app);
    const outbox = path.join(app.dataDir, 'outbox');
    expect(modeOf(app.dataDir)).toBe(0o700);
    expect(modeOf(path.join(outbox, 'sms.jsonl'))).toBe(0o600);
    expect(modeOf(path.join(outbox, 'mail'))).toBe(0o700);
    for (const mail of readdirSync(path.join(outbox, 'mail'))) {
      expect(modeOf(path.join(outbox, 'mail', mail))).toBe(0o600);
    }
    expect(modeOf(outbox)).toBe(0o700);
    expect(modeOf(path.join(app.dataDir, 'jwt-secret'))).toBe(0o600);
    if (dialect === 'sqlite') {
      for (const file of readdirSync(app.dataDir).filter((name) =>
        name.startsWith('dabba.sqlite'),
      )) {
        expect(modeOf(path.join(app.dataDir, file)), file).toBe(0o600);
      }
    }
  });
});

describe('secrets stay out of the log', () => {
  it('redacts the token of password-reset links in URLs', () => {
    expect(redactUrl('/reset-password/MTI/c4x-9f0a1b2c3d/')).toBe(
      '/reset-password/MTI/[redacted]/',
    );
    expect(redactUrl('/api/accounts/password-reset/MTI/c4x-9f0a1b2c3d/')).toBe(
      '/api/accounts/password-reset/MTI/[redacted]/',
    );
    expect(redactUrl('/api/accounts/password-reset/')).toBe('/api/accounts/password-reset/');
    expect(redactUrl('/api/subscriptions/plans/?x=1')).toBe('/api/subscriptions/plans/?x=1');
  });

  it('logs neither the generated owner password nor reset tokens', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-log-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        SCHEDULER: 'off',
        LOG_LEVEL: 'info',
        OWNER_PASSWORD: '',
        WEB_DIR: path.join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      const base = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start:\n${output}`)), 30_000);
        child.stdout.on('data', () => {
          const match = output.match(/listening on (http:\/\/[^\s.]+(?::\d+))/);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
      });
      const token = 'c4x-9f0a1b2c3d4e5f60718293a4b5c6d7e8';
      await fetch(`${base}/api/accounts/password-reset/MTI/${token}/`);
      await fetch(`${base}/reset-password/MTI/${token}/`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { readFileSync } = await import('node:fs');
      const password = readFileSync(path.join(dataDir, 'owner-credentials.txt'), 'utf8').match(
        /password: (\S+)/,
      )?.[1];
      expect(password).toBeTruthy();
      expect(output).toContain('owner-credentials.txt');
      expect(output).toContain('/api/accounts/password-reset/MTI/[redacted]/');
      expect(output).not.toContain(password!);
      expect(output).not.toContain(token);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

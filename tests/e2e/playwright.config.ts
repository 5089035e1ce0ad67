// Browser journeys against the built product (node dist/server.mjs): each worker against a server of
// its own on a fresh DATA_DIR.
import { defineConfig, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_FSSAI, E2E_GSTIN, OWNER_PASSWORD } from './support';

// owner-fixtures.ts reads it from here.
export { OWNER_PASSWORD };

/**
 * The journeys run in E2E_WORKERS workers (2 by default), each against a server of its own: its own
 * process on its own port with its own fresh DATA_DIR (database, outbox, uploads), so no worker sees
 * another's owner account, customers, rate limits or texts. On a 2-core machine the gain comes from
 * overlapping one worker's browser with another's server. Pass the count as E2E_WORKERS, not as
 * `--workers`: the servers are started for E2E_WORKERS workers.
 */
const WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS ?? '2')) || 1);

interface E2EServer {
  port: number;
  dataDir: string;
}

/**
 * The servers, chosen once by the runner and passed to its workers in the environment they inherit
 * (every worker loads this file again). Ports: from E2E_PORT on (E2E_PORT, E2E_PORT + 1, …), or
 * ports free right now, so two suites can run side by side. Data: E2E_DATA_DIR/server-N, or fresh
 * temporary directories.
 */
function chooseServers(): E2EServer[] {
  const ports = process.env.E2E_PORT
    ? Array.from({ length: WORKERS }, (_, index) => Number(process.env.E2E_PORT) + index)
    : // All held open at once, so no two servers are given the same port.
      execFileSync(process.execPath, [
        '-e',
        "const net = require('node:net');" +
          `Promise.all(Array.from({ length: ${WORKERS} }, () => new Promise((resolve) => {` +
          "const s = net.createServer().listen(0, '127.0.0.1', () => resolve(s)); })))" +
          '.then((all) => { console.log(all.map((s) => s.address().port).join(","));' +
          ' all.forEach((s) => s.close()); });',
      ])
        .toString()
        .trim()
        .split(',')
        .map(Number);
  const base = process.env.E2E_DATA_DIR;
  return ports.map((port, index) => {
    let dataDir: string;
    if (base) {
      dataDir = path.join(base, `server-${index}`);
      mkdirSync(dataDir, { recursive: true });
    } else {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'dabba-e2e-'));
    }
    return { port, dataDir };
  });
}

process.env.E2E_SERVERS ??= JSON.stringify(chooseServers());
const servers = JSON.parse(process.env.E2E_SERVERS) as E2EServer[];

// In a worker, this worker's server: its index among the workers running at once (a worker that
// replaces a failed one gets the same index, so the same server). In the runner, the first.
const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? '0');
const server = servers[parallelIndex];
if (!server) {
  throw new Error(
    `worker ${parallelIndex} has no server: ${servers.length} were started; ` +
      'set E2E_WORKERS instead of passing --workers',
  );
}
// support.ts reads this worker's outbox and database directory from here.
process.env.E2E_DATA_DIR = server.dataDir;
process.env.E2E_BASE_URL = `http://127.0.0.1:${server.port}`;

/**
 * The journeys that run in Hindi in `npm test` (each reads its texts through tests/e2e/i18n.ts):
 * the delivery run, staff and WhatsApp journeys, and the long journeys whose 360 px phone runs in
 * Hindi only (support.ts oneLanguagePerWidth). tests/e2e/language.spec.ts walks every screen in
 * Hindi on a desktop and a phone in the suite too.
 */
const HINDI_JOURNEYS = [
  'rider.spec.ts',
  'rider-phone.spec.ts',
  'delivery-progress.spec.ts',
  'staff.spec.ts',
  'whatsapp.spec.ts',
  'privacy.spec.ts',
  'customer-journey.spec.ts',
  'offline-payments.spec.ts',
  'payment-links.spec.ts',
  'walk-in.spec.ts',
  'part-payments.spec.ts',
  'advances.spec.ts',
];

/**
 * The other journeys run in Hindi with LONG_JOURNEYS=1 (`npm run bench:web`), which keeps `npm
 * test` within its half hour: each was run in both languages when its screens were built, and
 * their screens are in language.spec.ts's walk.
 */
const LONG_HINDI_JOURNEYS = [
  'auth.spec.ts',
  'owner.spec.ts',
  'owner-home.spec.ts',
  'owner-customers.spec.ts',
  'owner-quick-actions.spec.ts',
  'meal-skips.spec.ts',
  'menu.spec.ts',
  'kitchen-lock.spec.ts',
  'closed-days.spec.ts',
  'reports.spec.ts',
  'dues-hold.spec.ts',
  'reminders.spec.ts',
];

export default defineConfig({
  testDir: import.meta.dirname,
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: path.join(import.meta.dirname, '../../test-results'),
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    acceptDownloads: true,
    // page.route() never sees what a service worker fetches, so the journeys run without the app's
    // worker; pwa.spec.ts allows it to test it.
    serviceWorkers: 'block',
    timezoneId: 'Asia/Kolkata',
    locale: 'en-IN',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-gpu',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      // The journeys again in Hindi: the browser (hi-IN) has Hindi picked on the device, so every
      // account's screens show in Hindi, and each spec reads the screens' words from the
      // catalogues (tests/e2e/i18n.ts tx()).
      name: 'hindi',
      testMatch:
        process.env.LONG_JOURNEYS === '1'
          ? [...HINDI_JOURNEYS, ...LONG_HINDI_JOURNEYS]
          : HINDI_JOURNEYS,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        locale: 'hi-IN',
        storageState: {
          cookies: [],
          origins: [
            {
              origin: process.env.E2E_BASE_URL!,
              localStorage: [{ name: 'dabba.language', value: 'hi' }],
            },
          ],
        },
      },
    },
  ],
  webServer: servers.map(({ port, dataDir }, index) => ({
    name: `server ${index}`,
    command: 'node --enable-source-maps dist/server.mjs',
    cwd: path.join(import.meta.dirname, '../..'),
    url: `http://127.0.0.1:${port}/api/health/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      OWNER_PASSWORD,
      SCHEDULER: 'off',
      PAYMENT_PROVIDER: 'sandbox',
      // A GST-registered business: receipts are tax invoices (invoice.spec.ts reads one).
      BUSINESS_GSTIN: E2E_GSTIN,
      // Printed on every bill (screenshots show it); the owner's home asks for it while unset.
      BUSINESS_FSSAI: E2E_FSSAI,
      LOG_LEVEL: 'warn',
      // The API helpers stand in for many customers' phones (support.ts customerAddress).
      TRUST_PROXY: '1',
      // The journeys that sign in by phone right after a code was texted wait this out (the
      // server's wait and its message are the same at any length; the API tests hold the 60 s).
      OTP_RESEND_COOLDOWN_SECONDS: '15',
    },
  })),
});

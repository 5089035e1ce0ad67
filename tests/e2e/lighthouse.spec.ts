// The Lighthouse gate: the landing page, the login page, both dashboards, the dues page and a
// rider's page score 100 for accessibility and shift no layout (CLS ≤ 0.05) in every run of
// `npm test`, and at least 90 for performance, within issue 37's JavaScript budgets, under
// `npm run bench` (LIGHTHOUSE_PERFORMANCE=1), with Lighthouse's default mobile preset (a mid-range
// phone on slow 4G, simulated: 150 ms round trips, 1.6 Mbit/s, 4× CPU slowdown), on the built
// product the other browser journeys use. Each run gets a Chromium of its own with a fresh profile
// (nothing cached, no service worker), so every page is measured as a first visit.
import { chromium, expect, test, type APIRequestContext } from '@playwright/test';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addRider, auth, tiffinCustomer } from './delivery-fixtures';
import {
  ensurePlan,
  loginApi,
  ownerTokens,
  PLANS,
  registerCustomer,
  subscribeAndPay,
  type Tokens,
} from './owner-fixtures';

const MIN_PERFORMANCE = 90;
const MIN_ACCESSIBILITY = 100;
/** Layout does not depend on the machine's speed: every page holds its place in every run. */
const MAX_CLS = 0.05;
/**
 * JavaScript transferred (bytes on the wire, headers included, as Lighthouse counts them) that a
 * page may need, where issue 37 sets a budget: riders and customers use cheap phones. The sizes do
 * not move with the machine, but the budgets are not met yet (docs/performance.md), so they gate
 * `npm run bench` with the performance score, and the suite prints them.
 */
const MAX_SCRIPT_BYTES: Readonly<Record<string, number>> = {
  'landing /': 80_000,
  'customer /dashboard': 130_000,
  'rider /admin/deliveries': 130_000,
};
/**
 * The performance score is a timing: on this 2-core machine the same build scores 66 to 91 on a
 * dashboard from one run to the next. Budgets live in the benchmarks
 * (docs/performance.md), so the score gates `npm run bench` (bench:web sets LIGHTHOUSE_PERFORMANCE=1); the
 * test suite measures and prints it, and holds accessibility and layout shift, which do not move
 * with the machine.
 */
const GATE_PERFORMANCE = process.env.LIGHTHOUSE_PERFORMANCE === '1';
/**
 * Simulated throttling still scales the real main thread's work, which other processes on a 2-core
 * machine slow down now and then: with the performance gate each page is measured RUNS times and
 * the median counts. Accessibility and layout shift do not move with the machine, so the suite
 * measures each page once. When the median misses a threshold, MORE_RUNS more are taken and the
 * median of all of them counts.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? (GATE_PERFORMANCE ? 3 : 1));
const MORE_RUNS = 2;
/** Lighthouse sometimes loses its trace (NO_NAVSTART, NO_FCP); such a run is repeated, not scored. */
const ATTEMPTS_PER_RUN = 3;
/** Each run's full report, for https://googlechrome.github.io/lighthouse/viewer/. */
const REPORT_DIR = path.join(import.meta.dirname, '../../test-results/lighthouse');

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
];

interface Scores {
  /** JavaScript transferred: every script's bytes on the wire, headers included. */
  scriptBytes: number;
  performance: number;
  accessibility: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  failedAudits: string[];
}

class LighthouseRuntimeError extends Error {}

/** A signed-in browser's local storage, as the web app leaves it (web/session/tokens.ts). */
interface Session {
  tokens: Tokens;
  /** The app notes an owner's session, to start loading the owner's dashboard early next time. */
  owner: boolean;
}

/** Stores the session as the web app keeps it, from a page of the origin that runs no script. */
async function signInProfile(chrome: LaunchedChrome, origin: string, session: Session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(({ tokens, owner }) => {
      localStorage.setItem('dabba.access', tokens.access);
      localStorage.setItem('dabba.refresh', tokens.refresh);
      if (owner) localStorage.setItem('dabba.owner', '1');
    }, session);
    await page.close();
  } finally {
    await browser.close();
  }
}

async function measureOnce(url: string, session: Session | null, report: string): Promise<Scores> {
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    if (session) await signInProfile(chrome, new URL(url).origin, session);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // The profile is fresh already; resetting storage would drop the session's tokens.
      disableStorageReset: true,
    });
    if (!result) throw new LighthouseRuntimeError(`Lighthouse returned nothing for ${url}`);
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(path.join(REPORT_DIR, `${report}.json`), JSON.stringify(result.lhr));
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) {
      throw new LighthouseRuntimeError(`Lighthouse on ${url}: ${runtimeError.message}`);
    }
    const failedAudits = (categories.accessibility?.auditRefs ?? [])
      .map((ref) => audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map((audit) => `${audit!.id}: ${audit!.title}`);
    const resources = audits['resource-summary']?.details as
      { items?: Array<{ resourceType: string; transferSize: number }> } | undefined;
    return {
      scriptBytes:
        resources?.items?.find((item) => item.resourceType === 'script')?.transferSize ??
        Number.NaN,
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      failedAudits,
    };
  } finally {
    chrome.kill();
  }
}

async function measureRun(url: string, session: Session | null, report: string): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measureOnce(url, session, report);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= ATTEMPTS_PER_RUN) throw error;
      console.log(`${error.message}; running it again.`);
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function measure(name: string, url: string, signIn: () => Promise<Session | null>) {
  const runs: Scores[] = [];
  const slug = name.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '');
  const passes = () =>
    (!GATE_PERFORMANCE || median(runs.map((run) => run.performance)) >= MIN_PERFORMANCE) &&
    median(runs.map((run) => run.accessibility)) >= MIN_ACCESSIBILITY;
  let wanted = RUNS;
  while (runs.length < wanted) {
    // Signed in anew for each run: an access token lives 15 minutes.
    runs.push(await measureRun(url, await signIn(), `${slug}-${runs.length + 1}`));
    if (runs.length === RUNS && !passes()) wanted = RUNS + MORE_RUNS;
  }
  const performance = median(runs.map((run) => run.performance));
  const accessibility = median(runs.map((run) => run.accessibility));
  const cls = median(runs.map((run) => run.cls));
  const scriptBytes = median(runs.map((run) => run.scriptBytes));
  const each = runs
    .map(
      (run) =>
        `${run.performance}/${run.accessibility} CLS ${run.cls.toFixed(3)} ` +
        `LCP ${Math.round(run.lcpMs)} ms TBT ${Math.round(run.tbtMs)} ms`,
    )
    .join('; ');
  console.log(
    `Lighthouse ${name}: performance ${performance}, accessibility ${accessibility}, ` +
      `CLS ${cls.toFixed(3)}, JavaScript ${(scriptBytes / 1000).toFixed(1)} kB ` +
      `(median of ${runs.length}: ${each})`,
  );
  const failed = [...new Set(runs.flatMap((run) => run.failedAudits))];
  if (GATE_PERFORMANCE) {
    expect.soft(performance, `${name}: performance`).toBeGreaterThanOrEqual(MIN_PERFORMANCE);
    const budget = MAX_SCRIPT_BYTES[name];
    if (budget) expect.soft(scriptBytes, `${name}: JavaScript bytes`).toBeLessThanOrEqual(budget);
  }
  expect.soft(cls, `${name}: cumulative layout shift`).toBeLessThanOrEqual(MAX_CLS);
  expect
    .soft(accessibility, `${name}: accessibility (${failed.join('; ')})`)
    .toBeGreaterThanOrEqual(MIN_ACCESSIBILITY);
}

async function customerWithSubscription(request: APIRequestContext): Promise<Tokens> {
  const planId = await ensurePlan(request, PLANS.mess);
  const customer = await registerCustomer(request, { service: 'mess', prefix: 'lh' });
  await subscribeAndPay(request, customer, planId);
  return customer.tokens;
}

/** A rider on a route with one stop: the page a rider opens on the road. */
async function riderOnRoute(request: APIRequestContext): Promise<Tokens> {
  const owner = (await ownerTokens(request)).access;
  const pincode = `2${String(Date.now() % 100_000).padStart(5, '0')}`;
  await tiffinCustomer(request, pincode, '12 Canal Road');
  const rider = await addRider(request, owner, 'Lighthouse');
  const route = await request.post('/api/owner/routes/', {
    headers: auth(owner),
    data: { name: `Lighthouse ${pincode}`, areas: [pincode], riders: [rider.id] },
  });
  expect(route.status(), 'add route').toBe(201);
  return loginApi(request, rider.username, rider.password);
}

test('the landing, login, dashboards, dues and a rider’s page pass the Lighthouse gate', async ({
  request,
  baseURL,
}) => {
  test.setTimeout((RUNS + MORE_RUNS) * 6 * 90_000);
  const visitor = async () => null;
  await measure('landing /', `${baseURL}/`, visitor);
  await measure('login /login', `${baseURL}/login`, visitor);
  const customer = await customerWithSubscription(request);
  await measure('customer /dashboard', `${baseURL}/dashboard`, async () => ({
    tokens: customer,
    owner: false,
  }));
  await measure('owner /dashboard', `${baseURL}/dashboard`, async () => ({
    tokens: await ownerTokens(request),
    owner: true,
  }));
  await measure('owner /admin/dues', `${baseURL}/admin/dues`, async () => ({
    tokens: await ownerTokens(request),
    owner: true,
  }));
  const rider = await riderOnRoute(request);
  await measure('rider /admin/deliveries', `${baseURL}/admin/deliveries`, async () => ({
    tokens: rider,
    owner: false,
  }));
});

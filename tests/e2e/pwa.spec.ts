// The installable app: Chromium finds nothing missing to install it, the service worker keeps the
// shell so the app opens offline, it never keeps an API answer, and it runs under the strict CSP.
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSignedIn, ownerTokens } from './owner-fixtures';

// The other journeys block service workers (playwright.config.ts); these are about the worker.
test.use({ serviceWorkers: 'allow' });

/** The width and height a PNG file says it has (its IHDR chunk). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function workerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** Every URL the page's origin keeps in Cache Storage. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

test('the manifest and its icons make the app installable', async ({
  playwright,
  request,
  baseURL,
}) => {
  const manifestAnswer = await request.get('/manifest.webmanifest');
  expect(manifestAnswer.ok()).toBeTruthy();
  const manifest = await manifestAnswer.json();
  expect(manifest).toMatchObject({
    name: expect.stringContaining('Dabba'),
    short_name: 'Dabba',
    start_url: '/',
    display: 'standalone',
  });
  const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>;
  for (const [size, purpose] of [
    [192, 'any'],
    [512, 'any'],
    [512, 'maskable'],
  ] as const) {
    const icon = icons.find((item) => item.sizes === `${size}x${size}` && item.purpose === purpose);
    expect(icon, `${size} ${purpose}`).toBeTruthy();
    const answer = await request.get(icon!.src);
    expect(answer.headers()['content-type']).toBe('image/png');
    expect(pngSize(await answer.body())).toEqual({ width: size, height: size });
  }

  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain('Disallow: /api/');

  // Chromium installs nothing from an incognito-like context: this check needs a real profile.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'dabba-pwa-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...test.info().project.use.launchOptions,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await workerReady(page);
    const cdp = await context.newCDPSession(page);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the worker keeps the shell, opens the app offline, and never keeps an API answer', async ({
  page,
  context,
  request,
}) => {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __csp?: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(
        `${event.effectiveDirective} ${event.blockedURI}`,
      );
    });
  });
  await page.goto('/');
  await workerReady(page);
  // Controlled from the next load on: the landing page's own chunk goes through the worker too.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
    /\/sw\.js$/,
  );

  // A signed-in page asks the API for a lot; none of it may end up in the cache.
  await openSignedIn(page, await ownerTokens(request), '/dashboard');
  await expect(page.getByRole('heading', { name: 'Owner Dashboard' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  violations.push(...(await page.evaluate(() => (window as any).__csp ?? [])));
  // The API's own pages pass through the worker untouched.
  await page.goto('/api/docs');
  await expect(page.getByText('Dabba API').first()).toBeVisible();

  const kept = await cachedUrls(page);
  expect(kept).toContain('/');
  expect(kept).toContain('/manifest.webmanifest');
  expect(kept.some((url) => /^\/assets\/index-.*\.js$/.test(url))).toBe(true);
  expect(kept.filter((url) => url.startsWith('/api'))).toEqual([]);

  // Offline, the app still opens on the landing page.
  await page.evaluate(() => {
    localStorage.clear();
  });
  await context.setOffline(true);
  try {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Good food every day, without the daily hassle' }),
    ).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  violations.push(...(await page.evaluate(() => (window as any).__csp ?? [])));
  expect(violations).toEqual([]);
});

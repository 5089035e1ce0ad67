// The Content-Security-Policy the server sends is one the web app passes: every screen of a
// visitor, a customer and the owner, with its dialogs, loads without a single violation.
import { expect, test, type Page } from '@playwright/test';
import {
  ensurePlan,
  indiaDate,
  openSignedIn,
  ownerTokens,
  PLANS,
  registerCustomer,
  sendFeedbackWithImage,
  subscribeAndPay,
} from './owner-fixtures';

interface Violation {
  directive: string;
  blocked: string;
  page: string;
}

/** Records every CSP violation the browser reports, from before the first script runs. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __csp: Violation[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        page: location.pathname,
      });
    });
  });
}

async function visit(page: Page, path: string, ready: () => Promise<void>, seen: Violation[]) {
  await page.goto(path);
  await ready();
  seen.push(
    ...(await page.evaluate(() => (window as unknown as { __csp?: Violation[] }).__csp ?? [])),
  );
}

test('visitor screens and the API reference load without CSP violations', async ({ page }) => {
  await watchViolations(page);
  const seen: Violation[] = [];
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await page.getByRole('button', { name: 'View Plans' }).click();
  await expect(page.getByRole('dialog', { name: 'Available Plans' })).toBeVisible();
  await expect(page.getByText('Loading plans...')).toHaveCount(0);
  seen.push(...(await page.evaluate(() => (window as any).__csp as Violation[])));
  for (const path of ['/login', '/register', '/forgot-password', '/contact']) {
    await visit(
      page,
      path,
      () => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
      seen,
    );
  }
  await visit(
    page,
    '/reset-password/MQ/invalid-token/',
    () => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
    seen,
  );
  await visit(
    page,
    '/api/docs',
    () => expect(page.getByText('Dabba API').first()).toBeVisible(),
    seen,
  );
  expect(seen).toEqual([]);
});

test('customer and owner screens, with receipt and photo, load without CSP violations', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await watchViolations(page);
  const seen: Violation[] = [];
  const collect = async () =>
    seen.push(...(await page.evaluate(() => ((window as any).__csp ?? []) as Violation[])));
  const planId = await ensurePlan(request, PLANS.mess);
  const customer = await registerCustomer(request, { service: 'mess', prefix: 'csp' });
  await subscribeAndPay(request, customer, planId);
  await sendFeedbackWithImage(request, customer, 'CSP check: cold dal', indiaDate(-1));

  await openSignedIn(page, customer.tokens, '/payments');
  await page.getByRole('button', { name: 'View Receipt' }).first().click();
  await expect(page.getByRole('dialog').locator('iframe')).toBeVisible();
  await collect();
  await page.keyboard.press('Escape');
  for (const path of ['/dashboard', '/subscriptions', '/feedback', '/leaves', '/notifications']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('main')).toBeVisible();
    await collect();
  }

  const owner = await ownerTokens(request);
  await openSignedIn(page, owner, '/admin/feedback');
  await page.getByRole('button', { name: 'View More' }).first().click();
  await expect(page.getByRole('dialog').getByRole('img').first()).toBeVisible();
  await collect();
  await page.keyboard.press('Escape');
  for (const path of ['/dashboard', '/admin/plans', '/admin/refunds', '/admin/superuser']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('main')).toBeVisible();
    await collect();
  }
  expect(seen).toEqual([]);
});

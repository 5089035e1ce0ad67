// English ⇄ हिन्दी: a visitor's switch sticks on the device, an account remembers its language on
// every device and its notices follow it, and every screen, a customer's and the owner's, on a
// desktop and a 360 px phone, reads Hindi: no English word left but the data people typed (the
// audit log's summaries too, and a plan's Hindi name where the owner gave one).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  apiCustomer,
  apiLogin,
  apiPaidSubscription,
  ensurePlan,
  OWNER_PASSWORD,
  readMail,
  shot,
  signIn,
} from './support';

const root = path.resolve(import.meta.dirname, '../..');
const catalogue = (file: string) =>
  JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, string>;
const webHindi = catalogue('web/locales/hi.json');
const serverHindi = catalogue('server/locales/hi.json');

const PLAN = {
  code: 'E2E-LANG-MESS',
  name: 'Mess Monthly (language)',
  name_hi: 'मेस मासिक (भाषा)',
  service_type: 'mess' as const,
  base_price: 2400,
  duration_days: 30,
  included_meals: ['lunch' as const, 'dinner' as const],
};

/** Words an Indian app writes in Latin letters in Hindi too, and units and codes. */
const LATIN_ALLOWED = new Set(
  [
    'Dabba',
    'OTP',
    'UPI',
    'GST',
    'GSTIN',
    'HSN',
    'SAC',
    'PDF',
    'CSV',
    'IFSC',
    'UTR',
    'KIET',
    'ITS',
    'Razorpay',
    'Instagram',
    'WhatsApp',
    'SMS',
    // The settings the owner's home names for setting up a channel (SMTP_URL, SMS_PROVIDER…).
    'SMTP',
    'URL',
    'PROVIDER',
    'TOKEN',
    'English',
    'ID',
    'AM',
    'PM',
    'KB',
    'MB',
  ].map((word) => word.toLowerCase()),
);

/** Every string anywhere in `value` (an API answer): what people typed, names, plan texts. */
function strings(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, into);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) strings(item, into);
  return into;
}

/** The data on the screens: every string the API answers the owner and this customer. */
async function dataWords(request: APIRequestContext, tokens: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const reads: Array<[string, string, Record<string, string>?]> = [];
  const [ownerAccess, customerAccess] = tokens as [string, string];
  for (const url of [
    '/api/accounts/owner/users/?limit=500',
    '/api/accounts/owner/users/active_subscribers/?limit=500',
    '/api/feedback/admin/feedback/?limit=500',
    '/api/subscriptions/leaves/?limit=500',
    '/api/payments/refunds/?limit=500',
    '/api/payments/admin/payments/?limit=500',
    '/api/business/',
    '/api/subscriptions/plans/',
    '/api/owner/summary/',
  ]) {
    reads.push([url, ownerAccess]);
  }
  // The audit log's summaries are the server's sentences, written in the reader's language: only
  // the values in them (names, reasons) are data.
  reads.push(['/api/audit/?limit=500', ownerAccess, { 'Accept-Language': 'hi' }]);
  for (const url of [
    '/api/accounts/profile/',
    '/api/subscriptions/subscriptions/',
    '/api/payments/payments/',
    '/api/notifications/events/',
    // The WhatsApp messages as they were sent, in the language of the day they went.
    '/api/notifications/whatsapp/',
  ]) {
    reads.push([url, customerAccess]);
  }
  // Independent reads, sent together.
  const answers = await Promise.all(
    reads.map(([url, access, headers]) =>
      request.get(url, { headers: { Authorization: `Bearer ${access}`, ...headers } }),
    ),
  );
  for (const answer of answers) if (answer.ok()) strings(await answer.json(), found);
  const words = new Set<string>();
  for (const text of found) {
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) words.add(word);
  }
  return words;
}

/** Latin words on the screen (header and page) that are neither data nor allowed, in context. */
async function englishLeft(page: Page, data: Set<string>): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    for (const root of document.querySelectorAll('header, main, [role="dialog"]')) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        // translate="no": codes typed as they are (audit actions), in any language.
        const skip = '[aria-hidden="true"], [translate="no"], script, style';
        if (!element || element.closest(skip)) continue;
        if (!element.checkVisibility()) continue;
        const text = node.textContent?.trim();
        if (text) out.push(text);
      }
      // What a screen reader says and a field shows before anything is typed.
      for (const element of root.querySelectorAll(
        '[aria-label], [placeholder], [title], img[alt]',
      )) {
        if (element.closest('[translate="no"]')) continue;
        for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
          const value = element.getAttribute(name)?.trim();
          if (value) out.push(value);
        }
      }
    }
    return out;
  });
  const left: string[] = [];
  for (const text of texts) {
    // E-mail addresses, URLs and usernames are data however they read.
    const words = text.replace(/\S+@\S+|https?:\/\/\S+|e2e_\w+/g, ' ').match(/[A-Za-z][A-Za-z]+/g);
    const foreign = (words ?? []).filter(
      (word) => !LATIN_ALLOWED.has(word.toLowerCase()) && !data.has(word.toLowerCase()),
    );
    if (foreign.length > 0) left.push(`"${text.slice(0, 80)}" (${foreign.join(', ')})`);
  }
  return [...new Set(left)];
}

async function expectHindi(page: Page, data: Set<string>, where: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Skeletons and spinners gone: the page's data has arrived.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  // With E2E_SHOTS set to a folder, each screen is saved there as a PNG.
  await shot(page, `language-${where.replace(/\W+/g, '-')}`);
  expect(await englishLeft(page, data), `English on ${where}`).toEqual([]);
}

test('a visitor switches the landing page to Hindi, and the choice stays on this device', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(webHindi['landing.hero.title']!);
  await expect(page.getByRole('navigation', { name: webHindi['shell.mainNav'] })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(webHindi['landing.hero.title']!);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('an account remembers Hindi on another device, and its notices come in Hindi', async ({
  page,
  browser,
  request,
}) => {
  const planId = await ensurePlan(request, PLAN);
  const { customer, tokens } = await apiCustomer(request, { complete: 'mess' });
  await signIn(page, tokens!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const saved = page.waitForResponse(
    (answer) => answer.url().endsWith('/api/accounts/language/') && answer.ok(),
  );
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await saved;
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  // Another phone, its browser in English: signing in brings the account's Hindi.
  const other = await browser.newContext({ locale: 'en-IN', serviceWorkers: 'block' });
  const phone = await other.newPage();
  await signIn(phone, await apiLogin(request, customer.username, customer.password));
  await expect(phone.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(
    phone.getByRole('navigation', { name: webHindi['shell.mainNav'] }).getByRole('link', {
      name: webHindi['nav.dashboard'],
    }),
  ).toBeVisible();
  await other.close();

  // A payment's e-mail greets and speaks in Hindi.
  await apiPaidSubscription(request, tokens!.access, planId);
  const mail = await readMail(customer.email, /[\u0900-\u097F]/);
  expect(mail).toContain(serverHindi['notice.greeting']!.replace('{name}', customer.firstName));
});

for (const viewport of [
  { name: 'desktop', size: { width: 1366, height: 900 } },
  { name: 'phone', size: { width: 360, height: 740 } },
]) {
  test(`every screen reads Hindi on a ${viewport.name}`, async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport.size);
    const planId = await ensurePlan(request, PLAN);
    const { tokens } = await apiCustomer(request, { complete: 'mess' });
    await apiPaidSubscription(request, tokens!.access, planId);
    const owner = await apiLogin(request, 'owner', OWNER_PASSWORD);
    const data = await dataWords(request, [owner.access, tokens!.access]);
    const profile = await request.get('/api/accounts/profile/', {
      headers: { Authorization: `Bearer ${tokens!.access}` },
    });
    const customerId = ((await profile.json()) as { id: number }).id;

    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('dabba.language', 'hi'));
    for (const pathname of ['/', '/login', '/register', '/forgot-password', '/contact']) {
      await page.goto(pathname);
      await expectHindi(page, data, `${viewport.name} visitor ${pathname}`);
    }
    // The landing page's plans: the owner's Hindi name.
    await page.goto('/');
    await page.getByRole('button', { name: webHindi['landing.viewPlans'] }).click();
    await expect(page.getByRole('heading', { name: PLAN.name_hi })).toBeVisible();
    await shot(page, `language-${viewport.name}-visitor-plans`);

    await signIn(page, tokens!);
    for (const pathname of [
      '/dashboard',
      '/menu',
      '/subscriptions',
      '/plans',
      '/payments',
      '/leaves',
      '/feedback',
      '/notifications',
      '/profile',
    ]) {
      await page.goto(pathname);
      await expectHindi(page, data, `${viewport.name} customer ${pathname}`);
      if (pathname === '/plans' || pathname === '/subscriptions') {
        await expect(page.getByRole('heading', { name: PLAN.name_hi })).toBeVisible();
      }
    }

    await signIn(page, owner);
    for (const pathname of [
      '/dashboard',
      '/admin/plans',
      '/admin/feedback',
      '/admin/leaves',
      '/admin/refunds',
      '/admin/superuser',
      '/admin/kitchen',
      '/admin/menu',
      '/admin/audit',
      `/admin/customers/${customerId}`,
      '/profile',
    ]) {
      await page.goto(pathname);
      await expectHindi(page, data, `${viewport.name} owner ${pathname}`);
    }
  });
}

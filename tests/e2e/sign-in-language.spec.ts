// The first screen after signing in, on a 360 px phone, for every device language and account
// language (issue 37, items 1 and 2): a customer by password, a rider by phone and texted code.
// Signing in from an English phone to a Hindi account once showed raw keys ("dashboard.hello"),
// which pushed the page to 418 px; and Hindi picked before signing in stayed on the phone while the
// account, and its SMS and e-mails, stayed English. Each sign-in here checks the screen is whole
// and in the right language, with no message key and nothing wider than the phone, and reads the
// account's language back through the API: a language picked on the device is the account's from
// then on; a device where nobody picked one (its browser in English or Hindi) shows the account's
// and offers the one it showed, in that language. With E2E_SHOTS set, the offer is saved there at
// 360 and 1366 px in both languages.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { setupI18n, type I18n } from '@lingui/core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { allMessages } from '../../web/build/messages';
import { auth, addRider } from './delivery-fixtures';
import { apiCustomer, apiLogin, customerAddress, ownerToken, readOtp, shot } from './support';

type Language = 'en' | 'hi';
const LANGUAGES: readonly Language[] = ['en', 'hi'];
const NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

/** The app's words in either language, whatever the project (this spec picks the device's). */
const readers: Partial<Record<Language, I18n>> = {};
function say(language: Language, key: string, values?: Record<string, string | number>) {
  const reader = (readers[language] ??= setupI18n({
    locale: language,
    messages: { [language]: allMessages(language) },
  }));
  return reader._(key, values);
}

/** Every message key, to find any that reached the screen as it is. */
const KEYS = new Set(
  Object.keys(
    JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../web/locales/en.json'), 'utf8'),
    ) as Record<string, string>,
  ),
);

interface Device {
  name: string;
  /** The browser's language. */
  locale: 'en-IN' | 'hi-IN';
  /** The language picked on the switch before signing in, if any. */
  picked: Language | null;
}

const DEVICES: readonly Device[] = [
  { name: 'an English phone, nothing picked', locale: 'en-IN', picked: null },
  { name: 'a Hindi phone, nothing picked', locale: 'hi-IN', picked: null },
  { name: 'a Hindi phone, English picked', locale: 'hi-IN', picked: 'en' },
  { name: 'an English phone, Hindi picked', locale: 'en-IN', picked: 'hi' },
];

const COMBINATIONS = DEVICES.flatMap((device) => LANGUAGES.map((account) => ({ device, account })));

/** The language a device shows before anyone signs in: its pick, else its browser's. */
const shownBefore = (device: Device): Language =>
  device.picked ?? (device.locale === 'hi-IN' ? 'hi' : 'en');

/** A phone of its own (its own address too, so the suite's sign-ins meet no per-IP limit). */
async function phoneOf(browser: Browser, device: Device) {
  const baseURL = process.env.E2E_BASE_URL!;
  const context = await browser.newContext({
    baseURL,
    locale: device.locale,
    timezoneId: 'Asia/Kolkata',
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'block',
    extraHTTPHeaders: customerAddress(),
    storageState: {
      cookies: [],
      origins: device.picked
        ? [{ origin: baseURL, localStorage: [{ name: 'dabba.language', value: device.picked }] }]
        : [],
    },
  });
  return { context, page: await context.newPage() };
}

async function setAccountLanguage(request: APIRequestContext, access: string, language: Language) {
  const saved = await request.put('/api/accounts/language/', {
    headers: auth(access),
    data: { language },
  });
  expect(saved.status(), 'set the account language').toBe(200);
}

async function accountLanguage(request: APIRequestContext, access: string): Promise<string> {
  const profile = await request.get('/api/accounts/profile/', { headers: auth(access) });
  expect(profile.status(), 'profile').toBe(200);
  return ((await profile.json()) as { language: string }).language;
}

/**
 * The first screen after signing in: in `language`, whole (no message key shown as it is), no
 * wider than the phone, and with the offer of `offer` (written in that language) or none.
 */
async function expectFirstScreen(
  page: Page,
  where: string,
  { language, offer }: { language: Language; offer: Language | null },
) {
  await expect(page.locator('html'), where).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1 }).first(), where).toBeVisible();
  await expect(page.locator('[aria-busy="true"]'), where).toHaveCount(0, { timeout: 15_000 });
  const offered = page.locator('section[aria-labelledby="language-offer"]');
  if (offer) {
    await expect(offered, where).toHaveAttribute('lang', offer);
    await expect(offered, where).toContainText(
      say(offer, 'languageOffer.text', { account: NAMES[language] }),
    );
  } else {
    await expect(offered, where).toHaveCount(0);
  }
  const { text, width } = await page.evaluate(() => ({
    text: `${document.title}\n${document.body.innerText}`,
    width: document.documentElement.scrollWidth,
  }));
  const keys = [...new Set(text.match(/[A-Za-z][\w-]*(?:\.[\w-]+)+/g) ?? [])].filter((word) =>
    KEYS.has(word),
  );
  expect(keys, `message keys on ${where}`).toEqual([]);
  expect(width, `the page's width on ${where}`).toBeLessThanOrEqual(360);
}

/** With E2E_SHOTS set: the offer on this screen at 360 px, then at 1366 px. */
async function shootOffer(page: Page, name: string) {
  if (!process.env.E2E_SHOTS) return;
  await shot(page, `${name}-360`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, `${name}-1366`);
  await page.setViewportSize({ width: 360, height: 740 });
}

test('a customer signs in by password with every device and account language', async ({
  browser,
  request,
}) => {
  test.skip(test.info().project.name === 'hindi', 'each phone here sets its own language');
  test.setTimeout(150_000);
  const { customer, tokens } = await apiCustomer(request, { complete: 'mess' });
  const access = tokens!.access;

  for (const { device, account } of COMBINATIONS) {
    const where = `${device.name}, a ${account} account`;
    await setAccountLanguage(request, access, account);
    const { context, page } = await phoneOf(browser, device);
    const before = shownBefore(device);
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', before);
    await page.getByLabel(say(before, 'auth.login.username')).fill(customer.username);
    await page
      .getByLabel(say(before, 'auth.field.password'), { exact: true })
      .fill(customer.password);
    await page.getByRole('button', { name: say(before, 'auth.login.submit'), exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const offer = device.picked === null && before !== account ? before : null;
    await expectFirstScreen(page, where, { language: device.picked ?? account, offer });
    // A pick is the account's from now on; a device where nobody picked one changes nothing.
    await expect
      .poll(() => accountLanguage(request, access), { message: `the account after ${where}` })
      .toBe(device.picked ?? account);

    if (offer) {
      await shootOffer(page, `language-offer-${offer}`);
      // Taking the offer shows the app in it and saves it on the account.
      await page.getByRole('button', { name: say(offer, 'languageOffer.switch') }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', offer);
      await expect(page.locator('section[aria-labelledby="language-offer"]')).toHaveCount(0);
      await expect.poll(() => accountLanguage(request, access)).toBe(offer);
    }
    await context.close();
  }
});

test('a rider signs in by phone and texted code with every device and account language', async ({
  browser,
  request,
}) => {
  test.skip(test.info().project.name === 'hindi', 'each phone here sets its own language');
  test.setTimeout(180_000);
  const owner = await ownerToken(request);
  // A rider for each sign-in: each phone waits out the cooldown after its invite's code once, and
  // by its turn the wait is over.
  const riders = [];
  for (const [index] of COMBINATIONS.entries()) {
    riders.push(await addRider(request, owner, `Language${index}`));
  }

  for (const [index, { device, account }] of COMBINATIONS.entries()) {
    const where = `${device.name}, a rider's ${account} account`;
    const rider = riders[index]!;
    const { access } = await apiLogin(request, rider.username, rider.password);
    await setAccountLanguage(request, access, account);
    const { context, page } = await phoneOf(browser, device);
    const before = shownBefore(device);
    await page.goto('/login?with=phone');
    await expect(page.locator('html')).toHaveAttribute('lang', before);
    await page.getByLabel(say(before, 'auth.field.phone'), { exact: true }).fill(rider.local);
    const send = page.getByRole('button', { name: say(before, 'auth.phoneLogin.sendCode') });
    const code = page.getByLabel(say(before, 'auth.phoneLogin.code'));
    await send.click();
    // The invite's code may be too recent: the server says how long to wait, then sends.
    const wait = page.getByRole('alert');
    await expect(code.or(wait)).toBeVisible();
    if (!(await code.isVisible())) {
      const seconds = Number(/(\d+)/.exec((await wait.textContent()) ?? '')?.[1] ?? '15');
      await page.waitForTimeout((seconds + 1) * 1000);
      await send.click();
    }
    await code.fill(await readOtp(rider.phone, 'sign_in'));
    await page
      .getByRole('button', { name: say(before, 'auth.phoneLogin.submit'), exact: true })
      .click();
    await expect(page).toHaveURL(/\/admin\/deliveries$/);

    const offer = device.picked === null && before !== account ? before : null;
    await expectFirstScreen(page, where, { language: device.picked ?? account, offer });
    await expect
      .poll(() => accountLanguage(request, access), { message: `the account after ${where}` })
      .toBe(device.picked ?? account);

    if (offer) {
      await shootOffer(page, `language-offer-rider-${offer}`);
      // Keeping the account's language closes the offer and changes nothing.
      await page
        .getByRole('button', {
          name: say(offer, 'languageOffer.keep', { account: NAMES[account] }),
        })
        .click();
      await expect(page.locator('section[aria-labelledby="language-offer"]')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('lang', account);
      expect(await accountLanguage(request, access)).toBe(account);
    }
    await context.close();
  }
});

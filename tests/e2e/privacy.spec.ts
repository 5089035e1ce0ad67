// Privacy (issue 23, DPDP Act): the privacy notice is public and versioned, linked from the footer
// and the registration form; on a 360 px phone a customer reads that SMS service messages are always
// sent (issue 37, item 6: never "Never asked"), turns a consent switch on, downloads their
// data (the file read back) and asks for their account to be erased; the owner completes it from
// Erasure requests (account menu), after which the customer's name is gone from the list (an erased
// account named in the reader's language). Another customer, whose paid subscription still runs,
// waits: their row says what to settle first and offers no Complete.
// With E2E_SHOTS set to a folder, each screen is saved there as a PNG, at 360 and 1366 px.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { PRIVACY_NOTICE_VERSION } from '@machines/consent';
import { escapeRegex, language, msg, refusal, serverTx } from './i18n';
import {
  ensurePlan,
  openFromNav,
  openSignedIn,
  ownerLogsIn,
  PLANS,
  registerCustomer,
  subscribeAndPay,
} from './owner-fixtures';
import { shot } from './support';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1366, height: 900 };

/** Signs out in this browser (keeping the language picked), without the account menu. */
async function signOut(page: Page) {
  await page.evaluate(() => {
    const picked = localStorage.getItem('dabba.language');
    localStorage.clear();
    if (picked) localStorage.setItem('dabba.language', picked);
  });
}

/** A screenshot at 360 px and at 1366 px, coming back to the phone's width. */
async function shots(page: Page, name: string) {
  await shot(page, `${name}-${language()}-360`);
  await page.setViewportSize(DESKTOP);
  await shot(page, `${name}-${language()}-1366`);
  await page.setViewportSize(PHONE);
}

test('the privacy notice is public, versioned and linked from the footer and the registration form', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/register');
  await expect(page.getByLabel(msg('auth.register.whatsappConsent'))).not.toBeChecked();
  await page.getByRole('link', { name: msg('auth.register.privacyNotice') }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(
    page.getByRole('heading', { name: msg('privacy.notice.title'), level: 1 }),
  ).toBeVisible();
  await expect(page.getByTestId('notice-version')).toHaveText(
    msg('privacy.notice.version', { version: PRIVACY_NOTICE_VERSION }),
  );
  await expect(page.getByText(msg('privacy.notice.howLong.body', { years: 8 }))).toBeVisible();
  await shots(page, 'privacy-notice');
  await page.goto('/');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: msg('footer.privacy') })
    .click();
  await expect(page).toHaveURL(/\/privacy$/);
});

test('a customer switches a consent on, downloads their data and asks for erasure; the owner completes it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const customer = await registerCustomer(request, { service: 'mess', prefix: 'prv' });

  // 1. From the profile to Privacy and consent.
  await openSignedIn(page, customer.tokens, '/profile');
  await page.getByRole('link', { name: msg('nav.privacy') }).click();
  await expect(page).toHaveURL(/\/profile\/privacy$/);
  await expect(
    page.getByRole('heading', { name: msg('privacy.settings.title'), level: 1 }),
  ).toBeVisible();

  // 2. SMS service messages go without consent: "Always sent", no switch, never "Never asked".
  const smsService = page.getByTestId('consent-sms-service');
  await expect(smsService).toContainText(msg('privacy.consent.alwaysSent'));
  await expect(smsService).not.toContainText(msg('privacy.consent.none'));
  await expect(smsService.getByRole('switch')).toHaveCount(0);

  // SMS offers: never asked, then agreed on this page.
  const smsOffers = page.getByRole('switch', {
    name: msg('privacy.consent.switch', {
      channel: msg('privacy.channel.sms'),
      purpose: msg('privacy.purpose.promotions'),
    }),
  });
  await expect(smsOffers).toHaveAttribute('aria-checked', 'false');
  const row = page.getByTestId('consent-sms-promotions');
  await expect(row).toContainText(msg('privacy.consent.none'));
  await smsOffers.click();
  await expect(smsOffers).toHaveAttribute('aria-checked', 'true');
  await expect(row).toContainText(msg('privacy.method.profile'));
  await shots(page, 'privacy-consents');

  // 3. Download my data: the file is the customer's own, with the consent just given.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: msg('privacy.download.button') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^dabba-data_${customer.username}_\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(file.profile.username).toBe(customer.username);
  expect(file.profile.email).toBe(customer.email);
  expect(file.profile).not.toHaveProperty('password_hash');
  expect(file.consents).toEqual([
    expect.objectContaining({
      channel: 'sms',
      purpose: 'promotions',
      grant_method: 'profile',
      notice_version: PRIVACY_NOTICE_VERSION,
      withdrawn_at: null,
    }),
  ]);

  // 4. Erase my account: a wrong password is refused under the field, the right one sends it.
  await page.getByRole('button', { name: msg('privacy.erase.button') }).click();
  const dialog = page.getByRole('dialog', { name: msg('privacy.erase.confirmTitle') });
  await dialog.getByLabel(msg('privacy.erase.password'), { exact: true }).fill('not-my-password');
  await dialog.getByRole('button', { name: msg('privacy.erase.submit') }).click();
  await expect(dialog.getByText(serverTx('Your password was entered incorrectly.'))).toBeVisible();
  await dialog.getByLabel(msg('privacy.erase.password'), { exact: true }).fill(customer.password);
  await dialog.getByRole('button', { name: msg('privacy.erase.submit') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: msg('privacy.erase.cancel') })).toBeVisible();
  await shots(page, 'privacy-erasure-requested');

  // Meanwhile a customer whose paid subscription still runs asks too (through the API).
  const busy = await registerCustomer(request, {
    service: 'mess',
    prefix: 'prvbusy',
    firstName: 'Kiran',
  });
  await subscribeAndPay(request, busy, await ensurePlan(request, PLANS.mess));
  const busyAsked = await request.post('/api/accounts/erasure-request/', {
    headers: { Authorization: `Bearer ${busy.tokens.access}` },
    data: { password: busy.password },
  });
  expect(busyAsked.status()).toBe(201);
  const busyRequestId = ((await busyAsked.json()) as { request: { id: number } }).request.id;

  // 5. The owner opens Erasure requests from the navigation and completes it.
  await signOut(page);
  await ownerLogsIn(page);
  await openFromNav(page, msg('nav.erasureRequests'));
  await expect(page).toHaveURL(/\/admin\/erasure-requests$/);
  await expect(page.getByRole('heading', { name: msg('erasure.title'), level: 1 })).toBeVisible();
  const complete = page.getByRole('button', {
    name: msg('erasure.completeLabel', { name: customer.fullName }),
  });
  await expect(complete.first()).toBeVisible();
  // The running subscription blocks the other one: the row says so, and offers no Complete.
  const waiting = page.getByTestId(`erasure-${busyRequestId}`);
  await expect(waiting).toContainText(busy.fullName);
  await expect(waiting).toContainText(refusal('erasure.subscription_active'));
  await expect(waiting.getByRole('button')).toHaveCount(0);
  await shots(page, 'privacy-owner-erasure-list');
  const item = page.getByRole('listitem').filter({ has: complete });
  const testId = await item.first().getAttribute('data-testid');
  await complete.first().click();
  const confirm = page.getByRole('dialog', {
    name: msg('erasure.confirmTitle', { name: customer.fullName }),
  });
  await shots(page, 'privacy-owner-erasure-confirm');
  await confirm.getByRole('button', { name: msg('erasure.confirm') }).click();
  await expect(confirm).toBeHidden();
  const erased = page.getByTestId(testId!);
  const erasedName = escapeRegex(msg('person.erased', { id: 0 })).replace('0', '\\d+');
  await expect(erased).toContainText(new RegExp(erasedName));
  await expect(erased).not.toContainText(customer.fullName);
  await expect(erased).toContainText(msg('erasure.status.completed'));
  await expect(erased.getByRole('button')).toHaveCount(0);
  await shots(page, 'privacy-owner-erasure-done');
  // The customer's own page names the account the same way, in the app's language.
  const erasedId = /#(\d+)/.exec((await erased.innerText()) ?? '')![1]!;
  await page.goto(`/admin/customers/${erasedId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    msg('person.erased', { id: Number(erasedId) }),
  );
  // It says when and why it was erased, instead of contacts nobody has and consents to record.
  const [before, after] = msg('superuser.customer.erased', { date: '@@' }).split('@@');
  const note = page.getByRole('note');
  await expect(note).toContainText(before!);
  await expect(note).toContainText(after!);
  await expect(page.getByRole('heading', { name: msg('superuser.consent.title') })).toHaveCount(0);
  await shots(page, 'privacy-owner-erased-customer');

  // 6. The customer can no longer sign in.
  const login = await request.post('/api/accounts/login/', {
    data: { username: customer.username, password: customer.password },
  });
  expect(login.status()).toBe(401);
});

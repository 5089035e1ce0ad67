// The dues hold (issue 21): the owner turns it on in Settings → Payments; a customer who owes more
// than the limit is marked Held on the owner's dues list and sees on their home why their meals are
// paused, with the ways to pay (the mess's UPI QR, decoded here; the online checkout); they pay it
// online from Payment History and the banner is gone. The hold is
// turned off again whatever happens, since every journey shares the server.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import path from 'node:path';
import { msg } from './i18n';
import {
  ensurePlan,
  openSignedIn,
  ownerTokens,
  registerCustomer,
  type PlanSpec,
} from './owner-fixtures';

const HOLD_PLAN: PlanSpec = {
  code: 'E2E-HOLD-30',
  name: 'Hold Mess (E2E)',
  service_type: 'mess',
  base_price: 2500,
  duration_days: 30,
  included_meals: ['lunch', 'dinner'],
};
const RECORD = '/api/payments/admin/payments/record_offline/';

async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}

async function owner(request: APIRequestContext) {
  return { Authorization: `Bearer ${(await ownerTokens(request)).access}` };
}

/** The hold off again, the rest of the settings as they are. */
async function holdOff(request: APIRequestContext) {
  const headers = await owner(request);
  const settings = await (await request.get('/api/owner/settings/', { headers })).json();
  const saved = await request.put('/api/owner/settings/', {
    headers,
    data: {
      ...settings,
      payments: { ...settings.payments, hold: { ...settings.payments.hold, enabled: false } },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test.afterEach(async ({ request }) => {
  await holdOff(request);
});

test('the owner turns the dues hold on; the customer sees why and pays it off', async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, {
    service: 'mess',
    prefix: 'hold',
    firstName: 'Hema',
  });
  const planId = await ensurePlan(request, HOLD_PLAN);
  const subscribed = await request.post('/api/subscriptions/subscriptions/', {
    headers: { Authorization: `Bearer ${customer.tokens.access}` },
    data: { plan: planId },
  });
  expect(subscribed.status()).toBe(201);
  const subscription = (await subscribed.json()) as { id: number };
  // ₹500 of ₹2,500 at the counter: ₹2,000 owed.
  const part = await request.post(RECORD, {
    headers: await owner(request),
    data: { subscription: subscription.id, amount: 500, payment_mode: 'cash' },
  });
  expect(part.status(), await part.text()).toBe(201);

  // 1. The owner turns the hold on above ₹1,000, with no days limit.
  // Signed in with the owner's tokens (the login form has its own journeys).
  await openSignedIn(page, await ownerTokens(request), '/admin/settings');
  await page.getByLabel(msg('settings.payments.holdEnabled')).check();
  await page.getByLabel(msg('settings.payments.holdAmount')).fill('1000');
  await page.getByLabel(msg('settings.payments.holdDays')).fill('');
  await page.getByRole('button', { name: msg('settings.save'), exact: true }).click();
  await expect(page.getByText(msg('settings.toast.saved')).first()).toBeVisible();

  // 2. On the dues list, held only: the customer, marked Held and why.
  await page.goto('/admin/dues');
  await page.getByLabel(msg('superuser.dues.filter.held')).check();
  await page.getByLabel(msg('superuser.dues.search')).fill(customer.username);
  const row = page.getByRole('row').filter({ hasText: customer.fullName });
  await expect(row).toContainText(msg('hold.badge'));
  await expect(row).toContainText(msg('hold.short.overAmount', { limit: '₹1,000' }));
  await shot(page, `hold-dues-list-${test.info().project.name}`);

  // 3. The customer's home says why the meals are paused, and the way to pay.
  await page.evaluate(() => {
    const picked = localStorage.getItem('dabba.language');
    localStorage.clear();
    if (picked) localStorage.setItem('dabba.language', picked);
  });
  await openSignedIn(page, customer.tokens, '/dashboard');
  const banner = page.getByRole('status').filter({
    hasText: msg('hold.overAmount', { amount: '₹2,000', limit: '₹1,000' }),
  });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(msg('hold.payToResume'));
  await shot(page, `hold-banner-${test.info().project.name}`);
  await banner.getByRole('link', { name: msg('hold.pay') }).click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(
    page.getByText(msg('hold.overAmount', { amount: '₹2,000', limit: '₹1,000' })),
  ).toBeVisible();

  // 4. Straight to the mess by any UPI app: the owner's UPI id as a QR for what is owed.
  const headers = await owner(request);
  const settings = await (await request.get('/api/owner/settings/', { headers })).json();
  const upiSaved = await request.put('/api/owner/settings/', {
    headers,
    data: {
      ...settings,
      upi: { vpa: 'annapurna.mess@okaxis', payee_name: 'Annapurna Mess', link_expiry_days: 7 },
    },
  });
  expect(upiSaved.status(), await upiSaved.text()).toBe(200);
  await page
    .getByRole('button', { name: msg('payments.payDues.upiFor', { plan: HOLD_PLAN.name }) })
    .click();
  const qr = page.getByRole('img', {
    name: msg('payments.payDues.upiQr', { amount: '₹2,000', payee: 'Annapurna Mess' }),
  });
  await expect(qr).toBeVisible();
  const png = PNG.sync.read(await qr.screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded, 'the QR code decodes').not.toBeNull();
  const uri = new URL(decoded!.data);
  expect(uri.protocol).toBe('upi:');
  expect(uri.searchParams.get('pa')).toBe('annapurna.mess@okaxis');
  expect(uri.searchParams.get('am')).toBe('2000.00');
  await expect(
    page.getByRole('link', { name: msg('payments.payDues.upiOpen'), exact: true }),
  ).toHaveAttribute('href', decoded!.data);
  await shot(page, `hold-upi-${test.info().project.name}`);

  // 5. Or online: the customer pays what is owed from there; the hold is lifted, the banner gone.
  await page
    .getByRole('button', {
      name: msg('payments.payDues.onlineFor', { amount: '₹2,000', plan: HOLD_PLAN.name }),
    })
    .click();
  const checkout = page.getByRole('dialog');
  await checkout.getByRole('radio', { name: msg('checkout.sandbox.method.card') }).click();
  await checkout
    .getByRole('button', { name: msg('checkout.sandbox.pay', { amount: '₹2,000' }) })
    .click();
  await expect(page.getByText(msg('ledger.balance.settled'))).toBeVisible();
  await page.goto('/dashboard');
  await expect(
    page.getByRole('heading', {
      name: msg('dashboard.hello', { name: customer.firstName }),
    }),
  ).toBeVisible();
  await expect(page.getByText(msg('hold.payToResume'))).toHaveCount(0);
});

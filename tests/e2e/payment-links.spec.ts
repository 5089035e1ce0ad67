// UPI payment links and the counter UPI QR (issue 21). The owner sends a payment link for a
// subscription awaiting payment; the customer opens it (the sandbox's hosted page), pays by UPI,
// and the dues clear: the subscription is active and a receipt exists. The owner's counter QR
// renders and scans (decoded here with jsQR) as a valid upi://pay URI for the dues: the provider's
// QR (the sandbox pays what was decoded and the screen says Paid), and the QR of the owner's UPI
// id. On a desktop and on a 360 px phone; with E2E_SHOTS set to a folder, each step's screen is
// saved there.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import path from 'node:path';
import { PNG } from 'pngjs';
import { msg, tx } from './i18n';
import {
  ensurePlan,
  expectAccessible,
  expectNotice,
  openSignedIn,
  ownerLogsIn,
  ownerTokens,
  registerCustomer,
  type PlanSpec,
  type TestCustomer,
} from './owner-fixtures';
import { oneLanguagePerWidth } from './support';

const LINK_PLAN: PlanSpec = {
  code: 'E2E-LINK-30',
  name: 'UPI Link Mess (E2E)',
  service_type: 'mess',
  base_price: 1800,
  duration_days: 30,
  included_meals: ['lunch', 'dinner'],
};
const VPA = 'annapurna.mess@okaxis';
const PAYEE = 'Annapurna Mess';

async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}

async function pendingSubscription(request: APIRequestContext, customer: TestCustomer) {
  const planId = await ensurePlan(request, LINK_PLAN);
  const answer = await request.post('/api/subscriptions/subscriptions/', {
    headers: { Authorization: `Bearer ${customer.tokens.access}` },
    data: { plan: planId },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as { id: number; total_paid: number };
}

/** The owner's UPI id and payee name, as the Settings screen saves them. */
async function setUpi(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${(await ownerTokens(request)).access}` };
  const current = await (await request.get('/api/owner/settings/', { headers })).json();
  const saved = await request.put('/api/owner/settings/', {
    headers,
    data: { ...current, upi: { vpa: VPA, payee_name: PAYEE, link_expiry_days: 7 } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function toPendingPayments(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: tx('Open menu') }).click();
    await page
      .getByRole('navigation', { name: tx('Mobile') })
      .getByRole('link', { name: msg('nav.paymentsUsers'), exact: true })
      .click();
  } else {
    await page
      .getByRole('navigation', { name: tx('Main') })
      .getByRole('link', { name: msg('nav.paymentsUsers'), exact: true })
      .click();
  }
  await page.getByRole('tab', { name: tx('Pending Payments'), exact: true }).click();
}

const rupees = (amount: number) =>
  `₹${amount.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

for (const viewport of [
  { name: 'desktop', size: { width: 1366, height: 900 }, phone: false },
  { name: 'phone 360 px', size: { width: 360, height: 740 }, phone: true },
]) {
  test(`a payment link paid by UPI in the sandbox clears the dues (${viewport.name})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    oneLanguagePerWidth(viewport.phone);
    await page.setViewportSize(viewport.size);
    const tag = `${viewport.phone ? '360' : '1366'}-${test.info().project.name}`;
    const customer = await registerCustomer(request, {
      service: 'mess',
      prefix: 'link',
      firstName: 'Kavya',
    });
    const subscription = await pendingSubscription(request, customer);

    // 1. The owner sends a link for everything due from Pending Payments.
    await ownerLogsIn(page);
    await toPendingPayments(page, viewport.phone);
    const row = page.getByRole('row').filter({ hasText: `@${customer.username}` });
    await row
      .getByRole('button', {
        name: msg('superuser.link.openLabel', { id: subscription.id, username: customer.username }),
      })
      .click();
    const dialog = page.getByRole('dialog', { name: msg('superuser.link.title') });
    await expect(dialog.getByLabel(msg('superuser.link.amount'))).toHaveValue(
      String(subscription.total_paid),
    );
    await expect(dialog).toContainText(msg('superuser.link.none'));
    await dialog.getByRole('button', { name: msg('superuser.link.create') }).click();
    await expectNotice(page, msg('superuser.link.toast.created.title'));
    const link = dialog
      .getByRole('list', { name: msg('superuser.link.listLabel') })
      .getByRole('listitem');
    await expect(link).toHaveCount(1);
    await expect(link).toContainText(msg('superuser.link.status.created'));
    await expect(link).toContainText(rupees(subscription.total_paid));
    await expect(link.getByRole('button', { name: msg('superuser.link.cancel') })).toBeVisible();
    const shortUrl = await link.getByRole('link').getAttribute('href');
    expect(shortUrl).toMatch(/\/pay\/plink_[A-Za-z0-9]{14}$/);
    await expectAccessible(page, `payment link dialog (${viewport.name})`);
    await shot(page, `payment-link-dialog-${tag}`);

    // 2. The customer opens the link on their phone, signed out, and pays by UPI.
    await page.evaluate(() => {
      const picked = localStorage.getItem('dabba.language');
      localStorage.clear();
      if (picked) localStorage.setItem('dabba.language', picked);
    });
    await page.goto(shortUrl!);
    const business = (await (await request.get('/api/business/')).json()) as { name: string };
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      msg('payLink.heading', { business: business.name }),
    );
    await expect(page.getByText(rupees(subscription.total_paid)).first()).toBeVisible();
    await expectAccessible(page, `hosted payment link page (${viewport.name})`);
    await shot(page, `payment-link-page-${tag}`);
    await page
      .getByRole('button', {
        name: msg('payLink.payUpi', { amount: rupees(subscription.total_paid) }),
      })
      .click();
    const paid = page.getByRole('status');
    await expect(paid).toContainText(msg('payLink.paid'));
    await expect(paid).toContainText(/RCPT-\d{6}/);
    await shot(page, `payment-link-paid-${tag}`);

    // 3. The dues are clear: the subscription is active and the payment has its receipt.
    await openSignedIn(page, customer.tokens, '/subscriptions');
    const card = page.getByRole('region', { name: LINK_PLAN.name });
    await expect(card).toContainText(msg('status.subscription.ACTIVE'));
    await page.goto('/payments');
    const payment = page
      .getByRole('list', { name: msg('payments.listLabel') })
      .getByRole('listitem')
      .first();
    await expect(payment).toContainText(rupees(subscription.total_paid));
    await expect(payment.getByRole('button', { name: tx('View Receipt') })).toBeVisible();
    await shot(page, `payment-link-receipt-${tag}`);
  });

  test(`the counter UPI QR scans as a UPI request for the dues (${viewport.name})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    oneLanguagePerWidth(viewport.phone);
    await page.setViewportSize(viewport.size);
    const tag = `${viewport.phone ? '360' : '1366'}-${test.info().project.name}`;
    await setUpi(request);
    const customer = await registerCustomer(request, {
      service: 'mess',
      prefix: 'qr',
      firstName: 'Arjun',
    });
    const subscription = await pendingSubscription(request, customer);
    await ownerLogsIn(page);
    await toPendingPayments(page, viewport.phone);
    await page
      .getByRole('row')
      .filter({ hasText: `@${customer.username}` })
      .getByRole('button', {
        name: msg('superuser.qr.openLabel', { id: subscription.id, username: customer.username }),
      })
      .click();
    const dialog = page.getByRole('dialog', { name: msg('superuser.qr.title') });
    // The sandbox makes QR codes, so the provider's comes first; the owner prefers their own.
    await dialog.getByRole('button', { name: msg('superuser.counterQr.ownUpi') }).click();
    const qr = dialog.getByRole('img', {
      name: msg('superuser.qr.label', { amount: rupees(subscription.total_paid), payee: PAYEE }),
    });
    await expect(qr).toBeVisible();
    await expect(dialog).toContainText(VPA);
    await expectAccessible(page, `counter QR dialog (${viewport.name})`);
    await shot(page, `counter-qr-${tag}`);

    // Decode the QR from its pixels, as a UPI app's scanner would.
    const png = PNG.sync.read(await qr.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded, 'the QR code decodes').not.toBeNull();
    expect(decoded!.data).toMatch(/^upi:\/\/pay\?/);
    const uri = new URL(decoded!.data);
    expect(uri.searchParams.get('pa')).toBe(VPA);
    expect(uri.searchParams.get('pn')).toBe(PAYEE);
    expect(uri.searchParams.get('am')).toBe(subscription.total_paid.toFixed(2));
    expect(uri.searchParams.get('cu')).toBe('INR');
    expect(uri.searchParams.get('tn')).toBe(`${LINK_PLAN.name} #${subscription.id}`);

    // The money arrived: the owner goes on to record the UPI payment with its UTR.
    await dialog.getByRole('button', { name: msg('superuser.qr.record') }).click();
    await expect(page.getByRole('dialog', { name: tx('Record payment') })).toBeVisible();
  });

  test(`the provider's counter QR scans as a UPI request, the sandbox pays it and the screen says Paid (${viewport.name})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport.size);
    const tag = `${viewport.phone ? '360' : '1366'}-${test.info().project.name}`;
    const customer = await registerCustomer(request, {
      service: 'mess',
      prefix: 'pqr',
      firstName: 'Meera',
    });
    const subscription = await pendingSubscription(request, customer);
    await ownerLogsIn(page);
    await toPendingPayments(page, viewport.phone);
    const row = page.getByRole('row').filter({ hasText: `@${customer.username}` });
    await row
      .getByRole('button', {
        name: msg('superuser.qr.openLabel', { id: subscription.id, username: customer.username }),
      })
      .click();
    const dialog = page.getByRole('dialog', { name: msg('superuser.qr.title') });
    const amount = rupees(subscription.total_paid);
    const qr = dialog.getByRole('img', { name: msg('superuser.counterQr.label', { amount }) });
    await expect(qr).toBeVisible();
    await expect(dialog).toContainText(msg('superuser.counterQr.status.created'));
    await expectAccessible(page, `provider counter QR dialog (${viewport.name})`);
    await shot(page, `provider-counter-qr-${tag}`);

    // Decode the QR from its pixels, as a UPI app's scanner would.
    const png = PNG.sync.read(await qr.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded, 'the QR code decodes').not.toBeNull();
    expect(decoded!.data).toMatch(/^upi:\/\/pay\?/);
    const uri = new URL(decoded!.data);
    expect(uri.searchParams.get('pa')).toMatch(/^rzr\.qr[a-z0-9]{14}@sandbox$/);
    expect(uri.searchParams.get('am')).toBe(subscription.total_paid.toFixed(2));
    expect(uri.searchParams.get('cu')).toBe('INR');
    expect(uri.searchParams.get('tr')).toMatch(/^qr_[A-Za-z0-9]{14}$/);
    expect(uri.searchParams.get('tn')).toBe(`${LINK_PLAN.name} #${subscription.id}`);

    // The customer's UPI app pays what it scanned; the sandbox reports it by the signed webhook.
    const paid = await request.post('/api/payments/sandbox/qr-codes/pay/', {
      data: { upi_uri: decoded!.data, outcome: 'success' },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    expect((await paid.json()).status).toBe('credited');

    // The owner's screen sees it by itself: Paid, and the dues refresh (the row leaves the list).
    await expect(dialog.getByRole('status')).toContainText(
      msg('superuser.counterQr.status.credited'),
    );
    await expect(dialog).toContainText(msg('superuser.counterQr.paid', { amount }));
    await shot(page, `provider-counter-qr-paid-${tag}`);
    await dialog.getByRole('button', { name: msg('superuser.counterQr.done') }).click();
    await expect(row).toHaveCount(0);
  });
}

for (const viewport of [
  { name: 'desktop', size: { width: 1366, height: 900 }, phone: false },
  { name: 'phone 360 px', size: { width: 360, height: 740 }, phone: true },
]) {
  test(`a part-paid subscription reads price, paid and due, and its link asks for what is due (${viewport.name})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    oneLanguagePerWidth(viewport.phone);
    await page.setViewportSize(viewport.size);
    const tag = `${viewport.phone ? '360' : '1366'}-${test.info().project.name}`;
    const customer = await registerCustomer(request, {
      service: 'mess',
      prefix: 'part',
      firstName: 'Ishaan',
    });
    const subscription = (await pendingSubscription(request, customer)) as {
      id: number;
      total_paid: number;
      user: { id: number };
    };
    // ₹1,000 of ₹1,800 paid at the counter; with full payment required (the default), the
    // subscription waits for the other ₹800.
    const headers = { Authorization: `Bearer ${(await ownerTokens(request)).access}` };
    const settings = (await (await request.get('/api/owner/settings/', { headers })).json()) as {
      payments: { activation: string };
    };
    expect(settings.payments.activation).toBe('full_payment');
    const recorded = await request.post('/api/payments/admin/payments/record_offline/', {
      headers,
      data: { payment_mode: 'cash', subscription: subscription.id, amount: 1000 },
    });
    expect(recorded.status(), await recorded.text()).toBe(201);

    // Pending Payments: Price ₹1,800, Paid ₹1,000, and the Amount Due is what is owed.
    await ownerLogsIn(page);
    await toPendingPayments(page, viewport.phone);
    const row = page.getByRole('row').filter({ hasText: `@${customer.username}` });
    const cell = (header: string) => row.locator(`td[data-label="${header}"]`);
    await expect(cell(msg('format.money.price'))).toHaveText('₹1,800');
    await expect(cell(msg('format.money.paid'))).toHaveText('₹1,000');
    await expect(cell(msg('superuser.pending.amountDue'))).toHaveText('₹800');
    await shot(page, `part-paid-pending-${tag}`);

    // The link dialog starts from the ₹800 due, and the server takes it.
    await row
      .getByRole('button', {
        name: msg('superuser.link.openLabel', { id: subscription.id, username: customer.username }),
      })
      .click();
    const dialog = page.getByRole('dialog', { name: msg('superuser.link.title') });
    await expect(dialog.getByLabel(msg('superuser.link.amount'))).toHaveValue('800');
    await expect(dialog).toContainText(msg('superuser.link.amountHint', { due: '₹800' }));
    await dialog.getByRole('button', { name: msg('superuser.link.create') }).click();
    await expectNotice(page, msg('superuser.link.toast.created.title'));
    await expect(
      dialog.getByRole('list', { name: msg('superuser.link.listLabel') }).getByRole('listitem'),
    ).toContainText('₹800');
    await shot(page, `part-paid-link-${tag}`);
    await page.keyboard.press('Escape');

    // The customer's page: each figure in its own column.
    await openSignedIn(
      page,
      await ownerTokens(request),
      `/admin/customers/${subscription.user.id}`,
    );
    const line = page.getByRole('row').filter({ hasText: `#${subscription.id}` });
    await expect(line.locator(`td[data-label="${msg('format.money.price')}"]`)).toHaveText(
      '₹1,800',
    );
    await expect(line.locator(`td[data-label="${msg('format.money.paid')}"]`)).toHaveText('₹1,000');
    await expect(line.locator(`td[data-label="${msg('format.money.refunded')}"]`)).toHaveText('₹0');
    await expect(line.locator(`td[data-label="${msg('format.money.due')}"]`)).toHaveText('₹800');
    await expectAccessible(page, `customer page with a part-paid subscription (${viewport.name})`);
    await shot(page, `part-paid-customer-${tag}`);
  });
}

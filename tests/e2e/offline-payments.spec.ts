// Money paid at the mess (issue 12): the owner records a cash payment for a customer's subscription
// awaiting payment; the customer then sees the subscription ACTIVE and the payment, with its
// receipt, in Payment History. On a desktop and on a 360 px phone. With E2E_SHOTS set to a folder,
// each step's screen is also saved there as a PNG for people to look at.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatCalendarDate } from '../../machines/shared/dates';
import {
  ensurePlan,
  expectAccessible,
  expectNotice,
  indiaDate,
  openSignedIn,
  ownerLogsIn,
  plusDays,
  registerCustomer,
  type PlanSpec,
  type TestCustomer,
} from './owner-fixtures';

const CASH_PLAN: PlanSpec = {
  code: 'E2E-CASH-30',
  name: 'Counter Cash Mess (E2E)',
  service_type: 'mess',
  base_price: 2500,
  duration_days: 30,
  included_meals: ['lunch', 'dinner'],
};

async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}

/** The customer subscribes (as they would in the browser) and leaves it unpaid. */
async function pendingSubscription(request: APIRequestContext, customer: TestCustomer) {
  const planId = await ensurePlan(request, CASH_PLAN);
  const answer = await request.post('/api/subscriptions/subscriptions/', {
    headers: { Authorization: `Bearer ${customer.tokens.access}` },
    data: { plan: planId },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as { id: number; total_paid: number };
}

/** The owner's way to a screen: the main navigation, or the mobile menu on a phone. */
async function navigate(page: Page, label: string, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: label, exact: true })
      .click();
  } else {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: label, exact: true })
      .click();
  }
}

const rupees = (amount: number) =>
  `₹${amount.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

for (const viewport of [
  { name: 'desktop', size: { width: 1366, height: 900 }, phone: false },
  { name: 'phone 360 px', size: { width: 360, height: 740 }, phone: true },
]) {
  test(`owner records a cash payment, the customer sees it (${viewport.name})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport.size);
    const tag = viewport.phone ? '360' : '1366';
    const customer = await registerCustomer(request, {
      service: 'mess',
      prefix: 'cash',
      firstName: 'Meena',
    });
    const subscription = await pendingSubscription(request, customer);
    const due = subscription.total_paid;
    const today = indiaDate();

    // 1. The owner finds the subscription under Payments & Users → Pending Payments.
    await ownerLogsIn(page);
    await navigate(page, 'Payments & Users', viewport.phone);
    await page.getByRole('tab', { name: 'Pending Payments' }).click();
    const row = page.getByRole('row').filter({ hasText: `@${customer.username}` });
    await expect(row).toContainText(CASH_PLAN.name);
    await expect(row).toContainText(rupees(due));
    await expectAccessible(page, `Pending Payments tab (${viewport.name})`);
    await shot(page, `pending-payments-${tag}`);
    await row
      .getByRole('button', {
        name: `Record payment: subscription #${subscription.id} of ${customer.username}`,
      })
      .click();

    // 2. The dialog: labelled fields, the price filled in, and the rules explained under each field.
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await expect(dialog).toContainText(`subscription #${subscription.id}`);
    const amount = dialog.getByLabel('Amount received (₹)');
    await expect(amount).toHaveValue(String(due));
    await expect(dialog.getByLabel('Date received')).toHaveValue(today);
    await expect(dialog).toContainText(
      `active from ${formatCalendarDate(today)} to ${formatCalendarDate(plusDays(today, 29))}`,
    );
    await amount.fill('500');
    await dialog.getByLabel('Payment mode').selectOption('upi');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await expect(dialog.getByLabel('Amount received (₹)')).toHaveAccessibleDescription(
      `The amount must be ${rupees(due)}, the subscription's full price; part payments cannot be recorded.`,
    );
    await expect(dialog.getByLabel('UPI transaction id')).toHaveAccessibleDescription(
      /A reference is required for UPI and bank transfers/,
    );
    await expectAccessible(page, `record payment dialog with errors (${viewport.name})`);
    await shot(page, `record-payment-errors-${tag}`);

    // 3. Cash, the full price, a note: recorded, with a toast that names the receipt.
    await amount.fill(String(due));
    await dialog.getByLabel('Payment mode').selectOption('cash');
    await expect(dialog.getByLabel('Reference (optional)')).toBeVisible();
    await dialog.getByLabel('Note (optional)').fill('Paid at the counter');
    await shot(page, `record-payment-filled-${tag}`);
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await expectNotice(
      page,
      'Payment Recorded',
      new RegExp(
        `\\(Cash\\) from ${customer.username}: subscription #${subscription.id} is active until .*Receipt RCPT-\\d{6}`,
      ),
    );
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: `@${customer.username}` })).toHaveCount(0);
    await shot(page, `pending-payments-after-${tag}`);

    // The owner's payment views say how it was paid, when it came and who recorded it.
    await page.getByRole('tab', { name: 'All Payments' }).click();
    const paid = page.getByRole('row').filter({ hasText: `@${customer.username}` });
    await expect(paid).toContainText('Paid at the mess');
    await paid.getByRole('button', { name: /^View more: payment #\d+$/ }).click();
    const details = page.getByRole('dialog', { name: /^Payment #\d+$/ });
    await expect(details).toContainText('Cash');
    await expect(details).toContainText('Recorded By');
    await expect(details).toContainText('@owner');
    await shot(page, `owner-payment-details-${tag}`);
    await details.getByRole('button', { name: 'Close' }).click();

    // 4. The customer signs in: the subscription is ACTIVE from today.
    await page.evaluate(() => localStorage.clear());
    await openSignedIn(page, customer.tokens, '/subscriptions');
    const card = page.getByRole('region', { name: CASH_PLAN.name });
    await expect(card).toContainText('Active');
    await expect(card).toContainText(formatCalendarDate(today));
    await expect(card).toContainText(formatCalendarDate(plusDays(today, 29)));
    await shot(page, `customer-subscriptions-${tag}`);

    // 5. Payment History shows the payment made at the mess, with its receipt as HTML and PDF.
    await navigate(page, 'Payments', viewport.phone);
    await expect(page.getByRole('heading', { name: 'Payment History', level: 1 })).toBeVisible();
    const payment = page.getByRole('list', { name: 'Payments' }).getByRole('listitem').first();
    await expect(payment).toContainText(rupees(due));
    await expect(payment).toContainText('Paid at the mess');
    await expect(payment).toContainText('Cash');
    await expect(payment).toContainText('Received on');
    await expect(payment).toContainText(formatCalendarDate(today));
    await expectAccessible(page, `payment history (${viewport.name})`);
    await shot(page, `customer-payments-${tag}`);
    await payment.getByRole('button', { name: 'View Receipt' }).click();
    const receipt = page.getByRole('dialog');
    const body = receipt.frameLocator('iframe').locator('body');
    await expect(body).toContainText('Paid at the mess');
    await expect(body).toContainText('Received on');
    await expect(body).toContainText(rupees(due));
    await shot(page, `customer-receipt-${tag}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      receipt.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^receipt_\d+\.pdf$/);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectNotice(page, 'Receipt Downloaded');
  });
}

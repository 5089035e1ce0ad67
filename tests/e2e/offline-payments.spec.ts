// Money paid at the mess (issue 12): the owner records a cash payment for a customer's subscription
// awaiting payment; the customer then sees the subscription ACTIVE and the payment, with its
// receipt, in Payment History. On a desktop and on a 360 px phone. With E2E_SHOTS set to a folder,
// each step's screen is also saved there as a PNG for people to look at.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeRegex, msg, serverTx, tx, txPattern } from './i18n';
import {
  displayDate,
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
import { oneLanguagePerWidth } from './support';

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
    await page.getByRole('button', { name: tx('Open menu') }).click();
    await page
      .getByRole('navigation', { name: tx('Mobile') })
      .getByRole('link', { name: label, exact: true })
      .click();
  } else {
    await page
      .getByRole('navigation', { name: tx('Main') })
      .getByRole('link', { name: label, exact: true })
      .click();
  }
}

/** A message with its <0>…</0> parts as the text they show. */
const withoutTags = (text: string) => text.replace(/<\/?\d+>/g, '');

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
    oneLanguagePerWidth(viewport.phone);
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
    await navigate(page, msg('nav.paymentsUsers'), viewport.phone);
    await page.getByRole('tab', { name: tx('Pending Payments'), exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: `@${customer.username}` });
    await expect(row).toContainText(CASH_PLAN.name);
    await expect(row).toContainText(rupees(due));
    await expectAccessible(page, `Pending Payments tab (${viewport.name})`);
    await shot(page, `pending-payments-${tag}`);
    await row
      .getByRole('button', {
        name: tx('Record payment: subscription #{id} of {username}', {
          id: subscription.id,
          username: customer.username,
        }),
      })
      .click();

    // 2. The dialog: labelled fields, the price filled in, and the rules explained under each field.
    const dialog = page.getByRole('dialog', { name: tx('Record payment') });
    await expect(dialog).toContainText(
      txPattern('{name} (@{username}) · {plan} · subscription #{id}', {
        username: customer.username,
        plan: CASH_PLAN.name,
        id: subscription.id,
      }),
    );
    const amount = dialog.getByLabel(tx('Amount received (₹)'));
    await expect(amount).toHaveValue(String(due));
    await expect(dialog.getByLabel(tx('Date received'))).toHaveValue(today);
    await expect(dialog).toContainText(
      withoutTags(
        tx('The subscription becomes active from <0>{start}</0> to <1>{end}</1>.', {
          start: displayDate(today),
          end: displayDate(plusDays(today, 29)),
        }),
      ),
    );
    await amount.fill(String(due + 500));
    await dialog.getByLabel(msg('superuser.record.mode')).selectOption('upi');
    await dialog.getByRole('button', { name: tx('Record Payment') }).click();
    await expect(dialog.getByLabel(tx('Amount received (₹)'))).toHaveAccessibleDescription(
      tx('The amount must be at least ₹1 and at most {due}, what the subscription still owes.', {
        due: rupees(due),
      }),
    );
    await expect(dialog.getByLabel(tx('UPI transaction id'))).toHaveAccessibleDescription(
      new RegExp(
        escapeRegex(
          tx(
            'A reference is required for UPI and bank transfers: the UPI transaction id or the bank UTR.',
          ),
        ),
      ),
    );
    await expectAccessible(page, `record payment dialog with errors (${viewport.name})`);
    await shot(page, `record-payment-errors-${tag}`);

    // 3. Cash, the full price, a note: recorded, with a toast that names the receipt.
    await amount.fill(String(due));
    await dialog.getByLabel(msg('superuser.record.mode')).selectOption('cash');
    await expect(dialog.getByLabel(tx('Reference (optional)'))).toBeVisible();
    await dialog.getByLabel(tx('Note (optional)')).fill('Paid at the counter');
    await shot(page, `record-payment-filled-${tag}`);
    await dialog.getByRole('button', { name: tx('Record Payment') }).click();
    await expectNotice(
      page,
      tx('Payment Recorded'),
      txPattern(
        '{amount} ({mode}) from {username}: subscription #{id} is active until {date}. Receipt {receipt}.',
        {
          mode: msg('superuser.paymentMode.cash'),
          username: customer.username,
          id: subscription.id,
          date: /.*/,
          receipt: /RCPT-\d{6}/,
        },
      ),
    );
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: `@${customer.username}` })).toHaveCount(0);
    await shot(page, `pending-payments-after-${tag}`);

    // The owner's payment views say how it was paid, when it came and who recorded it.
    await page.getByRole('tab', { name: msg('superuser.tab.all'), exact: true }).click();
    const paid = page.getByRole('row').filter({ hasText: `@${customer.username}` });
    await expect(paid).toContainText(msg('superuser.gateway.offline'));
    await paid
      .getByRole('button', {
        name: txPattern('View more: payment #{id}', { id: /\d+/ }, { whole: true }),
      })
      .click();
    const details = page.getByRole('dialog', {
      name: txPattern('Payment #{id}', { id: /\d+/ }, { whole: true }),
    });
    await expect(details).toContainText(msg('superuser.paymentMode.cash'));
    await expect(details).toContainText(tx('Recorded By'));
    await expect(details).toContainText('@owner');
    await shot(page, `owner-payment-details-${tag}`);
    await details.getByRole('button', { name: tx('Close') }).click();

    // 4. The customer signs in: the subscription is ACTIVE from today.
    // Signed out; the language picked on this device stays.
    await page.evaluate(() => {
      const picked = localStorage.getItem('dabba.language');
      localStorage.clear();
      if (picked) localStorage.setItem('dabba.language', picked);
    });
    await openSignedIn(page, customer.tokens, '/subscriptions');
    const card = page.getByRole('region', { name: CASH_PLAN.name });
    await expect(card).toContainText(msg('status.subscription.ACTIVE'));
    await expect(card).toContainText(displayDate(today));
    await expect(card).toContainText(displayDate(plusDays(today, 29)));
    await shot(page, `customer-subscriptions-${tag}`);

    // 5. Payment History shows the payment made at the mess, with its receipt as HTML and PDF.
    await navigate(page, msg('nav.payments'), viewport.phone);
    await expect(
      page.getByRole('heading', { name: msg('payments.title'), level: 1 }),
    ).toBeVisible();
    const payment = page
      .getByRole('list', { name: msg('payments.listLabel') })
      .getByRole('listitem')
      .first();
    await expect(payment).toContainText(rupees(due));
    await expect(payment).toContainText(msg('payments.gateway.offline'));
    await expect(payment).toContainText(msg('payments.mode.cash'));
    await expect(payment).toContainText(tx('Received on'));
    await expect(payment).toContainText(displayDate(today));
    await expectAccessible(page, `payment history (${viewport.name})`);
    await shot(page, `customer-payments-${tag}`);
    await payment.getByRole('button', { name: tx('View Receipt') }).click();
    const receipt = page.getByRole('dialog');
    const body = receipt.frameLocator('iframe').locator('body');
    // The receipt is the server's, written in the language the app asks in.
    await expect(body).toContainText(serverTx('label.payment_gateway.offline'));
    await expect(body).toContainText(serverTx('receipt.received_on'));
    await expect(body).toContainText(rupees(due));
    await shot(page, `customer-receipt-${tag}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      receipt.getByRole('button', { name: tx('Download PDF') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^receipt_\d+\.pdf$/);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectNotice(page, tx('Receipt Downloaded'));
  });
}

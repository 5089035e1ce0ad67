// Money paid beyond what was owed (issue 35): a customer's payment captured a second time by the
// provider on an order already paid is kept as their advance, not a second payment for the same
// days; the owner finds it under In credit on the Dues page and pays it back in one step; the
// statement then reads settled.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { language, tx } from './i18n';
import {
  ensurePlan,
  openSignedIn,
  ownerTokens,
  registerCustomer,
  subscribeAndPay,
  type PlanSpec,
} from './owner-fixtures';

const PLAN: PlanSpec = {
  code: 'E2E-ADVANCE-30',
  name: 'Advance Mess (E2E)',
  service_type: 'mess',
  base_price: 2200,
  duration_days: 30,
  included_meals: ['lunch', 'dinner'],
};

async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS;
  if (folder)
    await page.screenshot({ path: path.join(folder, `${name}-${language()}.png`), fullPage: true });
}

test('a second capture on a paid order is kept as an advance, which the owner pays back in one step', async ({
  page,
  request,
}) => {
  const customer = await registerCustomer(request, {
    service: 'mess',
    prefix: 'adv',
    firstName: 'Anil',
  });
  const planId = await ensurePlan(request, PLAN);
  const subscription = await subscribeAndPay(request, customer, planId);
  const order = { order_id: subscription.order_id };

  // The provider reports a second payment on the same order (the customer paid twice): signed with
  // the sandbox's webhook secret, as Razorpay signs its own.
  const secret = readFileSync(
    path.join(process.env.E2E_DATA_DIR ?? '', 'sandbox-webhook-secret'),
    'utf8',
  ).trim();
  const raw = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    payload: {
      payment: {
        entity: {
          id: `pay_Twice${String(subscription.id).padStart(9, '0')}`,
          order_id: order.order_id,
          amount: PLAN.base_price * 100,
          currency: 'INR',
          method: 'upi',
          status: 'captured',
        },
      },
    },
  });
  const hook = await request.post('/api/payments/webhook/', {
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', secret).update(raw).digest('hex'),
    },
    data: raw,
  });
  expect(await hook.json()).toEqual({ status: 'processed' });

  // The owner finds Anil under In credit and pays the advance back.
  await openSignedIn(page, await ownerTokens(request), '/admin/dues');
  await page.getByRole('button', { name: tx('In credit'), exact: true }).click();
  await page.getByLabel(tx('Search name, phone or e-mail')).fill(customer.phone);
  await page
    .getByRole('button', { name: tx('Statement of {name}', { name: customer.fullName }) })
    .click();
  const statement = page.getByRole('dialog');
  await expect(
    statement.getByText(tx('Advance held: {amount}', { amount: '₹2,200' })),
  ).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, 'advance-statement-1366');
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, 'advance-statement-360');
  await statement.getByRole('button', { name: tx('Pay back advance') }).click();
  const form = page.getByRole('dialog', { name: tx('Pay back advance') });
  await expect(form.getByLabel(tx('Amount to pay back (₹)'))).toHaveValue('2200');
  // The comment is required: the rules say so under the field before anything is sent.
  await form.getByRole('button', { name: tx('Pay back'), exact: true }).click();
  await expect(form.getByText(tx('Write a comment for the customer.'))).toBeVisible();
  await form.getByRole('button', { name: tx('Paid back at the counter.') }).click();
  await shot(page, 'advance-refund-form-360');
  await form.getByRole('button', { name: tx('Pay back'), exact: true }).click();
  await expect(page.getByText(tx('Advance Paid Back'))).toBeVisible();
  await expect(form).toBeHidden();
  await expect(statement.getByTestId('statement-balance')).toHaveText(tx('Nothing due'));
  await shot(page, 'advance-paid-back-360');
});

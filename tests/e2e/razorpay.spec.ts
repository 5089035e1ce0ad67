// Razorpay mode in the browser: when createOrder answers provider "razorpay", the app loads
// checkout.js and opens Razorpay Checkout with the order; its handler's three fields go to
// verify_payment. Razorpay's script is replaced by a stand-in (no network to razorpay.com here),
// and the order answer is rewritten to razorpay mode; everything else is the real server.
import { expect, test } from '@playwright/test';
import type { Config } from '../../server/config';
import { contentSecurityPolicy } from '../../server/platform/security';
import { apiCustomer, ensurePlan, signIn } from './support';

/** The policy the server sends in Razorpay mode, which allows checkout.js and its window. */
const RAZORPAY_MODE_CSP = Object.entries(
  contentSecurityPolicy({
    payments: { provider: 'razorpay' },
    business: { mapUrl: null },
    publicUrl: 'http://127.0.0.1',
  } as Config),
)
  .map(([directive, values]) => [directive, ...values].join(' '))
  .join('; ');

test('Razorpay Checkout opens with the order details and its result is verified', async ({
  page,
  request,
}) => {
  const planId = await ensurePlan(request, {
    code: 'E2E-RZP-MESS',
    name: 'Mess Razorpay (E2E)',
    service_type: 'mess',
    base_price: 2100,
    duration_days: 30,
    included_meals: ['lunch'],
  });
  const { customer, tokens } = await apiCustomer(request, { complete: 'mess' });
  if (!tokens) throw new Error('no tokens');
  const created = await request.post('/api/subscriptions/subscriptions/', {
    headers: { Authorization: `Bearer ${tokens.access}` },
    data: { plan: planId },
  });
  const subscriptionId = (await created.json()).id as number;

  // This server runs the sandbox, whose policy refuses Razorpay's script: pages get Razorpay mode's.
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: { ...response.headers(), 'content-security-policy': RAZORPAY_MODE_CSP },
    });
  });
  await page.route('**/api/payments/orders/', async (route) => {
    const response = await route.fetch();
    const order = await response.json();
    await route.fulfill({ response, json: { ...order, provider: 'razorpay' } });
  });
  await page.route('https://checkout.razorpay.com/v1/checkout.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.Razorpay = function (options) {
        window.__razorpayOptions = JSON.parse(JSON.stringify(options));
        return {
          on: function () {},
          open: function () {
            setTimeout(function () {
              options.handler({
                razorpay_payment_id: 'pay_E2E123',
                razorpay_order_id: options.order_id,
                razorpay_signature: 'signature-from-razorpay',
              });
            }, 50);
          },
        };
      };`,
    }),
  );

  await signIn(page, tokens, '/subscriptions');
  const verify = page.waitForRequest('**/api/payments/orders/verify_payment/');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const sent = (await verify).postDataJSON();
  const options = await page.evaluate(() => (window as any).__razorpayOptions);

  expect(options.name).toBeTruthy();
  expect(options.description).toBe(`Payment for subscription #${subscriptionId}`);
  expect(options.currency).toBe('INR');
  expect(options.amount).toBe(210000);
  expect(options.theme.color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(options.prefill.email).toBe(customer.email);
  expect(options.prefill.contact).toContain(customer.localPhone);
  expect(sent).toEqual({
    razorpay_payment_id: 'pay_E2E123',
    razorpay_order_id: options.order_id,
    razorpay_signature: 'signature-from-razorpay',
  });
  // The stand-in's signature is not Razorpay's, so the real server refuses it.
  await expect(
    page.locator('[data-toast]').filter({ hasText: 'Payment Verification Failed' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
});

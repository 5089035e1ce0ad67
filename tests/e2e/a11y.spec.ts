// axe-core (WCAG 2.1 A/AA) on every screen of the app for visitors and customers, with its dialogs.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiCustomer, ensurePlan, expectNoAxeViolations, isoDate, signIn } from './support';

async function paidSubscription(request: APIRequestContext, access: string, planId: number) {
  const headers = { Authorization: `Bearer ${access}` };
  const subscription = await (
    await request.post('/api/subscriptions/subscriptions/', { headers, data: { plan: planId } })
  ).json();
  const order = await (
    await request.post('/api/payments/orders/', {
      headers,
      data: { subscription: subscription.id },
    })
  ).json();
  const paid = await (
    await request.post('/api/payments/sandbox/pay/', {
      headers,
      data: { order_id: order.order_id, outcome: 'success' },
    })
  ).json();
  const verified = await request.post('/api/payments/orders/verify_payment/', {
    headers,
    data: paid,
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return subscription.id as number;
}

test('visitor screens have no axe violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'landing');
  await page.getByRole('button', { name: 'View Plans' }).click();
  await expect(page.getByRole('dialog', { name: 'Available Plans' })).toBeVisible();
  await expect(page.getByText('Loading plans...')).toHaveCount(0);
  await expectNoAxeViolations(page, 'plans modal');
  await page.keyboard.press('Escape');
  for (const path of [
    '/login',
    '/login?with=phone',
    '/register',
    '/otp-verification?phone=%2B919876543210',
    '/forgot-password',
    '/reset-password/MQ/invalid-token/',
    '/contact',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, path);
  }
  // Error states are accessible too.
  await page.goto('/login?with=phone');
  await page.getByLabel('Phone', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Phone number must be exactly 10 digits')).toBeVisible();
  await expectNoAxeViolations(page, 'phone sign-in with an error');
  await page
    .getByLabel('Phone', { exact: true })
    .fill(`+91 ${9_000_000_000 + (Date.now() % 999_999_999)}`);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('Sign-in code')).toBeVisible();
  await expectNoAxeViolations(page, 'phone sign-in, code step');
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expectNoAxeViolations(page, '/register with errors');
  // The mobile menu.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await expectNoAxeViolations(page, 'mobile menu');
  // The dark theme keeps its contrast.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const path of ['/', '/login', '/register', '/contact']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, `${path} (dark)`);
  }
});

test('customer screens and dialogs have no axe violations', async ({ page, request }) => {
  test.setTimeout(150_000);
  const planId = await ensurePlan(request, {
    code: 'E2E-TIFFIN-A11Y',
    name: 'Tiffin Lunch (E2E)',
    service_type: 'tiffin',
    base_price: 1800,
    duration_days: 30,
    included_meals: ['lunch', 'dinner'],
  });
  const { tokens } = await apiCustomer(request, { complete: 'tiffin', userType: 'regular' });
  if (!tokens) throw new Error('no tokens');
  await paidSubscription(request, tokens.access, planId);
  await signIn(page, tokens, '/dashboard');
  await expect(page.getByText('Hello, Asha')).toBeVisible();
  await expectNoAxeViolations(page, '/dashboard');

  await page.goto('/subscriptions');
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
  await expectNoAxeViolations(page, '/subscriptions');
  await page.getByText('Details').count();
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(page.getByText('Refund if you cancel today')).toBeVisible();
  await expectNoAxeViolations(page, 'cancel dialog');
  await page.keyboard.press('Escape');

  await page.goto('/plans');
  await expect(page.getByRole('button', { name: 'Already Subscribed' }).first()).toBeVisible();
  await expectNoAxeViolations(page, '/plans');

  await page.goto('/payments');
  await expect(page.getByRole('button', { name: 'Download PDF' }).first()).toBeVisible();
  await expectNoAxeViolations(page, '/payments');
  await page.getByRole('button', { name: 'View Receipt' }).first().click();
  await expect(page.getByRole('dialog').locator('iframe')).toBeVisible();
  await expectNoAxeViolations(page, 'receipt dialog');
  await page.keyboard.press('Escape');
  await page.getByLabel('Status').selectOption('FAILED');
  await expect(page.getByText('No payments match this status.')).toBeVisible();

  await page.goto('/leaves');
  await expect(page.getByRole('heading', { name: 'Leave Requests', exact: true })).toBeVisible();
  await expectNoAxeViolations(page, '/leaves');
  await page.getByRole('button', { name: 'Request Leave' }).click();
  const leave = page.getByRole('dialog', { name: 'Request Leave' });
  await leave.getByLabel('Start date').fill(isoDate(2));
  await leave.getByLabel('End date').fill(isoDate(3));
  await expectNoAxeViolations(page, 'leave dialog');
  await page.keyboard.press('Escape');

  await page.goto('/feedback');
  await expect(page.getByText('Your mess awaits its first review!')).toBeVisible();
  await expectNoAxeViolations(page, '/feedback');
  await page.getByRole('button', { name: 'Add Feedback' }).click();
  await page.getByRole('dialog').getByLabel('Type', { exact: true }).selectOption('food_complaint');
  await page.getByRole('dialog').getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByRole('dialog').getByText('Subject is required')).toBeVisible();
  await expectNoAxeViolations(page, 'feedback form with errors');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Subject').fill('Late delivery');
  await dialog.getByLabel('Message').fill('Lunch arrived late today.');
  await dialog.getByLabel('Meal date').fill(isoDate(0));
  await dialog.getByLabel('Meal type').selectOption('lunch');
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Attachment' })).toBeVisible();
  await expectNoAxeViolations(page, 'attachment dialog');
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page, '/feedback with a card');

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Notifications' })).toBeVisible();
  await expectNoAxeViolations(page, '/notifications');

  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Save Profile' })).toBeVisible();
  await expectNoAxeViolations(page, '/profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expectNoAxeViolations(page, '/profile security');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expectNoAxeViolations(page, 'profile menu');
  await page.keyboard.press('Escape');

  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, '/contact signed in');
  await page.goto('/admin/plans');
  await expect(page.getByRole('heading', { name: 'Not authorized' })).toBeVisible();
  await expectNoAxeViolations(page, 'not authorized');
});

test('the sandbox checkout dialog has no axe violations', async ({ page, request }) => {
  const planId = await ensurePlan(request, {
    code: 'E2E-MESS-A11Y',
    name: 'Mess Dinner (E2E)',
    service_type: 'mess',
    base_price: 999.5,
    duration_days: 15,
    included_meals: ['dinner'],
  });
  const { tokens } = await apiCustomer(request, { complete: 'mess' });
  if (!tokens) throw new Error('no tokens');
  await request.post('/api/subscriptions/subscriptions/', {
    headers: { Authorization: `Bearer ${tokens.access}` },
    data: { plan: planId },
  });
  await signIn(page, tokens, '/subscriptions');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const checkout = page.getByRole('dialog');
  await expect(checkout).toContainText('₹999.50');
  await expectNoAxeViolations(page, 'sandbox checkout');
  // Fail: the payment is not made and the subscription still waits for payment.
  await checkout.getByRole('button', { name: 'Fail' }).click();
  await expect(page.locator('[data-toast]').filter({ hasText: 'Payment Failed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  await expectNoAxeViolations(page, 'after a failed payment');
});

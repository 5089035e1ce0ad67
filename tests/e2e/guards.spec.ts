// The route guards (docs/web.md: Guards) in the browser.
import { expect, test } from '@playwright/test';
import { formatPhone } from '@machines/shared';
import { apiCustomer, apiLogin, OWNER_PASSWORD, signIn } from './support';

test('signed out: guarded routes go to /login and come back after logging in', async ({
  page,
  request,
}) => {
  const { customer } = await apiCustomer(request, { complete: 'mess' });
  await page.goto('/payments');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username or email').fill(customer.username);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByRole('heading', { name: 'Payment History' })).toBeVisible();
  // Signed in, /login and /register go to the dashboard.
  await page.goto('/register');
  await expect(page).toHaveURL(/\/dashboard$/);
  // Unknown paths go to /.
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  // A customer is refused the owner's screens.
  await page.goto('/admin/refunds');
  await expect(page.getByRole('heading', { name: 'Not authorized' })).toBeVisible();
});

test('an unverified user is sent to OTP verification with the phone', async ({ page, request }) => {
  const { customer } = await apiCustomer(request, { verify: false });
  const tokens = await apiLogin(request, customer.username, customer.password);
  await signIn(page, tokens, '/dashboard');
  await expect(page).toHaveURL(/\/otp-verification\?phone=/);
  await expect(page.getByText(formatPhone(customer.phone))).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(/\/otp-verification\?phone=/);
  await page.goto('/feedback');
  await expect(page).toHaveURL(/\/otp-verification\?phone=/);
});

test('registration_complete: every guarded route but /profile goes to /profile', async ({
  page,
  request,
}) => {
  const { tokens } = await apiCustomer(request, { complete: false });
  if (!tokens) throw new Error('no tokens');
  await signIn(page, tokens, '/dashboard');
  await expect(page).toHaveURL(/\/profile$/);
  for (const path of [
    '/subscriptions',
    '/plans',
    '/feedback',
    '/payments',
    '/leaves',
    '/notifications',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/profile$/);
  }
  // Public pages stay reachable.
  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
});

test('the mess owner sees a read-only profile', async ({ page, request }) => {
  const tokens = await apiLogin(request, 'owner', OWNER_PASSWORD);
  await signIn(page, tokens, '/profile');
  await expect(page.getByRole('heading', { name: 'Owner Profile' })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: /^User type$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Profile' })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
});

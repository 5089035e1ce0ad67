// Login, logout, forgot password and the reset through the e-mailed link.
import { expect, test } from '@playwright/test';
import { apiCustomer, expectToast, newCustomer, readResetLink, signIn } from './support';

const COMMON = 'This password is too common. Choose a less common one.';

test('login, logout, then forgot password and reset via the e-mailed link', async ({
  page,
  request,
}) => {
  const { customer } = await apiCustomer(request, { complete: 'tiffin' });

  // A wrong password: "Login Failed" with the server's message.
  await page.goto('/login');
  const submit = page.getByRole('button', { name: 'Login' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Username or email').fill(customer.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await submit.click();
  await expectToast(page, 'Login Failed', 'Invalid credentials. Please try again.');

  // The show/hide toggle reveals the password.
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');

  // Right password (by e-mail): the dashboard.
  await page.getByLabel('Username or email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await submit.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Hello, ${customer.firstName}`)).toBeVisible();

  // The profile menu: Logout returns to /.
  await page.getByRole('button', { name: `Account menu for ${customer.username}` }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('dabba.access'))).toBeNull();

  // Forgot password.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email Sent Successfully!')).toBeVisible();
  await expect(page.getByText(customer.email)).toBeVisible();
  await page.getByRole('button', { name: 'Send to Different Email' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('');

  // The link from the e-mail sets a new password, then /login after 2 s.
  const link = await readResetLink(customer.email);
  const url = new URL(link);
  await page.goto(url.pathname);
  await page.getByLabel('New password', { exact: true }).fill('brand-new-Pass9');
  await page.getByLabel('Confirm new password', { exact: true }).fill('brand-new-Pass9');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectToast(page, 'Password Reset Successful');
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  // The old password no longer works; the new one does.
  await page.getByLabel('Username or email').fill(customer.username);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expectToast(page, 'Login Failed');
  await page.getByLabel('Password', { exact: true }).fill('brand-new-Pass9');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The used link is refused.
  await page.goto(url.pathname);
  await expect(page.getByText('The password reset link is invalid or has expired.')).toBeVisible();
});

test('the reset page loads nothing from another site, not even the map the footer shows elsewhere', async ({
  page,
  request,
}) => {
  const { customer } = await apiCustomer(request, { complete: 'mess' });
  // A business with a map embed, as BUSINESS_MAP_URL gives one. The page carries the business
  // profile the footer shows (server/web.ts).
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '"map_url":null',
      '"map_url":"https://maps.example.com/embed?pb=dabba"',
    );
    expect(html).toContain('maps.example.com');
    const headers = { ...response.headers() };
    // route.fetch() hands over the decoded page.
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ response, headers, body: html });
  });
  const offsite: string[] = [];
  await page.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    async (route) => {
      offsite.push(route.request().url());
      await route.abort();
    },
  );

  await request.post('/api/accounts/password-reset/', { data: { email: customer.email } });
  const link = new URL(await readResetLink(customer.email));
  await page.goto(link.pathname);
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  // Lazy frames and images load once scrolled into view.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByRole('heading', { name: 'Links' })).toBeInViewport();
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(page.frames()).toHaveLength(1);
  expect(offsite).toEqual([]);

  // Elsewhere the footer does show the map: the check above could have failed.
  await page.goto('/');
  await expect(page.locator('footer iframe')).toHaveCount(1);
});

test('a common password is refused under its own field: register, reset and change', async ({
  page,
  request,
}) => {
  const someone = newCustomer();
  await page.goto('/register');
  await page.getByLabel('First name').fill(someone.firstName);
  await page.getByLabel('Last name').fill(someone.lastName);
  await page.getByLabel('Username').fill(someone.username);
  await page.getByLabel('Email').fill(someone.email);
  await page.getByLabel('Phone').fill(someone.localPhone);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('Password1');
  await page.getByLabel('Confirm password', { exact: true }).fill('Password1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expectToast(page, 'Password Error', COMMON);
  await expect(password).toHaveAccessibleDescription(COMMON);
  await expect(page).toHaveURL(/\/register$/);
  // Editing the field clears the server's complaint about the old value.
  await password.fill('Password12');
  await expect(password).not.toHaveAccessibleDescription(COMMON);

  const { customer, tokens } = await apiCustomer(request, { complete: 'tiffin' });
  await request.post('/api/accounts/password-reset/', { data: { email: customer.email } });
  const link = new URL(await readResetLink(customer.email));
  await page.goto(link.pathname);
  const newPassword = page.getByLabel('New password', { exact: true });
  await newPassword.fill('Password123');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Password123');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectToast(page, 'Password Reset Failed', COMMON);
  await expect(newPassword).toHaveAccessibleDescription(COMMON);

  if (!tokens) throw new Error('no tokens');
  await signIn(page, tokens, '/profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Current password', { exact: true }).fill(customer.password);
  const changed = page.getByLabel('New password', { exact: true });
  await changed.fill('Password123');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Password123');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Password Change Failed', COMMON);
  await expect(changed).toHaveAccessibleDescription(COMMON);
});

/** A JWT that looks valid for an hour but that the server will refuse (bad signature). */
function forgedAccessToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', exp })}.forged`;
}

test('a refused access token is refreshed once and the call retried; a dead session goes to /login', async ({
  page,
  request,
}) => {
  const { tokens } = await apiCustomer(request, { complete: 'mess' });
  if (!tokens) throw new Error('no tokens');
  const forged = forgedAccessToken();
  await page.goto('/contact');
  await page.evaluate(
    ({ access, refresh }) => {
      localStorage.setItem('dabba.access', access);
      localStorage.setItem('dabba.refresh', refresh);
    },
    { access: forged, refresh: tokens.refresh },
  );
  const refreshCalls: string[] = [];
  page.on('request', (call) => {
    if (call.url().includes('/api/accounts/token/refresh/')) refreshCalls.push(call.url());
  });
  await page.goto('/dashboard');
  await expect(page.getByText('Hello, Asha')).toBeVisible();
  expect(refreshCalls).toHaveLength(1);
  const refreshed = await page.evaluate(() => localStorage.getItem('dabba.access'));
  expect(refreshed).not.toBe(forged);

  // Both tokens dead: tokens cleared, /login.
  await page.evaluate(() => {
    localStorage.setItem('dabba.access', 'not.a.jwt');
    localStorage.setItem('dabba.refresh', 'also-not-a-token');
  });
  await page.goto('/subscriptions');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('dabba.refresh'))).toBeNull();
});

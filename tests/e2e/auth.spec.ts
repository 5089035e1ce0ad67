// Login, logout, forgot password and the reset through the e-mailed link.
import { expect, test } from '@playwright/test';
import { msg, serverTx, tx } from './i18n';
import { apiCustomer, expectToast, newCustomer, readResetLink, signIn } from './support';

/** The server's refusal of a common password, in the language under test. */
const common = () => serverTx('This password is too common. Choose a less common one.');

test('login, logout, then forgot password and reset via the e-mailed link', async ({
  page,
  request,
}) => {
  const { customer } = await apiCustomer(request, { complete: 'tiffin' });

  // A wrong password: "Login Failed" with the server's message.
  await page.goto('/login');
  const submit = page.getByRole('button', { name: msg('auth.login.submit') });
  await expect(submit).toBeDisabled();
  await page.getByLabel(tx('Username or email')).fill(customer.username);
  await page.getByLabel(tx('Password'), { exact: true }).fill('not-the-password');
  await submit.click();
  await expectToast(page, tx('Login Failed'), serverTx('Invalid credentials. Please try again.'));

  // The show/hide toggle reveals the password.
  await page
    .getByRole('button', {
      name: tx('Show {label}', { label: tx('Password').toLowerCase() }),
    })
    .click();
  await expect(page.getByLabel(tx('Password'), { exact: true })).toHaveAttribute('type', 'text');

  // Right password (by e-mail): the dashboard.
  await page.getByLabel(tx('Username or email')).fill(customer.email);
  await page.getByLabel(tx('Password'), { exact: true }).fill(customer.password);
  await submit.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(tx('Hello, {name}', { name: customer.firstName }))).toBeVisible();

  // The profile menu: Logout returns to /, and the server revokes the session: its refresh token
  // no longer works.
  const refreshToken = await page.evaluate(() => localStorage.getItem('dabba.refresh'));
  const loggedOut = page.waitForResponse((answer) =>
    answer.url().endsWith('/api/accounts/logout/'),
  );
  await page
    .getByRole('button', {
      name: tx('Account menu for {username}', { username: customer.username }),
    })
    .click();
  await page.getByRole('menuitem', { name: tx('Logout') }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: tx('Get Started') }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('dabba.access'))).toBeNull();
  expect((await loggedOut).status()).toBe(204);
  const refreshAfterLogout = await request.post('/api/accounts/token/refresh/', {
    data: { refresh: refreshToken },
  });
  expect(refreshAfterLogout.status()).toBe(401);

  // Forgot password.
  await page.goto('/login');
  await page.getByRole('link', { name: tx('Forgot password?') }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel(msg('auth.field.email')).fill(customer.email);
  await page.getByRole('button', { name: tx('Send reset link') }).click();
  await expect(page.getByText(tx('Email Sent Successfully!'))).toBeVisible();
  await expect(page.getByText(customer.email)).toBeVisible();
  await page.getByRole('button', { name: tx('Send to Different Email') }).click();
  await expect(page.getByLabel(msg('auth.field.email'))).toHaveValue('');

  // The link from the e-mail sets a new password, then /login after 2 s.
  const link = await readResetLink(customer.email);
  const url = new URL(link);
  await page.goto(url.pathname);
  await page.getByLabel(msg('auth.reset.newPassword'), { exact: true }).fill('brand-new-Pass9');
  await page
    .getByLabel(msg('auth.reset.confirmNewPassword'), { exact: true })
    .fill('brand-new-Pass9');
  await page.getByRole('button', { name: tx('Set new password') }).click();
  await expectToast(page, msg('auth.reset.success.title'));
  await expect(page.getByRole('heading', { name: msg('auth.reset.success.title') })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  // The old password no longer works; the new one does.
  await page.getByLabel(tx('Username or email')).fill(customer.username);
  await page.getByLabel(tx('Password'), { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: msg('auth.login.submit') }).click();
  await expectToast(page, tx('Login Failed'));
  await page.getByLabel(tx('Password'), { exact: true }).fill('brand-new-Pass9');
  await page.getByRole('button', { name: msg('auth.login.submit') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The used link is refused.
  await page.goto(url.pathname);
  await expect(
    page.getByText(tx('The password reset link is invalid or has expired.')),
  ).toBeVisible();
});

test('the reset page loads nothing from another site, not even the map the footer shows elsewhere', async ({
  page,
  request,
}) => {
  const { customer } = await apiCustomer(request, { complete: 'mess' });
  // A business with a map embed, as BUSINESS_MAP_URL gives one. The page carries the business
  // profile the footer shows (server/platform/web.ts).
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
  await expect(page.getByLabel(msg('auth.reset.newPassword'), { exact: true })).toBeVisible();
  // Lazy frames and images load once scrolled into view.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByRole('heading', { name: tx('Links') })).toBeInViewport();
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
  await page.getByLabel(tx('First name')).fill(someone.firstName);
  await page.getByLabel(tx('Last name')).fill(someone.lastName);
  await page.getByLabel(msg('auth.register.username')).fill(someone.username);
  await page.getByLabel(msg('auth.field.email')).fill(someone.email);
  await page.getByLabel(msg('auth.field.phone')).fill(someone.localPhone);
  const password = page.getByLabel(tx('Password'), { exact: true });
  await password.fill('Password1');
  await page.getByLabel(tx('Confirm password'), { exact: true }).fill('Password1');
  await page.getByRole('button', { name: tx('Create account') }).click();
  await expectToast(page, tx('Password Error'), common());
  await expect(password).toHaveAccessibleDescription(common());
  await expect(page).toHaveURL(/\/register$/);
  // Editing the field clears the server's complaint about the old value.
  await password.fill('Password12');
  await expect(password).not.toHaveAccessibleDescription(common());

  const { customer, tokens } = await apiCustomer(request, { complete: 'tiffin' });
  await request.post('/api/accounts/password-reset/', { data: { email: customer.email } });
  const link = new URL(await readResetLink(customer.email));
  await page.goto(link.pathname);
  const newPassword = page.getByLabel(msg('auth.reset.newPassword'), { exact: true });
  await newPassword.fill('Password123');
  await page.getByLabel(msg('auth.reset.confirmNewPassword'), { exact: true }).fill('Password123');
  await page.getByRole('button', { name: tx('Set new password') }).click();
  await expectToast(page, tx('Password Reset Failed'), common());
  await expect(newPassword).toHaveAccessibleDescription(common());

  if (!tokens) throw new Error('no tokens');
  await signIn(page, tokens, '/profile');
  await page.getByRole('tab', { name: tx('Security') }).click();
  await page.getByLabel(tx('Current password'), { exact: true }).fill(customer.password);
  const changed = page.getByLabel(msg('profile.password.new'), { exact: true });
  await changed.fill('Password123');
  await page.getByLabel(msg('profile.password.confirm'), { exact: true }).fill('Password123');
  await page.getByRole('button', { name: tx('Change Password') }).click();
  await expectToast(page, tx('Password Change Failed'), common());
  await expect(changed).toHaveAccessibleDescription(common());
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
  await expect(page.getByText(tx('Hello, {name}', { name: 'Asha' }))).toBeVisible();
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

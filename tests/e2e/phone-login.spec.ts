// Issue 22: on a 360 px phone a customer signs in with the phone number and the code texted to it
// (read from the SMS outbox), and lands where the password login lands. A customer who has just
// registered meets the wait between two codes first (60 s; the suite's server waits 15), so the
// journey also shows the server's wait.
import { expect, test } from '@playwright/test';
import { msg, refusal, serverTx, tx } from './i18n';
import { apiCustomer, readOtp } from './support';

test('sign in with the phone number and a texted code on a 360 px phone', async ({
  page,
  request,
}) => {
  // The registration's code holds the phone's next code back for the cooldown.
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const { customer } = await apiCustomer(request, { complete: 'mess' });

  await page.goto('/login');
  await page.getByRole('tab', { name: msg('auth.login.withPhone') }).click();
  await expect(page).toHaveURL(/\/login\?with=phone$/);
  const phone = page.getByLabel(msg('auth.field.phone'), { exact: true });
  const send = page.getByRole('button', { name: msg('auth.phoneLogin.sendCode') });

  // A malformed number is refused on the page, with the registration's rule.
  await phone.fill('12345');
  await send.click();
  await expect(phone).toHaveAccessibleDescription(new RegExp(msg('ui.phone.tenDigits')));

  // Right after registering: the server's wait, said plainly.
  await phone.fill(customer.localPhone);
  await send.click();
  const wait = page.getByRole('alert').filter({
    hasText: new RegExp(
      serverTx('Please wait {seconds} seconds before requesting a new OTP.', {
        seconds: 999,
      }).replace('999', '(\\d+)'),
    ),
  });
  await expect(wait).toBeVisible();
  const seconds = Number(/(\d+)/.exec((await wait.textContent()) ?? '')?.[1]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(15);
  await page.waitForTimeout((seconds + 1) * 1000);

  await send.click();
  await expect(
    page.getByText(
      serverTx('If an account uses this phone number, a sign-in code has been sent to it.'),
    ),
  ).toBeVisible();
  const code = await readOtp(customer.phone, 'sign_in');
  // A new code waits out the cooldown: the button says how long.
  await expect(
    page.getByRole('button', {
      name: new RegExp(
        msg('auth.phoneLogin.resendInSeconds', { seconds: 999 }).replace('999', '\\d+'),
      ),
    }),
  ).toBeDisabled();

  // A wrong code: the server's sentence, and the form stays.
  const codeField = page.getByLabel(msg('auth.phoneLogin.code'));
  const signIn = page.getByRole('button', { name: msg('auth.phoneLogin.submit'), exact: true });
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await signIn.click();
  await expect(page.getByRole('alert').filter({ hasText: refusal('otp.invalid') })).toBeVisible();

  // The right code: the dashboard, as after the password login.
  await codeField.fill(code);
  await signIn.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(tx('Hello, {name}', { name: customer.firstName }))).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('dabba.refresh'))).toBeTruthy();
});

test('an unverified registration signing in by phone is taken to verification instead', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { customer } = await apiCustomer(request, { verify: false });
  // The registration's code holds the next one back for the cooldown (15 s in the suite).
  await page.waitForTimeout(16_000);

  await page.goto('/login?with=phone');
  await page.getByLabel(msg('auth.field.phone'), { exact: true }).fill(customer.localPhone);
  await page.getByRole('button', { name: msg('auth.phoneLogin.sendCode') }).click();
  const codeField = page.getByLabel(msg('auth.phoneLogin.code'));
  await expect(codeField).toBeVisible();
  await codeField.fill(await readOtp(customer.phone, 'sign_in'));
  await page.getByRole('button', { name: msg('auth.phoneLogin.submit'), exact: true }).click();

  // No session: the OTP screen for this phone, where the verification code just texted works.
  await expect(page).toHaveURL(/\/otp-verification\?phone=/);
  expect(await page.evaluate(() => localStorage.getItem('dabba.refresh'))).toBeNull();
  await page.getByLabel(msg('auth.otp.label')).fill(await readOtp(customer.phone, 'verify'));
  await page.getByRole('button', { name: msg('auth.otp.verify'), exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

// Every client-side validation message on the screens that enforce it.
import { expect, test, type Page } from '@playwright/test';
import {
  apiCustomer,
  apiPaidSubscription,
  ensurePlan,
  expectToast,
  isoDate,
  readResetLink,
  signIn,
} from './support';

async function blurEmpty(page: Page, label: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill('x');
  await field.fill('');
  await field.blur();
}

test('login: both fields required, submit disabled while either is empty', async ({ page }) => {
  await page.goto('/login');
  await blurEmpty(page, 'Username or email');
  await expect(page.getByText('Username or email is required')).toBeVisible();
  await blurEmpty(page, 'Password');
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
  await page.getByLabel('Username or email').fill('someone');
  await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill('pw');
  await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
});

test('register: every rule of the form', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create account' }).click();
  for (const message of [
    'Username is required',
    'Please enter a valid email address',
    'Phone number is required',
    'First name is required',
    'Last name is required',
    'Password is required',
    'Please confirm your password',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Username').fill('ab');
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Phone').fill('98765');
  await expect(page.getByText('Phone number must be exactly 10 digits')).toBeVisible();
  await page.getByLabel('Phone').fill('5876543210');
  await expect(page.getByText('Phone number must start with 6, 7, 8, or 9')).toBeVisible();
  // Formatting is stripped; a 12-digit number starting with 91 is accepted.
  await page.getByLabel('Phone').fill('+91 98765-43210');
  await expect(page.getByText(/Phone number must/)).toHaveCount(0);
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('123456');
  await page.getByLabel('Confirm password', { exact: true }).fill('1234567');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
});

test('register: what the server refuses is titled by its field', async ({ page, request }) => {
  const { customer } = await apiCustomer(request, { verify: false });
  await page.goto('/register');
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Verma');
  await page.getByLabel('Username').fill(customer.username);
  await page.getByLabel('Email').fill(`other_${customer.email}`);
  await page.getByLabel('Phone').fill('7000000001');
  await page.getByLabel('Password', { exact: true }).fill('secret-1');
  await page.getByLabel('Confirm password', { exact: true }).fill('secret-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('[data-toast]').filter({ hasText: 'Username Error' })).toContainText(
    'A user with that username already exists.',
  );
  await expect(page).toHaveURL(/\/register$/);
});

test('register: the phone is sent as +91 and the 10 digits', async ({ page }) => {
  await page.goto('/register');
  const stamp = String(Date.now()).slice(-8);
  await page.getByLabel('First name').fill('Ravi');
  await page.getByLabel('Last name').fill('Kumar');
  await page.getByLabel('Username').fill(`phone_${stamp}`);
  await page.getByLabel('Email').fill(`phone_${stamp}@example.com`);
  await page.getByLabel('Phone').fill(`(87) ${stamp}`);
  await page.getByLabel('Password', { exact: true }).fill('secret-1');
  await page.getByLabel('Confirm password', { exact: true }).fill('secret-1');
  const sent = page.waitForRequest('**/api/accounts/register/');
  await page.getByRole('button', { name: 'Create account' }).click();
  expect((await sent).postDataJSON().phone).toBe(`+9187${stamp}`);
  await expect(page).toHaveURL(new RegExp(`/otp-verification\\?phone=%2B9187${stamp}`));
});

test('forgot password, new password and OTP rules', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill('nope');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  await page.goto('/reset-password/MQ/not-a-real-token/');
  await expect(page.getByText('The password reset link is invalid or has expired.')).toBeVisible();

  await page.goto('/otp-verification?phone=%2B919876500000');
  await expect(page.getByText('+91 98765 00000')).toBeVisible();
  await expect(page.getByLabel('OTP')).toHaveAttribute('maxlength', '6');
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('OTP Required: Please enter the OTP.')).toBeVisible();
  await page.getByLabel('OTP').fill('12345678');
  await expect(page.getByLabel('OTP')).toHaveValue('123456');
});

test('new password: at least 8 characters and matching', async ({ page, request }) => {
  // A real link, so the form is shown.
  const { customer } = await apiCustomer(request, { complete: 'mess' });
  await request.post('/api/accounts/password-reset/', { data: { email: customer.email } });
  const link = new URL(await readResetLink(customer.email));
  await page.goto(link.pathname);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('long-enough-1');
  await page.getByLabel('Confirm new password', { exact: true }).fill('long-enough-2');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
});

test('profile, password change, feedback, attachment and leave rules', async ({
  page,
  request,
}) => {
  const { tokens } = await apiCustomer(request, { complete: false, userType: 'regular' });
  if (!tokens) throw new Error('no tokens');
  await signIn(page, tokens, '/profile');

  // Profile: exactly one service (a radio group: one choice of two), every field of the profile type.
  const save = page.getByRole('button', { name: 'Save Profile' });
  await expect(save).toBeDisabled();
  await expect(
    page.getByText('Choose exactly one of tiffin service or mess service.'),
  ).toBeVisible();
  const tiffin = page.getByRole('radio', { name: 'Tiffin user (meals delivered)' });
  const mess = page.getByRole('radio', { name: 'Mess user (eat at the mess)' });
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await mess.check();
  await tiffin.check();
  await expect(mess).not.toBeChecked();
  await expect(page.getByText('Choose exactly one of tiffin service or mess service.')).toHaveCount(
    0,
  );
  await expect(page.getByText('Please fill in every required profile field.')).toBeVisible();
  await page.getByLabel('Address', { exact: true }).fill('12 Station Road');
  await page.getByLabel('Landmark').fill('Near the temple');
  await page.getByLabel('Pincode').fill('201206');
  await expect(save).toBeDisabled();
  await page.getByLabel('City').fill('Ghaziabad');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });

  // Password change: new and confirm must match.
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Current password', { exact: true }).fill('secret-Pass1');
  await page.getByLabel('New password', { exact: true }).fill('another-Pass1');
  await page.getByLabel('Confirm new password', { exact: true }).fill('another-Pass2');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.locator('[data-toast]').filter({ hasText: 'Password Mismatch' })).toContainText(
    'New passwords do not match',
  );

  // Feedback form.
  await page.goto('/feedback');
  await page.getByRole('button', { name: 'Add Feedback' }).click();
  const form = page.getByRole('dialog', { name: 'Add Feedback' });
  await form.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(form.getByText('Subject is required')).toBeVisible();
  await expect(form.getByText('Message is required')).toBeVisible();
  await expect(form.getByLabel('Meal date')).toHaveCount(0);
  await expect(form.getByLabel('Meal type')).toHaveCount(0);
  await form.getByLabel('Type', { exact: true }).selectOption('food_complaint');
  await expect(form.getByLabel('Meal date')).toBeVisible();
  await expect(form.getByLabel('Meal type')).toBeVisible();
  await expect(form.getByLabel('Rating')).toHaveValue('5');
  const counter = form.getByText(/^\d+\/500/);
  await form.getByLabel('Message').fill('a'.repeat(449));
  await expect(counter).toHaveAttribute('data-tone', 'normal');
  await form.getByLabel('Message').fill('a'.repeat(450));
  await expect(counter).toHaveAttribute('data-tone', 'warning');
  await expect(counter).toHaveCSS('color', /rgb\(138, 75, 0\)/);
  await form.getByLabel('Message').fill('a'.repeat(520));
  await expect(form.getByLabel('Message')).toHaveValue('a'.repeat(500));
  await expect(counter).toHaveAttribute('data-tone', 'limit');
  await expect(counter).toHaveCSS('color', /rgb\(179, 38, 30\)/);
  await expect(counter).toContainText('500/500');
  await form.getByLabel('Type', { exact: true }).selectOption('general_feedback');
  await form.getByLabel('Subject').fill('Lovely paneer');
  await form.getByLabel('Message').fill('The paneer on Sunday was lovely.');
  await form.getByRole('button', { name: 'Submit Feedback' }).click();

  // Attachment: upload disabled until a file is chosen; images under 5MB only.
  const attach = page.getByRole('dialog', { name: 'Add Attachment' });
  await expect(attach.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await attach.getByLabel('Image').setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 10, 1),
  });
  await expect(attach.getByText('Attachment must be less than 5MB.')).toBeVisible();
  await expect(page.locator('[data-toast]').filter({ hasText: 'File Too Large' })).toBeVisible();
  await expect(attach.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await attach.getByRole('button', { name: 'Skip' }).click();
  // One open feedback at a time.
  await expect(page.getByRole('button', { name: 'Feedback Pending' })).toBeDisabled();

  // Leave request: required fields and the inclusive duration.
  await page.goto('/leaves');
  await page.getByRole('button', { name: 'Request Leave' }).click();
  const leave = page.getByRole('dialog', { name: 'Request Leave' });
  await leave.getByRole('button', { name: 'Submit Request' }).click();
  for (const message of [
    'Subscription is required',
    'Start date is required',
    'End date is required',
    'Reason is required',
  ]) {
    await expect(leave.getByText(message)).toBeVisible();
  }
  await leave.getByLabel('Start date').fill('2030-01-10');
  await leave.getByLabel('End date').fill('2030-01-10');
  await expect(leave).toContainText('Duration: 1 day');
  await leave.getByLabel('End date').fill('2030-01-14');
  await expect(leave).toContainText('Duration: 5 days');
});

test('student profile offers institutes KIET and ITS and years 1st to 5th', async ({
  page,
  request,
}) => {
  const { tokens } = await apiCustomer(request, { complete: false, userType: 'student' });
  if (!tokens) throw new Error('no tokens');
  await signIn(page, tokens, '/profile');
  await expect(page.getByLabel('Institute').locator('option')).toHaveText([
    'Select institute',
    'KIET',
    'ITS',
  ]);
  await expect(page.getByLabel('Year').locator('option')).toHaveText([
    'Select year',
    '1st',
    '2nd',
    '3rd',
    '4th',
    '5th',
  ]);
  // Username, email, phone, names, status and user type are shown, never editable.
  for (const readOnly of ['Username', 'Email', 'Phone', 'Name', 'Status', 'User type']) {
    await expect(
      page.getByRole('term').filter({ hasText: new RegExp(`^${readOnly}$`) }),
    ).toBeVisible();
    await expect(page.getByLabel(readOnly, { exact: true })).toHaveCount(0);
  }
});

test('leave form: the rules before sending; a pending leave is edited and withdrawn', async ({
  page,
  request,
}) => {
  const planId = await ensurePlan(request, {
    code: 'E2E-LEAVE-30',
    name: 'Mess Leave Rules (E2E)',
    service_type: 'mess',
    base_price: 1500,
    duration_days: 30,
    included_meals: ['lunch', 'dinner'],
  });
  const { tokens } = await apiCustomer(request, { complete: 'mess' });
  if (!tokens) throw new Error('no tokens');
  await apiPaidSubscription(request, tokens.access, planId);
  await signIn(page, tokens, '/leaves');

  const requestLeave = page.getByRole('button', { name: 'Request Leave' });
  await requestLeave.click();
  const dialog = page.getByRole('dialog', { name: 'Request Leave' });
  const start = dialog.getByLabel('Start date');
  const end = dialog.getByLabel('End date');
  // The picker offers no past day, and no end more than 15 days after the start.
  await expect(start).toHaveAttribute('min', isoDate(0));
  await start.fill(isoDate(2));
  await expect(end).toHaveAttribute('min', isoDate(2));
  await expect(end).toHaveAttribute('max', isoDate(16));

  // A typed date is judged by the server's rules, each under its field, before anything is sent.
  let sent = 0;
  page.on('request', (sentRequest) => {
    if (sentRequest.method() === 'POST' && sentRequest.url().includes('/api/subscriptions/leaves/'))
      sent += 1;
  });
  await start.fill(isoDate(-1));
  await expect(start).toHaveAccessibleDescription('Cannot request leave for past dates');
  await start.fill(isoDate(2));
  await end.fill(isoDate(17));
  await expect(dialog).toContainText('Duration: 16 days');
  await expect(end).toHaveAccessibleDescription(/A leave can last at most 15 days\./);
  await end.fill(isoDate(1));
  await expect(end).toHaveAccessibleDescription(
    /The end date must be on or after the start date\./,
  );
  await dialog.getByLabel('Reason').fill('Exams at home');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog).toBeVisible();
  expect(sent).toBe(0);
  await end.fill(isoDate(16));
  await expect(end).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expectToast(page, 'Leave Request Submitted', '15 days, waiting for approval.');
  expect(sent).toBe(1);

  // One pending leave: Request Leave waits, and says why.
  await expect(requestLeave).toBeDisabled();
  await expect(requestLeave).toHaveAccessibleDescription(
    /You already have a pending leave request\./,
  );
  const leave = page.getByRole('list', { name: 'Leave requests' }).getByRole('listitem');
  await expect(leave).toContainText('15 days');

  // Edit it: the same rules, without counting the leave against itself.
  await leave.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Leave Request' });
  await expect(edit.getByLabel('Subscription')).toBeDisabled();
  await expect(edit.getByLabel('Start date')).toHaveValue(isoDate(2));
  await edit.getByLabel('End date').fill(isoDate(20));
  await expect(edit.getByLabel('End date')).toHaveAccessibleDescription(
    /A leave can last at most 15 days\./,
  );
  await edit.getByLabel('End date').fill(isoDate(4));
  await expect(edit).toContainText('Duration: 3 days');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Leave Request Updated', '3 days, waiting for approval.');
  await expect(leave).toContainText('3 days');

  // Withdraw it, after saying so; then a new request can be made.
  await leave.getByRole('button', { name: 'Withdraw' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw Leave Request' });
  await withdraw.getByRole('button', { name: 'Withdraw Request' }).click();
  await expectToast(page, 'Leave Request Withdrawn');
  await expect(page.getByText('No Leave Requests')).toBeVisible();
  await expect(requestLeave).toBeEnabled();
});

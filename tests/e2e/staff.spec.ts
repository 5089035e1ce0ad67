// Staff accounts (issue 22): on a 360 px phone the owner adds a kitchen account from the Staff
// page; the kitchen account claims the SMS invite, sets a password, signs in and is given only the
// kitchen sheet, the menu and closed days. A manager signs in and is offered no staff, audit log or
// settings edits, and a deep link to /admin/staff says it is not allowed for their role.
// With E2E_SHOTS set to a folder, each step's screen is saved there as a PNG.
import { expect, test, type Page } from '@playwright/test';
import { msg } from './i18n';
import {
  cancelSubscription,
  openFromNav,
  ownerLogsIn,
  PLANS,
  registerCustomer,
  subscribeAndPay,
} from './owner-fixtures';
import { ensurePlan, ownerToken, readClaimPath, readOtp, shot } from './support';

/** The kitchen sheet as a kitchen account lands on it: the meal being cooked now, in the address. */
const KITCHEN_SHEET = /\/admin\/kitchen\?date=\d{4}-\d{2}-\d{2}&meal=(breakfast|lunch|dinner)$/;

/** A phone number no other run has used: 10 digits starting with 7. */
function freshLocalPhone(): string {
  return `7${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
}

/** Signs out in this browser (keeping the language picked), without the account menu. */
async function signOut(page: Page) {
  await page.evaluate(() => {
    const picked = localStorage.getItem('dabba.language');
    localStorage.clear();
    if (picked) localStorage.setItem('dabba.language', picked);
  });
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(msg('auth.login.username')).fill(username);
  await page.getByLabel(msg('auth.field.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: msg('auth.login.submit'), exact: true }).click();
}

/** The links of the phone's menu, opened from its button. */
async function mobileMenuLinks(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: msg('shell.openMenu') }).click();
  const menu = page.getByRole('navigation', { name: msg('shell.mobileNav') });
  await expect(menu).toBeVisible();
  return menu.getByRole('link').allInnerTexts();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('owner adds a kitchen account at 360 px; kitchen sees the kitchen only; a manager no owner-only pages', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const kitchenLocal = freshLocalPhone();
  const kitchenPhone = `+91${kitchenLocal}`;
  const kitchenUsername = `kitchen${kitchenLocal.slice(-5)}`;
  const password = 'Kitchen-pass-42';
  // The English and Hindi runs share one server: each adds a Sunita of its own.
  const lastName = test.info().project.name === 'hindi' ? 'Kumari' : 'Devi';

  // 1. The owner opens Staff from the phone's menu and adds Sunita, a kitchen account.
  await ownerLogsIn(page);
  await openFromNav(page, msg('nav.staff'));
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page.getByRole('heading', { name: msg('staff.title'), level: 1 })).toBeVisible();
  await page.getByRole('button', { name: msg('staff.add'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: msg('staff.form.addTitle') });
  // Without a role the dialog says so under the roles.
  await dialog.getByLabel(msg('staff.form.firstName')).fill('Sunita');
  await dialog.getByLabel(msg('staff.form.lastName')).fill(lastName);
  await dialog.getByLabel(msg('staff.form.phone')).fill(kitchenLocal);
  await dialog.getByRole('button', { name: msg('staff.form.sendInvite'), exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(msg('staff.form.chooseRole'));
  // Each role explains itself in one line.
  for (const role of ['manager', 'kitchen', 'delivery'] as const) {
    await expect(
      dialog.getByRole('radio', {
        name: `${msg(`status.staffRole.${role}`)}: ${msg(`staff.roleHint.${role}`)}`,
      }),
    ).toBeVisible();
  }
  await dialog
    .getByRole('radio', { name: new RegExp(`^${escape(msg('status.staffRole.kitchen'))}:`) })
    .click();
  await shot(page, 'staff-add-360');
  await dialog.getByRole('button', { name: msg('staff.form.sendInvite'), exact: true }).click();
  await expect(dialog).toBeHidden();

  // 2. The list shows her invited, with her phone to tap, the invite's expiry and its buttons.
  // In the page, not the toast that names her too.
  const row = page.getByRole('main').locator('li', { hasText: `Sunita ${lastName}` });
  await expect(row).toContainText(msg('status.staff.invited'));
  await expect(row).toContainText(msg('status.staffRole.kitchen'));
  await expect(row.getByRole('link')).toHaveAttribute('href', `tel:${kitchenPhone}`);
  await expect(row).toContainText(msg('staff.neverSignedIn'));
  await expect(row.getByRole('button')).toHaveText([
    msg('staff.action.resendInvite'),
    msg('staff.action.update'),
    msg('staff.action.deactivate'),
  ]);
  await shot(page, 'staff-list-360');

  // 3. She opens the invite from the SMS (signed out), verifies her phone and sets a password.
  const claimPath = await readClaimPath(kitchenPhone);
  await signOut(page);
  await page.goto(claimPath);
  await expect(page.getByRole('heading', { name: msg('auth.claim.staff.title') })).toBeVisible();
  await page.getByRole('button', { name: msg('auth.claim.sendOtp'), exact: true }).click();
  await page.getByLabel(msg('auth.claim.otp')).fill(await readOtp(kitchenPhone));
  await page.getByRole('button', { name: msg('auth.claim.verify'), exact: true }).click();
  await page.getByLabel(msg('auth.claim.username'), { exact: true }).fill(kitchenUsername);
  await page.getByLabel(msg('auth.claim.password'), { exact: true }).fill(password);
  await page.getByLabel(msg('auth.claim.confirmPassword'), { exact: true }).fill(password);
  await page.getByRole('button', { name: msg('auth.claim.submit'), exact: true }).click();
  // A kitchen account starts on the kitchen sheet, not a customer's dashboard.
  await expect(page).toHaveURL(KITCHEN_SHEET);

  // 4. Signed out and in again with that password: the kitchen sheet, the menu and closed days only.
  await signOut(page);
  await signIn(page, kitchenUsername, password);
  await expect(page).toHaveURL(KITCHEN_SHEET);
  expect(await mobileMenuLinks(page)).toEqual([
    msg('nav.kitchen'),
    msg('nav.menu'),
    msg('nav.closedDays'),
    msg('nav.profile'),
    msg('nav.contactUs'),
  ]);
  await shot(page, 'staff-kitchen-menu-360');
  await page
    .getByRole('navigation', { name: msg('shell.mobileNav') })
    .getByRole('link', { name: msg('nav.closedDays'), exact: true })
    .click();
  await expect(
    page.getByRole('heading', { name: msg('closedDays.title'), level: 1 }),
  ).toBeVisible();
  // The kitchen reads the closed days; it does not close or reopen them.
  await expect(page.getByRole('button', { name: msg('closedDays.form.submit') })).toHaveCount(0);
  for (const deepLink of ['/admin/staff', '/admin/leaves', '/subscriptions']) {
    await page.goto(deepLink);
    if (deepLink === '/subscriptions') {
      await expect(page).toHaveURL(KITCHEN_SHEET);
    } else {
      await expect(page.getByRole('heading', { name: msg('shell.notForRole') })).toBeVisible();
    }
  }

  // 5. The owner's list now shows her active.
  const owner = await ownerToken(request);
  const listed = await request.get('/api/owner/staff/', {
    headers: { Authorization: `Bearer ${owner}` },
  });
  expect(listed.status()).toBe(200);
  const members = (await listed.json()) as Array<{ phone: string; status: string }>;
  expect(members.find((member) => member.phone === kitchenPhone)?.status).toBe('active');

  // 6. A manager, added and claimed through the API, signs in on the phone.
  const managerLocal = freshLocalPhone();
  const managerPhone = `+91${managerLocal}`;
  const managerUsername = `manager${managerLocal.slice(-5)}`;
  const added = await request.post('/api/owner/staff/', {
    headers: { Authorization: `Bearer ${owner}` },
    data: { first_name: 'Arjun', last_name: 'Mehta', phone: managerLocal, role: 'manager' },
  });
  expect(added.status()).toBe(201);
  const token = (await readClaimPath(managerPhone)).split('/').at(-1)!;
  expect(
    (await request.post(`/api/accounts/claim/${token}/otp/`)).status(),
    'claim: send OTP',
  ).toBe(200);
  const verified = await request.post(`/api/accounts/claim/${token}/verify/`, {
    data: { otp: await readOtp(managerPhone) },
  });
  expect(verified.status(), 'claim: verify').toBe(200);
  const completed = await request.post(`/api/accounts/claim/${token}/complete/`, {
    data: { username: managerUsername, password, confirm_password: password },
  });
  expect(completed.ok(), 'claim: complete').toBe(true);

  await signOut(page);
  await signIn(page, managerUsername, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The day's pages are in the menu (issue 37, item 5); the owner's own are not.
  const managerLinks = await mobileMenuLinks(page);
  for (const label of [
    'nav.leaves',
    'nav.kitchen',
    'nav.deliveriesOwner',
    'nav.dues',
    'nav.reports',
    'nav.messages',
    'nav.closedDays',
  ] as const) {
    expect(managerLinks, label).toContain(msg(label));
  }
  for (const label of ['nav.staff', 'nav.audit', 'nav.erasureRequests'] as const) {
    expect(managerLinks, label).not.toContain(msg(label));
  }
  await shot(page, 'staff-manager-menu-360');
  await page.keyboard.press('Escape');
  // The avatar menu keeps the account's own things.
  await page
    .getByRole('button', { name: msg('shell.accountMenu', { username: managerUsername }) })
    .click();
  await expect(page.getByRole('menuitem')).toHaveText([msg('nav.profile'), msg('shell.logout')]);
  await page.keyboard.press('Escape');

  // Settings are the owner's to change: a manager reads them, with no Save, and no words that
  // tell them to choose, or speak of the GST files and WhatsApp costs only the owner sees.
  await page.goto('/admin/settings');
  await expect(page.getByText(msg('settings.readOnly'))).toBeVisible();
  await expect(page.getByRole('button', { name: msg('settings.save') })).toHaveCount(0);
  await expect(page.getByRole('link', { name: msg('settings.staff.open') })).toHaveCount(0);
  await expect(page.getByText(msg('settings.payments.introReadOnly'))).toBeVisible();
  await expect(page.getByText(msg('settings.reports.introReadOnly'))).toBeVisible();
  await expect(page.getByText(msg('settings.payments.intro'))).toHaveCount(0);
  await expect(page.getByRole('heading', { name: msg('settings.whatsapp.title') })).toHaveCount(0);
  // The dues' reminders: the schedule is there to read, not to change.
  await page.goto('/admin/dues');
  await expect(
    page.getByRole('link', { name: msg('superuser.dues.reminders.scheduleReadOnly') }),
  ).toBeVisible();
  await expect(
    page.getByRole('link', { name: msg('superuser.dues.reminders.schedule') }),
  ).toHaveCount(0);
  // Plans without price edits.
  await page.goto('/admin/plans');
  await expect(
    page.getByRole('heading', { name: msg('adminPlans.title'), level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: msg('adminPlans.create') })).toHaveCount(0);
  await expect(page.getByText(msg('adminPlans.introReadOnly'))).toBeVisible();
  await expect(page.getByRole('button', { name: msg('adminPlans.edit') })).toHaveCount(0);
  // Refunds without approve, reject or mark paid: a customer's pending refund is listed, and the
  // manager reads it but is offered none of them.
  const customer = await registerCustomer(request, {
    service: 'mess',
    firstName: 'Refunda',
    prefix: 'staffrefund',
  });
  const paid = await subscribeAndPay(request, customer, await ensurePlan(request, PLANS.mess));
  await cancelSubscription(request, customer, paid.id, { method: 'upi', upi_id: 'refunda@okaxis' });
  await page.goto('/admin/refunds');
  await expect(
    page.getByRole('heading', { name: msg('adminRefunds.title'), level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('Refunda').first()).toBeVisible();
  // The page does not describe rights the manager lacks.
  await expect(page.getByText(msg('adminRefunds.introReadOnly'))).toBeVisible();
  await expect(page.getByText(msg('adminRefunds.intro'))).toHaveCount(0);
  for (const action of ['adminRefunds.approve', 'adminRefunds.reject', 'adminRefunds.markPaid']) {
    await expect(page.getByRole('button', { name: msg(action), exact: true })).toHaveCount(0);
  }

  // 7. A deep link to the Staff page says plainly it is not for a manager.
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { name: msg('shell.notForRole') })).toBeVisible();
  await expect(page.getByText(msg('shell.notForRoleText'))).toBeVisible();
  await shot(page, 'staff-manager-not-allowed-360');
});

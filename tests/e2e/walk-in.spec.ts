// Walk-ins (issue 21): the owner enrols a customer at the counter with a part payment and sees what
// is still due; paid in part, the dialog asks when the subscription starts (issue 35), and the
// owner says: when it is paid, or now with the rest due. The customer opens the claim link from the
// SMS, enters the OTP, chooses a password and is signed in; their account then owes the same
// amount. A walk-in on a tiffin plan is enrolled with where the tiffin goes, and the owner edits
// it from the customer's page (issue 37, item 10). On a desktop and on a 360 px phone, in English
// and Hindi. With E2E_SHOTS set to a folder, each step's screen is saved there as a PNG.
import { expect, test, type Page } from '@playwright/test';
import { addDays } from '@machines';
import { language, msg, tx } from './i18n';
import { ensurePlan, ownerLogsIn, ownerTokens, type PlanSpec } from './owner-fixtures';
import { apiLogin, oneLanguagePerWidth, readClaimPath, readOtp, shot } from './support';

const WALK_IN_PLAN: PlanSpec = {
  code: 'E2E-WALKIN-30',
  name: 'Walk-in Mess (E2E)',
  service_type: 'mess',
  base_price: 3000,
  duration_days: 30,
  included_meals: ['lunch', 'dinner'],
};

const TIFFIN_PLAN: PlanSpec = {
  code: 'E2E-WALKIN-TIFFIN',
  name: 'Walk-in Tiffin (E2E)',
  service_type: 'tiffin',
  base_price: 2400,
  duration_days: 30,
  included_meals: ['lunch'],
};

let counter = 0;

/** The owner signs in and opens Payments & Users → Pending Payments → Enrol a walk-in. */
async function openWalkIn(page: Page, phone: boolean) {
  await ownerLogsIn(page);
  if (phone) await page.getByRole('button', { name: tx('Open menu') }).click();
  await page
    .getByRole('navigation', { name: tx(phone ? 'Mobile' : 'Main') })
    .getByRole('link', { name: msg('nav.paymentsUsers'), exact: true })
    .click();
  await page.getByRole('tab', { name: tx('Pending Payments'), exact: true }).click();
  await page.getByRole('button', { name: msg('superuser.walkIn.open'), exact: true }).click();
  return page.getByRole('dialog', { name: msg('superuser.walkIn.title') });
}

for (const viewport of [
  { name: 'desktop', size: { width: 1366, height: 900 }, phone: false },
  { name: 'phone 360 px', size: { width: 360, height: 740 }, phone: true },
]) {
  test(`owner enrols a walk-in with a part payment; the customer claims the account (${viewport.name})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    oneLanguagePerWidth(viewport.phone);
    await page.setViewportSize(viewport.size);
    const tag = viewport.phone ? '360' : '1366';
    await ensurePlan(request, WALK_IN_PLAN);
    counter += 1;
    const local = `8${String(Date.now() % 100_000_000).padStart(8, '0')}${counter % 10}`;
    const phone = `+91${local}`;

    // 1. The owner opens Payments & Users → Pending Payments → Enrol a walk-in.
    const dialog = await openWalkIn(page, viewport.phone);

    // 2. Sent empty, each field says what is wrong under it.
    await dialog.getByLabel(msg('superuser.walkIn.amount')).fill('');
    await dialog.getByRole('button', { name: msg('superuser.walkIn.submit'), exact: true }).click();
    await expect(dialog.getByLabel(msg('superuser.walkIn.firstName'))).toHaveAccessibleDescription(
      msg('superuser.walkIn.error.firstName'),
    );
    await expect(dialog.getByLabel(msg('superuser.walkIn.phone'))).toHaveAccessibleDescription(
      msg('superuser.walkIn.error.phone'),
    );
    await shot(page, `walk-in-errors-${tag}`);

    // 3. Ravi pays ₹1,000 of ₹3,000 in cash. Paid in full nothing is asked; paid in part the
    // dialog asks when the subscription starts, and will not enrol until the owner says.
    await dialog.getByLabel(msg('superuser.walkIn.firstName')).fill('Ravi');
    await dialog.getByLabel(msg('superuser.walkIn.lastName')).fill('Kumar');
    await dialog.getByLabel(msg('superuser.walkIn.phone')).fill(local);
    await dialog.getByLabel(msg('superuser.walkIn.userType')).selectOption('student');
    await dialog
      .getByLabel(msg('superuser.walkIn.plan'))
      .selectOption({ label: `${WALK_IN_PLAN.name} (₹3,000)` });
    const question = dialog.getByRole('radiogroup', { name: msg('superuser.walkIn.start') });
    await dialog.getByLabel(msg('superuser.walkIn.amount')).fill('3000');
    await expect(question).toHaveCount(0);
    await dialog.getByLabel(msg('superuser.walkIn.amount')).fill('1000');
    await expect(question).toBeVisible();
    // Sent once already (step 2), the form says at once what is missing.
    const due = msg('superuser.walkIn.start.due', { amount: '₹2,000' });
    await expect(question).toHaveAccessibleDescription(
      `${msg('superuser.walkIn.error.start')} ${due}`,
    );
    await shot(page, `walk-in-start-question-${tag}`);
    await question.getByRole('radio', { name: msg('superuser.walkIn.start.whenPaid') }).click();
    await expect(question).toHaveAccessibleDescription(due);
    await shot(page, `walk-in-filled-${tag}`);
    await dialog.getByRole('button', { name: msg('superuser.walkIn.submit'), exact: true }).click();
    await expect(dialog.getByRole('status')).toContainText('Ravi');
    await expect(dialog).toContainText(msg('superuser.walkIn.status.pending'));
    await expect(dialog).toContainText(msg('superuser.walkIn.amountDue'));
    await expect(dialog).toContainText('₹2,000');
    await expect(dialog).toContainText(msg('superuser.walkIn.smsSent', { phone }));
    await shot(page, `walk-in-enrolled-${tag}`);
    const username = `ravi${local.slice(-4)}`;
    await dialog.getByRole('button', { name: msg('superuser.walkIn.close'), exact: true }).click();

    // 4. The customer opens the link from the SMS (signed out), gets an OTP and sets a password.
    const claimPath = await readClaimPath(phone);
    await page.evaluate(() => {
      const picked = localStorage.getItem('dabba.language');
      localStorage.clear();
      if (picked) localStorage.setItem('dabba.language', picked);
    });
    await page.goto(claimPath);
    await expect(page.getByRole('heading', { name: msg('auth.claim.title') })).toBeVisible();
    await shot(page, `claim-start-${tag}`);
    await page.getByRole('button', { name: msg('auth.claim.sendOtp'), exact: true }).click();
    const otp = await readOtp(phone);
    await page.getByLabel(msg('auth.claim.otp')).fill(otp);
    await shot(page, `claim-otp-${tag}`);
    await page.getByRole('button', { name: msg('auth.claim.verify'), exact: true }).click();
    await page.getByLabel(msg('auth.claim.password'), { exact: true }).fill('Counter-pass-42');
    await page
      .getByLabel(msg('auth.claim.confirmPassword'), { exact: true })
      .fill('Counter-pass-41');
    await page.getByRole('button', { name: msg('auth.claim.submit'), exact: true }).click();
    await expect(
      page.getByLabel(msg('auth.claim.confirmPassword'), { exact: true }),
    ).toHaveAccessibleDescription(msg('auth.validation.passwordsMismatch'));
    await page
      .getByLabel(msg('auth.claim.confirmPassword'), { exact: true })
      .fill('Counter-pass-42');
    await shot(page, `claim-password-${tag}`);
    await page.getByRole('button', { name: msg('auth.claim.submit'), exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await shot(page, `claim-done-${tag}`);

    // 5. The same ₹2,000 is due on the customer's account, by the API and on Payment History's
    // statement, and the link is spent.
    const tokens = await apiLogin(request, username, 'Counter-pass-42');
    const statement = await request.get('/api/ledger/statement/', {
      headers: { Authorization: `Bearer ${tokens.access}` },
    });
    expect(statement.status()).toBe(200);
    expect(await statement.json()).toMatchObject({ balance: 2000, status: 'DUE' });
    await page.goto('/payments');
    await expect(page.getByTestId('statement-balance')).toHaveText(
      msg('ledger.balance.youOwe', { amount: '₹2,000' }),
    );
    await shot(page, `claim-statement-${tag}`);
    await page.goto('/subscriptions');
    await expect(page.getByRole('region', { name: WALK_IN_PLAN.name })).toBeVisible();
    await shot(page, `claim-subscriptions-${tag}`);
    await page.evaluate(() => {
      localStorage.removeItem('dabba.access');
      localStorage.removeItem('dabba.refresh');
    });
    // The page reads the link first, and says at once that it is spent: no code to ask for.
    await page.goto(claimPath);
    await expect(page.getByRole('alert')).toContainText(
      tx('This account has already been claimed. Sign in with your username and password.'),
    );
  });
}

test('owner enrols a walk-in who pays in part and starts now, owing the rest (1366 px)', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await ensurePlan(request, WALK_IN_PLAN);
  counter += 1;
  const local = `7${String(Date.now() % 100_000_000).padStart(8, '0')}${counter % 10}`;
  const dialog = await openWalkIn(page, false);
  await dialog.getByLabel(msg('superuser.walkIn.firstName')).fill('Sita');
  await dialog.getByLabel(msg('superuser.walkIn.phone')).fill(local);
  await dialog
    .getByLabel(msg('superuser.walkIn.plan'))
    .selectOption({ label: `${WALK_IN_PLAN.name} (₹3,000)` });
  await dialog.getByLabel(msg('superuser.walkIn.amount')).fill('500');
  const question = dialog.getByRole('radiogroup', { name: msg('superuser.walkIn.start') });
  await question.getByRole('radio', { name: msg('superuser.walkIn.start.now') }).click();
  await dialog.getByRole('button', { name: msg('superuser.walkIn.submit'), exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('Sita');
  await expect(dialog).toContainText(msg('superuser.walkIn.status.active'));
  await expect(dialog).toContainText('₹2,500');
  await shot(page, `walk-in-started-now-1366-${language()}`);
});

for (const viewport of [
  { name: 'desktop', size: { width: 1366, height: 900 }, phone: false },
  { name: 'phone 360 px', size: { width: 360, height: 740 }, phone: true },
]) {
  test(`owner enrols a tiffin walk-in with the address, then edits it on the customer's page (${viewport.name})`, async ({
    page,
    request,
  }) => {
    oneLanguagePerWidth(viewport.phone);
    await page.setViewportSize(viewport.size);
    const tag = `${viewport.phone ? '360' : '1366'}-${language()}`;
    await ensurePlan(request, TIFFIN_PLAN);
    counter += 1;
    const local = `6${String(Date.now() % 100_000_000).padStart(8, '0')}${counter % 10}`;

    // 1. A tiffin plan asks where it goes, and will not enrol without it.
    const dialog = await openWalkIn(page, viewport.phone);
    await dialog.getByLabel(msg('superuser.walkIn.firstName')).fill('Gopal');
    await dialog.getByLabel(msg('superuser.walkIn.phone')).fill(local);
    await dialog
      .getByLabel(msg('superuser.walkIn.plan'))
      .selectOption({ label: `${TIFFIN_PLAN.name} (₹2,400)` });
    await dialog.getByLabel(msg('superuser.walkIn.amount')).fill('2400');
    const where = dialog.getByRole('region', { name: msg('superuser.walkIn.addressTitle') });
    await expect(where).toBeVisible();
    await dialog.getByRole('button', { name: msg('superuser.walkIn.submit'), exact: true }).click();
    const address = where.getByLabel(msg('profile.address'), { exact: true });
    await expect(address).toHaveAccessibleDescription(msg('profile.error.required'));
    await address.fill('3 Mall Road');
    await where.getByLabel(msg('profile.field.landmark')).fill('Near the post office');
    await where.getByLabel(msg('profile.field.pincode')).fill('2012');
    await where.getByLabel(msg('profile.field.city')).fill('Ghaziabad');
    await expect(where.getByLabel(msg('profile.field.pincode'))).toHaveAccessibleDescription(
      msg('profile.error.pincode'),
    );
    await where.getByLabel(msg('profile.field.pincode')).fill('201206');
    await shot(page, `walk-in-tiffin-address-${tag}`);
    await dialog.getByRole('button', { name: msg('superuser.walkIn.submit'), exact: true }).click();
    await expect(dialog.getByRole('status')).toContainText('Gopal');
    await dialog.getByRole('button', { name: msg('superuser.walkIn.close'), exact: true }).click();

    // 2. The customer's page: Edit Details moves the delivery to a new address.
    const owner = await ownerTokens(request);
    const headers = { Authorization: `Bearer ${owner.access}` };
    const found = await request.get(`/api/accounts/owner/users/?search=${local}`, { headers });
    const [customer] = (await found.json()) as { id: number }[];
    await page.goto(`/admin/customers/${customer!.id}`);
    const profile = page.locator('[aria-labelledby="customer-profile"]');
    await expect(profile).toContainText('3 Mall Road');
    await page
      .getByRole('button', { name: msg('superuser.customer.edit.open'), exact: true })
      .click();
    const edit = page.getByRole('dialog', { name: msg('superuser.customer.edit.title') });
    await expect(edit.getByLabel(msg('profile.field.city'))).toHaveValue('Ghaziabad');
    await edit.getByLabel(msg('profile.address'), { exact: true }).fill('9 Kavi Nagar');
    await edit.getByLabel(msg('superuser.customer.diet')).selectOption('veg');
    await shot(page, `customer-edit-dialog-${tag}`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await edit
      .getByRole('button', { name: msg('superuser.customer.edit.submit'), exact: true })
      .click();
    await expect(edit).toBeHidden();
    await expect(profile).toContainText('9 Kavi Nagar');
    await shot(page, `customer-edited-${tag}`);

    // 3. Tomorrow's kitchen sheet has the tiffin at the new address, under its area.
    const tomorrow = addDays(
      new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }),
      1,
    );
    const sheet = await request.get(`/api/kitchen/sheet/?date=${tomorrow}`, { headers });
    const lunch = ((await sheet.json()) as { deliveries: { lunch: { user_id: number }[] } })
      .deliveries.lunch;
    expect(lunch.find((row) => row.user_id === customer!.id)).toMatchObject({
      area: '201206 Ghaziabad',
      address: '9 Kavi Nagar',
    });
  });
}

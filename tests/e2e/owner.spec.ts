// The mess owner's day in the browser (issue 6): leaves, feedback, refunds, plans, the CSV export,
// tomorrow's kitchen sheet, and a customer refused every admin screen. axe runs on every admin screen.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import {
  PLANS,
  cancelSubscription,
  displayDate,
  ensurePlan,
  expectAccessible,
  expectNotice,
  indiaDate,
  openSignedIn,
  ownerLogsIn,
  ownerTokens,
  parseCsv,
  plusDays,
  registerCustomer,
  requestLeave,
  sendFeedbackWithImage,
  subscribeAndPay,
  subscriptionOf,
} from './owner-fixtures';
import { escapeRegex, language, msg, tx, txPattern } from './i18n';
import { formatPhone } from '@machines/shared';

/** A wide photo (320×120), so a stretched preview would show. */
async function widePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 120, channels: 3, background: '#d35400' } })
    .png()
    .toBuffer();
}

/** True when two elements' boxes share any area. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) return false;
  return (
    one.x < two.x + two.width &&
    two.x < one.x + one.width &&
    one.y < two.y + two.height &&
    two.y < one.y + one.height
  );
}

/** A refund row's action button: "Approve refund #7" for `action` 'Approve' (any refund). */
const refundAction = (action: string | RegExp) =>
  txPattern('{action} refund #{id}', { action }, { whole: true });

/** Part of every loading text ("Loading users", "उपयोगकर्ता लोड हो रहे हैं"). */
const loading = () => (language() === 'hi' ? 'लोड हो' : msg('common.loading'));

async function asOwner(page: Page, pathname: string) {
  const tokens = await ownerTokens(page.request);
  await openSignedIn(page, tokens, pathname);
}

test('1. the owner approves a leave and sees the customer end date move', async ({ page }) => {
  const planId = await ensurePlan(page.request, PLANS.mess);
  const customer = await registerCustomer(page.request, { service: 'mess', firstName: 'Leela' });
  const subscription = await subscribeAndPay(page.request, customer, planId);
  await requestLeave(page.request, customer, subscription.id, indiaDate(1), indiaDate(3));

  await ownerLogsIn(page);
  await expect(page.getByRole('heading', { name: tx('Owner Dashboard') })).toBeVisible();
  await expect(page.getByText(tx('Pending Leaves'))).toBeVisible();
  await expectAccessible(page, 'owner dashboard');

  await page
    .getByRole('navigation', { name: tx('Main') })
    .getByRole('link', { name: tx('Leaves') })
    .click();
  await expect(page.getByRole('heading', { name: tx('Admin Leave Requests') })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: `@${customer.username}` });
  await expect(card).toContainText(msg('adminLeaves.days', { count: 3 }));
  await expect(card).toContainText(`${PLANS.mess.name} (${tx('Mess Service')})`);
  await expectAccessible(page, '/admin/leaves');

  await card.getByRole('button', { name: tx('Approve'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: tx('Approve Leave Request') });
  const submit = dialog.getByRole('button', { name: tx('Approve'), exact: true });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel(tx('Admin Comment')).fill('   ');
  await expect(submit).toBeDisabled();
  await expectAccessible(page, 'approve leave dialog');
  await dialog.getByLabel(tx('Admin Comment')).fill('Enjoy the trip, meals paused.');
  await submit.click();
  await expectNotice(page, tx('Leave Approved'));
  await expect(dialog).toBeHidden();

  // The customer's plan now ends 3 days later, in the API and on the owner's Users tab.
  const movedEnd = plusDays(subscription.adjusted_end_date, 3);
  await expect
    .poll(
      async () => (await subscriptionOf(page.request, customer, subscription.id)).adjusted_end_date,
    )
    .toBe(movedEnd);
  await page.getByRole('button', { name: msg('adminLeaves.filter.all'), exact: true }).click();
  const decided = page.getByRole('listitem').filter({ hasText: `@${customer.username}` });
  await expect(decided).toContainText(msg('status.leave.APPROVED'));
  await expect(decided).toContainText('Enjoy the trip, meals paused.');
  await page.goto('/admin/superuser');
  await page.getByRole('tab', { name: msg('superuser.tab.users'), exact: true }).click();
  await page.getByLabel(tx('Search users')).fill(customer.username);
  const row = page.getByRole('row').filter({ hasText: customer.username });
  await expect(row).toContainText(displayDate(movedEnd));
});

test('2. the owner answers feedback', async ({ page }) => {
  const customer = await registerCustomer(page.request, { service: 'mess', firstName: 'Farah' });
  const subject = `Cold lunch ${customer.username}`;
  await sendFeedbackWithImage(page.request, customer, subject, indiaDate(-1), await widePhoto());

  await asOwner(page, '/admin/feedback');
  await expect(page.getByRole('heading', { name: tx('All User Feedback') })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: subject });
  await expect(card).toContainText(tx('Food Complaint'));
  await expect(card).toContainText(customer.username);
  await expect(card).toContainText('The dal was cold');
  await expect(
    card.getByRole('img', { name: msg('adminFeedback.ratingLabel', { rating: 2 }) }),
  ).toBeVisible();
  await expect(card).toContainText(tx('Lunch'));
  // Priorities read as words, not the API's lower-case values.
  await expect(card).toContainText(
    tx('Priority: {priority}', { priority: msg('status.priority.urgent') }),
  );
  await expect(card.getByRole('button', { name: tx('View Attachment') })).toBeVisible();
  await expectAccessible(page, '/admin/feedback');

  await card.getByRole('button', { name: tx('View more: {subject}', { subject }) }).click();
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog).toContainText(customer.email);
  await expect(dialog).toContainText(formatPhone(customer.phone));
  await expect(dialog).toContainText('cold-dal.png');
  await expect(dialog).toContainText(txPattern('{size} KB', { size: /\d+\.\d/ }));
  const photo = dialog.getByRole('img', {
    name: tx('Attachment {name}', { name: 'cold-dal.png' }),
  });
  await expect(photo).toBeVisible();
  // The preview keeps the photo's 8:3 shape, and a click opens it full size.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  const shown = (await photo.boundingBox())!;
  expect(shown.width / shown.height).toBeCloseTo(320 / 120, 1);
  const popupPromise = page.waitForEvent('popup');
  await photo.click();
  const popup = await popupPromise;
  await popup.waitForURL(/^blob:/);
  await expect
    .poll(() => popup.evaluate(() => document.querySelector('img')?.naturalWidth ?? 0))
    .toBe(320);
  await popup.close();
  await expect(
    dialog.getByRole('radio', { name: msg('adminFeedback.markResolved') }),
  ).toBeChecked();
  await expectAccessible(page, 'feedback details dialog');

  await dialog.getByRole('button', { name: tx('Submit Response') }).click();
  await expect(dialog).toContainText(
    tx('Response required: Please write a response before submitting.'),
  );
  await dialog.getByLabel(tx('Admin Response')).fill('Sorry! The warmer is fixed from today.');
  await dialog.getByRole('button', { name: tx('Submit Response') }).click();
  await expectNotice(page, tx('Updated'), tx('Response saved and status marked as resolved.'));

  await page
    .getByRole('button', { name: msg('adminFeedback.filter.resolved'), exact: true })
    .click();
  const resolved = page.getByRole('listitem').filter({ hasText: subject });
  await expect(resolved).toContainText('Sorry! The warmer is fixed from today.');
  await expect(resolved).toContainText(msg('status.feedback.resolved'));
  await page.getByRole('button', { name: msg('adminFeedback.filter.closed'), exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: subject })).toHaveCount(0);
});

test('3. the owner approves a refund and marks it paid', async ({ page }) => {
  const planId = await ensurePlan(page.request, PLANS.mess);
  const customer = await registerCustomer(page.request, { service: 'mess', firstName: 'Rohan' });
  const subscription = await subscribeAndPay(page.request, customer, planId);
  await cancelSubscription(page.request, customer, subscription.id, {
    method: 'bank',
    account_holder_name: 'Rohan Mehta',
    account_number: '50100012345678',
    ifsc: 'HDFC0001234',
  });

  const bank = { number: 'XXXXXXXXXX5678', ifsc: 'HDFC0001234' };
  const maskedBank = tx('Bank account {number} ({holder}, {ifsc})', {
    ...bank,
    holder: 'Rohan Mehta',
  });
  await asOwner(page, '/admin/refunds');
  await expect(page.getByRole('heading', { name: tx('Manage Refunds') })).toBeVisible();
  await page.getByRole('button', { name: tx('PENDING'), exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: `@${customer.username}` });
  await expect(row).toContainText(msg('status.refund.PENDING'));
  await expect(row.getByRole('button', { name: refundAction(tx('Mark as Paid')) })).toHaveCount(0);
  await expectAccessible(page, '/admin/refunds');

  await row
    .getByRole('button', { name: txPattern('View more for refund #{id}', {}, { whole: true }) })
    .click();
  await expect(page.getByText(PLANS.mess.name).first()).toBeVisible();
  await expect(page.getByText(tx('Payment Transaction ID'))).toBeVisible();
  // Where to pay shows masked until the owner is paying it.
  const details = page.locator(`[id^="refund-details-"]`).filter({ hasText: customer.username });
  await expect(details).toContainText(maskedBank);
  await expect(page.getByText('50100012345678')).toHaveCount(0);
  // Statuses by their labels, not the API's enums.
  await expect(details).toContainText(msg('status.subscription.CANCELLED'));
  await expect(details).not.toContainText('CANCELLED');
  await expect(details).not.toContainText(/\bPENDING\b/);

  await row.getByRole('button', { name: refundAction(tx('Approve')) }).click();
  let dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(tx('Payout: {payout}', { payout: maskedBank }));
  await expect(dialog.getByRole('button', { name: tx('Approve'), exact: true })).toBeDisabled();
  await dialog.getByLabel(tx('Admin Comment')).fill('Approved as per policy.');
  await expectAccessible(page, 'refund action dialog');
  await dialog.getByRole('button', { name: tx('Approve'), exact: true }).click();
  await expectNotice(page, tx('Refund Approved'));

  await page.getByRole('button', { name: tx('APPROVED'), exact: true }).click();
  await expect(row).toContainText(msg('status.refund.APPROVED'));
  await row.getByRole('button', { name: refundAction(tx('Mark as Paid')) }).click();
  dialog = page.getByRole('dialog');
  // The one place the whole account number shows: what the owner pays to.
  const payTo = dialog.getByRole('region', {
    name: txPattern('Pay {amount} to', { amount: /₹[\d,.]+/ }, { whole: true }),
  });
  await expect(payTo).toContainText(msg('adminRefunds.bankTransfer'));
  await expect(payTo).toContainText('Rohan Mehta');
  await expect(payTo).toContainText('50100012345678');
  await expect(payTo).toContainText('HDFC0001234');
  await expectAccessible(page, 'mark as paid dialog');
  await expect(dialog.getByRole('button', { name: tx('Mark as Paid') })).toBeDisabled();
  await dialog.getByLabel(tx('Admin Comment')).fill('Sent by bank transfer.');
  await dialog.getByLabel(tx('UTR (optional)')).fill('UTR20261122001');
  await dialog.getByRole('button', { name: tx('Mark as Paid') }).click();
  await expectNotice(page, tx('Refund Marked as Paid'));

  await page.getByRole('button', { name: tx('PAID'), exact: true }).click();
  await expect(row).toContainText(msg('status.refund.PAID'));
  const anyAction = new RegExp(
    [tx('Approve'), tx('Reject'), tx('Mark as Paid')].map(escapeRegex).join('|'),
  );
  await expect(row.getByRole('button', { name: refundAction(anyAction) })).toHaveCount(0);
  // The UTR comes back to the owner (the row stayed expanded), and to the customer.
  await expect(
    row.getByRole('button', { name: txPattern('View less for refund #{id}', {}, { whole: true }) }),
  ).toBeVisible();
  await expect(details).toContainText('UTR20261122001');
  await expect(details).toContainText('XXXXXXXXXX5678');
  await expect(page.getByText('50100012345678')).toHaveCount(0);
  await openSignedIn(page, customer.tokens, '/subscriptions');
  const card = page.getByRole('listitem').filter({ hasText: PLANS.mess.name }).first();
  await card.getByText(msg('subscriptions.details'), { exact: true }).click();
  await expect(card).toContainText('UTR20261122001');
  await expect(card).toContainText(
    tx('Bank account {number} ({name}, {ifsc})', { ...bank, name: 'Rohan Mehta' }),
  );
});

test('4. the owner creates, edits and deletes a plan', async ({ page }) => {
  const code = `E2E-${Date.now() % 1_000_000}`;
  await ensurePlan(page.request, PLANS.mess);
  await asOwner(page, '/admin/plans');
  await expect(page.getByRole('heading', { name: tx('Manage Plans') })).toBeVisible();
  await expectAccessible(page, '/admin/plans');

  await page
    .getByRole('button', { name: tx('Create Plan') })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: tx('Create Plan') });
  await expect(dialog.getByLabel(tx('Service Type'))).toHaveValue('mess');
  await expect(dialog.getByLabel(tx('Base Price (₹)'))).toHaveValue('0');
  await expect(dialog.getByLabel(tx('Duration (days)'))).toHaveValue('30');
  await expectAccessible(page, 'create plan dialog');
  await dialog.getByRole('button', { name: tx('Create Plan') }).click();
  await expect(dialog).toContainText(tx('Code is required'));
  await expect(dialog).toContainText(tx('Name is required'));
  await expect(dialog).toContainText(tx('Description is required'));

  await dialog.getByLabel(tx('Code')).fill(code);
  await dialog.getByLabel(tx('Name'), { exact: true }).fill('Weekend Tiffin');
  await dialog.getByLabel(tx('Description'), { exact: true }).fill('Lunch and dinner on weekends.');
  await dialog.getByLabel(tx('Service Type')).selectOption('tiffin');
  await dialog.getByLabel(tx('Duration (days)')).fill('8');
  await dialog.getByLabel(tx('Base Price (₹)')).fill('-5');
  await dialog.getByRole('button', { name: tx('Create Plan') }).click();
  await expect(dialog).toContainText(tx('Price cannot be negative'));
  await dialog.getByLabel(tx('Base Price (₹)')).fill('650');
  await dialog.getByLabel(tx('Lunch')).check();
  await dialog.getByLabel(tx('Dinner')).check();
  // A code already taken: the error toast…
  await dialog.getByLabel(tx('Code')).fill(PLANS.mess.code);
  await dialog.getByRole('button', { name: tx('Create Plan') }).click();
  await expectNotice(page, tx('Create Failed'));
  await dialog.getByLabel(tx('Code')).fill(code);
  await dialog.getByRole('button', { name: tx('Create Plan') }).click();
  await expectNotice(page, tx('Plan Created'));
  // …is replaced by the success that followed it, not left beside it.
  await expect(page.locator('[data-toast]')).toHaveCount(1);
  await expect(page.locator('[data-toast]').filter({ hasText: tx('Create Failed') })).toHaveCount(
    0,
  );
  // The toast covers neither the navigation nor the page's title row and its button.
  const toast = page.locator('[data-toast]').first();
  await expect(dialog).toBeHidden();
  // Where it comes to rest: it slides in from the right edge (180 ms), over the button meanwhile.
  await toast.evaluate(async (element) => {
    await Promise.all(element.getAnimations().map((animation) => animation.finished));
  });
  expect(await overlaps(toast, page.getByRole('banner'))).toBe(false);
  expect(await overlaps(toast, page.getByRole('heading', { name: tx('Manage Plans') }))).toBe(
    false,
  );
  expect(await overlaps(toast, page.getByRole('button', { name: tx('Create Plan') }).first())).toBe(
    false,
  );
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('Weekend Tiffin');
  await expect(row).toContainText(tx('Tiffin Service'));
  await expect(row).toContainText('₹650');
  await expect(row).toContainText(`${tx('Lunch')}, ${tx('Dinner')}`);

  await row.getByRole('button', { name: tx('Edit {name}', { name: 'Weekend Tiffin' }) }).click();
  const edit = page.getByRole('dialog', { name: tx('Edit Plan') });
  await expect(edit.getByLabel(tx('Code'))).toBeDisabled();
  await expect(edit.getByLabel(tx('Code'))).toHaveValue(code);
  await edit.getByLabel(tx('Name'), { exact: true }).fill('Weekend Tiffin Plus');
  await edit.getByLabel(tx('Base Price (₹)')).fill('700');
  await edit.getByRole('button', { name: tx('Save Changes') }).click();
  await expectNotice(page, tx('Plan Updated'));
  await expect(row).toContainText('Weekend Tiffin Plus');
  await expect(row).toContainText('₹700');

  await row
    .getByRole('button', { name: tx('Delete {name}', { name: 'Weekend Tiffin Plus' }) })
    .click();
  const confirm = page.getByRole('dialog', { name: tx('Delete Plan') });
  await expect(confirm).toContainText(code);
  await expectAccessible(page, 'delete plan dialog');
  await confirm.getByRole('button', { name: tx('Cancel') }).click();
  await expect(row).toBeVisible();
  await row
    .getByRole('button', { name: tx('Delete {name}', { name: 'Weekend Tiffin Plus' }) })
    .click();
  await confirm.getByRole('button', { name: tx('Delete') }).click();
  await expectNotice(page, tx('Plan Deleted'));
  await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(0);

  // Moving to another page clears what this one said (a toast lasts 5 s; past the 2.5 s in which
  // a toast counts as announcing the move).
  await page.waitForTimeout(2700);
  await expect(page.locator('[data-toast]').filter({ hasText: tx('Plan Deleted') })).toBeVisible();
  await page
    .getByRole('navigation', { name: tx('Main') })
    .getByRole('link', { name: tx('Leaves') })
    .click();
  await expect(page.getByRole('heading', { name: tx('Admin Leave Requests') })).toBeVisible();
  await expect(page.locator('[data-toast]')).toHaveCount(0);
});

test('5. the owner exports a CSV and its rows are right', async ({ page }) => {
  const [messPlan, lunchPlan, allMealsPlan] = await Promise.all([
    ensurePlan(page.request, PLANS.mess),
    ensurePlan(page.request, PLANS.tiffinLunch),
    ensurePlan(page.request, PLANS.tiffinAll),
  ]);
  const messCustomer = await registerCustomer(page.request, { service: 'mess', prefix: 'csv' });
  const lunchOnly = await registerCustomer(page.request, {
    service: 'tiffin',
    userType: 'regular',
    prefix: 'csv',
    firstName: '=HYPERLINK("x")',
  });
  const allMeals = await registerCustomer(page.request, { service: 'tiffin', prefix: 'csv' });
  // A tiffin customer who has not subscribed yet: never through a meal filter.
  const noPlan = await registerCustomer(page.request, { service: 'tiffin', prefix: 'csv' });
  await subscribeAndPay(page.request, messCustomer, messPlan);
  await subscribeAndPay(page.request, lunchOnly, lunchPlan);
  await subscribeAndPay(page.request, allMeals, allMealsPlan);

  await asOwner(page, '/admin/superuser');
  await expect(
    page.getByRole('heading', { name: tx('Superuser Payments and Users') }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: tx('All payments') })).toBeVisible();
  await expectAccessible(page, '/admin/superuser All Payments');
  for (const tab of ['recent', 'failed', 'users', 'subscribers', 'stats']) {
    await page.getByRole('tab', { name: msg(`superuser.tab.${tab}`), exact: true }).click();
    await expect(page.getByRole('tabpanel')).not.toContainText(loading());
    await expectAccessible(page, `/admin/superuser ${tab}`);
  }
  await expect(page.getByText(tx('Total Users'))).toBeVisible();

  // At 1280 px the users table fits, Expiry Date included, and statuses read as labels.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('tab', { name: msg('superuser.tab.users'), exact: true }).click();
  await page.getByLabel(tx('Search users')).fill(messCustomer.username);
  const usersTable = page.getByRole('region', { name: msg('superuser.tab.users') });
  const userRow = usersTable.getByRole('row').filter({ hasText: messCustomer.username });
  await expect(userRow).toContainText(msg('status.subscription.ACTIVE'));
  await expect(userRow).not.toContainText('ACTIVE');
  const widths = await usersTable.evaluate((wrap) => ({
    scroll: wrap.scrollWidth,
    client: wrap.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  const wrapBox = (await usersTable.boundingBox())!;
  const expiryBox = (await usersTable
    .getByRole('columnheader', { name: tx('Expiry Date') })
    .boundingBox())!;
  expect(expiryBox.x + expiryBox.width).toBeLessThanOrEqual(wrapBox.x + wrapBox.width);
  await page.getByLabel(tx('Search users')).fill('');
  await page.setViewportSize({ width: 1366, height: 900 });

  const column = (name: string) => msg(`superuser.export.column.${name}`);
  const tiffinBreakfast = `${msg('format.service.tiffin')} ${tx('Breakfast')}`;
  await page.getByRole('button', { name: tx('Download CSV') }).click();
  const dialog = page.getByRole('dialog', { name: tx('Download CSV') });
  const always = (name: string) => tx('{column} (always included)', { column: column(name) });
  await expect(dialog.getByLabel(always('username'))).toBeChecked();
  await expect(dialog.getByLabel(always('full_name'))).toBeDisabled();
  await expect(dialog.getByLabel(column('phone'), { exact: true })).toBeChecked();
  await expect(dialog.getByLabel(column('subscription_status'))).toBeChecked();
  await expect(dialog.getByLabel(column('email'), { exact: true })).not.toBeChecked();
  await dialog.getByLabel(column('plan_name')).check();
  await dialog.getByLabel(tiffinBreakfast).check();
  await expectAccessible(page, 'export dialog');

  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('button', { name: tx('Download CSV') }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`users_and_active_subscribers_${indiaDate(0)}.csv`);
  const rows = parseCsv(readFileSync(await download.path(), 'utf8'));
  expect(rows[0]).toEqual(['Username', 'Full Name', 'Phone', 'Subscription Status', 'Plan Name']);
  const byUsername = new Map(rows.slice(1).map((row) => [row[0], row]));
  expect(byUsername.get(allMeals.username)?.[4]).toBe(PLANS.tiffinAll.name);
  // Tiffin Breakfast keeps the tiffin customers whose plan has breakfast, and only them: not the
  // lunch-only tiffin customer, the mess diner, or the tiffin customer without a plan.
  expect(byUsername.has(lunchOnly.username)).toBe(false);
  expect(byUsername.has(messCustomer.username)).toBe(false);
  expect(byUsername.has(noPlan.username)).toBe(false);
  expect(rows.slice(1).every((row) => row[3] === 'ACTIVE')).toBe(true);
  expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(rows.length - 1);
  await expectNotice(
    page,
    tx('CSV Downloaded'),
    msg('superuser.export.toast.message', { count: rows.length - 1 }),
  );

  // Without the meal filter the formula-like name is written as text.
  await page.getByRole('button', { name: tx('Download CSV') }).click();
  const second = page.getByRole('dialog', { name: tx('Download CSV') });
  // The dialog keeps the last choices.
  await expect(second.getByLabel(tiffinBreakfast)).toBeChecked();
  await second.getByLabel(tiffinBreakfast).uncheck();
  await second.getByLabel(msg('superuser.export.source.users'), { exact: true }).uncheck();
  const againPromise = page.waitForEvent('download');
  await second.getByRole('button', { name: tx('Download CSV') }).click();
  const again = await againPromise;
  expect(again.suggestedFilename()).toBe(`active_subscribers_${indiaDate(0)}.csv`);
  const activeRows = parseCsv(readFileSync(await again.path(), 'utf8'));
  const injected = activeRows.find((row) => row[0] === lunchOnly.username);
  expect(injected?.[1]).toBe(`'=HYPERLINK("x") Sharma`);
  expect(activeRows.find((row) => row[0] === messCustomer.username)).toEqual([
    messCustomer.username,
    messCustomer.fullName,
    // A phone number cannot run as a formula, so it is written as it is.
    messCustomer.phone,
    'ACTIVE',
    PLANS.mess.name,
  ]);
  expect(activeRows.some((row) => row[0] === noPlan.username)).toBe(false);
});

test('6. the owner produces the kitchen sheet for tomorrow', async ({ page }) => {
  const lunchPlan = await ensurePlan(page.request, PLANS.tiffinLunch);
  const messPlan = await ensurePlan(page.request, PLANS.mess);
  const onLeave = await registerCustomer(page.request, {
    service: 'tiffin',
    firstName: 'Kavya',
    prefix: 'kit',
  });
  const messEater = await registerCustomer(page.request, { service: 'mess', prefix: 'kit' });
  // A regular customer's address (pincode 201206): a delivery area of its own.
  const townDelivery = await registerCustomer(page.request, {
    service: 'tiffin',
    userType: 'regular',
    firstName: 'Tara',
    prefix: 'kit',
  });
  const tiffin = await subscribeAndPay(page.request, onLeave, lunchPlan);
  await subscribeAndPay(page.request, messEater, messPlan);
  await subscribeAndPay(page.request, townDelivery, lunchPlan);
  await requestLeave(page.request, onLeave, tiffin.id, indiaDate(1), indiaDate(1));
  const tomorrow = indiaDate(1);

  await asOwner(page, '/dashboard');
  await page
    .getByRole('main')
    .getByRole('link', { name: tx('Kitchen Sheet') })
    .click();
  // It opens on the meal being cooked now, named in the address; the owner picks tomorrow's lunch.
  await expect(page).toHaveURL(/\/admin\/kitchen\?date=\d{4}-\d{2}-\d{2}&meal=\w+$/);
  await expect(page.getByRole('heading', { name: tx('Kitchen Sheet') })).toBeVisible();
  await page.getByLabel(msg('kitchen.date')).fill(tomorrow);
  await page.getByLabel(msg('kitchen.meal'), { exact: true }).selectOption('lunch');
  await expect(page).toHaveURL(new RegExp(`/admin/kitchen\\?date=${tomorrow}&meal=lunch$`));
  await expect(page.getByLabel(msg('kitchen.date'))).toHaveValue(tomorrow);
  await expect(page.getByText(displayDate(tomorrow)).first()).toBeVisible();
  const lunch = page.getByRole('table', { name: tx('Tiffin lunch deliveries') });
  // By phone: the journeys run once per language on one server, so a name may stand twice.
  const flagged = lunch.getByRole('row').filter({ hasText: formatPhone(onLeave.phone) });
  await expect(flagged).toContainText(tx('Pending leave'));
  await expect(flagged).toContainText(onLeave.fullName);
  await expect(flagged).toContainText('Block C, Room 21');
  // Deliveries come grouped by area (pincodes, then campuses), each under its own heading row.
  // A campus's hostels read in the screen's language; a pincode and city as they are.
  const kietHostels = msg('kitchen.area.hostels', { institute: 'KIET' });
  const areas = await lunch.getByRole('rowheader').allInnerTexts();
  const areaOf = (name: string) => areas.findIndex((area) => area.startsWith(name));
  expect(areaOf('201206 Ghaziabad')).toBeGreaterThanOrEqual(0);
  expect(areaOf('201206 Ghaziabad')).toBeLessThan(areaOf(kietHostels));
  const rowTexts = await lunch.getByRole('row').allInnerTexts();
  const position = (text: string) => rowTexts.findIndex((row) => row.includes(text));
  expect(position(kietHostels)).toBeLessThan(position(onLeave.fullName));
  expect(position('201206 Ghaziabad')).toBeLessThan(position(townDelivery.fullName));
  expect(position(townDelivery.fullName)).toBeLessThan(position(kietHostels));
  await expectAccessible(page, '/admin/kitchen');

  // Print: only the sheet goes on paper.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: tx('Print') }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: tx('Main') })).toBeHidden();
  await expect(page.getByRole('heading', { name: tx('Kitchen Sheet') })).toBeVisible();
  await expect(page.getByRole('button', { name: tx('Download CSV') })).toBeHidden();
  await expect(lunch).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: tx('Download CSV') }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`kitchen-sheet_${tomorrow}.csv`);
  const rows = parseCsv(readFileSync(await download.path(), 'utf8'));
  expect(rows[0]?.slice(0, 3)).toEqual(['meal', 'area', 'name']);
  const mine = rows.find((row) => row.some((cell) => cell.includes(onLeave.fullName)));
  expect(mine).toBeDefined();
  expect(mine?.join(',')).toMatch(/lunch/i);
  expect(mine?.[1]).toBe('KIET hostels');
});

test('7. a customer is refused every admin screen', async ({ page }) => {
  const customer = await registerCustomer(page.request, { service: 'mess', prefix: 'nosy' });
  await openSignedIn(page, customer.tokens, '/dashboard');
  await expect(
    page
      .getByRole('navigation', { name: tx('Main') })
      .getByRole('link', { name: msg('nav.refunds') }),
  ).toHaveCount(0);
  for (const pathname of [
    '/admin/plans',
    '/admin/leaves',
    '/admin/feedback',
    '/admin/refunds',
    '/admin/superuser',
    '/admin/kitchen',
  ]) {
    const adminActions = new RegExp(
      [tx('Create Plan'), tx('Download CSV'), tx('Approve')].map(escapeRegex).join('|'),
    );
    await page.goto(pathname);
    await expect(
      page.getByRole('heading', { name: msg('shell.notAuthorized') }),
      pathname,
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('button', { name: adminActions })).toHaveCount(0);
  }
  // The owner's API refuses the customer too.
  const headers = { Authorization: `Bearer ${customer.tokens.access}` };
  const payment = await page.request.get('/api/payments/admin/payments/1/', { headers });
  expect(payment.status()).toBe(403);
  expect(await payment.text()).toContain(
    'Unauthorized Access: You do not have permission to access payment details.',
  );
  const users = await page.request.get('/api/accounts/owner/users/', { headers });
  expect(users.status()).toBe(403);
});

test('8. admin screens work on a 360 px phone in the dark theme without axe violations', async ({
  page,
}) => {
  const planId = await ensurePlan(page.request, PLANS.tiffinLunch);
  const customer = await registerCustomer(page.request, { service: 'tiffin', prefix: 'dark' });
  await subscribeAndPay(page.request, customer, planId);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 360, height: 740 });
  await asOwner(page, '/dashboard');
  await expect(page.getByRole('heading', { name: tx('Owner Dashboard') })).toBeVisible();
  await expectAccessible(page, 'phone dark dashboard');
  const screens: Array<[string, string]> = [
    ['/admin/plans', 'Manage Plans'],
    ['/admin/leaves', 'Admin Leave Requests'],
    ['/admin/feedback', 'All User Feedback'],
    ['/admin/refunds', 'Manage Refunds'],
    ['/admin/kitchen', 'Kitchen Sheet'],
  ];
  for (const [pathname, heading] of screens) {
    await page.goto(pathname);
    await expect(page.getByRole('heading', { name: tx(heading) })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectAccessible(page, `phone dark ${pathname}`);
  }
  await page.goto('/admin/superuser');
  for (const tab of ['all', 'users', 'subscribers', 'stats']) {
    await page.getByRole('tab', { name: msg(`superuser.tab.${tab}`), exact: true }).click();
    await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0);
    await expectAccessible(page, `phone dark superuser ${tab}`);
  }
  await page.getByRole('tab', { name: msg('superuser.tab.subscribers'), exact: true }).click();
  await page
    .getByRole('button', { name: new RegExp(`^${escapeRegex(msg('format.service.tiffin'))}`) })
    .click();
  await page.getByRole('button', { name: new RegExp(`^${escapeRegex(tx('Lunch'))}`) }).click();
  const row = page.getByRole('row').filter({ hasText: customer.username }).first();
  await row
    .getByRole('button', {
      name: tx('Details of the subscription of {username}', { username: customer.username }),
    })
    .click();
  await expect(page.getByText(PLANS.tiffinLunch.name).first()).toBeVisible();
  await expectAccessible(page, 'phone dark active subscribers expanded');
});

test('9. a customer reads each notice once, with its e-mail and SMS status', async ({ page }) => {
  const planId = await ensurePlan(page.request, PLANS.tiffinLunch);
  const customer = await registerCustomer(page.request, { service: 'tiffin', prefix: 'note' });
  await subscribeAndPay(page.request, customer, planId);

  await openSignedIn(page, customer.tokens, '/notifications');
  const list = page.getByRole('list', { name: tx('Notifications') });
  await expect(list).toBeVisible();
  // The payment's e-mail and SMS are one notice, in words rather than codes.
  const paid = list.getByRole('listitem').filter({ hasText: tx('Payment successful') });
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText(
    `We received your payment of ₹1,200 for ${PLANS.tiffinLunch.name}.`,
  );
  const channels = paid
    .getByRole('list', { name: txPattern('How “{title}” was sent') })
    .getByRole('listitem');
  await expect(channels).toHaveCount(2);
  // The journeys' server has no SMTP or SMS route: both were kept in its outbox, and say so.
  const keptFor = (channel: 'email' | 'sms', recipient: string) =>
    `${msg(`notifications.channel.${channel}`)} ${tx('to {recipient}', { recipient })} ${msg('notifications.notSent')}${msg(`notifications.notSetUp.${channel}`)}`;
  await expect(channels.nth(0)).toHaveText(keptFor('email', customer.email));
  await expect(channels.nth(1)).toHaveText(keptFor('sms', formatPhone(customer.phone)));
  const welcome = list.getByRole('listitem').filter({ hasText: 'Welcome to' });
  await expect(welcome).toHaveCount(1);
  await expect(list).not.toContainText(/payment_success|payment success|\botp\b/);
  await expectAccessible(page, '/notifications');

  await page.getByLabel(msg('notifications.filter.status')).selectOption('failed');
  await expect(page.getByRole('heading', { name: tx('No Notifications') })).toBeVisible();
  // Kept in the outbox, the payment's notice never left the server: Sent does not list it.
  await page.getByLabel(msg('notifications.filter.status')).selectOption('sent');
  await expect(
    list.getByRole('listitem').filter({ hasText: tx('Payment successful') }),
  ).toHaveCount(0);
});

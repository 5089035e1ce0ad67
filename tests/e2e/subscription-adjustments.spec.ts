// Issue 12 in the browser: the owner extends every active subscriber by 2 days in one action (each
// end date, read back through the API, moves exactly once even when the action is sent again),
// adjusts one subscriber's end date with the machine's preview, and reads both in the audit log.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  PLANS,
  displayDate,
  ensurePlan,
  expectAccessible,
  expectNotice,
  indiaDate,
  openFromNav,
  openSignedIn,
  ownerTokens,
  plusDays,
  registerCustomer,
  subscribeAndPay,
} from './owner-fixtures';

/**
 * Every running subscription's end date, as the owner reads it through the API: ACTIVE and begun.
 * A plan queued behind a running one (another journey may make one) is ACTIVE too, but "extend
 * all" moves only running plans; a queued one follows the plan it waits behind.
 */
async function activeEndDates(request: APIRequestContext): Promise<Map<number, string>> {
  const { access } = await ownerTokens(request);
  const response = await request.get('/api/subscriptions/subscriptions/?status=ACTIVE&limit=500', {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(response.ok()).toBeTruthy();
  const rows = (await response.json()) as Array<{
    id: number;
    start_date: string;
    adjusted_end_date: string;
  }>;
  const today = indiaDate();
  return new Map(
    rows.filter((row) => row.start_date <= today).map((row) => [row.id, row.adjusted_end_date]),
  );
}

async function openActiveSubscribers(page: Page) {
  await openSignedIn(page, await ownerTokens(page.request), '/admin/superuser');
  await page.getByRole('tab', { name: 'Active Subscribers' }).click();
  await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0);
}

async function extendAll(page: Page, days: number, reason: string, expectedCount: number) {
  await page.getByRole('button', { name: 'Extend all active' }).click();
  const dialog = page.getByRole('dialog', { name: 'Extend all active subscriptions' });
  await dialog.getByLabel('Days to add').fill(String(days));
  await dialog.getByLabel('Reason').fill(reason);
  await expect(dialog).toContainText(`${expectedCount} active subscriptions will move.`);
  await dialog.getByRole('button', { name: 'Review' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm the extension' });
  await expect(confirm).toContainText(
    `Move the end date of ${expectedCount} active subscriptions by ${days} days?`,
  );
  return confirm;
}

test('the owner extends every active subscriber by 2 days in one action, each exactly once', async ({
  page,
}) => {
  const planId = await ensurePlan(page.request, PLANS.mess);
  const asha = await registerCustomer(page.request, { service: 'mess', prefix: 'adj' });
  const ravi = await registerCustomer(page.request, { service: 'mess', prefix: 'adj' });
  const ashaSub = await subscribeAndPay(page.request, asha, planId);
  await subscribeAndPay(page.request, ravi, planId);
  const before = await activeEndDates(page.request);
  expect(before.size).toBeGreaterThanOrEqual(2);

  await openActiveSubscribers(page);
  const confirm = await extendAll(page, 2, 'Kitchen closed for Diwali', before.size);
  await expectAccessible(page, 'extend all confirmation');
  await confirm.getByRole('button', { name: `Extend ${before.size} subscriptions` }).click();
  await expectNotice(
    page,
    'Subscriptions Extended',
    `Moved ${before.size} subscriptions by 2 days.`,
  );
  await expect(confirm).toBeHidden();

  const after = await activeEndDates(page.request);
  expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  for (const [id, end] of before)
    expect({ id, end: after.get(id) }).toEqual({ id, end: plusDays(end, 2) });
  // The table shows the new date for Asha.
  const ashaRow = page.getByRole('row').filter({ hasText: asha.username }).first();
  await expect(ashaRow).toContainText(displayDate(plusDays(ashaSub.adjusted_end_date, 2)));

  // The same extension sent again (a second click, a retry) moves nobody a second time.
  const again = await extendAll(page, 2, 'Kitchen closed for Diwali', before.size);
  await again.getByRole('button', { name: `Extend ${before.size} subscriptions` }).click();
  await expectNotice(page, 'Subscriptions Extended', /already made today/);
  expect(await activeEndDates(page.request)).toEqual(after);
});

test('the owner shortens one subscriber by a day given earlier, previewed by the machine', async ({
  page,
}) => {
  const planId = await ensurePlan(page.request, PLANS.mess);
  const meera = await registerCustomer(page.request, { service: 'mess', prefix: 'adj' });
  const sub = await subscribeAndPay(page.request, meera, planId);
  await openActiveSubscribers(page);
  const row = page.getByRole('row').filter({ hasText: meera.username }).first();
  await row.getByRole('button', { name: /^Adjust end date/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjust end date' });
  const save = dialog.getByRole('button', { name: 'Save new end date' });
  // Nothing was given yet: a shortening is refused with the server's own sentence.
  await dialog.getByLabel('Days').fill('-1');
  await dialog.getByLabel('Reason').fill('Opened a day early');
  await expect(dialog).toContainText(
    'A shortening can only take back days given earlier; it cannot remove paid days or approved leave.',
  );
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Days').fill('3');
  await expect(dialog.getByText(displayDate(plusDays(sub.adjusted_end_date, 3)))).toBeVisible();
  await expectAccessible(page, 'adjust end date dialog');
  await save.click();
  await expectNotice(
    page,
    'End Date Adjusted',
    `${meera.username}'s subscription now ends on ${displayDate(plusDays(sub.adjusted_end_date, 3))}.`,
  );
  expect((await activeEndDates(page.request)).get(sub.id)).toBe(plusDays(sub.adjusted_end_date, 3));

  // The audit log lists the owner's action with its dates before and after.
  await openFromNav(page, 'Audit Log');
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  const entry = page
    .getByRole('row')
    .filter({ hasText: `Extended subscription #${sub.id} of ${meera.username} by 3 days` });
  await expect(entry).toHaveCount(1);
  // The action by its name, not its code.
  await expect(entry).toContainText('End date moved');
  await entry.getByRole('button', { name: /^Before \/ after/ }).click();
  const details = page.getByRole('region', { name: /^Before and after of entry/ });
  await expect(details).toContainText(
    `adjusted_end_date${sub.adjusted_end_date} →  changed to ${plusDays(sub.adjusted_end_date, 3)}`,
  );
  await expectAccessible(page, '/admin/audit expanded');
  await page.getByLabel('Action').fill('subscription.adjust_all');
  await expect(
    page.getByRole('row').filter({ hasText: 'Extended every active subscription' }),
  ).not.toHaveCount(0);
  await expect(entry).toHaveCount(0);
});

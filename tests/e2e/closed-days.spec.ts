// Issue 20, closed days: on a 360 px phone the owner closes a festival day from the Closed days
// screen and every end date moves once (a second, identical request moves nobody again); the
// customer's kitchen count for that day is 0 and the day is listed; opening it again before its
// first cutoff moves exactly those end dates back. Then (issue 37, item 13) the same weekday's lunch
// is closed every week for that one week: the lunch plan moves once, the date is listed as closed
// every week and the kitchen sheet has lunch closed; withdrawing the rule moves it back. Both
// languages.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  PLANS,
  ensurePlan,
  expectAccessible,
  indiaDate,
  openSignedIn,
  ownerTokens,
  plusDays,
  registerCustomer,
  subscribeAndPay,
  subscriptionOf,
  type TestCustomer,
} from './owner-fixtures';
import { expectToast } from './support';
import { language, msg } from './i18n';

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function kitchenLunch(request: APIRequestContext, date: string) {
  const owner = await ownerTokens(request);
  const answer = await request.get(`/api/kitchen/sheet/?date=${date}`, {
    headers: { Authorization: `Bearer ${owner.access}` },
  });
  expect(answer.ok()).toBeTruthy();
  return (await answer.json()) as {
    counts: { tiffin: { lunch: number } };
    closed: { lunch: { reason: string } | null };
  };
}

test('the owner closes a festival day on a phone and every end date moves once', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // Each language closes its own day, inside the new subscriptions' 30 days.
  const festival = indiaDate(language() === 'hi' ? 12 : 11);
  const reason = language() === 'hi' ? 'दिवाली' : 'Diwali';
  const customers: TestCustomer[] = [];
  const subscriptions: Array<{ id: number; adjusted_end_date: string }> = [];
  for (const [index, plan] of [PLANS.tiffinAll, PLANS.tiffinLunch].entries()) {
    const planId = await ensurePlan(page.request, plan);
    const customer = await registerCustomer(page.request, {
      service: 'tiffin',
      firstName: index === 0 ? 'Ishani' : 'Omkar',
      prefix: 'closed',
    });
    customers.push(customer);
    subscriptions.push(await subscribeAndPay(page.request, customer, planId));
  }
  const endDates = async () =>
    Promise.all(
      customers.map(
        async (customer, index) =>
          (await subscriptionOf(page.request, customer, subscriptions[index]!.id))
            .adjusted_end_date,
      ),
    );
  const before = await endDates();

  // The owner finds Closed days on the Settings page.
  await openSignedIn(page, await ownerTokens(page.request), '/admin/settings');
  await page.getByRole('link', { name: msg('settings.closedDays.open'), exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/closed-days$/);
  await expect(
    page.getByRole('heading', { name: msg('closedDays.title'), level: 1 }),
  ).toBeVisible();
  await page.getByLabel(msg('closedDays.form.date')).fill(festival);
  await page.getByLabel(msg('closedDays.form.reason')).fill(reason);
  await page.getByRole('button', { name: msg('closedDays.form.submit'), exact: true }).click();
  await expectToast(page, msg('closedDays.toast.closed'));
  expect(await endDates()).toEqual(before.map((end) => plusDays(end, 1)));

  // The same closure sent again (a second click, a retry) is the same one: nobody moves twice.
  const owner = await ownerTokens(page.request);
  const again = await page.request.post('/api/owner/closed-days/', {
    headers: { Authorization: `Bearer ${owner.access}` },
    data: { date: festival, reason },
  });
  expect(again.status()).toBe(200);
  expect(await endDates()).toEqual(before.map((end) => plusDays(end, 1)));
  const sheet = await kitchenLunch(page.request, festival);
  expect(sheet.counts.tiffin.lunch).toBe(0);
  expect(sheet.closed.lunch?.reason).toBe(reason);

  const upcoming = page.getByRole('region', { name: msg('closedDays.upcoming') });
  const item = upcoming.getByRole('listitem').filter({ hasText: reason });
  await expect(item).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, '/admin/closed-days');

  // Opened again before its first cutoff: exactly those end dates move back, once.
  await item.getByRole('button', { name: msg('closedDays.remove') }).click();
  const dialog = page.getByRole('dialog', { name: msg('closedDays.confirm.title') });
  await dialog.getByRole('button', { name: msg('closedDays.confirm.remove') }).click();
  await expectToast(page, msg('closedDays.toast.removed'));
  expect(await endDates()).toEqual(before);
  await expect(
    page.getByRole('region', { name: msg('closedDays.past') }).getByText(reason),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);

  // Repeat every week: the festival's weekday, lunch only, from that date to that date.
  const weekly = language() === 'hi' ? 'साप्ताहिक छुट्टी' : 'Weekly off';
  await page.getByLabel(msg('closedDays.form.date')).fill(festival);
  await page.getByLabel(msg('closedDays.repeat.toggle')).check();
  const meals = page.getByRole('group', { name: msg('closedDays.repeat.meals') });
  await meals.getByLabel(msg('format.meal.breakfast')).uncheck();
  await meals.getByLabel(msg('format.meal.dinner')).uncheck();
  await expect(
    page.getByRole('group', { name: msg('closedDays.repeat.weekdays') }).getByRole('checkbox', {
      checked: true,
    }),
  ).toHaveCount(1);
  await page.getByLabel(msg('closedDays.repeat.until')).fill(festival);
  await page.getByLabel(msg('closedDays.form.reason')).fill(weekly);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, '/admin/closed-days, repeating every week');
  await page.getByRole('button', { name: msg('closedDays.repeat.submit'), exact: true }).click();
  await expectToast(page, msg('closedDays.repeat.toast.created'));
  expect(await endDates()).toEqual([before[0], plusDays(before[1]!, 1)]);
  await expect(
    upcoming
      .getByRole('listitem')
      .filter({ hasText: weekly })
      .getByText(msg('closedDays.fromRule')),
  ).toBeVisible();
  const weeklySheet = await kitchenLunch(page.request, festival);
  expect(weeklySheet.closed.lunch?.reason).toBe(weekly);
  expect(weeklySheet.counts.tiffin.lunch).toBe(0);

  const rules = page.getByRole('region', { name: msg('closedDays.repeat.title') });
  await rules
    .getByRole('listitem')
    .filter({ hasText: weekly })
    .getByRole('button', { name: msg('closedDays.repeat.withdraw') })
    .click();
  await page
    .getByRole('dialog', { name: msg('closedDays.repeat.confirm.title') })
    .getByRole('button', { name: msg('closedDays.repeat.confirm.withdraw') })
    .click();
  await expectToast(page, msg('closedDays.repeat.toast.withdrawn'));
  expect(await endDates()).toEqual(before);
  await expect(rules.getByText(weekly)).toBeVisible();
  await expectNoSidewaysScroll(page);
});

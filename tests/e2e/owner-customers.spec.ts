// Issue 18, what testing found: who is on leave tomorrow on the kitchen sheet, the leaves list by
// date, the plan and full-name columns, and the owner's page for one customer, on a desktop and
// on a 360 px phone.
import { expect, test, type Page } from '@playwright/test';
import {
  PLANS,
  displayDate,
  ensurePlan,
  expectAccessible,
  indiaDate,
  openSignedIn,
  ownerTokens,
  registerCustomer,
  requestLeave,
  sendFeedbackWithImage,
  subscribeAndPay,
  type TestCustomer,
} from './owner-fixtures';
import { msg, refusal, tx } from './i18n';
import { formatPhone } from '@machines/shared';

async function asOwner(page: Page, pathname: string) {
  await openSignedIn(page, await ownerTokens(page.request), pathname);
}

async function approveLeave(page: Page, id: number) {
  const tokens = await ownerTokens(page.request);
  const answer = await page.request.post(`/api/subscriptions/leaves/${id}/approve/`, {
    headers: { Authorization: `Bearer ${tokens.access}` },
    data: { admin_comment: 'Enjoy the break' },
  });
  expect(answer.ok(), await answer.text()).toBeTruthy();
}

/** Nothing on the page is wider than the window: no sideways scrolling on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function onPhone(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
}

/** A customer with an ACTIVE subscription to `planId` and a leave from `start` to `end`. */
async function customerOnLeave(
  page: Page,
  options: { service: 'mess' | 'tiffin'; firstName: string; prefix: string; planId: number },
  start: string,
  end: string,
) {
  const customer = await registerCustomer(page.request, options);
  const subscription = await subscribeAndPay(page.request, customer, options.planId);
  const leave = await requestLeave(page.request, customer, subscription.id, start, end);
  return { customer, subscription, leave };
}

test('the kitchen sheet names who is on leave tomorrow, per meal, with phone links', async ({
  page,
}) => {
  const lunchPlan = await ensurePlan(page.request, PLANS.tiffinLunch);
  const messPlan = await ensurePlan(page.request, PLANS.mess);
  const tomorrow = indiaDate(1);
  const away = await customerOnLeave(
    page,
    { service: 'tiffin', firstName: 'Ishaan', prefix: 'away', planId: lunchPlan },
    tomorrow,
    tomorrow,
  );
  await approveLeave(page, away.leave.id);
  const asking = await customerOnLeave(
    page,
    { service: 'mess', firstName: 'Meera', prefix: 'ask', planId: messPlan },
    tomorrow,
    indiaDate(2),
  );

  await asOwner(page, `/admin/kitchen?date=${tomorrow}&meal=lunch`);
  await expect(
    page.getByRole('heading', { name: msg('kitchen.leavesTitle'), exact: true }),
  ).toBeVisible();
  const lunch = page.getByRole('list', {
    name: msg('kitchen.leavesCaption', { meal: tx('Lunch') }),
  });
  const awayRow = lunch.getByRole('listitem').filter({ hasText: formatPhone(away.customer.phone) });
  await expect(awayRow).toContainText(away.customer.fullName);
  await expect(awayRow).toContainText(`@${away.customer.username}`);
  await expect(awayRow).toContainText(msg('status.leave.APPROVED'));
  await expect(awayRow).toContainText(displayDate(tomorrow));
  await expect(
    awayRow.getByRole('link', { name: formatPhone(away.customer.phone) }),
  ).toHaveAttribute('href', `tel:${away.customer.phone}`);
  const askingRow = lunch
    .getByRole('listitem')
    .filter({ hasText: formatPhone(asking.customer.phone) });
  await expect(askingRow).toContainText(msg('kitchen.pendingLeave'));
  await expect(askingRow).toContainText(tx('Mess'));
  // The pending one is still cooked for: approved names come first.
  const rows = await lunch.getByRole('listitem').allInnerTexts();
  const at = (text: string) => rows.findIndex((row) => row.includes(text));
  expect(at(away.customer.username)).toBeLessThan(at(asking.customer.username));
  await expectAccessible(page, '/admin/kitchen with leaves');

  await onPhone(page);
  await expect(awayRow).toBeVisible();
  await expectNoSidewaysScroll(page);

  // A name opens the customer's page; its back link returns to the sheet's date and meal.
  await awayRow.getByRole('link', { name: away.customer.fullName }).click();
  await expect(page).toHaveURL(
    new RegExp(
      `/admin/customers/\\d+\\?from=${encodeURIComponent(`/admin/kitchen?date=${tomorrow}&meal=lunch`)}$`,
    ),
  );
  await expect(page.getByRole('heading', { name: away.customer.fullName, level: 1 })).toBeVisible();
  await page
    .getByRole('link', { name: msg('superuser.customer.backTo', { page: tx('Kitchen Sheet') }) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/kitchen\\?date=${tomorrow}&meal=lunch$`));

  // A mess plan eats breakfast too; the tiffin lunch plan does not.
  await page.getByLabel(msg('kitchen.meal'), { exact: true }).selectOption('breakfast');
  const breakfast = page.getByRole('list', {
    name: msg('kitchen.leavesCaption', { meal: tx('Breakfast') }),
  });
  await expect(breakfast).toContainText(asking.customer.username);
  await expect(breakfast).not.toContainText(away.customer.username);
});

test('the leaves list filters by dates, with quick picks kept in the address', async ({ page }) => {
  const messPlan = await ensurePlan(page.request, PLANS.mess);
  const soon = await customerOnLeave(
    page,
    { service: 'mess', firstName: 'Tanvi', prefix: 'soon', planId: messPlan },
    indiaDate(1),
    indiaDate(1),
  );
  const later = await customerOnLeave(
    page,
    { service: 'mess', firstName: 'Kabir', prefix: 'later', planId: messPlan },
    indiaDate(5),
    indiaDate(6),
  );
  const card = (customer: TestCustomer) =>
    page.getByRole('listitem').filter({ hasText: `@${customer.username}` });

  await asOwner(page, '/admin/leaves');
  await expect(card(soon.customer)).toBeVisible();
  await expect(card(later.customer)).toBeVisible();

  await page.getByRole('button', { name: msg('adminLeaves.range.tomorrow'), exact: true }).click();
  await expect(page.getByLabel(msg('adminLeaves.range.from'))).toHaveValue(indiaDate(1));
  await expect(page.getByLabel(msg('adminLeaves.range.to'))).toHaveValue(indiaDate(1));
  await expect(card(later.customer)).toBeHidden();
  await expect(card(soon.customer)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`from=${indiaDate(1)}&to=${indiaDate(1)}`));

  await page.getByLabel(msg('adminLeaves.range.from')).fill(indiaDate(4));
  await page.getByLabel(msg('adminLeaves.range.to')).fill(indiaDate(6));
  await expect(card(later.customer)).toBeVisible();
  await expect(card(soon.customer)).toBeHidden();

  // A range that ends before it starts is explained under its field, and nothing is listed.
  await page.getByLabel(msg('adminLeaves.range.to')).fill(indiaDate(3));
  await expect(page.getByText(refusal('leave.end_before_start'))).toBeVisible();
  await expect(page.getByLabel(msg('adminLeaves.range.to'))).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(card(later.customer)).toBeHidden();
  await expectAccessible(page, '/admin/leaves with a backwards range');
  await page.getByLabel(msg('adminLeaves.range.to')).fill(indiaDate(6));
  await expect(card(later.customer)).toBeVisible();
  await expectAccessible(page, '/admin/leaves by date');

  await onPhone(page);
  await expectNoSidewaysScroll(page);

  // The name opens the customer page; back returns to the same dates.
  await card(later.customer).getByRole('link', { name: later.customer.fullName }).click();
  await expect(
    page.getByRole('heading', { name: later.customer.fullName, level: 1 }),
  ).toBeVisible();
  await page
    .getByRole('link', { name: msg('superuser.customer.backTo', { page: msg('route.leaves') }) })
    .click();
  await expect(page.getByLabel(msg('adminLeaves.range.from'))).toHaveValue(indiaDate(4));
  await expect(card(later.customer)).toBeVisible();
  await page.getByRole('button', { name: msg('adminLeaves.range.clear') }).click();
  await expect(card(soon.customer)).toBeVisible();
});

test('the owner opens a customer from the users list: profile, subscriptions, payments, leaves, feedback', async ({
  page,
}) => {
  const messPlan = await ensurePlan(page.request, PLANS.mess);
  const busy = await customerOnLeave(
    page,
    { service: 'mess', firstName: 'Naina', prefix: 'cust', planId: messPlan },
    indiaDate(2),
    indiaDate(3),
  );
  const subject = `Salty sabzi ${busy.customer.username}`;
  await sendFeedbackWithImage(page.request, busy.customer, subject, indiaDate(-1));
  const quiet = await registerCustomer(page.request, {
    service: 'tiffin',
    userType: 'regular',
    firstName: 'Om',
    prefix: 'quiet',
  });

  await asOwner(page, '/admin/superuser?tab=users');
  await page.getByLabel(tx('Search users')).fill(busy.customer.username);
  const userRow = page.getByRole('row').filter({ hasText: busy.customer.username });
  await expect(userRow).toContainText(busy.customer.fullName);
  await expect(
    page.getByRole('columnheader', { name: msg('superuser.column.fullName') }),
  ).toBeVisible();
  await userRow.getByRole('link', { name: busy.customer.username }).click();

  await expect(page).toHaveURL(/\/admin\/customers\/\d+/);
  await expect(page.getByRole('heading', { name: busy.customer.fullName, level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`@${busy.customer.username}`);
  await expect(
    page.getByRole('main').getByRole('link', { name: formatPhone(busy.customer.phone) }),
  ).toHaveAttribute('href', `tel:${busy.customer.phone}`);
  await expect(page.getByRole('main')).toContainText('Block C, Room 21');
  const subscriptions = page.getByRole('table', { name: msg('superuser.customer.subscriptions') });
  await expect(subscriptions).toContainText(PLANS.mess.name);
  await expect(subscriptions).toContainText(msg('status.subscription.ACTIVE'));
  const payments = page.getByRole('table', { name: msg('superuser.customer.payments') });
  await expect(payments).toContainText(msg('status.payment.SUCCESS'));
  await expect(payments).toContainText(/RCPT-\d{6}/);
  const leaves = page.getByRole('table', { name: msg('superuser.customer.leaves') });
  await expect(leaves).toContainText(msg('status.leave.PENDING'));
  await expect(leaves).toContainText(displayDate(indiaDate(2)));
  const feedback = page.getByRole('table', { name: msg('superuser.customer.feedback') });
  await expect(feedback).toContainText(subject);
  await expectAccessible(page, '/admin/customers/{id}');

  await onPhone(page);
  await expect(leaves).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1366, height: 900 });

  await page
    .getByRole('link', { name: msg('superuser.customer.backTo', { page: msg('route.superuser') }) })
    .click();
  await expect(page).toHaveURL(/\/admin\/superuser\?tab=users$/);
  await expect(
    page.getByRole('tab', { name: msg('superuser.tab.users'), selected: true }),
  ).toBeVisible();

  // The active subscribers name their plan and open the same page.
  await page.getByRole('tab', { name: msg('superuser.tab.subscribers'), exact: true }).click();
  await page.getByLabel(msg('superuser.subscribers.search')).fill(busy.customer.username);
  const subscriberRow = page.getByRole('row').filter({ hasText: `@${busy.customer.username}` });
  await expect(
    page.getByRole('columnheader', { name: msg('superuser.column.plan'), exact: true }),
  ).toBeVisible();
  await expect(subscriberRow).toContainText(PLANS.mess.name);
  await subscriberRow.getByRole('link', { name: busy.customer.fullName }).click();
  await expect(page.getByRole('heading', { name: busy.customer.fullName, level: 1 })).toBeVisible();

  // A customer with nothing yet: every section says so.
  await page.goto('/admin/superuser?tab=users');
  await page.getByLabel(tx('Search users')).fill(quiet.username);
  await page.getByRole('row').filter({ hasText: quiet.username }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: quiet.fullName, level: 1 })).toBeVisible();
  for (const empty of [
    'superuser.customer.subscriptionsEmpty',
    'superuser.customer.paymentsEmpty',
    'superuser.customer.leavesEmpty',
    'superuser.customer.feedbackEmpty',
  ]) {
    await expect(page.getByRole('main').getByText(msg(empty), { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('main')).toContainText('44 Mall Road');
  await expect(page.getByRole('main')).toContainText(msg('superuser.customer.noSubscription'));

  // An unknown customer, and a customer who is not the owner.
  await page.goto('/admin/customers/999999');
  await expect(
    page.getByRole('heading', { name: msg('superuser.customer.notFound') }),
  ).toBeVisible();
  await openSignedIn(page, quiet.tokens, '/admin/customers/1');
  await expect(page.getByRole('heading', { name: msg('shell.notAuthorized') })).toBeVisible();
});

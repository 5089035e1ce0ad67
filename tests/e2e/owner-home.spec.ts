// The owner's home in the browser (issue 12): every business figure on /dashboard is the API's
// answer (GET /api/owner/summary/), written as the app writes money; the expiring count opens
// the users list filtered to exactly those customers; the chart has a table for everyone.
import { expect, test, type Page } from '@playwright/test';
import { formatRupees } from '@machines/shared';
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
  subscribeAndPay,
  type PlanSpec,
} from './owner-fixtures';
import { escapeRegex, msg, tx, txPattern } from './i18n';

/** A plan that ends the day after tomorrow: its subscriber is "expiring in 3 days". */
const SHORT_TIFFIN: PlanSpec = {
  code: 'OWN-HOME-3',
  name: 'Owner Home Three Days',
  service_type: 'tiffin',
  base_price: 333.5,
  duration_days: 3,
  included_meals: ['lunch', 'dinner'],
};

interface Summary {
  today: string;
  revenue: Record<'today' | 'month', { collected: number; refunded: number; net: number }>;
  active_subscribers: { total: number; mess: number; tiffin: number };
  expiring: { within_days: number; count: number };
  pending_leaves: number;
  pending_refunds: number;
  open_feedback: number;
  tomorrow_meals: {
    date: string;
    counts: Record<'mess' | 'tiffin', Record<'breakfast' | 'lunch' | 'dinner', number>>;
  };
  daily: { date: string; revenue: number; new_subscribers: number }[];
}

function figure(page: Page, label: string) {
  return page
    .getByRole('region', { name: tx('Business today') })
    .getByRole('group', { name: label, exact: true });
}

test('the owner’s home shows the API’s numbers, and the expiring count opens those customers', async ({
  page,
}) => {
  const messPlan = await ensurePlan(page.request, PLANS.mess);
  const shortPlan = await ensurePlan(page.request, SHORT_TIFFIN);
  const mess = await registerCustomer(page.request, { service: 'mess', prefix: 'home' });
  const tiffin = await registerCustomer(page.request, { service: 'tiffin', prefix: 'home' });
  const paid = await subscribeAndPay(page.request, mess, messPlan);
  await subscribeAndPay(page.request, tiffin, shortPlan);
  await requestLeave(page.request, mess, paid.id, indiaDate(1), indiaDate(2));

  const tokens = await ownerTokens(page.request);
  const answer = await page.request.get('/api/owner/summary/', {
    headers: { authorization: `Bearer ${tokens.access}` },
  });
  expect(answer.status()).toBe(200);
  const summary = (await answer.json()) as Summary;
  // The fixture's own money is in today's revenue, ₹333.50 included.
  expect(summary.revenue.today.collected).toBeGreaterThanOrEqual(2000 + 333.5);
  expect(summary.expiring.count).toBeGreaterThanOrEqual(1);
  expect(summary.pending_leaves).toBeGreaterThanOrEqual(1);

  await openSignedIn(page, tokens, '/dashboard');
  await expect(page.getByRole('heading', { name: tx('Owner Dashboard') })).toBeVisible();
  const expiring = msg('owner.figure.expiring', { count: summary.expiring.within_days });
  const expected: Array<[string, string]> = [
    [msg('owner.figure.revenueToday'), formatRupees(summary.revenue.today.net)],
    [msg('owner.figure.revenueMonth'), formatRupees(summary.revenue.month.net)],
    [msg('owner.figure.activeSubscribers'), String(summary.active_subscribers.total)],
    [expiring, String(summary.expiring.count)],
    [msg('owner.figure.pendingLeaves'), String(summary.pending_leaves)],
    [msg('owner.figure.pendingRefunds'), String(summary.pending_refunds)],
    [msg('owner.figure.openFeedback'), String(summary.open_feedback)],
  ];
  for (const [label, value] of expected) {
    await expect(figure(page, label).getByText(value, { exact: true })).toBeVisible();
  }
  await expect(figure(page, msg('owner.figure.revenueToday'))).toContainText(
    tx('{collected} collected · {refunded} refunded', {
      collected: formatRupees(summary.revenue.today.collected),
      refunded: formatRupees(summary.revenue.today.refunded),
    }),
  );
  await expect(figure(page, msg('owner.figure.activeSubscribers'))).toContainText(
    tx('Mess {mess} · Tiffin {tiffin}', {
      mess: summary.active_subscribers.mess,
      tiffin: summary.active_subscribers.tiffin,
    }),
  );
  // No ".00" anywhere: whole rupees are written without paise.
  await expect(page.getByRole('region', { name: tx('Business today') })).not.toContainText('.00');

  const meals = page
    .getByRole('table')
    .filter({ hasText: tx('Net of approved leaves, as on the kitchen sheet.') });
  for (const meal of ['breakfast', 'lunch', 'dinner'] as const) {
    const name = escapeRegex(msg(`format.meal.${meal}`));
    const mess = summary.tomorrow_meals.counts.mess[meal];
    const tiffinCount = summary.tomorrow_meals.counts.tiffin[meal];
    await expect(meals.getByRole('row', { name: new RegExp(`^${name} `) })).toHaveText(
      new RegExp(`${name}\\s*${mess}\\s*${tiffinCount}\\s*${mess + tiffinCount}`),
    );
  }

  // The chart speaks as an image with a summary, and its table lists every day.
  await expect(page.getByRole('img', { name: txPattern('Daily revenue') })).toBeVisible();
  await page.getByText(tx('Show the {count} days as a table', { count: 30 })).click();
  const days = page.getByRole('table', {
    name: tx('Revenue and new subscribers, last {count} days', { count: 30 }),
  });
  await expect(days.getByRole('row')).toHaveCount(31);
  const today = summary.daily[summary.daily.length - 1]!;
  await expect(
    days.getByRole('row', { name: new RegExp(`^${escapeRegex(displayDate(today.date))} `) }),
  ).toHaveText(
    new RegExp(
      `${formatRupees(today.revenue).replace(/[.]/g, '\\.')}\\s*${today.new_subscribers}$`,
    ),
  );
  await expectAccessible(page, 'owner home');

  await figure(page, expiring)
    .getByRole('link', { name: tx('See who is expiring') })
    .click();
  await expect(page).toHaveURL(
    new RegExp(
      `/admin/superuser\\?tab=users&expiring_within_days=${summary.expiring.within_days}$`,
    ),
  );
  await expect(
    page.getByRole('tab', { name: msg('superuser.tab.users'), exact: true }),
  ).toHaveAttribute('aria-selected', 'true');
  const expiringFilter = tx('Expiring in {days} Days', { days: summary.expiring.within_days });
  await expect(
    page.getByRole('button', { name: `${expiringFilter} (${summary.expiring.count})` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('row').filter({ hasText: tiffin.username })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: mess.username })).toHaveCount(0);
  await expectAccessible(page, 'users expiring in 3 days');
});

test('the owner’s home asks for the FSSAI number only while it is missing', async ({ page }) => {
  const tokens = await ownerTokens(page.request);
  await openSignedIn(page, tokens, '/dashboard');
  await expect(figure(page, msg('owner.figure.revenueToday'))).toBeVisible();
  // The server under test has BUSINESS_FSSAI: no notice.
  await expect(page.getByRole('status', { name: msg('owner.fssaiMissing.title') })).toHaveCount(0);
  // A server without it answers fssai_missing: the home says what to set, in words.
  await page.route('**/api/owner/summary/', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), fssai_missing: true } });
  });
  await page.reload();
  const notice = page.getByRole('status', { name: msg('owner.fssaiMissing.title') });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(msg('owner.fssaiMissing.text'));
  await expectAccessible(page, 'owner home with the FSSAI notice');
});

test('the owner’s home on a 360 px phone in the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 360, height: 740 });
  await openSignedIn(page, await ownerTokens(page.request), '/dashboard');
  await expect(figure(page, msg('owner.figure.revenueToday'))).toBeVisible();
  // Nothing wider than the screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'phone dark owner home');
});

// The owner's home in the browser (issue 12): every business figure on /dashboard is the API's
// answer (GET /api/owner/summary/), written as the app writes money; the expiring count opens
// the users list filtered to exactly those customers; the chart has a table for everyone.
import { expect, test, type Page } from '@playwright/test';
import { formatRupees } from '../../machines/shared/money';
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
    .getByRole('region', { name: 'Business today' })
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
  await expect(page.getByRole('heading', { name: 'Owner Dashboard' })).toBeVisible();
  const expected: Array<[string, string]> = [
    ['Revenue Today', formatRupees(summary.revenue.today.net)],
    ['Revenue This Month', formatRupees(summary.revenue.month.net)],
    ['Active Subscribers', String(summary.active_subscribers.total)],
    [`Expiring in ${summary.expiring.within_days} Days`, String(summary.expiring.count)],
    ['Pending Leaves', String(summary.pending_leaves)],
    ['Pending Refunds', String(summary.pending_refunds)],
    ['Open Feedback', String(summary.open_feedback)],
  ];
  for (const [label, value] of expected) {
    await expect(figure(page, label).getByText(value, { exact: true })).toBeVisible();
  }
  await expect(figure(page, 'Revenue Today')).toContainText(
    `${formatRupees(summary.revenue.today.collected)} collected · ${formatRupees(summary.revenue.today.refunded)} refunded`,
  );
  await expect(figure(page, 'Active Subscribers')).toContainText(
    `Mess ${summary.active_subscribers.mess} · Tiffin ${summary.active_subscribers.tiffin}`,
  );
  // No ".00" anywhere: whole rupees are written without paise.
  await expect(page.getByRole('region', { name: 'Business today' })).not.toContainText('.00');

  const meals = page.getByRole('table').filter({ hasText: 'Net of approved leaves' });
  for (const meal of ['breakfast', 'lunch', 'dinner'] as const) {
    const name = meal[0]!.toUpperCase() + meal.slice(1);
    const mess = summary.tomorrow_meals.counts.mess[meal];
    const tiffinCount = summary.tomorrow_meals.counts.tiffin[meal];
    await expect(meals.getByRole('row', { name: new RegExp(`^${name} `) })).toHaveText(
      new RegExp(`${name}\\s*${mess}\\s*${tiffinCount}\\s*${mess + tiffinCount}`),
    );
  }

  // The chart speaks as an image with a summary, and its table lists every day.
  await expect(page.getByRole('img', { name: /Daily revenue/ })).toBeVisible();
  await page.getByText('Show the 30 days as a table').click();
  const days = page.getByRole('table', { name: /Revenue and new subscribers/ });
  await expect(days.getByRole('row')).toHaveCount(31);
  const today = summary.daily[summary.daily.length - 1]!;
  await expect(
    days.getByRole('row', { name: new RegExp(`^${displayDate(today.date)} `) }),
  ).toHaveText(
    new RegExp(
      `${formatRupees(today.revenue).replace(/[.]/g, '\\.')}\\s*${today.new_subscribers}$`,
    ),
  );
  await expectAccessible(page, 'owner home');

  await figure(page, `Expiring in ${summary.expiring.within_days} Days`)
    .getByRole('link', { name: 'See who is expiring' })
    .click();
  await expect(page).toHaveURL(
    new RegExp(
      `/admin/superuser\\?tab=users&expiring_within_days=${summary.expiring.within_days}$`,
    ),
  );
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('button', {
      name: `Expiring in ${summary.expiring.within_days} Days (${summary.expiring.count})`,
    }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('row').filter({ hasText: tiffin.username })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: mess.username })).toHaveCount(0);
  await expectAccessible(page, 'users expiring in 3 days');
});

test('the owner’s home on a 360 px phone in the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 360, height: 740 });
  await openSignedIn(page, await ownerTokens(page.request), '/dashboard');
  await expect(figure(page, 'Revenue Today')).toBeVisible();
  // Nothing wider than the screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'phone dark owner home');
});

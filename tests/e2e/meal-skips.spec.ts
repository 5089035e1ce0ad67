// Issue 20, the mess's day: on a 360 px phone a customer skips tomorrow's lunch from the dashboard's
// Next meal card and the owner's kitchen count drops by one; once the cutoff has passed the mess
// refuses, naming the cutoff; the owner changes the cutoffs on the settings page. Both languages.
// Issue 37, item 7: the card is the first thing on the phone's dashboard, above the stat tiles,
// and nothing moves as it loads; a refused skip or undo shows the cutoff that refused it in the
// card at once, without a reload.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEFAULT_SETTINGS, type BusinessSettings } from '@machines';
import {
  PLANS,
  ensurePlan,
  expectAccessible,
  indiaDate,
  openSignedIn,
  ownerTokens,
  registerCustomer,
  subscribeAndPay,
} from './owner-fixtures';
import { expectToast } from './support';
import { msg, refusal, tx } from './i18n';

async function putSettings(request: APIRequestContext, settings: BusinessSettings) {
  const owner = await ownerTokens(request);
  const answer = await request.put('/api/owner/settings/', {
    headers: { Authorization: `Bearer ${owner.access}` },
    data: settings,
  });
  expect(answer.ok(), await answer.text()).toBeTruthy();
}

async function tiffinLunchCount(request: APIRequestContext, date: string): Promise<number> {
  const owner = await ownerTokens(request);
  const answer = await request.get(`/api/kitchen/sheet/?date=${date}`, {
    headers: { Authorization: `Bearer ${owner.access}` },
  });
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as { counts: { tiffin: { lunch: number } } }).counts.tiffin.lunch;
}

/** Adds up the page's layout shifts not caused by input (CLS as the browser reports it). */
async function countLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[]) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShifts = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total,
  );

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a customer skips tomorrow’s lunch on a phone, the count drops, and after the cutoff the mess refuses', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const planId = await ensurePlan(page.request, PLANS.tiffinAll);
  const customer = await registerCustomer(page.request, {
    service: 'tiffin',
    firstName: 'Devika',
    prefix: 'skip',
  });
  await subscribeAndPay(page.request, customer, planId);
  const tomorrow = indiaDate(1);
  const lunchTomorrow = `${tx('Lunch')}, ${msg('dashboard.nextMeal.tomorrow')}`;

  // The suite runs one spec at a time (one worker), so changing the business's settings here
  // disturbs no other journey; each journey puts them back.
  await putSettings(page.request, DEFAULT_SETTINGS);
  const before = await tiffinLunchCount(page.request, tomorrow);

  // The meals come slowly: the card's placeholder holds the place, and nothing moves when they come.
  await countLayoutShifts(page);
  await page.route('**/api/meals/upcoming/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await openSignedIn(page, customer.tokens, '/dashboard');
  const card = page.locator('[aria-labelledby="next-meal-title"]');
  await expect(card.getByRole('heading', { name: msg('dashboard.nextMeal.title') })).toBeVisible();
  const tile = page.getByText(msg('dashboard.stat.daysRemaining'), { exact: true });
  await expect(tile).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  // First on the phone's dashboard: the card starts above the stat tiles, on the first screen.
  const cardBox = (await card.boundingBox())!;
  expect(cardBox.y).toBeLessThan((await tile.boundingBox())!.y);
  expect(cardBox.y).toBeLessThan(740);
  expect(await layoutShifts(page)).toBeLessThan(0.01);
  await card
    .getByRole('button', { name: `${msg('dashboard.nextMeal.skip')}: ${lunchTomorrow}` })
    .click();
  await expectToast(page, msg('dashboard.nextMeal.toast.skipped'));
  const undo = card.getByRole('button', {
    name: `${msg('dashboard.nextMeal.undo')}: ${lunchTomorrow}`,
  });
  await expect(undo).toBeVisible();
  expect(await tiffinLunchCount(page.request, tomorrow)).toBe(before - 1);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, '/dashboard with a skipped meal');

  // The owner moves lunch's cutoff two days back: tomorrow's lunch is fixed already. The page
  // still offers Undo; the server refuses it and says when lunch closed, and so does the card, at
  // once and without a reload: the Undo button has gone.
  await putSettings(page.request, {
    ...DEFAULT_SETTINGS,
    cutoffs: { ...DEFAULT_SETTINGS.cutoffs, lunch: { time: '09:00', days_before: 2 } },
  });
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await undo.click();
  const lunchClosed = refusal('meal_skip.closed:at', {
    meal: 'lunch',
    day: tomorrow,
    time: '09:00',
  });
  await expectToast(page, msg('dashboard.nextMeal.toast.failed'), lunchClosed);
  await expect(card).toContainText(lunchClosed);
  await expect(undo).toHaveCount(0);
  expect(await tiffinLunchCount(page.request, tomorrow)).toBe(before - 1);

  // A refused skip too: dinner's cutoff moves back after the card was drawn.
  const dinnerTomorrow = `${tx('Dinner')}, ${msg('dashboard.nextMeal.tomorrow')}`;
  const skipDinner = card.getByRole('button', {
    name: `${msg('dashboard.nextMeal.skip')}: ${dinnerTomorrow}`,
  });
  await expect(skipDinner).toBeVisible();
  await putSettings(page.request, {
    ...DEFAULT_SETTINGS,
    cutoffs: {
      ...DEFAULT_SETTINGS.cutoffs,
      lunch: { time: '09:00', days_before: 2 },
      dinner: { time: '15:00', days_before: 2 },
    },
  });
  await skipDinner.click();
  const dinnerClosed = refusal('meal_skip.closed:at', {
    meal: 'dinner',
    day: tomorrow,
    time: '15:00',
  });
  await expectToast(page, msg('dashboard.nextMeal.toast.failed'), dinnerClosed);
  await expect(card).toContainText(dinnerClosed);
  await expect(skipDinner).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
  await expectNoSidewaysScroll(page);
  await putSettings(page.request, DEFAULT_SETTINGS);

  // The owner's sheet for tomorrow's lunch, from its address, names her under the skipped lunches.
  await openSignedIn(
    page,
    await ownerTokens(page.request),
    `/admin/kitchen?date=${tomorrow}&meal=lunch`,
  );
  const skipped = page.getByRole('list', {
    name: msg('kitchen.skipsCaption', { meal: tx('Lunch') }),
  });
  await expect(skipped).toContainText(customer.fullName);
  await expectNoSidewaysScroll(page);
});

test('the owner sets the cutoffs and turns meal skips off and on from the settings page', async ({
  page,
}) => {
  await putSettings(page.request, DEFAULT_SETTINGS);
  await openSignedIn(page, await ownerTokens(page.request), '/admin/settings');
  await expect(page.getByRole('heading', { name: msg('settings.title'), level: 1 })).toBeVisible();
  const dinner = page.getByRole('group', { name: tx('Dinner') });
  await dinner.getByLabel(msg('settings.cutoffs.time')).fill('16:30');
  await page.getByLabel(msg('settings.skips.enabled')).uncheck();
  await page.getByRole('button', { name: msg('settings.save') }).click();
  await expectToast(page, msg('settings.toast.saved'));
  const owner = await ownerTokens(page.request);
  const saved = await page.request.get('/api/owner/settings/', {
    headers: { Authorization: `Bearer ${owner.access}` },
  });
  // The UPI settings another journey may have saved are not this test's.
  expect(withoutUpi(await saved.json())).toEqual({
    ...DEFAULT_SETTINGS,
    cutoffs: { ...DEFAULT_SETTINGS.cutoffs, dinner: { time: '16:30', days_before: 0 } },
    skips_enabled: false,
  });
  await expectAccessible(page, '/admin/settings');
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page);
  await putSettings(page.request, DEFAULT_SETTINGS);
});

test('the owner shortens the longest leave on the settings page, and the leave form refuses by it', async ({
  page,
}) => {
  await putSettings(page.request, DEFAULT_SETTINGS);
  const planId = await ensurePlan(page.request, PLANS.tiffinAll);
  const customer = await registerCustomer(page.request, {
    service: 'tiffin',
    firstName: 'Leela',
    prefix: 'policy',
  });
  await subscribeAndPay(page.request, customer, planId);

  await page.setViewportSize({ width: 360, height: 740 });
  await openSignedIn(page, await ownerTokens(page.request), '/admin/settings');
  await page.getByLabel(msg('settings.leaves.maxDays')).fill('5');
  await page.getByLabel(msg('settings.leaves.monthMax')).fill('8');
  await page.getByLabel(msg('settings.skips.credit')).check();
  await page.getByRole('button', { name: msg('settings.save') }).click();
  await expectToast(page, msg('settings.toast.saved'));
  await expectNoSidewaysScroll(page);
  const owner = await ownerTokens(page.request);
  const saved = await page.request.get('/api/owner/settings/', {
    headers: { Authorization: `Bearer ${owner.access}` },
  });
  // The UPI settings another journey may have saved are not this test's.
  expect(withoutUpi(await saved.json())).toEqual({
    ...DEFAULT_SETTINGS,
    skip_credit: 'day',
    leaves: { ...DEFAULT_SETTINGS.leaves, max_days: 5, max_days_per_month: 8 },
  });

  await openSignedIn(page, customer.tokens, '/leaves');
  await page.getByText(msg('leaves.terms.title')).click();
  await expect(page.getByText(msg('leaves.terms.length', { count: 5 }))).toBeVisible();
  await expect(page.getByText(msg('leaves.terms.monthMax', { count: 8 }))).toBeVisible();
  await page.getByRole('button', { name: msg('leaves.request') }).click();
  const dialog = page.getByRole('dialog', { name: msg('leaves.request') });
  await expect(dialog.getByText(msg('leaves.field.endHint', { count: 5 }))).toBeVisible();
  await dialog.getByLabel(msg('leaves.field.start')).fill(indiaDate(2));
  await dialog.getByLabel(msg('leaves.field.end')).fill(indiaDate(7));
  await expect(dialog.getByText(refusal('leave.too_long', { count: 5 }))).toBeVisible();
  await expectNoSidewaysScroll(page);
  await putSettings(page.request, DEFAULT_SETTINGS);
});

/** Settings as saved, without the UPI part (payment links' journeys set it on the same server). */
function withoutUpi(settings: Record<string, unknown>): Record<string, unknown> {
  const { upi: _upi, ...rest } = settings;
  return rest;
}

// Issue 20, the kitchen sheet locks at the cutoff: on a 360 px phone the owner's sheet shows
// tomorrow's lunch count fixed at its cutoff, and a walk-in recorded after the lock shows as a
// difference naming the customer ("Lunch 3 (+1 after 9:00 am)"). Both languages. No clock is
// moved: the owner puts lunch's cutoff into the past, so tomorrow's lunch is due now.
// Issue 37, item 11: opened without a date and meal, the sheet is the meal being cooked now and
// the address says so; a link naming a date and meal opens that meal; another meal chosen on the
// page replaces the address.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  cookingMealAt,
  DEFAULT_SETTINGS,
  lockHeadline,
  lockNotes,
  type BusinessSettings,
  type KitchenMealLock,
} from '@machines';
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
import { language, msg, tx } from './i18n';

const ZONE = 'Asia/Kolkata';

async function putSettings(request: APIRequestContext, settings: BusinessSettings) {
  const owner = await ownerTokens(request);
  const answer = await request.put('/api/owner/settings/', {
    headers: { Authorization: `Bearer ${owner.access}` },
    data: settings,
  });
  expect(answer.ok(), await answer.text()).toBeTruthy();
}

type Meal = 'breakfast' | 'lunch' | 'dinner';

/** The kitchen sheet's locks for `date` (the read locks every meal that is due). */
async function sheetLocks(
  request: APIRequestContext,
  date: string,
): Promise<Record<Meal, KitchenMealLock>> {
  const owner = await ownerTokens(request);
  const answer = await request.get(`/api/kitchen/sheet/?date=${date}`, {
    headers: { Authorization: `Bearer ${owner.access}` },
  });
  expect(answer.ok()).toBeTruthy();
  return ((await answer.json()) as { locks: Record<Meal, KitchenMealLock> }).locks;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the locked sheet shows a late change as a difference, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const planId = await ensurePlan(page.request, PLANS.tiffinAll);
  const regular = await registerCustomer(page.request, {
    service: 'tiffin',
    firstName: 'Lalita',
    prefix: 'lock',
  });
  await subscribeAndPay(page.request, regular, planId);
  const tomorrow = indiaDate(1);

  // The suite runs one spec at a time: moving the cutoff disturbs no other journey, and it is put
  // back at the end. Lunch now closes at midnight two days before: tomorrow's lunch is due.
  await putSettings(page.request, {
    ...DEFAULT_SETTINGS,
    cutoffs: { ...DEFAULT_SETTINGS.cutoffs, lunch: { time: '00:00', days_before: 2 } },
  });
  // The first read locks it (a run in the other language finds it locked already).
  const locked = (await sheetLocks(page.request, tomorrow)).lunch;
  expect(locked.locked).not.toBeNull();

  // A walk-in after the lock: the owner's sheet shows one more than the stored count.
  const walkIn = await registerCustomer(page.request, {
    service: 'tiffin',
    firstName: 'Vikram',
    prefix: 'walkin',
  });
  await subscribeAndPay(page.request, walkIn, planId);
  const sheet = await sheetLocks(page.request, tomorrow);
  const after = sheet.lunch;
  expect(after.locked).toEqual(locked.locked);
  expect(after.difference).toBe((locked.difference ?? 0) + 1);
  expect(after.added.map((one) => one.name)).toContain(walkIn.fullName);

  // Without a date and meal: the meal being cooked now, written into the address.
  const cookingBefore = cookingMealAt(new Date().toISOString(), ZONE);
  await openSignedIn(page, await ownerTokens(page.request), '/admin/kitchen');
  await expect(page).toHaveURL(/\/admin\/kitchen\?date=\d{4}-\d{2}-\d{2}&meal=\w+$/);
  const cookingAfter = cookingMealAt(new Date().toISOString(), ZONE);
  const opened = new URL(page.url()).searchParams;
  const cooking = [cookingBefore, cookingAfter].find(
    (candidate) => candidate.date === opened.get('date') && candidate.meal === opened.get('meal'),
  );
  expect(cooking, `${page.url()} names the meal being cooked now`).toBeDefined();
  await expect(page.getByLabel(msg('kitchen.date'), { exact: true })).toHaveValue(cooking!.date);
  await expect(page.getByLabel(msg('kitchen.meal'), { exact: true })).toHaveValue(cooking!.meal);

  // A cook's link to tomorrow's lunch opens it.
  await page.goto(`/admin/kitchen?date=${tomorrow}&meal=lunch`);
  await expect(
    page.getByRole('heading', { name: msg('kitchen.countsTitle', { meal: tx('Lunch') }) }),
  ).toBeVisible();
  await expect(page.getByLabel(msg('kitchen.date'), { exact: true })).toHaveValue(tomorrow);
  await expect(page.getByLabel(msg('kitchen.meal'), { exact: true })).toHaveValue('lunch');
  const locks = page.getByRole('list', { name: msg('kitchen.locks.caption') });
  await expect(
    page.getByRole('heading', { name: msg('kitchen.locks.title'), exact: true }),
  ).toBeVisible();
  const lunch = locks.locator('[data-meal="lunch"]');
  const now = new Date().toISOString();
  const headline = lockHeadline(language(), 'lunch', tomorrow, after, now, ZONE, tx('Lunch'));
  expect(headline).toContain(`+${after.difference}`);
  await expect(lunch).toContainText(headline);
  for (const note of lockNotes(language(), tomorrow, after, ZONE)) {
    await expect(lunch).toContainText(note);
  }
  // Dinner is still open: the sheet says when it locks.
  const dinner = locks.locator('[data-meal="dinner"]');
  await expect(dinner).toContainText(
    lockHeadline(language(), 'dinner', tomorrow, sheet.dinner, now, ZONE, tx('Dinner')),
  );
  await expect(lunch).toHaveAttribute('aria-current', 'true');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, '/admin/kitchen with a locked lunch');

  // Dinner chosen on the page: the address names it, in place of lunch's (Back leaves the sheet).
  const entries = await page.evaluate(() => history.length);
  await page.getByLabel(msg('kitchen.meal'), { exact: true }).selectOption('dinner');
  await expect(page).toHaveURL(new RegExp(`/admin/kitchen\\?date=${tomorrow}&meal=dinner$`));
  await expect(
    page.getByRole('heading', { name: msg('kitchen.countsTitle', { meal: tx('Dinner') }) }),
  ).toBeVisible();
  await expect(dinner).toHaveAttribute('aria-current', 'true');
  expect(await page.evaluate(() => history.length)).toBe(entries);

  await putSettings(page.request, DEFAULT_SETTINGS);
});

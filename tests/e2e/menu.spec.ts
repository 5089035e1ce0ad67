// The menu in the browser (issue 20), in English and in Hindi: the owner sets tomorrow's lunch on
// /admin/menu, each dish with its mark and, for one, a Hindi name; a customer on a 360 px phone
// sees it on the dashboard and on /menu, dish names in their language, nothing cut off, and the
// last menu loaded when the server is out of reach; the customer's diet on the profile page.
import { expect, test, type Page } from '@playwright/test';
import {
  displayDate,
  expectAccessible,
  expectNotice,
  indiaDate,
  openSignedIn,
  ownerTokens,
  registerCustomer,
} from './owner-fixtures';
import { language, msg } from './i18n';

const PHONE = { width: 360, height: 740 };

/** No element of `region` reaches past the viewport's width or clips its text sideways. */
async function expectNothingCutOff(page: Page, region: ReturnType<Page['locator']>) {
  const cut = await region.evaluate((root) => {
    const width = window.innerWidth;
    return [root, ...root.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0) return false;
        return (
          box.left < -0.5 ||
          box.right > width + 0.5 ||
          (element.scrollWidth > element.clientWidth + 1 &&
            getComputedStyle(element).overflowX !== 'visible')
        );
      })
      .map((element) => `${element.tagName.toLowerCase()} "${element.textContent?.slice(0, 40)}"`);
  });
  expect(cut).toEqual([]);
}

/** The header's links sit on one line inside the header, and the page does not scroll sideways. */
async function expectNavOnOneLine(page: Page) {
  const nav = page.getByRole('navigation', { name: msg('shell.mainNav') });
  await expect(nav.getByRole('link', { name: msg('nav.menu'), exact: true })).toBeVisible();
  const fit = await nav.evaluate((element) => {
    const links = [...element.querySelectorAll('a')].map((a) => a.getBoundingClientRect());
    const header = element.closest('header')!.getBoundingClientRect();
    return {
      lines: new Set(links.map((box) => Math.round(box.top))).size,
      overflow: element.scrollWidth - element.clientWidth,
      insideHeader: Math.max(...links.map((box) => box.right)) <= header.right,
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
  expect(fit).toEqual({ lines: 1, overflow: 0, insideHeader: true, page: 0 });
}

test('the owner sets tomorrow’s lunch; a customer on a phone sees it on the dashboard and /menu', async ({
  page,
}) => {
  const tomorrow = indiaDate(1);
  // Each project's own dish, so the Hindi run does not read the English run's.
  const paneer = `Paneer tikka ${language()}`;
  const paneerHindi = 'पनीर टिक्का';
  const omelette = `Masala omelette ${language()}`;
  // What a reader sees: the owner's Hindi name in Hindi.
  const shownPaneer = language() === 'hi' ? paneerHindi : paneer;
  const tokens = await ownerTokens(page.request);
  // A change left by an earlier run goes first: the editor then starts from the weekday's dishes.
  await page.request.delete(`/api/menu/dates/${tomorrow}/lunch/`, {
    headers: { authorization: `Bearer ${tokens.access}` },
  });

  // The owner: One Date is open on tomorrow's lunch.
  await openSignedIn(page, tokens, '/admin/menu');
  await expect(page.getByRole('heading', { name: msg('adminMenu.title') })).toBeVisible();
  const title = msg('adminMenu.dateTitle', {
    meal: msg('format.meal.lunch'),
    date: displayDate(tomorrow),
  });
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // The owner's eleven links, Menu among them, still fit on one line at 1280 px.
  await expectNavOnOneLine(page);
  // Start from an empty meal, whatever the weekday serves.
  const remove = page.getByRole('button', { name: msg('adminMenu.dish.removeLabel', { n: 1 }) });
  while ((await remove.count()) > 0) await remove.click();
  await page.getByRole('button', { name: msg('adminMenu.addDish') }).click();
  await page.getByLabel(msg('adminMenu.dish.name', { n: 1 }), { exact: true }).fill(paneer);
  await page.getByLabel(msg('adminMenu.dish.nameHi', { n: 1 }), { exact: true }).fill(paneerHindi);
  await page.getByRole('button', { name: msg('adminMenu.addDish') }).click();
  await page.getByLabel(msg('adminMenu.dish.name', { n: 2 }), { exact: true }).fill(omelette);
  await page.getByLabel(msg('adminMenu.dish.mark', { n: 2 }), { exact: true }).selectOption('egg');
  await page.getByRole('button', { name: msg('adminMenu.save') }).click();
  await expectNotice(page, msg('adminMenu.toast.saved'), title);
  // The coming changes list it.
  const changes = page.getByRole('region', { name: msg('adminMenu.changes') });
  await expect(changes.getByText(shownPaneer)).toBeVisible();
  await expectAccessible(page, 'the owner’s menu editor');

  // A customer on a 360 px phone: the dashboard shows tomorrow's lunch in their language.
  const customer = await registerCustomer(page.request, { service: 'mess', prefix: 'menu' });
  // A customer's ten links, Menu among them, fit one line at 1280 px too.
  await openSignedIn(page, customer.tokens, '/dashboard');
  await expectNavOnOneLine(page);
  await page.setViewportSize(PHONE);
  await openSignedIn(page, customer.tokens, '/dashboard');
  const card = page.getByRole('region', { name: msg('menuToday.title'), exact: true });
  const tomorrowMenu = card.getByRole('region', { name: msg('menuToday.tomorrow') });
  const lunch = tomorrowMenu.getByRole('list', {
    name: msg('format.menu.dishesOf', {
      meal: msg('format.meal.lunch'),
      date: displayDate(tomorrow),
    }),
  });
  await expect(lunch.getByRole('listitem').nth(0)).toContainText(shownPaneer);
  await expect(lunch.getByRole('listitem').nth(0)).toContainText(msg('format.diet.veg'));
  await expect(lunch.getByRole('listitem').nth(1)).toContainText(omelette);
  await expect(lunch.getByRole('listitem').nth(1)).toContainText(msg('format.diet.egg'));
  await expect(tomorrowMenu.getByText(msg('format.menu.changed'))).toBeVisible();
  if (language() === 'hi') await expect(card.getByText(paneer)).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await expectNothingCutOff(page, card);

  // The week's menu.
  await card.getByRole('link', { name: msg('menuToday.week') }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByRole('heading', { level: 1, name: msg('menu.title') })).toBeVisible();
  const day = page.getByRole('region', { name: new RegExp(`^${msg('menu.tomorrow')}`) });
  await expect(day.getByText(shownPaneer)).toBeVisible();
  await expect(day.getByText(omelette)).toBeVisible();
  // Seven days from today.
  await expect(page.locator('main h2')).toHaveCount(7);
  await expectNothingCutOff(page, page.locator('main'));
  await expectAccessible(page, 'the menu on a phone');

  // Offline (the menu out of reach), the app shows the menu it loaded last, and says so. (The
  // journeys run without the service worker, so the page itself still loads.)
  await page.route(
    (url) => url.pathname.startsWith('/api/menu/'),
    (route) => route.abort('internetdisconnected'),
  );
  await page.reload();
  await expect(page.getByText(msg('format.menu.offline'))).toBeVisible();
  await expect(day.getByText(shownPaneer)).toBeVisible();

  // The customer's diet, on the profile page: the kitchen counts it.
  await page.goto('/profile');
  await page.getByLabel(msg('profile.diet.label'), { exact: true }).selectOption('jain');
  await page.getByRole('button', { name: msg('profile.diet.save') }).click();
  await expectNotice(page, msg('profile.toast.dietSaved.title'));
  const profile = await page.request.get('/api/accounts/profile/', {
    headers: { authorization: `Bearer ${customer.tokens.access}` },
  });
  expect(((await profile.json()) as { diet: string | null }).diet).toBe('jain');
});

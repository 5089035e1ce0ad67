// The menu in the browser (issues 20 and 37), in English and in Hindi: the owner fills two meals
// of the usual week on the one-screen grid of /admin/menu and saves them with one Save (one
// request), each dish with its mark and, for one, a Hindi name; a customer on a 360 px phone sees
// them on the dashboard and on /menu with their FSSAI marks and diet words, dish names in their
// language, nothing cut off, and the last menu loaded when the server is out of reach; the
// customer's diet on the profile page.
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
import { language, locale, msg } from './i18n';

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

/**
 * The header's links (and More, where it has one) sit on one line inside the header, and the page
 * does not scroll sideways.
 */
async function expectNavOnOneLine(page: Page) {
  const nav = page.getByRole('navigation', { name: msg('shell.mainNav') });
  await expect(nav.getByRole('link').first()).toBeVisible();
  const fit = await nav.evaluate((element) => {
    const links = [...element.querySelectorAll('a, button')].map((a) => a.getBoundingClientRect());
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

test('the owner fills the week on one screen and saves once; a customer on a phone sees it with its marks', async ({
  page,
}) => {
  const tomorrow = indiaDate(1);
  const dayAfter = indiaDate(2);
  const weekdayOf = (date: string) =>
    new Intl.DateTimeFormat(locale(), { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  const cellOf = (meal: 'lunch' | 'dinner', date: string) =>
    msg('adminMenu.week.cell', { meal: msg(`format.meal.${meal}`), weekday: weekdayOf(date) });
  // Each project's own dishes, so the Hindi run does not read the English run's.
  const paneer = `Paneer tikka ${language()}`;
  const paneerHindi = 'पनीर टिक्का';
  const omelette = `Masala omelette ${language()}`;
  const khichdi = `Khichdi ${language()}`;
  // What a reader sees: the owner's Hindi name in Hindi.
  const shownPaneer = language() === 'hi' ? paneerHindi : paneer;
  const tokens = await ownerTokens(page.request);
  // Tomorrow's lunch and the next day's dinner start empty, whatever an earlier run left, and no
  // date's change hides the weekday's lunch tomorrow.
  const owner = { authorization: `Bearer ${tokens.access}` };
  await page.request.delete(`/api/menu/dates/${tomorrow}/lunch/`, { headers: owner });
  for (const [date, meal] of [
    [tomorrow, 'lunch'],
    [dayAfter, 'dinner'],
  ] as const) {
    const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' })
      .format(new Date(`${date}T00:00:00Z`))
      .toLowerCase();
    await page.request.put(`/api/menu/week/${weekday}/${meal}/`, {
      headers: owner,
      data: { dishes: [] },
    });
  }

  // The owner: the week grid, every weekday's meals on one screen.
  await openSignedIn(page, tokens, '/admin/menu');
  await expect(page.getByRole('heading', { name: msg('adminMenu.title') })).toBeVisible();
  // The owner's links and More still fit on one line at 1280 px; Menu is under More.
  await expectNavOnOneLine(page);
  const header = page.getByRole('navigation', { name: msg('shell.mainNav') });
  await header.getByRole('button', { name: msg('nav.more'), exact: true }).click();
  await expect(header.getByRole('link', { name: msg('nav.menu'), exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(header.getByRole('link', { name: msg('nav.menu'), exact: true })).toBeHidden();
  const lunch = cellOf('lunch', tomorrow);
  await page.getByRole('button', { name: msg('adminMenu.week.add', { cell: lunch }) }).click();
  await page
    .getByLabel(msg('adminMenu.week.dishName', { cell: lunch, n: 1 }), { exact: true })
    .fill(paneer);
  await page
    .getByLabel(msg('adminMenu.week.dishNameHi', { cell: lunch, n: 1 }), { exact: true })
    .fill(paneerHindi);
  await page.getByRole('button', { name: msg('adminMenu.week.add', { cell: lunch }) }).click();
  await page
    .getByLabel(msg('adminMenu.week.dishName', { cell: lunch, n: 2 }), { exact: true })
    .fill(omelette);
  await page
    .getByLabel(msg('adminMenu.week.dishMark', { cell: lunch, n: 2 }), { exact: true })
    .selectOption('egg');
  const dinner = cellOf('dinner', dayAfter);
  await page.getByRole('button', { name: msg('adminMenu.week.add', { cell: dinner }) }).click();
  await page
    .getByLabel(msg('adminMenu.week.dishName', { cell: dinner, n: 1 }), { exact: true })
    .fill(khichdi);
  await page
    .getByLabel(msg('adminMenu.week.dishMark', { cell: dinner, n: 1 }), { exact: true })
    .selectOption('jain');
  await expect(page.getByText(msg('adminMenu.week.unsaved', { count: 2 }))).toBeVisible();
  // One Save, one request, for both meals.
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT') saves.push(new URL(request.url()).pathname);
  });
  await page.getByRole('button', { name: msg('adminMenu.week.save') }).click();
  await expectNotice(
    page,
    msg('adminMenu.toast.saved'),
    msg('adminMenu.week.savedMessage', { count: 2 }),
  );
  expect(saves).toEqual(['/api/menu/week/']);
  await expect(page.getByText(msg('adminMenu.week.allSaved'))).toBeVisible();
  await expectAccessible(page, 'the owner’s week grid');

  // A customer on a 360 px phone: the dashboard shows tomorrow's lunch in their language.
  const customer = await registerCustomer(page.request, { service: 'mess', prefix: 'menu' });
  // A customer's ten links, Menu among them, fit one line at 1280 px too.
  await openSignedIn(page, customer.tokens, '/dashboard');
  await expectNavOnOneLine(page);
  await expect(
    page
      .getByRole('navigation', { name: msg('shell.mainNav') })
      .getByRole('link', { name: msg('nav.menu'), exact: true }),
  ).toBeVisible();
  await page.setViewportSize(PHONE);
  await openSignedIn(page, customer.tokens, '/dashboard');
  const card = page.getByRole('region', { name: msg('menuToday.title'), exact: true });
  const tomorrowMenu = card.getByRole('region', { name: msg('menuToday.tomorrow') });
  const lunchList = tomorrowMenu.getByRole('list', {
    name: msg('format.menu.dishesOf', {
      meal: msg('format.meal.lunch'),
      date: displayDate(tomorrow),
    }),
  });
  // Each dish with its FSSAI symbol, named, and its diet word: egg carries the non-veg symbol.
  const [veg, egg] = [
    lunchList.getByRole('listitem').nth(0),
    lunchList.getByRole('listitem').nth(1),
  ];
  await expect(veg).toContainText(shownPaneer);
  await expect(veg.getByRole('img', { name: msg('format.diet.symbol.veg') })).toBeVisible();
  await expect(veg).toContainText(msg('format.diet.veg'));
  await expect(egg).toContainText(omelette);
  await expect(egg.getByRole('img', { name: msg('format.diet.symbol.non_veg') })).toBeVisible();
  await expect(egg).toContainText(msg('format.diet.egg'));
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

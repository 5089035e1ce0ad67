// The frame around every page. A page's messages arrive after the page itself on a slow phone;
// when they did, the router moved the focus to the page (as it does after a navigation), and a
// menu the user had opened meanwhile closed by itself: the account menu, on a page still loading.
import { expect, test } from '@playwright/test';
import { msg } from './i18n';
import { ownerLogsIn, OWNER_USERNAME } from './owner-fixtures';

test('the account menu stays open while the page under it receives its messages', async ({
  page,
}) => {
  await ownerLogsIn(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The reports page's messages (a chunk of their own) are held until the menu is open.
  let releaseMessages!: () => void;
  const held = new Promise<void>((resolve) => (releaseMessages = resolve));
  let heldOne = false;
  await page.route('**/assets/*.js', async (route) => {
    const answer = await route.fetch();
    const body = await answer.text();
    if (body.startsWith('var e={"reports.')) {
      heldOne = true;
      await held;
    }
    await route.fulfill({ response: answer, body });
  });
  // An in-app navigation (wouter follows pushState), as a link in the page would make.
  await page.evaluate(() => {
    history.pushState(null, '', '/admin/reports');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect.poll(() => heldOne).toBe(true);

  await page
    .getByRole('button', { name: msg('shell.accountMenu', { username: OWNER_USERNAME }) })
    .click();
  const profileItem = page.getByRole('menuitem', { name: msg('nav.profile'), exact: true });
  await expect(profileItem).toBeVisible();
  releaseMessages();
  await expect(page.getByRole('heading', { name: msg('reports.title'), level: 1 })).toBeVisible();
  await expect(profileItem).toBeVisible();
  await profileItem.click();
  await expect(page).toHaveURL(/\/profile$/);
  // Chunks the profile page is still fetching through the route when the test ends are let go.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

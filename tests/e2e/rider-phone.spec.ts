// Issue 22's whole rider journey on a 360 px phone, with the installed app's service worker: the
// owner adds a rider on the Staff page; the rider claims the texted invite and signs in with their
// phone and a texted code; they see their own route's stop and not another route's; the app is
// closed and opened again with no signal, long after the access token expired: the shell comes
// from the worker, the session and the kept run sheet from the phone, and a mark waits in the
// outbox; back online it is sent (the expired token refreshed on the way) and the owner's progress
// counts it, once.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { auth, claimInvite, tiffinCustomer } from './delivery-fixtures';
import { msg, serverTx } from './i18n';
import { indiaDate, ownerLogsIn, OWNER_USERNAME } from './owner-fixtures';
import { ownerToken, readOtp, shot } from './support';

test.use({ serviceWorkers: 'allow' });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function dinnerOf(request: APIRequestContext, owner: string, route: number) {
  const answer = await request.get(`/api/owner/deliveries/?date=${indiaDate()}&meal=dinner`, {
    headers: auth(owner),
  });
  expect(answer.status(), 'progress').toBe(200);
  const progress = (await answer.json()) as {
    routes: Array<{ route: number; total: number; delivered: number; pending: number }>;
  };
  return progress.routes.find((row) => row.route === route);
}

/** The stored access token made to look expired hours ago (the client reads only its payload). */
async function expireAccessToken(page: Page) {
  await page.evaluate(() => {
    const token = localStorage.getItem('dabba.access')!;
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(atob(payload!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp: number;
    };
    claims.exp = Math.floor(Date.now() / 1000) - 8 * 3600;
    const encoded = btoa(JSON.stringify(claims))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    localStorage.setItem('dabba.access', `${header}.${encoded}.${signature}`);
  });
}

test('the owner adds a rider, who signs in by phone and rides offline from a cold start', async ({
  page,
  context,
  request,
}) => {
  // The invite's code holds the phone's sign-in code back for the cooldown.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const hindi = test.info().project.name === 'hindi';
  const pincode = `${hindi ? 5 : 4}${String(Date.now() % 100_000).padStart(5, '0')}`;
  const otherPincode = `${hindi ? 3 : 2}${String(Date.now() % 100_000).padStart(5, '0')}`;
  const owner = await ownerToken(request);
  const customer = await tiffinCustomer(request, pincode, '9 Mill Road');
  await tiffinCustomer(request, otherPincode, '3 Lake View');

  // The worker takes the page from its next load on, and keeps every chunk loaded after that.
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();

  // 1. The owner adds the rider on the Staff page.
  const local = `8${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
  const phone = `+91${local}`;
  const lastName = hindi ? 'Yadav' : 'Verma';
  await ownerLogsIn(page);
  await page
    .getByRole('button', { name: msg('shell.accountMenu', { username: OWNER_USERNAME }) })
    .click();
  await page.getByRole('menuitem', { name: msg('nav.staff'), exact: true }).click();
  await page.getByRole('button', { name: msg('staff.add'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: msg('staff.form.addTitle') });
  await dialog.getByLabel(msg('staff.form.firstName')).fill('Mohan');
  await dialog.getByLabel(msg('staff.form.lastName')).fill(lastName);
  await dialog.getByLabel(msg('staff.form.phone')).fill(local);
  await dialog
    .getByRole('radio', { name: new RegExp(`^${escape(msg('status.staffRole.delivery'))}:`) })
    .click();
  await dialog.getByRole('button', { name: msg('staff.form.sendInvite'), exact: true }).click();
  await expect(dialog).toBeHidden();
  const staff = (await (
    await request.get('/api/owner/staff/', { headers: auth(owner) })
  ).json()) as Array<{ id: number; phone: string }>;
  const rider = staff.find((member) => member.phone === phone)!;
  expect(rider, 'the new rider').toBeTruthy();
  // The owner routes the rider's area to them; another area goes to a route without them.
  const created = await request.post('/api/owner/routes/', {
    headers: auth(owner),
    data: { name: `Mill ${pincode}`, areas: [pincode], riders: [rider.id] },
  });
  expect(created.status(), 'add route').toBe(201);
  const route = ((await created.json()) as { id: number }).id;
  const other = await request.post('/api/owner/routes/', {
    headers: auth(owner),
    data: { name: `Lake ${otherPincode}`, areas: [otherPincode], riders: [] },
  });
  expect(other.status(), 'another route').toBe(201);

  // 2. The rider claims the texted invite, and signs out of the owner's session on this phone.
  await claimInvite(request, phone, `mohan${local.slice(-6)}`, 'Rider-pass-42');
  await page.evaluate(() => {
    const picked = localStorage.getItem('dabba.language');
    localStorage.clear();
    if (picked) localStorage.setItem('dabba.language', picked);
  });

  // 3. They sign in with the phone number and the texted code.
  await page.goto('/login');
  await page.getByRole('tab', { name: msg('auth.login.withPhone') }).click();
  await page.getByLabel(msg('auth.field.phone'), { exact: true }).fill(local);
  const send = page.getByRole('button', { name: msg('auth.phoneLogin.sendCode') });
  const sent = page.getByText(
    serverTx('If an account uses this phone number, a sign-in code has been sent to it.'),
  );
  // The invite's code was texted moments ago: the server says how long to wait, then sends.
  await send.click();
  const wait = page.getByRole('alert').filter({
    hasText: new RegExp(
      serverTx('Please wait {seconds} seconds before requesting a new OTP.', {
        seconds: 999,
      }).replace('999', '(\\d+)'),
    ),
  });
  await expect(wait.or(sent)).toBeVisible();
  if (await wait.isVisible()) {
    const seconds = Number(/(\d+)/.exec((await wait.textContent()) ?? '')?.[1]);
    expect(seconds).toBeLessThanOrEqual(15);
    await page.waitForTimeout((seconds + 1) * 1000);
    await send.click();
  }
  await expect(sent).toBeVisible();
  await page.getByLabel(msg('auth.phoneLogin.code')).fill(await readOtp(phone, 'sign_in'));
  await page.getByRole('button', { name: msg('auth.phoneLogin.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/deliveries$/);

  // 4. Their route's stop, and not the other route's.
  await page.getByLabel(msg('deliveries.meal')).selectOption('dinner');
  const stops = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(stops).toHaveCount(1);
  await expect(
    stops.first().getByRole('heading', { name: `1. ${customer.firstName} ${customer.lastName}` }),
  ).toBeVisible();
  await expect(page.getByText('3 Lake View')).toHaveCount(0);

  // 5. The app closed; hours later it opens with no signal.
  await expireAccessToken(page);
  await context.setOffline(true);
  await page.goto('/admin/deliveries');
  await expect(
    page.getByRole('heading', { name: msg('deliveries.title'), level: 1 }),
  ).toBeVisible();
  await page.getByLabel(msg('deliveries.meal')).selectOption('dinner');
  const stop = stops.first();
  await expect(stop).toContainText('9 Mill Road');
  await expect(page.getByText(msg('deliveries.offline')).first()).toBeVisible();
  await stop.getByRole('button', { name: msg('deliveries.mark.delivered'), exact: true }).click();
  await expect(stop).toContainText(msg('deliveries.state.delivered'));
  await expect(page.getByText(msg('deliveries.waiting', { count: 1 }))).toBeVisible();
  expect(await dinnerOf(request, owner, route)).toMatchObject({ delivered: 0, pending: 1 });
  await shot(page, `rider-cold-start-offline-360-${hindi ? 'hi' : 'en'}`);

  // 6. Back online: the mark goes, once, and the owner counts it.
  await context.setOffline(false);
  await expect(page.getByText(msg('deliveries.waiting', { count: 1 }))).toHaveCount(0);
  await expect
    .poll(async () => dinnerOf(request, owner, route))
    .toMatchObject({ total: 1, delivered: 1, pending: 0 });
  expect(await page.evaluate(() => localStorage.getItem('dabba.deliveryOutbox'))).toBe('[]');
  // Still signed in, with a fresh token.
  await page.reload();
  await expect(page).toHaveURL(/\/admin\/deliveries$/);
  await expect(
    page.getByRole('heading', { name: msg('deliveries.title'), level: 1 }),
  ).toBeVisible();
});

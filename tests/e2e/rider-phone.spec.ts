// Issue 22's whole rider journey on a 360 px phone, with the installed app's service worker: the
// owner reaches Deliveries and Staff from the phone's menu and adds a rider; the rider opens the
// texted invite, and its one code signs him in (issue 37, item 4: no second code, no password
// needed); the owner puts him on a route at once and he sees his own route's stop and not another
// route's; the app is closed and opened again with no signal, long after the access token
// expired: the shell comes from the worker, the session and the kept run sheet from the phone, and
// a mark waits in the outbox; back online it is sent (the expired token refreshed on the way) and
// the owner's progress counts it, once.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { auth, tiffinCustomer } from './delivery-fixtures';
import { msg } from './i18n';
import { indiaDate, openFromNav, ownerLogsIn } from './owner-fixtures';
import { ownerToken, readClaimPath, readOtp, shot } from './support';

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

test('the owner adds a rider, whose invite code signs him in, put on a route at once, riding offline from a cold start', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
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

  // 1. The owner reaches the day's deliveries from the phone's menu, then adds the rider on the
  // Staff page.
  const local = `8${String(Date.now() % 1_000_000_000).padStart(9, '0')}`;
  const phone = `+91${local}`;
  const lastName = hindi ? 'Yadav' : 'Verma';
  await ownerLogsIn(page);
  await openFromNav(page, msg('nav.deliveriesOwner'));
  await expect(
    page.getByRole('heading', { name: msg('deliveries.owner.title'), level: 1 }),
  ).toBeVisible();
  await openFromNav(page, msg('nav.staff'));
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

  // 2. On his phone (the owner's session signed out), the rider opens the texted invite: the page
  // speaks to him as staff, and the one code it texts signs him in. The password is optional.
  await page.evaluate(() => {
    const picked = localStorage.getItem('dabba.language');
    localStorage.clear();
    if (picked) localStorage.setItem('dabba.language', picked);
  });
  await page.goto(await readClaimPath(phone));
  await expect(
    page.getByRole('heading', { name: msg('auth.claim.staff.title'), level: 1 }),
  ).toBeVisible();
  const business = ((await (await request.get('/api/business/')).json()) as { name: string }).name;
  await expect(
    page.getByText(msg('auth.claim.staff.intro', { name: 'Mohan', business, role: 'delivery' })),
  ).toBeVisible();
  await shot(page, `rider-claim-staff-360-${hindi ? 'hi' : 'en'}`);
  await page.getByRole('button', { name: msg('auth.claim.sendOtp'), exact: true }).click();
  await page.getByLabel(msg('auth.claim.otp')).fill(await readOtp(phone));
  await page.getByRole('button', { name: msg('auth.claim.verify'), exact: true }).click();
  await expect(page.getByText(msg('auth.claim.choosePassword'))).toBeVisible();
  await page.getByRole('button', { name: msg('auth.claim.skip'), exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/deliveries$/);
  await expect(
    page.getByRole('heading', { name: msg('deliveries.title'), level: 1 }),
  ).toBeVisible();

  // 3. At once, the owner routes the rider's area to him; another area goes to a route without
  // him. He is active, among the riders a route may be given.
  const riders = (await (
    await request.get('/api/delivery/riders/', { headers: auth(owner) })
  ).json()) as Array<{ id: number }>;
  expect(riders.map((one) => one.id)).toContain(rider.id);
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
  await page.reload();

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

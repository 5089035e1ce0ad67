// A delivery rider's phone (issue 22), at 360 px: the owner (through the API) adds a tiffin
// customer in an area of their own, a rider and a route over that area; the rider signs in and sees
// only that route's stop; without signal they mark it delivered and the box returned, the stop
// shows it at once and a badge counts the marks waiting; back online the outbox is sent, the badge
// clears, and the owner's progress counts one delivery. The phone's batch sent again changes nothing.
// A second journey moves a stop down without signal; the order is saved once back online.
// With E2E_SHOTS set to a folder, the run sheet is saved there at 360 and 1366 px.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { refusalSentence } from '@machines/shared';
import { language, msg } from './i18n';
import { addRider, auth, tiffinCustomer } from './delivery-fixtures';
import { indiaDate } from './owner-fixtures';
import { apiLogin, ownerToken, shot } from './support';

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(msg('auth.login.username')).fill(username);
  await page.getByLabel(msg('auth.field.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: msg('auth.login.submit'), exact: true }).click();
}

interface Progress {
  routes: Array<{ route: number; total: number; delivered: number; pending: number }>;
  boxes_out: Array<{ customer_id: number; boxes: number }>;
}

/** The owner's progress of a date's dinner (GET /api/owner/deliveries/). */
async function dinnerProgress(request: APIRequestContext, owner: string): Promise<Progress> {
  const answer = await request.get(`/api/owner/deliveries/?date=${indiaDate()}&meal=dinner`, {
    headers: auth(owner),
  });
  expect(answer.status(), 'progress').toBe(200);
  return (await answer.json()) as Progress;
}

test('a rider marks a stop offline at 360 px; back online it is sent once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const hindi = test.info().project.name === 'hindi';
  // The English and Hindi runs share one server: each has its own area, route and rider.
  const pincode = `${hindi ? 8 : 7}${String(Date.now() % 100_000).padStart(5, '0')}`;
  const owner = await ownerToken(request);

  // 1. The owner's side: a tiffin customer in the area, a rider, and a route over the area.
  const customer = await tiffinCustomer(request, pincode, '14 Canal Road');
  const rider = await addRider(request, owner, hindi ? 'Kumar' : 'Singh');
  const routeName = `Canal ${pincode}`;
  const created = await request.post('/api/owner/routes/', {
    headers: auth(owner),
    data: { name: routeName, areas: [pincode], riders: [rider.id] },
  });
  expect(created.status(), 'add route').toBe(201);
  const route = ((await created.json()) as { id: number }).id;

  // 2. The rider signs in on the phone: their route's run sheet, with its one stop.
  await signIn(page, rider.username, rider.password);
  await expect(page).toHaveURL(/\/admin\/deliveries$/);
  await page.getByLabel(msg('deliveries.meal')).selectOption('dinner');
  const name = `${customer.firstName} ${customer.lastName}`;
  const stops = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(stops).toHaveCount(1);
  const stop = stops.first();
  await expect(stop.getByRole('heading', { name: `1. ${name}` })).toBeVisible();
  await expect(stop).toContainText('14 Canal Road');
  await expect(stop).toContainText(
    msg('deliveries.landmark', { landmark: 'Opposite the post office' }),
  );
  await expect(stop.getByRole('link')).toHaveAttribute('href', `tel:${customer.phone}`);
  await expect(stop).toContainText(msg('deliveries.state.pending'));
  // A pending stop offers Delivered and Not delivered only (the machine's allowed marks).
  await expect(stop.getByRole('button', { name: msg('deliveries.mark.box_returned') })).toHaveCount(
    0,
  );

  // 3. No signal: the marks show at once and wait in the outbox.
  let posts = 0;
  page.on('request', (sentRequest) => {
    if (sentRequest.method() === 'POST' && sentRequest.url().endsWith('/api/delivery/marks/')) {
      posts += 1;
    }
  });
  await context.setOffline(true);
  await stop.getByRole('button', { name: msg('deliveries.mark.delivered'), exact: true }).click();
  await expect(stop).toContainText(msg('deliveries.state.delivered'));
  await expect(page.getByText(msg('deliveries.waiting', { count: 1 }))).toBeVisible();
  await stop.getByRole('button', { name: msg('deliveries.mark.box_returned') }).click();
  await expect(page.getByText(msg('deliveries.waiting', { count: 2 }))).toBeVisible();
  await expect(stop).toContainText(msg('deliveries.boxesReturned', { count: 1 }));
  // Nothing reached the server yet.
  const before = await dinnerProgress(request, owner);
  expect(before.routes.find((row) => row.route === route)).toMatchObject({
    delivered: 0,
    pending: 1,
  });
  // The phone's outbox, as it will be sent.
  const outbox = JSON.parse(
    (await page.evaluate(() => localStorage.getItem('dabba.deliveryOutbox'))) ?? '[]',
  ) as Array<{ id: string; event: string }>;
  expect(outbox.map((mark) => mark.event)).toEqual(['delivered', 'box_returned']);
  await shot(page, `rider-offline-360-${hindi ? 'hi' : 'en'}`);

  // 4. Back online: the outbox is sent, the badge clears, the owner sees one delivered.
  await context.setOffline(false);
  await expect(page.getByText(msg('deliveries.waiting', { count: 2 }))).toHaveCount(0);
  await expect(page.getByText(msg('deliveries.waiting', { count: 1 }))).toHaveCount(0);
  await expect(stop).toContainText(msg('deliveries.state.delivered'));
  const progress = await dinnerProgress(request, owner);
  expect(progress.routes.find((row) => row.route === route)).toMatchObject({
    total: 1,
    delivered: 1,
    pending: 0,
  });
  // One request carried both marks.
  expect(posts).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('dabba.deliveryOutbox'))).toBe('[]');
  await shot(page, `rider-run-sheet-360-${hindi ? 'hi' : 'en'}`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, `rider-run-sheet-1366-${hindi ? 'hi' : 'en'}`);

  // 5. Cash taken without signal, and the app closed before the signal came back: the outbox is
  // kept on the phone and sent when the app opens again.
  await page.setViewportSize({ width: 360, height: 740 });
  await context.setOffline(true);
  await stop.getByRole('button', { name: msg('deliveries.mark.cash_collected') }).click();
  await stop.getByLabel(msg('deliveries.amount')).fill('120');
  await stop.getByRole('button', { name: msg('deliveries.saveCash'), exact: true }).click();
  await expect(page.getByText(msg('deliveries.waiting', { count: 1 }))).toBeVisible();
  await expect(stop).toContainText(msg('deliveries.cashCollected', { amount: '₹120' }));
  await page.close();
  await context.setOffline(false);
  const reopened = await context.newPage();
  await reopened.setViewportSize({ width: 360, height: 740 });
  await reopened.goto('/admin/deliveries');
  await expect(
    reopened.getByRole('heading', { name: msg('deliveries.title'), level: 1 }),
  ).toBeVisible();
  // The page sends what waited as it loads: the owner sees the cash, pending their confirmation.
  await reopened.getByLabel(msg('deliveries.meal')).selectOption('dinner');
  await expect
    .poll(async () => {
      const pendingCash = await request.get('/api/owner/cash-collections/?status=pending', {
        headers: auth(owner),
      });
      const collections = (await pendingCash.json()) as Array<{ route_id: number; amount: number }>;
      return collections.filter((row) => row.route_id === route).map((row) => row.amount);
    })
    .toEqual([120]);
  await expect(
    reopened.getByText(msg('deliveries.cashCollected', { amount: '₹120' })),
  ).toBeVisible();
  await expect(reopened.getByText(msg('deliveries.waiting', { count: 1 }))).toHaveCount(0);
  expect(await reopened.evaluate(() => localStorage.getItem('dabba.deliveryOutbox'))).toBe('[]');

  // 6. The same batch sent again (a phone that lost the answer) is stored once.
  const riderTokens = await apiLogin(request, rider.username, rider.password);
  const again = await request.post('/api/delivery/marks/', {
    headers: auth(riderTokens.access),
    data: { marks: outbox },
  });
  expect(again.status()).toBe(200);
  const answers = (await again.json()) as { results: Array<{ status: string }> };
  expect(answers.results.map((answer) => answer.status)).toEqual(['duplicate', 'duplicate']);
  const after = await dinnerProgress(request, owner);
  expect(after.routes.find((row) => row.route === route)).toMatchObject({ delivered: 1 });
  expect(after.boxes_out).toEqual(progress.boxes_out);

  // 7. A box taken back without signal while the owner moves the customer to another rider's
  // route: the server refuses the mark, and the phone says so with the server's sentence, not
  // silently. A rider learns nothing of routes he does not ride, so the stop is simply no longer
  // on his run sheet (issue 35 item 15).
  const reStop = reopened
    .getByRole('listitem')
    .filter({ has: reopened.getByRole('heading', { level: 3 }) });
  await context.setOffline(true);
  await reStop.getByRole('button', { name: msg('deliveries.mark.box_returned') }).click();
  await expect(reopened.getByText(msg('deliveries.waiting', { count: 1 }))).toBeVisible();
  const moved = await request.put(`/api/owner/routes/${route}/`, {
    headers: auth(owner),
    data: { name: routeName, areas: [`old ${pincode}`], riders: [rider.id] },
  });
  expect(moved.status(), 'route loses the area').toBe(200);
  const other = await request.post('/api/owner/routes/', {
    headers: auth(owner),
    data: { name: `Canal ${pincode} B`, areas: [pincode], riders: [] },
  });
  expect(other.status(), 'another route takes it').toBe(201);
  await context.setOffline(false);
  const notice = reopened.getByRole('alert').filter({
    hasText: refusalSentence(language(), 'delivery_stop.not_on_run_sheet'),
  });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(msg('deliveries.mark.box_returned'));
  await expect(reopened.getByText(msg('deliveries.waiting', { count: 1 }))).toHaveCount(0);
  expect(await reopened.evaluate(() => localStorage.getItem('dabba.deliveryOutbox'))).toBe('[]');
  // The stop has left this route's run sheet; the notice stays until the rider has read it.
  await expect(reopened.getByText(msg('deliveries.noStops'))).toBeVisible();
  await shot(reopened, `rider-refused-360-${language()}`);
  await notice.getByRole('button', { name: msg('deliveries.dismiss') }).click();
  await expect(notice).toHaveCount(0);
});

test('a rider moves a stop down without signal; the order is saved once back online', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const hindi = test.info().project.name === 'hindi';
  const pincode = `${hindi ? 6 : 5}${String(Date.now() % 100_000).padStart(5, '0')}`;
  const owner = await ownerToken(request);
  await tiffinCustomer(request, pincode, '1 Mill Lane');
  await tiffinCustomer(request, pincode, '2 Mill Lane');
  const rider = await addRider(request, owner, hindi ? 'Yadav' : 'Gupta');
  const created = await request.post('/api/owner/routes/', {
    headers: auth(owner),
    data: { name: `Mill ${pincode}`, areas: [pincode], riders: [rider.id] },
  });
  expect(created.status(), 'add route').toBe(201);
  const route = ((await created.json()) as { id: number }).id;
  const riderTokens = await apiLogin(request, rider.username, rider.password);
  const sheet = await request.get(
    `/api/delivery/run/?route=${route}&date=${indiaDate()}&meal=dinner`,
    {
      headers: auth(riderTokens.access),
    },
  );
  const { stops: served } = (await sheet.json()) as {
    stops: Array<{ customer_id: number; address: string }>;
  };
  expect(served).toHaveLength(2);

  await signIn(page, rider.username, rider.password);
  await page.getByLabel(msg('deliveries.meal')).selectOption('dinner');
  const stops = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(stops).toHaveCount(2);
  await expect(stops.nth(0)).toContainText(served[0]!.address);
  await context.setOffline(true);
  await stops
    .nth(0)
    .getByRole('button', { name: new RegExp(`^${msg('deliveries.moveDown', { name: '.*' })}$`) })
    .click();
  await expect(stops.nth(0)).toContainText(served[1]!.address);
  await expect(stops.nth(1)).toContainText(served[0]!.address);
  await expect(page.getByText(msg('deliveries.waiting', { count: 1 }))).toBeVisible();
  await shot(page, `rider-reorder-offline-360-${hindi ? 'hi' : 'en'}`);

  await context.setOffline(false);
  const reversed = [served[1]!.customer_id, served[0]!.customer_id];
  await expect
    .poll(async () => {
      const routes = await request.get('/api/delivery/routes/', {
        headers: auth(riderTokens.access),
      });
      const mine = ((await routes.json()) as Array<{ id: number; stop_order: number[] }>).find(
        (one) => one.id === route,
      );
      return mine?.stop_order;
    })
    .toEqual(reversed);
  await expect(page.getByText(msg('deliveries.waiting', { count: 1 }))).toHaveCount(0);
  // The server's run sheet now comes in the rider's order.
  await page.reload();
  await page.getByLabel(msg('deliveries.meal')).selectOption('dinner');
  await expect(stops.nth(0)).toContainText(served[1]!.address);
});

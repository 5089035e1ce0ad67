// The owner follows a delivery run (issue 22): in the browser the owner adds a route over an area
// of the journey's own with a rider (a name already used is refused under the name field) and
// removes another after a confirm; the rider's marks arrive through the API as from their phone,
// and the owner's Progress tab shows the new counts without a reload (it asks again on its own),
// the stop not delivered with its reason and a number to call, the box still out and the cash to
// confirm, which the owner confirms (and another they reject, with a reason). The route's printed
// sheet lists the stops in the saved order.
// With E2E_SHOTS set to a folder, the page and the sheet are saved there at 1366 and 360 px, and
// the sheet as the printer gets it (a PDF).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { addRider, auth, tiffinCustomer } from './delivery-fixtures';
import { msg, refusal } from './i18n';
import { expectAccessible, indiaDate, openFromNav, ownerLogsIn } from './owner-fixtures';
import { apiLogin, expectToast, ownerToken, shot } from './support';

interface SheetStop {
  customer_id: number;
  name: string;
}

/** Full-page screenshots at both widths, back at 1366 px after. */
async function shotsAtBothWidths(page: Page, name: string) {
  if (!process.env.E2E_SHOTS) return;
  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('the owner follows the run live, confirms the cash and prints the sheet in order', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const lang = test.info().project.name === 'hindi' ? 'hi' : 'en';
  // The English and Hindi runs share one server: each has its own area, route and rider.
  const pincode = `${lang === 'hi' ? 4 : 3}${String(Date.now() % 100_000).padStart(5, '0')}`;
  const date = indiaDate();
  const owner = await ownerToken(request);

  // 1. Through the API: two tiffin customers in the area, a rider, and a route whose name the
  // owner will try first.
  // The first still owes part of the plan: the cash the rider brings is confirmed against it.
  const first = await tiffinCustomer(request, pincode, '3 Lake View', {
    firstName: 'Meera',
    partPaid: 1000,
    owner,
  });
  const second = await tiffinCustomer(request, pincode, '9 Hill Street', { firstName: 'Kabir' });
  const riderLastName = `P${pincode}`;
  const rider = await addRider(request, owner, riderLastName);
  const riderName = `Ravi ${riderLastName}`;
  const takenName = `Lake ${pincode}`;
  const taken = await request.post('/api/owner/routes/', {
    headers: auth(owner),
    data: { name: takenName, areas: [`old ${pincode}`], riders: [] },
  });
  expect(taken.status(), 'a route to collide with').toBe(201);

  // 2. The owner opens Deliveries from the navigation and adds the route on the Routes tab.
  await page.setViewportSize({ width: 1366, height: 900 });
  await ownerLogsIn(page);
  await openFromNav(page, msg('nav.deliveriesOwner'));
  await expect(
    page.getByRole('heading', { level: 1, name: msg('deliveries.owner.title') }),
  ).toBeVisible();
  await page.getByLabel(msg('deliveries.meal')).selectOption('dinner');
  await page.getByRole('tab', { name: msg('deliveries.owner.tab.routes') }).click();
  await page.getByRole('button', { name: msg('deliveries.routes.add'), exact: true }).click();
  const form = page.getByRole('dialog');
  const nameField = form.getByLabel(msg('deliveries.routes.name'));
  await nameField.fill(takenName);
  await form.getByLabel(msg('deliveries.routes.areas')).fill(`${pincode}\n`);
  await form.getByLabel(riderName).check();
  await form.getByRole('button', { name: msg('deliveries.routes.addSubmit') }).click();
  // The server's refusal, in the page's language, under the field it is about.
  await expect(form.getByText(refusal('route.name_taken'))).toBeVisible();
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await shotsAtBothWidths(page, `delivery-route-form-${lang}`);
  const routeName = `Canal ${pincode}`;
  await nameField.fill(routeName);
  await form.getByRole('button', { name: msg('deliveries.routes.addSubmit') }).click();
  await expect(form).toHaveCount(0);
  const routeRow = page
    .getByRole('list', { name: msg('deliveries.routes.title') })
    .getByRole('listitem')
    .filter({ hasText: routeName });
  await expect(routeRow).toContainText(msg('deliveries.routes.riders', { riders: riderName }));
  await expect(routeRow).toContainText(msg('deliveries.areas', { areas: pincode }));

  // The other route is removed, after a confirm.
  await page
    .getByRole('button', { name: msg('deliveries.routes.deleteOf', { route: takenName }) })
    .click();
  const confirm = page.getByRole('dialog', {
    name: msg('deliveries.routes.confirmTitle', { route: takenName }),
  });
  await confirm.getByRole('button', { name: msg('deliveries.routes.delete'), exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: msg('deliveries.routes.deleteOf', { route: takenName }) }),
  ).toHaveCount(0);
  await shotsAtBothWidths(page, `delivery-routes-${lang}`);

  // 3. The Progress tab: nothing marked yet.
  await page.getByRole('tab', { name: msg('deliveries.owner.tab.run') }).click();
  const card = page.getByRole('region', { name: routeName, exact: true });
  await expect(card).toContainText(msg('deliveries.owner.deliveredOf', { delivered: 0, total: 2 }));
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

  // 4. The rider's phone sends its marks: the first stop delivered with ₹150 and ₹40 taken, the second
  // not delivered (not home).
  const routes = (await (
    await request.get('/api/owner/routes/', { headers: auth(owner) })
  ).json()) as Array<{ id: number; name: string }>;
  const route = routes.find((row) => row.name === routeName)!.id;
  const run = await request.get(`/api/delivery/run/?route=${route}&date=${date}&meal=dinner`, {
    headers: auth(owner),
  });
  const stops = ((await run.json()) as { stops: SheetStop[] }).stops;
  const idOf = (customer: { firstName: string; lastName: string }) =>
    stops.find((stop) => stop.name === `${customer.firstName} ${customer.lastName}`)!.customer_id;
  const mark = (customer: number, event: string, extra: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    route,
    date,
    meal: 'dinner',
    customer,
    event,
    marked_at: new Date().toISOString(),
    ...extra,
  });
  const riderToken = (await apiLogin(request, rider.username, rider.password)).access;
  const sent = await request.post('/api/delivery/marks/', {
    headers: auth(riderToken),
    data: {
      marks: [
        mark(idOf(first), 'delivered'),
        mark(idOf(second), 'not_delivered', { reason: 'not_home' }),
        mark(idOf(first), 'cash_collected', { amount: 150 }),
        mark(idOf(first), 'cash_collected', { amount: 40 }),
      ],
    },
  });
  expect(sent.status()).toBe(200);
  const results = ((await sent.json()) as { results: Array<{ status: string }> }).results;
  expect(results.map((result) => result.status)).toEqual([
    'applied',
    'applied',
    'applied',
    'applied',
  ]);

  // 5. Without a reload, the page shows the new counts (it asks every 20 s).
  await expect(card).toContainText(
    msg('deliveries.owner.deliveredOf', { delivered: 1, total: 2 }),
    { timeout: 35_000 },
  );
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  await expect(card).toContainText(msg('deliveries.owner.notDeliveredCount', { count: 1 }));
  await expect(card).toContainText(msg('deliveries.owner.pendingCount', { count: 0 }));
  const secondName = `${second.firstName} ${second.lastName}`;
  const firstName = `${first.firstName} ${first.lastName}`;
  // The page's own lists (a toast is a list item too).
  const main = page.getByRole('main');
  const missed = main
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href="tel:${second.phone}"]`) });
  await expect(missed).toContainText(secondName);
  await expect(missed).toContainText(msg('deliveries.reason.not_home'));
  await expect(missed).toContainText(msg('deliveries.owner.onRoute', { route: routeName }));
  await expect(missed.getByRole('link', { name: /\+91/ })).toHaveAttribute(
    'href',
    `tel:${second.phone}`,
  );
  await expect(
    main
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href^="/admin/customers/${idOf(first)}?"]`) })
      .filter({ hasText: msg('deliveries.owner.boxes', { count: 1 }) }),
  ).toHaveCount(1);
  await shotsAtBothWidths(page, `delivery-progress-${lang}`);
  await expectAccessible(page, 'the deliveries progress');

  // 6. The owner confirms the cash: it leaves the list and becomes a counter payment.
  const firstCash = main
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href^="/admin/customers/${idOf(first)}?"]`) })
    .filter({ hasText: '₹' });
  const confirmCash = firstCash.getByRole('button', {
    name: msg('deliveries.cash.confirmOf', { amount: '₹150', name: firstName }),
  });
  await confirmCash.click();
  await expectToast(
    page,
    msg('deliveries.cash.toast.confirmed'),
    msg('deliveries.cash.toast.confirmedMessage', { amount: '₹150', name: firstName }),
  );
  await expect(confirmCash).toHaveCount(0);
  const confirmed = await request.get('/api/owner/cash-collections/?status=confirmed', {
    headers: auth(owner),
  });
  const collections = (await confirmed.json()) as Array<{ route_id: number; payment_id: number }>;
  expect(collections.filter((row) => row.route_id === route)).toEqual([
    expect.objectContaining({ payment_id: expect.any(Number) }),
  ]);

  // The ₹40 the customer says they never gave: rejected, with the reason asked first.
  await firstCash
    .getByRole('button', {
      name: msg('deliveries.cash.rejectOf', { amount: '₹40', name: firstName }),
    })
    .click();
  const reject = page.getByRole('dialog', {
    name: msg('deliveries.cash.rejectTitle', { amount: '₹40', name: firstName }),
  });
  const submitReject = reject.getByRole('button', {
    name: msg('deliveries.cash.reject'),
    exact: true,
  });
  await expect(submitReject).toBeDisabled();
  await reject.getByLabel(msg('deliveries.cash.reason')).fill('Customer paid online');
  await submitReject.click();
  await expectToast(page, msg('deliveries.cash.toast.rejected'));
  await expect(firstCash).toHaveCount(0);
  const rejected = await request.get('/api/owner/cash-collections/?status=rejected', {
    headers: auth(owner),
  });
  const rejections = (await rejected.json()) as Array<{ route_id: number; amount: number }>;
  expect(rejections.filter((row) => row.route_id === route)).toEqual([
    expect.objectContaining({
      amount: 40,
      reject_reason: 'Customer paid online',
      payment_id: null,
    }),
  ]);

  // 7. The route's printed sheet: its stops in the saved order (the second customer first now).
  const order = await request.put(`/api/delivery/routes/${route}/order/`, {
    headers: auth(owner),
    data: { customer_ids: [idOf(second), idOf(first)] },
  });
  expect(order.status()).toBe(200);
  await card
    .getByRole('button', { name: msg('deliveries.owner.printSheetOf', { route: routeName }) })
    .click();
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: msg('deliveries.sheet.title', { route: routeName }),
    }),
  ).toBeVisible();
  const rows = page.getByRole('table').getByRole('rowgroup').last().getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByRole('cell').first()).toHaveText('1');
  await expect(rows.nth(0)).toContainText(secondName);
  await expect(rows.nth(0)).toContainText('9 Hill Street');
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText('2');
  await expect(rows.nth(1)).toContainText(firstName);
  await expect(rows.nth(1)).toContainText(
    msg('deliveries.landmark', { landmark: 'Opposite the post office' }),
  );
  // Print asks the browser's print dialog.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await page.getByRole('button', { name: msg('deliveries.sheet.print'), exact: true }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
  // On paper only the sheet: no navigation, no buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(
    page.getByRole('button', { name: msg('deliveries.sheet.print'), exact: true }),
  ).toBeHidden();
  await expect(rows.nth(1)).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expectAccessible(page, 'the printable run sheet');
  await shotsAtBothWidths(page, `delivery-sheet-${lang}`);
  const folder = process.env.E2E_SHOTS;
  if (folder)
    await page.pdf({ path: path.join(folder, `delivery-sheet-${lang}.pdf`), format: 'A4' });

  // Back: the Progress tab as it was left.
  await page.getByRole('button', { name: msg('deliveries.sheet.back') }).click();
  await expect(card).toContainText(msg('deliveries.owner.deliveredOf', { delivered: 1, total: 2 }));
});

test('a manager follows the run on a phone and gives a route a rider no route has yet', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const lang = test.info().project.name === 'hindi' ? 'hi' : 'en';
  const pincode = `${lang === 'hi' ? 2 : 1}${String(Date.now() % 100_000).padStart(5, '0')}`;
  const owner = await ownerToken(request);
  const rider = await addRider(request, owner, `M${pincode}`);
  const riderName = `Ravi M${pincode}`;
  const ridden = await request.post('/api/owner/routes/', {
    headers: auth(owner),
    data: { name: `Ridden ${pincode}`, areas: [pincode], riders: [rider.id] },
  });
  expect(ridden.status()).toBe(201);
  // A rider the owner has just added, on no route yet.
  const newcomerName = `Ravi N${pincode}`;
  await addRider(request, owner, `N${pincode}`);
  const manager = await addRider(request, owner, `Manager${pincode}`, 'manager');

  await page.goto('/login');
  await page.getByLabel(msg('auth.login.username')).fill(manager.username);
  await page.getByLabel(msg('auth.field.password'), { exact: true }).fill(manager.password);
  await page.getByRole('button', { name: msg('auth.login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await openFromNav(page, msg('nav.deliveriesOwner'));
  await expect(
    page.getByRole('heading', { level: 1, name: msg('deliveries.owner.title') }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: `Ridden ${pincode}`, exact: true })).toBeVisible();
  // A manager may not read the staff list, yet the form offers every active rider: one a route
  // has and one on no route yet.
  await page.getByRole('tab', { name: msg('deliveries.owner.tab.routes') }).click();
  await page.getByRole('button', { name: msg('deliveries.routes.add'), exact: true }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel(msg('deliveries.routes.name')).fill(`Second ${pincode}`);
  await form.getByLabel(riderName).check();
  await form.getByLabel(newcomerName).check();
  await form.getByRole('button', { name: msg('deliveries.routes.addSubmit') }).click();
  await expect(form).toHaveCount(0);
  await expect(
    page
      .getByRole('list', { name: msg('deliveries.routes.title') })
      .getByRole('listitem')
      .filter({ hasText: `Second ${pincode}` }),
  ).toContainText(msg('deliveries.routes.riders', { riders: `${riderName}, ${newcomerName}` }));
  await shot(page, `delivery-manager-routes-360-${lang}`);
});

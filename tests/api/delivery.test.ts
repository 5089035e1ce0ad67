// Delivery routes and run sheets (issue 22), over HTTP on both databases: routes, a run sheet net of
// a leave and a skip, a rider who sees only their route, a kept stop order, marks applied exactly
// once (a batch sent twice, one mark sent 20 times at once), a mark on a moved stop refused with its
// sentence, the stop machine's refusals, cash pending then confirmed once into the ledger, and the
// owner's progress.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, DEFAULT_SETTINGS, REFUSALS_EN, REFUSALS_HI } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce } from '../helpers/commerce.js';
import {
  insertPendingCash,
  insertPlan,
  insertSubscription,
  type PlanFixture,
} from '../helpers/fixtures.js';
import { createRider, storedMarks, type Rider } from '../helpers/riders.js';
import { runSheetsOf } from '../../server/lifecycles/delivery-stop/delivery-stop.read.js';

const RECORD = '/api/payments/admin/payments/record_offline/';

describe.each(testDatabases())('delivery routes on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let ravi: Rider;
  let sita: Rider;
  let plan: PlanFixture;
  let runDate: string;
  const c = {} as Record<'asha' | 'bina' | 'chetan' | 'dev' | 'esha' | 'farah' | 'gita', Customer>;
  let gitaSub: number;
  let north: number;
  let south: number;

  const setPincode = (who: Customer, pincode: string) =>
    t.ctx.db.kysely
      .updateTable('regular_profiles')
      .set({ pincode })
      .where('user_id', '=', who.id)
      .execute();
  const name = (who: Customer, first: string) =>
    t.ctx.db.kysely
      .updateTable('users')
      .set({ first_name: first, last_name: 'K', diet: 'veg' })
      .where('id', '=', who.id)
      .execute();
  const run = (token: string, route: number, headers: Record<string, string> = {}) =>
    t.request('GET', `/api/delivery/run/?route=${route}&date=${runDate}&meal=lunch`, {
      token,
      headers,
    });
  const stopIds = async (route: number) => {
    const answer = await run(owner, route);
    expect(answer.status).toBe(200);
    return answer.body.stops.map((stop: { customer_id: number }) => stop.customer_id);
  };
  const mark = (
    route: number,
    who: Customer,
    event: string,
    extra: Record<string, unknown> = {},
  ) => ({
    id: randomUUID(),
    route,
    date: runDate,
    meal: 'lunch',
    customer: who.id,
    event,
    marked_at: t.clock.now().toISOString(),
    ...extra,
  });
  const post = (token: string, marks: unknown[], headers: Record<string, string> = {}) =>
    t.request('POST', '/api/delivery/marks/', { token, body: { marks }, headers });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    // Today's run: marks are taken for today and the few days before, never a day to come.
    runDate = t.ctx.today();
    const saved = await t.request('PUT', '/api/owner/settings/', {
      token: owner,
      body: {
        ...DEFAULT_SETTINGS,
        payments: { ...DEFAULT_SETTINGS.payments, activation: 'dues_allowed', max_dues: 2500 },
      },
    });
    expect(saved.status).toBe(200);
    ravi = await createRider(t, 'Ravi');
    sita = await createRider(t, 'Sita');
    plan = await insertPlan(t, { serviceType: 'tiffin', meals: ['lunch'], name: 'Tiffin Lunch' });
    for (const key of ['asha', 'bina', 'chetan', 'esha', 'farah', 'gita'] as const) {
      c[key] = await registerCustomer(t, { userType: 'regular', service: 'tiffin' });
    }
    c.dev = await registerCustomer(t, { userType: 'student', service: 'tiffin' });
    const names = {
      asha: 'Asha',
      bina: 'Bina',
      chetan: 'Chetan',
      dev: 'Dev',
      esha: 'Esha',
      farah: 'Farah',
      gita: 'Gita',
    } as const;
    for (const [key, first] of Object.entries(names)) await name(c[key as keyof typeof c], first);
    await setPincode(c.chetan, '201207');
    const subs: Record<string, number> = {};
    for (const key of ['asha', 'bina', 'chetan', 'dev', 'esha', 'farah'] as const) {
      subs[key] = (await insertSubscription(t, c[key].id, { plan })).id;
    }
    // Esha is on an approved leave on the run's date; Farah skipped its lunch.
    const now = t.clock.now().toISOString();
    await t.ctx.db.kysely
      .insertInto('leaves')
      .values({
        user_id: c.esha.id,
        subscription_id: subs.esha!,
        leave_start_date: runDate,
        leave_end_date: addDays(runDate, 2),
        reason: 'Home',
        status: 'APPROVED',
        duration_days: 3,
        requested_at: now,
        approved_at: now,
        rejected_at: null,
        admin_comment: null,
        decided_by: null,
        updated_at: now,
      })
      .execute();
    // Skipped before today's cutoff (written here: the cutoff may have passed by now).
    await t.ctx.db.kysely
      .insertInto('meal_skips')
      .values({
        subscription_id: subs.farah!,
        user_id: c.farah.id,
        meal_date: runDate,
        meal: 'lunch',
        status: 'SKIPPED',
        created_at: now,
        updated_at: now,
      })
      .execute();
    // Gita owes ₹2,000 of ₹3,000: the cash a rider collects from her goes to her ledger.
    const api = commerce(t, () => owner, {
      codePrefix: 'ROUTE',
      planDefaults: { name: 'Tiffin owed', base_price: 3000, service_type: 'tiffin' },
    });
    const pending = await api.pendingSubscription(c.gita, { included_meals: ['lunch'] });
    gitaSub = pending.subscriptionId;
    const part = await t.request('POST', RECORD, {
      token: owner,
      body: { payment_mode: 'cash', subscription: gitaSub, amount: 1000 },
    });
    expect(part.body.subscription).toMatchObject({ status: 'ACTIVE', amount_due: 2000 });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lets the owner add, read, change and remove routes', async () => {
    const created = await t.request('POST', '/api/owner/routes/', {
      token: owner,
      body: { name: 'North', areas: ['201207', '201206 Ghaziabad'], riders: [ravi.id] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'North',
      areas: ['201207', '201206 Ghaziabad'],
      riders: [{ id: ravi.id, name: 'Ravi Rider' }],
      stop_order: [],
    });
    north = created.body.id;
    const second = await t.request('POST', '/api/owner/routes/', {
      token: owner,
      body: { name: 'South', areas: ['kiet'], riders: [sita.id] },
    });
    expect(second.status).toBe(201);
    south = second.body.id;

    const taken = await t.request('POST', '/api/owner/routes/', {
      token: owner,
      body: { name: 'North', areas: [], riders: [] },
    });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ error_code: 'route.name_taken' });
    const notRider = await t.request('POST', '/api/owner/routes/', {
      token: owner,
      body: { name: 'East', areas: ['x'], riders: [c.asha.id] },
    });
    expect(notRider.status).toBe(400);
    expect(notRider.body).toMatchObject({
      error_code: 'route.not_a_rider',
      riders: [REFUSALS_EN['route.not_a_rider']],
    });

    const spare = await t.request('POST', '/api/owner/routes/', {
      token: owner,
      body: { name: 'Spare', areas: ['nowhere'], riders: [] },
    });
    const changed = await t.request('PUT', `/api/owner/routes/${spare.body.id}/`, {
      token: owner,
      body: { name: 'Spare 2', areas: ['still nowhere'], riders: [sita.id] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Spare 2', riders: [{ id: sita.id }] });
    const removed = await t.request('DELETE', `/api/owner/routes/${spare.body.id}/`, {
      token: owner,
    });
    expect(removed.status).toBe(204);
    expect(
      (await t.request('GET', `/api/owner/routes/${spare.body.id}/`, { token: owner })).status,
    ).toBe(404);
    const list = await t.request('GET', '/api/owner/routes/', { token: owner });
    expect(list.body.map((route: { name: string }) => route.name)).toEqual(['North', 'South']);
  });

  it('builds the run sheet from the kitchen sheet, net of a leave and a skip, in area order', async () => {
    // Chetan's area comes first on North; then 201206 by name. Esha (leave), Farah (skip) are off.
    expect(await stopIds(north)).toEqual([c.chetan.id, c.asha.id, c.bina.id, c.gita.id]);
    expect(await stopIds(south)).toEqual([c.dev.id]);
    const { body } = await run(owner, north);
    expect(body.stops[1]).toMatchObject({
      customer_id: c.asha.id,
      name: 'Asha K',
      address: '12 Station Road',
      phone: `+91${c.asha.phone}`,
      diet: 'veg',
      notes: 'Near the temple',
      state: 'pending',
      reason: null,
      actions: ['delivered', 'not_delivered'],
    });
    // The kitchen sheet lists the same lunch deliveries.
    const sheet = await t.request('GET', `/api/kitchen/sheet/?date=${runDate}`, { token: owner });
    expect(sheet.body.deliveries.lunch.map((d: { user_id: number }) => d.user_id).sort()).toEqual(
      [c.asha.id, c.bina.id, c.chetan.id, c.dev.id, c.gita.id].sort(),
    );
  });

  it('shows a rider only their routes; another route is absent to them', async () => {
    const mine = await t.request('GET', '/api/delivery/routes/', { token: ravi.access });
    expect(mine.status).toBe(200);
    expect(mine.body.map((route: { id: number }) => route.id)).toEqual([north]);
    const all = await t.request('GET', '/api/delivery/routes/', { token: owner });
    expect(all.body.map((route: { id: number }) => route.id)).toEqual([north, south]);
    expect((await run(ravi.access, north)).status).toBe(200);
    const other = await run(ravi.access, south);
    const missing = await run(ravi.access, 987_654);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    const reorderOther = await t.request('PUT', `/api/delivery/routes/${south}/order/`, {
      token: ravi.access,
      body: { customer_ids: [c.dev.id] },
    });
    expect(reorderOther.status).toBe(404);
    // A rider cannot manage routes.
    expect((await t.request('GET', '/api/owner/routes/', { token: ravi.access })).status).toBe(403);
    // A customer reaches no run sheet.
    expect((await run(c.asha.access, north)).status).toBe(403);
  });

  it("keeps the rider's order; customers not in it follow by area, then name", async () => {
    const saved = await t.request('PUT', `/api/delivery/routes/${north}/order/`, {
      token: ravi.access,
      body: { customer_ids: [c.gita.id, c.asha.id] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.stop_order).toEqual([c.gita.id, c.asha.id]);
    expect(await stopIds(north)).toEqual([c.gita.id, c.asha.id, c.chetan.id, c.bina.id]);
  });

  it('applies each mark exactly once: the same batch twice, one mark 20 times at once', async () => {
    const batch = [
      mark(north, c.asha, 'delivered'),
      mark(north, c.bina, 'not_delivered', { reason: 'not_home' }),
      mark(north, c.chetan, 'delivered'),
    ];
    const first = await post(ravi.access, batch);
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual([
      { id: batch[0]!.id, status: 'applied', state: 'delivered' },
      { id: batch[1]!.id, status: 'applied', state: 'not_delivered' },
      { id: batch[2]!.id, status: 'applied', state: 'delivered' },
    ]);
    const again = await post(ravi.access, batch);
    expect(again.body.results.map((r: { status: string }) => r.status)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(
      await storedMarks(
        t,
        batch.map((m) => m.id),
      ),
    ).toBe(3);

    const once = mark(north, c.gita, 'delivered');
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(ravi.access, [once])));
    const statuses = answers.map((answer) => answer.body.results[0].status).sort();
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(statuses.filter((s) => s === 'applied')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'duplicate')).toHaveLength(19);
    expect(await storedMarks(t, [once.id])).toBe(1);

    const { body } = await run(ravi.access, north);
    const state = Object.fromEntries(
      body.stops.map((stop: { customer_id: number; state: string }) => [
        stop.customer_id,
        stop.state,
      ]),
    );
    expect(state).toEqual({
      [c.gita.id]: 'delivered',
      [c.asha.id]: 'delivered',
      [c.chetan.id]: 'delivered',
      [c.bina.id]: 'not_delivered',
    });
    expect(
      body.stops.find((s: { customer_id: number }) => s.customer_id === c.bina.id),
    ).toMatchObject({ reason: 'not_home', actions: ['delivered', 'not_delivered'] });
  });

  it('decides marks racing on one stop from its latest state, each stored once', async () => {
    // Asha's yesterday, marked late (the phone was offline): a stop no mark has touched. Its
    // rider's marks and the owner's, sent at once, move it through its versions one at a time; a
    // mark decided on an old version is decided again on the new one.
    const nextDay = addDays(runDate, -1);
    const on = (event: string, extra: Record<string, unknown> = {}) => ({
      ...mark(north, c.asha, event, extra),
      date: nextDay,
    });
    const notDelivered = (['not_home', 'refused', 'wrong_address', 'not_home'] as const).map(
      (reason) => on('not_delivered', { reason }),
    );
    const delivered = on('delivered');
    const racing = [...notDelivered, delivered];
    const answers = await Promise.all(
      racing.map((one, index) => post(index % 2 === 0 ? ravi.access : owner, [one])),
    );
    expect(answers.map((answer) => answer.status)).toEqual(racing.map(() => 200));
    const results = answers.map((answer) => answer.body.results[0]);
    expect(results.at(-1)).toEqual({ id: delivered.id, status: 'applied', state: 'delivered' });
    const applied = results.filter((r: { status: string }) => r.status === 'applied');
    for (const refused of results.filter((r: { status: string }) => r.status !== 'applied')) {
      expect(refused).toMatchObject({
        status: 'refused',
        error_code: 'delivery_stop.already_delivered',
      });
    }
    expect(
      await storedMarks(
        t,
        racing.map((one) => one.id),
      ),
    ).toBe(applied.length);

    const boxes = [on('box_returned'), on('box_returned'), on('box_returned')];
    const cash = [on('cash_collected', { amount: 40 }), on('cash_collected', { amount: 60 })];
    const more = await Promise.all([...boxes, ...cash].map((one) => post(ravi.access, [one])));
    expect(more.map((answer) => answer.body.results[0].status)).toEqual(
      [...boxes, ...cash].map(() => 'applied'),
    );
    const sheet = await t.request(
      'GET',
      `/api/delivery/run/?route=${north}&date=${nextDay}&meal=lunch`,
      { token: owner },
    );
    expect(
      sheet.body.stops.find((s: { customer_id: number }) => s.customer_id === c.asha.id),
    ).toMatchObject({ state: 'delivered', reason: null, boxes_returned: 3, cash_collected: 100 });
    const collected = await t.ctx.db.kysely
      .selectFrom('cash_collections')
      .select(['id', 'amount_paise'])
      .where(
        'mark_id',
        'in',
        cash.map((one) => one.id),
      )
      .execute();
    expect(collected.map((row) => row.amount_paise).sort()).toEqual([4000, 6000]);
    // The owner turns them down (Asha paid nothing that day), out of the next test's way.
    for (const { id } of collected) {
      const rejected = await t.request('POST', `/api/owner/cash-collections/${id}/reject/`, {
        token: owner,
        body: { reason: 'Counted twice in the race test' },
      });
      expect(rejected.status).toBe(200);
    }
  });

  it('refuses what the stop machine refuses, storing nothing for it', async () => {
    const undo = mark(north, c.asha, 'not_delivered', { reason: 'refused' });
    const boxEarly = mark(north, c.bina, 'box_returned');
    const noReason = mark(north, c.bina, 'not_delivered');
    const later = mark(north, c.bina, 'delivered');
    const answer = await post(ravi.access, [undo, boxEarly, noReason, later]);
    expect(answer.body.results).toEqual([
      {
        id: undo.id,
        status: 'refused',
        error_code: 'delivery_stop.already_delivered',
        detail: REFUSALS_EN['delivery_stop.already_delivered'],
      },
      {
        id: boxEarly.id,
        status: 'refused',
        error_code: 'delivery_stop.not_delivered_yet',
        detail: REFUSALS_EN['delivery_stop.not_delivered_yet'],
      },
      {
        id: noReason.id,
        status: 'refused',
        error_code: 'delivery_stop.reason_required',
        detail: REFUSALS_EN['delivery_stop.reason_required'],
      },
      // Not delivered earlier in the run, delivered now.
      { id: later.id, status: 'applied', state: 'delivered' },
    ]);
    expect(await storedMarks(t, [undo.id, boxEarly.id, noReason.id])).toBe(0);
  });

  it('tells a rider probing customer ids nothing: a stop on another route reads as no stop at all', async () => {
    const nobody = await registerCustomer(t, { userType: 'regular', service: 'tiffin' });
    const probes = [
      mark(north, c.dev, 'delivered'), // on South, Sita's route
      mark(north, c.esha, 'delivered'), // on leave: on no sheet today
      mark(north, nobody, 'delivered'), // a customer without a subscription
      { ...mark(north, c.dev, 'delivered'), customer: 987_654 }, // no such customer
    ];
    const answer = await post(ravi.access, probes);
    expect(answer.status).toBe(200);
    const results = answer.body.results as { id: string }[];
    expect(results.map(({ id: _id, ...rest }) => rest)).toEqual(
      probes.map(() => ({
        status: 'refused',
        error_code: 'delivery_stop.not_on_run_sheet',
        detail: REFUSALS_EN['delivery_stop.not_on_run_sheet'],
      })),
    );
    expect(
      await storedMarks(
        t,
        probes.map((probe) => probe.id),
      ),
    ).toBe(0);
    // The owner, who sees every route, is told where the stop went.
    const owners = await post(owner, [mark(north, c.dev, 'delivered')]);
    expect(owners.body.results[0]).toMatchObject({ error_code: 'delivery_stop.moved' });
  });

  it('refuses a mark on a stop moved to another route, or no longer on the sheet, with its sentence', async () => {
    // Chetan's area moves from North to South while Ravi's phone is offline.
    const northNow = await t.request('PUT', `/api/owner/routes/${north}/`, {
      token: owner,
      body: { name: 'North', areas: ['201206 Ghaziabad'], riders: [ravi.id] },
    });
    expect(northNow.status).toBe(200);
    const southNow = await t.request('PUT', `/api/owner/routes/${south}/`, {
      token: owner,
      body: { name: 'South', areas: ['KIET', '201207'], riders: [sita.id] },
    });
    expect(southNow.status).toBe(200);
    const moved = mark(north, c.chetan, 'box_returned');
    const onLeave = mark(north, c.esha, 'delivered');
    const notMine = mark(south, c.dev, 'delivered');
    const answer = await post(ravi.access, [moved, onLeave, notMine], { 'accept-language': 'hi' });
    expect(answer.body.results).toEqual([
      // Moved to a route Ravi does not ride: to him, no longer on his sheet (he learns no more).
      {
        id: moved.id,
        status: 'refused',
        error_code: 'delivery_stop.not_on_run_sheet',
        detail: REFUSALS_HI['delivery_stop.not_on_run_sheet'],
      },
      {
        id: onLeave.id,
        status: 'refused',
        error_code: 'delivery_stop.not_on_run_sheet',
        detail: REFUSALS_HI['delivery_stop.not_on_run_sheet'],
      },
      {
        id: notMine.id,
        status: 'refused',
        error_code: 'delivery_stop.not_your_route',
        detail: REFUSALS_HI['delivery_stop.not_your_route'],
      },
    ]);
    expect(await storedMarks(t, [moved.id, onLeave.id, notMine.id])).toBe(0);
    expect(await stopIds(south)).toEqual([c.dev.id, c.chetan.id]);
    // Sita, on South now, records Chetan's box.
    const boxed = await post(sita.access, [mark(south, c.chetan, 'box_returned')]);
    expect(boxed.body.results[0]).toMatchObject({ status: 'applied', state: 'delivered' });
  });

  it('keeps cash collected pending until the owner confirms it, once, into the ledger', async () => {
    // The rider's stop says what the customer owes before he asks; a paid-up one owes nothing.
    const owes = async (who: Customer) =>
      (await run(ravi.access, north)).body.stops.find(
        (stop: { customer_id: number }) => stop.customer_id === who.id,
      )?.owes;
    expect(await owes(c.gita)).toBe(2000);
    expect(await owes(c.asha)).toBe(0);
    const cash = mark(north, c.gita, 'cash_collected', { amount: 500 });
    const tooEarly = mark(north, c.asha, 'cash_collected');
    const answer = await post(ravi.access, [cash, tooEarly]);
    expect(answer.body.results[0]).toMatchObject({ status: 'applied', state: 'delivered' });
    expect(answer.body.results[1]).toMatchObject({
      status: 'refused',
      error_code: 'delivery_stop.amount_required',
    });
    const pending = await t.request('GET', '/api/owner/cash-collections/?status=pending', {
      token: owner,
    });
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual([
      expect.objectContaining({
        mark_id: cash.id,
        customer_id: c.gita.id,
        subscription_id: gitaSub,
        amount: 500,
        status: 'pending',
        collected_by: ravi.id,
        payment_id: null,
      }),
    ]);
    const id = pending.body[0].id;
    // Still owed in full until confirmed.
    const before = await t.request('GET', `/api/subscriptions/subscriptions/${gitaSub}/`, {
      token: c.gita.access,
    });
    expect(before.body.amount_due).toBe(2000);
    const confirms = await Promise.all(
      Array.from({ length: 3 }, () =>
        t.request('POST', `/api/owner/cash-collections/${id}/confirm/`, { token: owner }),
      ),
    );
    const ok = confirms.filter((one) => one.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const one of confirms.filter((answer) => answer.status !== 200)) {
      expect(one.body).toMatchObject({ error_code: 'cash_collection.not_pending' });
    }
    expect(ok[0]!.body).toMatchObject({ status: 'confirmed', amount: 500 });
    const payments = await t.ctx.db.kysely
      .selectFrom('payments')
      .select(['id', 'amount_paise', 'payment_mode', 'status'])
      .where('request_id', '=', `cash-collection-${id}`)
      .execute();
    expect(payments).toEqual([
      { id: ok[0]!.body.payment_id, amount_paise: 500_00, payment_mode: 'cash', status: 'SUCCESS' },
    ]);
    const after = await t.request('GET', `/api/subscriptions/subscriptions/${gitaSub}/`, {
      token: c.gita.access,
    });
    expect(after.body.amount_due).toBe(1500);
    expect(await owes(c.gita)).toBe(1500);
    const again = await t.request('POST', `/api/owner/cash-collections/${id}/confirm/`, {
      token: owner,
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error_code: 'cash_collection.not_pending' });

    const wrong = mark(north, c.gita, 'cash_collected', { amount: 100 });
    await post(ravi.access, [wrong]);
    const [second] = (
      await t.request('GET', '/api/owner/cash-collections/?status=pending', { token: owner })
    ).body;
    const rejected = await t.request('POST', `/api/owner/cash-collections/${second.id}/reject/`, {
      token: owner,
      body: { reason: 'Customer says they paid online' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      reject_reason: 'Customer says they paid online',
      payment_id: null,
    });
    const still = await t.request('GET', `/api/subscriptions/subscriptions/${gitaSub}/`, {
      token: c.gita.access,
    });
    expect(still.body.amount_due).toBe(1500);
  });

  it('refuses to reject cash with a blank reason, as every owner comment is', async () => {
    const cash = await insertPendingCash(t, {
      userId: c.gita.id,
      subscriptionId: gitaSub,
      amountPaise: 250_00,
      routeId: north,
      riderId: ravi.id,
    });
    const reject = (reason: string, language = 'en') =>
      t.request('POST', `/api/owner/cash-collections/${cash.id}/reject/`, {
        token: owner,
        body: { reason },
        headers: { 'accept-language': language },
      });
    for (const blank of ['   ', '\t', '\n  ']) {
      const refused = await reject(blank);
      expect(refused.status, JSON.stringify(blank)).toBe(400);
      expect(refused.body).toEqual({ reason: ['Reason is required'], error_code: 'invalid' });
    }
    const inHindi = await reject('  ', 'hi');
    expect(inHindi.body).toEqual({ reason: ['कारण आवश्यक है'], error_code: 'invalid' });
    const stored = await t.ctx.db.kysely
      .selectFrom('cash_collections')
      .select(['status', 'reject_reason'])
      .where('id', '=', cash.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'pending', reject_reason: null });
    // With a reason it is rejected, out of the next test's way.
    const rejected = await reject('Not collected');
    expect(rejected.body).toMatchObject({ status: 'rejected', reject_reason: 'Not collected' });
  });

  it("shows the owner each route's progress, the missed stops and the boxes still out", async () => {
    const missed = mark(south, c.dev, 'not_delivered', { reason: 'wrong_address' });
    expect((await post(sita.access, [missed])).body.results[0].status).toBe('applied');
    await post(ravi.access, [mark(north, c.asha, 'box_returned')]);
    const answer = await t.request('GET', `/api/owner/deliveries/?date=${runDate}&meal=lunch`, {
      token: owner,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.routes).toEqual([
      { route: north, name: 'North', total: 3, delivered: 3, not_delivered: 0, pending: 0 },
      { route: south, name: 'South', total: 2, delivered: 1, not_delivered: 1, pending: 0 },
    ]);
    expect(answer.body.missed).toEqual([
      {
        route: south,
        customer_id: c.dev.id,
        name: 'Dev K',
        phone: `+91${c.dev.phone}`,
        reason: 'wrong_address',
      },
    ]);
    // Asha gave her box back; Chetan's was returned too; Bina's and Gita's are out.
    expect(answer.body.boxes_out).toEqual([
      { customer_id: c.bina.id, name: 'Bina K', boxes: 1 },
      { customer_id: c.gita.id, name: 'Gita K', boxes: 1 },
    ]);
    const asRider = await t.request('GET', `/api/owner/deliveries/?date=${runDate}&meal=lunch`, {
      token: ravi.access,
    });
    expect(asRider.status).toBe(403);
  });

  it("reads a route's run sheet from its own areas: the same stops as the whole day's read gives it", async () => {
    // Written as owners type them: other case, spaces, a pincode with its city, a campus's hostels.
    const mixed = await t.request('POST', '/api/owner/routes/', {
      token: owner,
      body: { name: 'Mixed', areas: [' 201206 GHAZIABAD ', 'KIET Hostels', '201207'], riders: [] },
    });
    expect(mixed.status).toBe(201);
    const saveRoute = (id: number, name: string, areas: string[], riders: number[]) =>
      t.request('PUT', `/api/owner/routes/${id}/`, { token: owner, body: { name, areas, riders } });
    const sameAsWholeDay = async () => {
      const whole = await runSheetsOf(t.ctx, runDate, 'lunch');
      for (const sheet of whole) {
        expect(await stopIds(sheet.route.id), sheet.route.name).toEqual(
          sheet.stops.map((stop) => stop.customer_id),
        );
      }
      // The owner's progress counts the same stops, without building the sheets.
      const progress = await t.request('GET', `/api/owner/deliveries/?date=${runDate}&meal=lunch`, {
        token: owner,
      });
      const count = (stops: { state: string }[], state: string) =>
        stops.filter((stop) => stop.state === state).length;
      expect(progress.body.routes).toEqual(
        whole.map((sheet) => ({
          route: sheet.route.id,
          name: sheet.route.name,
          total: sheet.stops.length,
          delivered: count(sheet.stops, 'delivered'),
          not_delivered: count(sheet.stops, 'not_delivered'),
          pending: count(sheet.stops, 'pending'),
        })),
      );
      expect(progress.body.missed).toEqual(
        whole.flatMap((sheet) =>
          sheet.stops
            .filter((stop) => stop.state === 'not_delivered')
            .map((stop) => ({
              route: sheet.route.id,
              customer_id: stop.customer_id,
              name: stop.name,
              phone: stop.phone,
              reason: stop.reason,
            })),
        ),
      );
      return Object.fromEntries(whole.map((sheet) => [sheet.route.name, sheet.stops.length]));
    };
    // North and South name these areas first: Mixed gets none of their stops.
    expect(await sameAsWholeDay()).toEqual({ North: 3, South: 2, Mixed: 0 });
    // With North and South elsewhere, Mixed's odd spellings name every one of them.
    expect((await saveRoute(north, 'North', ['nowhere'], [ravi.id])).status).toBe(200);
    expect((await saveRoute(south, 'South', ['still nowhere'], [sita.id])).status).toBe(200);
    expect(await sameAsWholeDay()).toEqual({ North: 0, South: 0, Mixed: 5 });
  });
});

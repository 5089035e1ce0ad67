// The kitchen sheet over HTTP: meal counts net of approved leaves, tiffin deliveries, CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { insertPlan, insertSubscription, type SubscriptionFixture } from '../helpers/fixtures.js';

describe.each(testDatabases())('kitchen sheet on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let tiffinDuo: Customer; // lunch + dinner
  let tiffinOnLeave: Customer; // approved leave tomorrow
  let tiffinPending: Customer; // pending leave tomorrow
  let messFull: Customer;
  let messOnLeave: Customer;
  let outsider: Customer; // starts the day after tomorrow
  const tomorrow = () => addDays(t.ctx.today(), 1);

  async function leave(userId: number, sub: SubscriptionFixture, status: 'APPROVED' | 'PENDING') {
    const now = t.clock.now().toISOString();
    await t.ctx.db.kysely
      .insertInto('leaves')
      .values({
        user_id: userId,
        subscription_id: sub.id,
        leave_start_date: t.ctx.today(),
        leave_end_date: addDays(t.ctx.today(), 2),
        reason: 'Home',
        status,
        duration_days: 3,
        requested_at: now,
        approved_at: status === 'APPROVED' ? now : null,
        rejected_at: null,
        admin_comment: null,
        decided_by: null,
        updated_at: now,
      })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    const duo = await insertPlan(t, {
      serviceType: 'tiffin',
      meals: ['lunch', 'dinner'],
      name: 'Tiffin Duo',
    });
    const trio = await insertPlan(t, { serviceType: 'tiffin', name: 'Tiffin Trio' });
    const full = await insertPlan(t, { serviceType: 'mess', name: 'Mess Full' });
    const lunchOnly = await insertPlan(t, {
      serviceType: 'mess',
      meals: ['lunch'],
      name: 'Mess Lunch',
    });
    tiffinDuo = await registerCustomer(t, { userType: 'student', service: 'tiffin' });
    tiffinOnLeave = await registerCustomer(t, { userType: 'regular', service: 'tiffin' });
    tiffinPending = await registerCustomer(t, { userType: 'regular', service: 'tiffin' });
    messFull = await registerCustomer(t, { userType: 'student', service: 'mess' });
    messOnLeave = await registerCustomer(t, { userType: 'regular', service: 'mess' });
    outsider = await registerCustomer(t, { userType: 'student', service: 'tiffin' });

    await insertSubscription(t, tiffinDuo.id, { plan: duo });
    await leave(
      tiffinOnLeave.id,
      await insertSubscription(t, tiffinOnLeave.id, { plan: trio }),
      'APPROVED',
    );
    await leave(
      tiffinPending.id,
      await insertSubscription(t, tiffinPending.id, { plan: trio }),
      'PENDING',
    );
    await insertSubscription(t, messFull.id, { plan: full });
    await leave(
      messOnLeave.id,
      await insertSubscription(t, messOnLeave.id, { plan: lunchOnly }),
      'APPROVED',
    );
    // Not on tomorrow's sheet: starts later, ended today, cancelled, unpaid.
    await insertSubscription(t, outsider.id, { plan: trio, startOffsetDays: 2 });
    await insertSubscription(t, outsider.id, { plan: trio, startOffsetDays: -29 });
    await insertSubscription(t, outsider.id, { plan: trio, status: 'CANCELLED' });
    await insertSubscription(t, outsider.id, { plan: trio, status: 'PENDING_PAYMENT' });
    await t.ctx.db.kysely
      .updateTable('users')
      .set({ first_name: '=HYPERLINK("http://evil")' })
      .where('id', '=', tiffinDuo.id)
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts tomorrow’s meals per service, net of approved leaves', async () => {
    const answer = await t.request('GET', '/api/kitchen/sheet/', { token: owner });
    expect(answer.status).toBe(200);
    expect(answer.body.date).toBe(tomorrow());
    expect(answer.body.counts).toEqual({
      mess: { breakfast: 1, lunch: 1, dinner: 1 },
      tiffin: { breakfast: 1, lunch: 2, dinner: 2 },
    });
    expect(answer.body.on_leave).toEqual({
      mess: { breakfast: 0, lunch: 1, dinner: 0 },
      tiffin: { breakfast: 1, lunch: 1, dinner: 1 },
    });
  });

  it('lists tiffin deliveries per meal and flags pending leaves', async () => {
    const { body } = await t.request('GET', `/api/kitchen/sheet/?date=${tomorrow()}`, {
      token: owner,
    });
    const ids = (meal: string) => body.deliveries[meal].map((d: any) => d.user_id).sort();
    expect(ids('breakfast')).toEqual([tiffinPending.id]);
    expect(ids('lunch')).toEqual([tiffinDuo.id, tiffinPending.id].sort());
    expect(ids('dinner')).toEqual([tiffinDuo.id, tiffinPending.id].sort());
    const pending = body.deliveries.breakfast[0];
    expect(pending).toMatchObject({
      phone: `+91${tiffinPending.phone}`,
      address: '12 Station Road',
      landmark: 'Near the temple',
      plan_name: 'Tiffin Trio',
      pending_leave: true,
    });
    const student = body.deliveries.lunch.find((d: any) => d.user_id === tiffinDuo.id);
    expect(student).toMatchObject({
      address: 'Hostel A, Room 12',
      landmark: null,
      pending_leave: false,
    });
  });

  it('names, per meal, who is on approved leave and who has a pending one', async () => {
    const { body } = await t.request('GET', `/api/kitchen/sheet/?date=${tomorrow()}`, {
      token: owner,
    });
    const who = (meal: string) =>
      body.leaves[meal].map((l: any) => [l.user_id, l.status, l.service_type]);
    expect(who('breakfast')).toEqual([
      [tiffinOnLeave.id, 'APPROVED', 'tiffin'],
      [tiffinPending.id, 'PENDING', 'tiffin'],
    ]);
    // Approved first, then mess before tiffin.
    expect(who('lunch')).toEqual([
      [messOnLeave.id, 'APPROVED', 'mess'],
      [tiffinOnLeave.id, 'APPROVED', 'tiffin'],
      [tiffinPending.id, 'PENDING', 'tiffin'],
    ]);
    expect(who('dinner')).toEqual([
      [tiffinOnLeave.id, 'APPROVED', 'tiffin'],
      [tiffinPending.id, 'PENDING', 'tiffin'],
    ]);
    expect(body.leaves.lunch[0]).toEqual({
      leave_id: expect.any(Number),
      status: 'APPROVED',
      user_id: messOnLeave.id,
      name: expect.stringMatching(/\S/),
      username: messOnLeave.username,
      phone: `+91${messOnLeave.phone}`,
      service_type: 'mess',
      plan_name: 'Mess Lunch',
      leave_start_date: t.ctx.today(),
      leave_end_date: addDays(t.ctx.today(), 2),
    });
    // The names add up to the counts taken off.
    for (const meal of ['breakfast', 'lunch', 'dinner'] as const) {
      const approved = body.leaves[meal].filter((l: any) => l.status === 'APPROVED').length;
      expect(approved).toBe(body.on_leave.mess[meal] + body.on_leave.tiffin[meal]);
    }
    const later = await t.request('GET', `/api/kitchen/sheet/?date=${addDays(t.ctx.today(), 3)}`, {
      token: owner,
    });
    expect(later.body.leaves).toEqual({ breakfast: [], lunch: [], dinner: [] });
  });

  it('takes a date: the day after the leaves end everyone eats again', async () => {
    const later = addDays(t.ctx.today(), 3);
    const { body } = await t.request('GET', `/api/kitchen/sheet/?date=${later}`, { token: owner });
    expect(body.counts).toEqual({
      mess: { breakfast: 1, lunch: 2, dinner: 1 },
      tiffin: { breakfast: 3, lunch: 4, dinner: 4 },
    });
    expect(body.on_leave.tiffin).toEqual({ breakfast: 0, lunch: 0, dinner: 0 });
    expect(body.deliveries.lunch.every((d: any) => d.pending_leave === false)).toBe(true);
  });

  it('downloads CSV with safe cells', async () => {
    const answer = await t.request('GET', '/api/kitchen/sheet/?format=csv', { token: owner });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="kitchen-sheet_${tomorrow()}.csv"`,
    );
    const lines = answer.text.trim().split('\r\n');
    expect(lines[0]).toBe('meal,area,name,phone,address,landmark,plan_name,pending_leave');
    expect(lines).toHaveLength(6);
    expect(lines.filter((line) => line.startsWith('"lunch"'))).toHaveLength(2);
    expect(answer.text).toContain(`"'=HYPERLINK(""http://evil"")`);
    expect(answer.text).toContain(`"+91${tiffinPending.phone}"`);
    expect(answer.text).toContain('"true"');
  });

  it('is for the owner only and validates the date', async () => {
    expect((await t.request('GET', '/api/kitchen/sheet/', { token: messFull.access })).status).toBe(
      403,
    );
    expect((await t.request('GET', '/api/kitchen/sheet/')).status).toBe(401);
    expect(
      (await t.request('GET', '/api/kitchen/sheet/?date=2026-02-30', { token: owner })).status,
    ).toBe(400);
    expect(
      (await t.request('GET', '/api/kitchen/sheet/?format=pdf', { token: owner })).status,
    ).toBe(400);
  });
  it('groups deliveries by area (pincode, or a campus), then orders them by address', async () => {
    const db = t.ctx.db.kysely;
    const address = (userId: number, pincode: string, city: string, street: string) =>
      db
        .updateTable('regular_profiles')
        .set({ pincode, city, address: street })
        .where('user_id', '=', userId)
        .execute();
    // By address alone "A 1 First Road" would come first; its area comes after 110001's.
    await address(tiffinPending.id, '110001', 'New Delhi', 'Z 9 Last Lane');
    await address(tiffinOnLeave.id, '201206', 'Ghaziabad', 'A 1 First Road');
    await db
      .updateTable('student_profiles')
      .set({ hostel: 'Block B' })
      .where('user_id', '=', outsider.id)
      .execute();
    const later = addDays(t.ctx.today(), 3);
    const { body } = await t.request('GET', `/api/kitchen/sheet/?date=${later}`, { token: owner });
    const lunch = body.deliveries.lunch.map((d: any) => [
      d.user_id,
      d.area,
      d.pincode,
      d.institute,
      d.address,
    ]);
    // A hostel's area names its institute too, for the screen to word in its own language.
    expect(lunch).toEqual([
      [tiffinPending.id, '110001 New Delhi', '110001', null, 'Z 9 Last Lane'],
      [tiffinOnLeave.id, '201206 Ghaziabad', '201206', null, 'A 1 First Road'],
      [outsider.id, 'KIET hostels', null, 'KIET', 'Block B'],
      [tiffinDuo.id, 'KIET hostels', null, 'KIET', 'Hostel A, Room 12'],
    ]);
    const csv = await t.request('GET', `/api/kitchen/sheet/?date=${later}&format=csv`, {
      token: owner,
    });
    const lunchAreas = csv.text
      .trim()
      .split('\r\n')
      .filter((line) => line.startsWith('"lunch"'))
      .map((line) => line.split(',')[1]);
    expect(lunchAreas).toEqual([
      '"110001 New Delhi"',
      '"201206 Ghaziabad"',
      '"KIET hostels"',
      '"KIET hostels"',
    ]);
  });
});

// The owner's customer views over HTTP: users search/filter/sort/paging, detail, active subscribers, stats.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { insertPlan, insertSubscription } from '../helpers/fixtures.js';
import { careJobs } from '../../server/owner/users/users.jobs.js';

describe.each(testDatabases())('owner views on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  /** ACTIVE tiffin, 20 days left. */
  let active: Customer;
  /** ACTIVE mess, ends in 3 days. */
  let soon: Customer;
  /** ACTIVE in the table but past its end date: reads as EXPIRED. */
  let expired: Customer;
  /** An old EXPIRED subscription, then a newer PENDING_PAYMENT one. */
  let pending: Customer;
  /** No subscription, deactivated. */
  let nobody: Customer;
  let all: Customer[];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    active = await registerCustomer(t, { userType: 'student', service: 'tiffin' });
    soon = await registerCustomer(t, { userType: 'regular', service: 'mess' });
    expired = await registerCustomer(t, { userType: 'student', service: 'mess' });
    pending = await registerCustomer(t, { userType: 'regular', service: 'tiffin' });
    nobody = await registerCustomer(t, { userType: 'student', service: 'mess' });
    all = [active, soon, expired, pending, nobody];
    const tiffin = await insertPlan(t, {
      serviceType: 'tiffin',
      meals: ['lunch', 'dinner'],
      name: 'Tiffin Duo',
    });
    const mess = await insertPlan(t, {
      serviceType: 'mess',
      meals: ['breakfast', 'lunch', 'dinner'],
      name: 'Mess Full',
    });
    await insertSubscription(t, active.id, { plan: tiffin, startOffsetDays: -9 }); // ends today+20
    await insertSubscription(t, soon.id, { plan: mess, durationDays: 10, startOffsetDays: -6 }); // today+3
    await insertSubscription(t, expired.id, { plan: mess, startOffsetDays: -40 }); // today-11
    await insertSubscription(t, pending.id, {
      plan: tiffin,
      status: 'EXPIRED',
      startOffsetDays: -129,
    });
    await insertSubscription(t, pending.id, { plan: tiffin, status: 'PENDING_PAYMENT' });
    await t.ctx.db.kysely
      .updateTable('users')
      .set({ is_active: false })
      .where('id', '=', nobody.id)
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const users = (query = '') =>
    t.request('GET', `/api/accounts/owner/users/${query}`, { token: owner });
  const names = (answer: { body: any[] }) => answer.body.map((user) => user.username);
  const byName = (list: Customer[]) => list.map((c) => c.username).sort();

  it('lists customers only, with the AdminUser fields and the three count headers', async () => {
    const answer = await users();
    expect(answer.status).toBe(200);
    expect(names(answer)).toEqual(byName(all));
    expect(names(answer)).not.toContain('owner');
    expect(answer.headers['x-total-count']).toBe('5');
    expect(answer.headers['x-expired-count']).toBe('1');
    expect(answer.headers['x-soon-to-expire-count']).toBe('1');
    const row = (c: Customer) => answer.body.find((user: any) => user.id === c.id);
    expect(row(active)).toMatchObject({
      subscription_status: 'ACTIVE',
      current_plan: 'Tiffin Duo',
      active_subscription_end_date: addDays(t.ctx.today(), 20),
      full_name: expect.any(String),
      student_profile: expect.objectContaining({ institute: 'KIET' }),
      regular_profile: null,
    });
    expect(row(active)).not.toHaveProperty('password_hash');
    expect(row(soon)).toMatchObject({
      subscription_status: 'ACTIVE',
      active_subscription_end_date: addDays(t.ctx.today(), 3),
    });
    expect(row(expired)).toMatchObject({
      subscription_status: 'EXPIRED',
      current_plan: null,
      active_subscription_end_date: addDays(t.ctx.today(), -11),
    });
    expect(row(pending)).toMatchObject({
      subscription_status: 'PENDING_PAYMENT',
      active_subscription_end_date: addDays(t.ctx.today(), -100),
    });
    expect(row(nobody)).toMatchObject({
      subscription_status: 'No subscription',
      active_subscription_end_date: null,
      is_active: false,
    });
  });

  it('searches name, username, e-mail and phone, case-insensitively', async () => {
    expect(names(await users(`?search=${active.username.toUpperCase()}`))).toEqual([
      active.username,
    ]);
    expect(names(await users(`?search=${encodeURIComponent(soon.email)}`))).toEqual([
      soon.username,
    ]);
    expect(names(await users(`?search=${expired.phone.slice(-6)}`))).toEqual([expired.username]);
    const fullName = (await users(`?search=${active.username}`)).body[0].full_name as string;
    const byFullName = await users(`?search=${encodeURIComponent(fullName.toLowerCase())}`);
    expect(names(byFullName)).toContain(active.username);
    const none = await users('?search=%25_nothing_%25');
    expect(none.body).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('filters by type, is_active and subscription status; headers ignore the status filter', async () => {
    expect(names(await users('?user_type=regular'))).toEqual(byName([soon, pending]));
    expect(names(await users('?is_active=false'))).toEqual([nobody.username]);
    expect(names(await users('?subscription_status=active'))).toEqual(byName([active, soon]));
    expect(names(await users('?subscription_status=soon_to_expire'))).toEqual([soon.username]);
    const expiredOnly = await users('?subscription_status=expired');
    expect(names(expiredOnly)).toEqual([expired.username]);
    expect(expiredOnly.headers['x-total-count']).toBe('1');
    expect(expiredOnly.headers['x-soon-to-expire-count']).toBe('1');
    expect(names(await users('?subscription_status=none'))).toEqual(byName([pending, nobody]));
    const students = await users('?user_type=student');
    expect(students.headers['x-expired-count']).toBe('1');
    expect(students.headers['x-soon-to-expire-count']).toBe('0');
  });

  it('sorts by username, type, subscription status and expiry (nulls last), and pages', async () => {
    expect(names(await users('?ordering=-username'))).toEqual(byName(all).reverse());
    const byType = (await users('?ordering=user_type')).body.map((u: any) => u.user_type);
    expect(byType).toEqual(['regular', 'regular', 'student', 'student', 'student']);
    const byStatus = (await users('?ordering=subscription_status')).body.map(
      (u: any) => u.subscription_status,
    );
    expect(byStatus).toEqual(['ACTIVE', 'ACTIVE', 'EXPIRED', 'No subscription', 'PENDING_PAYMENT']);
    expect(names(await users('?ordering=expiry'))).toEqual(
      [pending, expired, soon, active, nobody].map((c) => c.username),
    );
    expect(names(await users('?ordering=-expiry'))).toEqual(
      [active, soon, expired, pending, nobody].map((c) => c.username),
    );
    const page = await users('?limit=2&offset=2');
    expect(names(page)).toEqual(byName(all).slice(2, 4));
    expect(page.headers['x-total-count']).toBe('5');
    expect((await users('?ordering=password')).status).toBe(400);
  });

  it('gives one customer with profile_info and subscriptions; owners and strangers are 404', async () => {
    const answer = await t.request('GET', `/api/accounts/owner/users/${pending.id}/`, {
      token: owner,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.profile_info).toEqual({
      address: '12 Station Road',
      landmark: 'Near the temple',
      institute: null,
      student_id: null,
      hostel: null,
      year: null,
      course: null,
    });
    expect(answer.body.subscriptions.map((s: any) => s.status)).toEqual([
      'PENDING_PAYMENT',
      'EXPIRED',
    ]);
    expect(answer.body.subscriptions[0]).toMatchObject({
      plan: 'Tiffin Duo',
      service_type: 'tiffin',
      days_remaining: 0,
      total_paid: 3000,
    });
    const activeOne = await t.request('GET', `/api/accounts/owner/users/${active.id}/`, {
      token: owner,
    });
    expect(activeOne.body.subscriptions[0]).toMatchObject({ status: 'ACTIVE', days_remaining: 21 });
    const ownerRow = await t.ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('user_type', '=', 'mess_owner')
      .executeTakeFirstOrThrow();
    expect(
      (await t.request('GET', `/api/accounts/owner/users/${ownerRow.id}/`, { token: owner }))
        .status,
    ).toBe(404);
    expect(
      (await t.request('GET', '/api/accounts/owner/users/999999/', { token: owner })).status,
    ).toBe(404);
  });

  it('lists active subscribers with meal and service filters, search and paging', async () => {
    const answer = await t.request('GET', '/api/accounts/owner/users/active_subscribers/', {
      token: owner,
    });
    expect(answer.status).toBe(200);
    expect(names(answer)).toEqual(byName([active, soon]));
    expect(answer.headers['x-total-count']).toBe('2');
    const tiffinRow = answer.body.find((row: any) => row.id === active.id);
    expect(tiffinRow).toMatchObject({
      service_type: 'tiffin',
      plan_name: 'Tiffin Duo',
      included_meals: ['lunch', 'dinner'],
      breakfast_included: false,
      status: 'ACTIVE',
      user_status: 'profile_complete',
      days_remaining: 21,
      profile_info: expect.objectContaining({ hostel: 'Hostel A, Room 12', address: null }),
    });
    // A meal is the tiffin delivery lists' filter: the mess diner whose plan has breakfast and
    // lunch is on neither list, nor is anyone without an active plan.
    const subscribers = (query: string) =>
      t.request('GET', `/api/accounts/owner/users/active_subscribers/${query}`, { token: owner });
    const breakfast = await subscribers('?meal_type=breakfast');
    expect(names(breakfast)).toEqual([]);
    expect(breakfast.headers['x-total-count']).toBe('0');
    const lunch = await subscribers('?meal_type=lunch');
    expect(names(lunch)).toEqual([active.username]);
    expect(lunch.headers['x-total-count']).toBe('1');
    expect(lunch.body.every((row: any) => row.service_type === 'tiffin')).toBe(true);
    const searched = await subscribers(`?meal_type=lunch&search=${soon.username}`);
    expect(names(searched)).toEqual([]);
    expect(searched.headers['x-total-count']).toBe('0');
    expect(names(await subscribers('?meal_type=dinner&service_type=tiffin'))).toEqual([
      active.username,
    ]);
    // Mess diners by meal only when asked for by service.
    const messBreakfast = await subscribers('?meal_type=breakfast&service_type=mess');
    expect(names(messBreakfast)).toEqual([soon.username]);
    const tiffin = await t.request(
      'GET',
      '/api/accounts/owner/users/active_subscribers/?service_type=tiffin',
      { token: owner },
    );
    expect(names(tiffin)).toEqual([active.username]);
    const search = await t.request(
      'GET',
      `/api/accounts/owner/users/active_subscribers/?search=${soon.phone.slice(-5)}`,
      { token: owner },
    );
    expect(names(search)).toEqual([soon.username]);
    const beyond = await t.request(
      'GET',
      `/api/accounts/owner/users/active_subscribers/?search=${soon.username}&offset=5`,
      { token: owner },
    );
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('1');
    const beyondUsers = await users(`?search=${soon.username}&offset=5`);
    expect(beyondUsers.headers['x-total-count']).toBe('1');
    const paged = await t.request(
      'GET',
      '/api/accounts/owner/users/active_subscribers/?limit=1&offset=1',
      { token: owner },
    );
    expect(paged.body).toHaveLength(1);
    expect(paged.headers['x-total-count']).toBe('2');
  });

  it('counts customers only in user_stats', async () => {
    const answer = await t.request('GET', '/api/accounts/owner/users/user_stats/', {
      token: owner,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      total_users: 5,
      active_users: 4,
      students: 3,
      regular_users: 2,
      verified_users: 5,
      users_with_active_subscriptions: 2,
    });
  });

  it('refuses customers and anonymous callers', async () => {
    for (const path of ['', `${active.id}/`, 'active_subscribers/', 'user_stats/']) {
      expect(
        (await t.request('GET', `/api/accounts/owner/users/${path}`, { token: active.access }))
          .status,
      ).toBe(403);
      expect((await t.request('GET', `/api/accounts/owner/users/${path}`)).status).toBe(401);
    }
  });

  it('follows subscription changes made anywhere (summary kept by triggers)', async () => {
    const db = t.ctx.db.kysely;
    await db
      .updateTable('subscriptions')
      .set({ status: 'CANCELLED' })
      .where('user_id', '=', soon.id)
      .execute();
    await db
      .deleteFrom('subscriptions')
      .where('user_id', '=', pending.id)
      .where('status', '=', 'PENDING_PAYMENT')
      .execute();
    const answer = await users();
    expect(answer.headers['x-soon-to-expire-count']).toBe('0');
    expect(answer.headers['x-expired-count']).toBe('2');
    expect(names(await users('?subscription_status=expired'))).toEqual(byName([expired, pending]));
    expect(names(await users('?subscription_status=none'))).toEqual(byName([soon, nobody]));
    const row = answer.body.find((user: any) => user.id === soon.id);
    expect(row).toMatchObject({ subscription_status: 'CANCELLED', current_plan: null });
    const search = await users(`?search=${soon.username}&subscription_status=none`);
    expect(names(search)).toEqual([soon.username]);
    expect(search.headers['x-total-count']).toBe('1');
    await db.deleteFrom('subscriptions').where('user_id', '=', expired.id).execute();
    expect((await users()).headers['x-expired-count']).toBe('1');
    const stats = await t.request('GET', '/api/accounts/owner/users/user_stats/', { token: owner });
    expect(stats.body.users_with_active_subscriptions).toBe(1);
  });

  it('repairs the summaries with the daily refresh job', async () => {
    const db = t.ctx.db.kysely;
    const before = await db
      .selectFrom('customer_subscription_summaries')
      .selectAll()
      .orderBy('user_id')
      .execute();
    await db
      .updateTable('customer_subscription_summaries')
      .set({ latest_status: null, active_end: null, ended_end: null })
      .execute();
    expect((await users('?subscription_status=active')).body).toEqual([]);
    const [job] = careJobs;
    await job!.run(t.ctx);
    const after = await db
      .selectFrom('customer_subscription_summaries')
      .selectAll()
      .orderBy('user_id')
      .execute();
    expect(after).toEqual(before);
    expect(names(await users('?subscription_status=active'))).toEqual([active.username]);
  });
});

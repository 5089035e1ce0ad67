// Leave requests over HTTP: create rules, customer edits, owner decisions, concurrency, owner views.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { insertSubscription, type SubscriptionFixture } from '../helpers/fixtures.js';

describe.each(testDatabases())('leaves on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let alice: Customer;
  let bob: Customer;
  let aliceSub: SubscriptionFixture;
  let bobSub: SubscriptionFixture;
  const day = (offset: number) => addDays(t.ctx.today(), offset);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    alice = await registerCustomer(t, { userType: 'student', service: 'tiffin' });
    bob = await registerCustomer(t, { userType: 'regular', service: 'mess' });
    aliceSub = await insertSubscription(t, alice.id, { serviceType: 'tiffin' });
    bobSub = await insertSubscription(t, bob.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (who: Customer, body: Record<string, unknown>) =>
    t.request('POST', '/api/subscriptions/leaves/', { token: who.access, body });
  const leaveBody = (sub: SubscriptionFixture, start: number, end: number) => ({
    subscription: sub.id,
    leave_start_date: day(start),
    leave_end_date: day(end),
    reason: 'Going home',
  });
  const subscriptionRow = (id: number) =>
    t.ctx.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const clearLeaves = () => t.ctx.db.kysely.deleteFrom('leaves').execute();

  it('creates a PENDING leave with the whole LeaveRequest shape and notifies both sides', async () => {
    await clearLeaves();
    const answer = await create(alice, leaveBody(aliceSub, 1, 3));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      status: 'PENDING',
      subscription: { id: aliceSub.id, subscription_type: 'tiffin' },
      leave_start_date: day(1),
      leave_end_date: day(3),
      duration_days: 3,
      reason: 'Going home',
      approved_at: null,
      rejected_at: null,
      admin_comment: null,
      user: alice.id,
      user_phone: `+91${alice.phone}`,
      subscription_user: { username: alice.username, first_name: 'Test' },
    });
    expect(answer.body.subscription_plan).toBe(answer.body.subscription.plan_name);
    const logs = await t.ctx.db.kysely
      .selectFrom('notification_logs')
      .select(['user_id', 'notification_type', 'channel'])
      .where('notification_type', 'in', ['leave_submitted', 'leave_submitted_owner'])
      .execute();
    expect(logs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user_id: alice.id, channel: 'email' }),
        expect.objectContaining({ user_id: alice.id, channel: 'sms' }),
        expect.objectContaining({ notification_type: 'leave_submitted_owner', channel: 'email' }),
      ]),
    );
  });

  it('refuses past dates with the exact spec sentence', async () => {
    await clearLeaves();
    const answer = await create(alice, leaveBody(aliceSub, -1, 2));
    expect(answer.status).toBe(400);
    expect(answer.body.non_field_errors).toContain('Cannot request leave for past dates');
    expect(answer.body.error_code).toBe('leave.past_dates');
  });

  it('enforces start ≤ end, start ≤ adjusted end date and at most 15 days', async () => {
    await clearLeaves();
    const backwards = await create(alice, leaveBody(aliceSub, 5, 4));
    expect(backwards.status).toBe(400);
    expect(backwards.body.error_code).toBe('leave.end_before_start');
    const afterEnd = await create(alice, {
      ...leaveBody(aliceSub, 0, 0),
      leave_start_date: addDays(aliceSub.endDate, 1),
      leave_end_date: addDays(aliceSub.endDate, 2),
    });
    expect(afterEnd.status).toBe(400);
    expect(afterEnd.body.error_code).toBe('leave.after_subscription_end');
    const tooLong = await create(alice, leaveBody(aliceSub, 1, 16));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error_code).toBe('leave.too_long');
    const fifteen = await create(alice, leaveBody(aliceSub, 1, 15));
    expect(fifteen.status).toBe(201);
    expect(fifteen.body.duration_days).toBe(15);
  });

  it('needs an integer subscription that is the customer’s own and ACTIVE', async () => {
    await clearLeaves();
    const text = await create(alice, {
      ...leaveBody(aliceSub, 1, 2),
      subscription: String(aliceSub.id),
    });
    expect(text.status).toBe(400);
    expect(text.body.subscription).toContain('Subscription must be an integer');
    const foreign = await create(alice, leaveBody(bobSub, 1, 2));
    expect(foreign.status).toBe(400);
    expect(foreign.body.subscription).toBeDefined();
    const expired = await insertSubscription(t, alice.id, { startOffsetDays: -40 });
    const onExpired = await create(alice, leaveBody(expired, 1, 2));
    expect(onExpired.status).toBe(400);
    expect(onExpired.body.error_code).toBe('leave.subscription_not_active');
    const pending = await insertSubscription(t, alice.id, { status: 'PENDING_PAYMENT' });
    expect((await create(alice, leaveBody(pending, 1, 2))).body.error_code).toBe(
      'leave.subscription_not_active',
    );
  });

  it('allows one pending leave per user and no overlap with approved ones', async () => {
    await clearLeaves();
    const first = await create(alice, leaveBody(aliceSub, 1, 2));
    expect(first.status).toBe(201);
    const second = await create(alice, leaveBody(aliceSub, 5, 6));
    expect(second.status).toBe(400);
    expect(second.body.error_code).toBe('leave.pending_exists');
    const approved = await t.request(
      'POST',
      `/api/subscriptions/leaves/${first.body.id}/approve/`,
      {
        token: owner,
        body: { admin_comment: 'ok' },
      },
    );
    expect(approved.status).toBe(200);
    const overlapping = await create(alice, leaveBody(aliceSub, 2, 4));
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.error_code).toBe('leave.overlaps');
    expect((await create(alice, leaveBody(aliceSub, 3, 4))).status).toBe(201);
  });

  it('maps a lost race on the one-pending index to the same 400', async () => {
    await clearLeaves();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        create(bob, leaveBody(bobSub, index + 1, index + 1)),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(9);
    for (const answer of answers.filter((a) => a.status === 400)) {
      expect(answer.body.error_code).toMatch(/^leave\.(pending_exists|overlaps)$/);
    }
    expect(answers.every((answer) => answer.status !== 500)).toBe(true);
  });

  it('lets the customer edit and delete only their own PENDING leave', async () => {
    await clearLeaves();
    const leave = (await create(alice, leaveBody(aliceSub, 1, 2))).body;
    const edited = await t.request('PATCH', `/api/subscriptions/leaves/${leave.id}/`, {
      token: alice.access,
      body: { leave_end_date: day(4), reason: 'Exams' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ duration_days: 4, reason: 'Exams' });
    const badEdit = await t.request('PATCH', `/api/subscriptions/leaves/${leave.id}/`, {
      token: alice.access,
      body: { leave_start_date: day(-2) },
    });
    expect(badEdit.body.non_field_errors).toContain('Cannot request leave for past dates');
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { reason: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const foreign = await t.request(method, `/api/subscriptions/leaves/${leave.id}/`, {
        token: bob.access,
        ...(body ? { body } : {}),
      });
      expect(foreign.status).toBe(404);
    }
    const ownerEdit = await t.request('PATCH', `/api/subscriptions/leaves/${leave.id}/`, {
      token: owner,
      body: { reason: 'x' },
    });
    expect(ownerEdit.status).toBe(403);
    await t.request('POST', `/api/subscriptions/leaves/${leave.id}/approve/`, {
      token: owner,
      body: { admin_comment: 'Fine' },
    });
    const editApproved = await t.request('PATCH', `/api/subscriptions/leaves/${leave.id}/`, {
      token: alice.access,
      body: { reason: 'changed my mind' },
    });
    expect(editApproved.status).toBe(400);
    expect(editApproved.body.error_code).toBe('leave.not_pending');
    const deleteApproved = await t.request('DELETE', `/api/subscriptions/leaves/${leave.id}/`, {
      token: alice.access,
    });
    expect(deleteApproved.status).toBe(400);
    const unchanged = await t.request('GET', `/api/subscriptions/leaves/${leave.id}/`, {
      token: alice.access,
    });
    expect(unchanged.body).toMatchObject({ status: 'APPROVED', reason: 'Exams' });

    const another = (await create(alice, leaveBody(aliceSub, 8, 8))).body;
    const removed = await t.request('DELETE', `/api/subscriptions/leaves/${another.id}/`, {
      token: alice.access,
    });
    expect(removed.status).toBe(204);
    expect(
      (await t.request('GET', `/api/subscriptions/leaves/${another.id}/`, { token: alice.access }))
        .status,
    ).toBe(404);
  });

  it('re-checks an edit by the create rules, not counting the edited leave against itself', async () => {
    await clearLeaves();
    const patch = (id: number, body: Record<string, unknown>) =>
      t.request('PATCH', `/api/subscriptions/leaves/${id}/`, { token: alice.access, body });
    const first = (await create(alice, leaveBody(aliceSub, 1, 2))).body;
    await t.request('POST', `/api/subscriptions/leaves/${first.id}/approve/`, {
      token: owner,
      body: { admin_comment: 'ok' },
    });
    const pending = (await create(alice, leaveBody(aliceSub, 5, 6))).body;

    // Moving it over its own days, or growing it to exactly 15, is fine: it is the pending leave.
    const grown = await patch(pending.id, { leave_start_date: day(6), leave_end_date: day(20) });
    expect(grown.status).toBe(200);
    expect(grown.body).toMatchObject({ duration_days: 15, status: 'PENDING' });

    const tooLong = await patch(pending.id, { leave_end_date: day(21) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error_code).toBe('leave.too_long');
    expect(tooLong.body.non_field_errors).toEqual(['A leave can last at most 15 days.']);

    const onApproved = await patch(pending.id, {
      leave_start_date: day(2),
      leave_end_date: day(3),
    });
    expect(onApproved.status).toBe(400);
    expect(onApproved.body.error_code).toBe('leave.overlaps');

    const backwards = await patch(pending.id, { leave_end_date: day(5) });
    expect(backwards.body.error_code).toBe('leave.end_before_start');

    // A refused edit changes nothing.
    const unchanged = await t.request('GET', `/api/subscriptions/leaves/${pending.id}/`, {
      token: alice.access,
    });
    expect(unchanged.body).toMatchObject({
      leave_start_date: day(6),
      leave_end_date: day(20),
      duration_days: 15,
    });
  });

  it('approves once: extends adjusted_end_date and leave_days by duration_days', async () => {
    await clearLeaves();
    const before = await subscriptionRow(bobSub.id);
    const leave = (await create(bob, leaveBody(bobSub, 2, 4))).body;
    const customer = await t.request('POST', `/api/subscriptions/leaves/${leave.id}/approve/`, {
      token: bob.access,
      body: { admin_comment: 'self-approved' },
    });
    expect(customer.status).toBe(403);
    const blank = await t.request('POST', `/api/subscriptions/leaves/${leave.id}/approve/`, {
      token: owner,
      body: { admin_comment: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.admin_comment).toContain('Admin comment is required');
    const answer = await t.request('POST', `/api/subscriptions/leaves/${leave.id}/approve/`, {
      token: owner,
      body: { admin_comment: ' Enjoy ' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'APPROVED', admin_comment: 'Enjoy' });
    expect(answer.body.approved_at).toBeTruthy();
    const after = await subscriptionRow(bobSub.id);
    expect(after.adjusted_end_date).toBe(addDays(before.adjusted_end_date!, 3));
    expect(after.leave_days).toBe(before.leave_days + 3);
    expect(after.base_end_date).toBe(before.base_end_date);
    const again = await t.request('POST', `/api/subscriptions/leaves/${leave.id}/approve/`, {
      token: owner,
      body: { admin_comment: 'again' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      non_field_errors: ['Only pending leave requests can be approved.'],
      error_code: 'leave.not_pending',
    });
    const reject = await t.request('POST', `/api/subscriptions/leaves/${leave.id}/reject/`, {
      token: owner,
      body: { admin_comment: 'no' },
    });
    expect(reject.status).toBe(400);
    expect((await subscriptionRow(bobSub.id)).adjusted_end_date).toBe(after.adjusted_end_date);
    const mails = await t.ctx.db.kysely
      .selectFrom('notification_logs')
      .select('channel')
      .where('user_id', '=', bob.id)
      .where('notification_type', '=', 'leave_approved')
      .execute();
    expect(mails.map((row) => row.channel).sort()).toEqual(['email', 'sms']);
  });

  it('50 concurrent approvals of one leave extend the subscription once', async () => {
    await clearLeaves();
    const before = await subscriptionRow(aliceSub.id);
    const leave = (await create(alice, leaveBody(aliceSub, 3, 7))).body;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.request('POST', `/api/subscriptions/leaves/${leave.id}/approve/`, {
          token: owner,
          body: { admin_comment: 'ok' },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(49);
    const after = await subscriptionRow(aliceSub.id);
    expect(after.adjusted_end_date).toBe(addDays(before.adjusted_end_date!, 5));
    expect(after.leave_days).toBe(before.leave_days + 5);
  });

  it('refuses to approve a leave whose subscription is no longer active', async () => {
    await clearLeaves();
    const carol = await registerCustomer(t, { userType: 'regular' });
    const sub = await insertSubscription(t, carol.id);
    const leave = (await create(carol, leaveBody(sub, 1, 2))).body;
    await t.ctx.db.kysely
      .updateTable('subscriptions')
      .set({ status: 'CANCELLED' })
      .where('id', '=', sub.id)
      .execute();
    const answer = await t.request('POST', `/api/subscriptions/leaves/${leave.id}/approve/`, {
      token: owner,
      body: { admin_comment: 'ok' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error_code).toBe('leave.subscription_not_active');
    const stored = await t.request('GET', `/api/subscriptions/leaves/${leave.id}/`, {
      token: owner,
    });
    expect(stored.body.status).toBe('PENDING');
    expect((await subscriptionRow(sub.id)).leave_days).toBe(0);
  });

  it('rejects with a comment and leaves the subscription alone', async () => {
    await clearLeaves();
    const before = await subscriptionRow(bobSub.id);
    const leave = (await create(bob, leaveBody(bobSub, 1, 1))).body;
    const answer = await t.request('POST', `/api/subscriptions/leaves/${leave.id}/reject/`, {
      token: owner,
      body: { admin_comment: 'Festival week' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'REJECTED', admin_comment: 'Festival week' });
    expect(answer.body.rejected_at).toBeTruthy();
    expect(await subscriptionRow(bobSub.id)).toMatchObject({
      adjusted_end_date: before.adjusted_end_date,
      leave_days: before.leave_days,
    });
  });

  it('lists own leaves for customers and all for the owner, with X-Total-Count', async () => {
    await clearLeaves();
    await create(alice, leaveBody(aliceSub, 1, 1));
    await create(bob, leaveBody(bobSub, 1, 1));
    const mine = await t.request('GET', '/api/subscriptions/leaves/', { token: alice.access });
    expect(mine.status).toBe(200);
    expect(mine.body.map((leave: any) => leave.user)).toEqual([alice.id]);
    const all = await t.request('GET', '/api/subscriptions/leaves/?limit=1', { token: owner });
    expect(all.body).toHaveLength(1);
    expect(all.headers['x-total-count']).toBe('2');
    const filtered = await t.request('GET', '/api/subscriptions/leaves/?status=APPROVED', {
      token: owner,
    });
    expect(filtered.body).toEqual([]);
  });

  it('gives the owner dashboard_stats and the pending queue', async () => {
    await clearLeaves();
    const first = (await create(alice, leaveBody(aliceSub, 1, 1))).body;
    await create(bob, leaveBody(bobSub, 1, 1));
    await t.request('POST', `/api/subscriptions/leaves/${first.id}/approve/`, {
      token: owner,
      body: { admin_comment: 'ok' },
    });
    const stats = await t.request('GET', '/api/subscriptions/leaves/dashboard_stats/', {
      token: owner,
    });
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({
      pending_leaves: 1,
      approved_leaves_today: 1,
      total_leaves_this_month: 2,
    });
    const queue = await t.request('GET', '/api/subscriptions/leaves/pending/', { token: owner });
    expect(queue.body).toHaveLength(1);
    expect(queue.body[0]).toMatchObject({
      status: 'PENDING',
      user: bob.id,
      user_phone: `+91${bob.phone}`,
      subscription_user: { username: bob.username },
    });
    expect(typeof queue.body[0].subscription_plan).toBe('string');
    for (const path of ['dashboard_stats/', 'pending/']) {
      const refused = await t.request('GET', `/api/subscriptions/leaves/${path}`, {
        token: alice.access,
      });
      expect(refused.status).toBe(403);
    }
  });
});

describe.each(testDatabases())('leave notices on %s', (dialect) => {
  // The clock moves an hour here, so this block has an app of its own.
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  const day = (offset: number) => addDays(t.ctx.today(), offset);
  const createLeave = (who: Customer, subscription: number) =>
    t.request('POST', '/api/subscriptions/leaves/', {
      token: who.access,
      body: { subscription, leave_start_date: day(2), leave_end_date: day(3), reason: 'Home' },
    });
  const ownerMails = (who: Customer) =>
    t
      .mailOutbox()
      .filter(
        (mail) =>
          mail.includes('To: owner@example.com') &&
          mail.includes(`Subject: New leave request from ${who.username}`),
      ).length;
  const smsTo = (who: Customer) =>
    t.smsOutbox().filter((sms) => sms.to === `+91${who.phone}`).length;
  const logs = (type: string) =>
    t.ctx.db.kysely
      .selectFrom('notification_logs')
      .select(['user_id', 'channel'])
      .where('notification_type', '=', type)
      .orderBy('id')
      .execute();

  it('create/delete cycles send the owner one new-leave e-mail an hour, and the customer one notice', async () => {
    const carol = await registerCustomer(t, { service: 'mess' });
    const subscription = await insertSubscription(t, carol.id);
    const smsBefore = smsTo(carol);
    for (let cycle = 0; cycle < 5; cycle += 1) {
      const created = await createLeave(carol, subscription.id);
      expect(created.status).toBe(201);
      const deleted = await t.request('DELETE', `/api/subscriptions/leaves/${created.body.id}/`, {
        token: carol.access,
      });
      expect(deleted.status).toBe(204);
    }
    expect(ownerMails(carol)).toBe(1);
    expect(await logs('leave_submitted_owner')).toEqual([
      { user_id: expect.any(Number), channel: 'email' },
    ]);
    expect(await logs('leave_submitted')).toEqual([
      { user_id: carol.id, channel: 'email' },
      { user_id: carol.id, channel: 'sms' },
    ]);
    expect(smsTo(carol) - smsBefore).toBe(1);

    // The limit is per subscription: another customer's request is announced at once.
    const dave = await registerCustomer(t, { service: 'mess' });
    const daveSubscription = await insertSubscription(t, dave.id);
    expect((await createLeave(dave, daveSubscription.id)).status).toBe(201);
    expect(ownerMails(dave)).toBe(1);

    // An hour later, the next request on carol's subscription is announced again.
    t.clock.advance(61 * 60 * 1000);
    const login = await t.request('POST', '/api/accounts/login/', {
      body: { username: carol.username, password: carol.password },
    });
    carol.access = login.body.access;
    expect((await createLeave(carol, subscription.id)).status).toBe(201);
    expect(ownerMails(carol)).toBe(2);
    expect(smsTo(carol) - smsBefore).toBe(2);
  });
});

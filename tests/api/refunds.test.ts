// Refunds over HTTP: created by cancellation (or requested), seen by their owner, decided by the
// mess owner through the refund machine, never changed by a customer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';

describe.each(testDatabases())('refunds on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    api = commerce(t, () => owner, {
      codePrefix: 'REF',
      planDefaults: { description: 'Meals' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A customer with a paid, then cancelled, 30-day ₹3000 subscription: a ₹2900 PENDING refund. */
  async function cancelledWithRefund() {
    const customer = await registerCustomer(t, { service: 'mess' });
    const cancelled = await api.cancelledWithRefund(customer, {
      base_price: 3000,
      duration_days: 30,
    });
    return {
      customer,
      subscriptionId: cancelled.subscriptionId,
      refundId: cancelled.refundId,
      payment: cancelled.payment,
      planName: cancelled.plan.name,
    };
  }
  const action = (id: number, verb: string, token: string, body: Record<string, unknown>) =>
    t.request('POST', `/api/payments/refunds/${id}/${verb}/`, { token, body });
  const refundRow = (id: number) =>
    t.ctx.db.kysely
      .selectFrom('refunds')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const logsOf = (userId: number, type: string) =>
    t.ctx.db.kysely
      .selectFrom('notification_logs')
      .select('channel')
      .where('user_id', '=', userId)
      .where('notification_type', '=', type)
      .execute();

  it('shows the refund of a cancellation with the Refund shape', async () => {
    const { customer, subscriptionId, refundId, payment, planName } = await cancelledWithRefund();
    const answer = await t.request('GET', `/api/payments/refunds/${refundId}/`, {
      token: customer.access,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: refundId,
      amount: 2900,
      status: 'PENDING',
      requested_at: expect.any(String),
      processed_at: null,
      paid_at: null,
      admin_comment: null,
      utr: null,
      payout: null,
      user: { id: customer.id, username: customer.username, full_name: expect.any(String) },
      subscription: {
        id: subscriptionId,
        status: 'CANCELLED',
        plan_name: planName,
        refund_info: {
          id: refundId,
          amount: 2900,
          status: 'PENDING',
          status_display: 'Pending',
          requested_at: expect.any(String),
          requested_by: customer.username,
          processed_at: null,
          paid_at: null,
          admin_comment: null,
          utr: null,
          payout: null,
        },
      },
      original_payment: { id: payment.id, transaction_id: payment.transaction_id },
    });
  });

  it('lets customers see only their own refunds and the owner all of them', async () => {
    const first = await cancelledWithRefund();
    const second = await cancelledWithRefund();
    const mine = await t.request('GET', '/api/payments/refunds/', { token: first.customer.access });
    expect(mine.status).toBe(200);
    expect(mine.body.map((refund: { id: number }) => refund.id)).toEqual([first.refundId]);
    expect(mine.headers['x-total-count']).toBe('1');
    const foreign = await t.request('GET', `/api/payments/refunds/${second.refundId}/`, {
      token: first.customer.access,
    });
    expect(foreign.status).toBe(404);
    const all = await t.request('GET', '/api/payments/refunds/?status=PENDING', { token: owner });
    const ids = all.body.map((refund: { id: number }) => refund.id);
    expect(ids).toEqual(expect.arrayContaining([first.refundId, second.refundId]));
    expect(ids.indexOf(second.refundId)).toBeLessThan(ids.indexOf(first.refundId));
    const pending = await t.request('GET', '/api/payments/refunds/pending/', { token: owner });
    const pendingIds = pending.body.map((refund: { id: number }) => refund.id);
    expect(pendingIds.indexOf(first.refundId)).toBeLessThan(pendingIds.indexOf(second.refundId));
    for (const path of ['pending', 'approved']) {
      const refused = await t.request('GET', `/api/payments/refunds/${path}/`, {
        token: first.customer.access,
      });
      expect(refused.status).toBe(403);
    }
    expect((await t.request('GET', '/api/payments/refunds/')).status).toBe(401);
  });

  it('approves, then marks paid with a UTR, notifying the customer each time', async () => {
    const { customer, refundId, subscriptionId } = await cancelledWithRefund();
    const blank = await action(refundId, 'approve', owner, { admin_comment: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.admin_comment).toContain('Admin comment is required');
    const early = await action(refundId, 'mark_paid', owner, { admin_comment: 'Paid' });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({
      error_code: 'refund.not_approved',
      non_field_errors: ['Only approved refunds can be marked as paid.'],
    });
    const approved = await action(refundId, 'approve', owner, { admin_comment: '  Looks fine  ' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'APPROVED',
      admin_comment: 'Looks fine',
      processed_at: expect.any(String),
      paid_at: null,
    });
    const listed = await t.request('GET', '/api/payments/refunds/approved/', { token: owner });
    expect(listed.body.map((refund: { id: number }) => refund.id)).toContain(refundId);
    const twice = await action(refundId, 'approve', owner, { admin_comment: 'Again' });
    expect(twice.status).toBe(400);
    expect(twice.body.error_code).toBe('refund.not_pending');
    const reject = await action(refundId, 'reject', owner, { admin_comment: 'No' });
    expect(reject.status).toBe(400);
    expect(reject.body.non_field_errors).toEqual(['Only pending refunds can be rejected.']);
    const badUtr = await action(refundId, 'mark_paid', owner, {
      admin_comment: 'Sent',
      utr: 'AB-1',
    });
    expect(badUtr.status).toBe(400);
    const paid = await action(refundId, 'mark_paid', owner, {
      admin_comment: 'Sent by NEFT',
      utr: 'UTR123456789',
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      status: 'PAID',
      utr: 'UTR123456789',
      admin_comment: 'Sent by NEFT',
      paid_at: expect.any(String),
    });
    const subscription = await t.request(
      'GET',
      `/api/subscriptions/subscriptions/${subscriptionId}/`,
      { token: customer.access },
    );
    expect(subscription.body).toMatchObject({
      refund_status: 'PAID',
      refund_info: { status: 'PAID', status_display: 'Paid', admin_comment: 'Sent by NEFT' },
    });
    expect((await logsOf(customer.id, 'refund_approved')).length).toBeGreaterThan(0);
    expect((await logsOf(customer.id, 'refund_paid')).map((log) => log.channel).sort()).toEqual([
      'email',
      'sms',
    ]);
    expect(t.mailOutbox().join('\n')).toContain('UTR123456789');
  });

  it('rejects a pending refund, after which nothing else is allowed', async () => {
    const { customer, refundId } = await cancelledWithRefund();
    const rejected = await action(refundId, 'reject', owner, { admin_comment: 'Used the meals' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'REJECTED', processed_at: expect.any(String) });
    expect((await logsOf(customer.id, 'refund_rejected')).length).toBeGreaterThan(0);
    const approve = await action(refundId, 'approve', owner, { admin_comment: 'Changed my mind' });
    expect(approve.status).toBe(400);
    const paid = await action(refundId, 'mark_paid', owner, { admin_comment: 'x' });
    expect(paid.status).toBe(400);
    expect((await refundRow(refundId)).status).toBe('REJECTED');
    expect((await action(999_999, 'approve', owner, { admin_comment: 'x' })).status).toBe(404);
  });

  it('never lets a customer change a refund', async () => {
    const { customer, refundId } = await cancelledWithRefund();
    for (const verb of ['approve', 'reject', 'mark_paid']) {
      const answer = await action(refundId, verb, customer.access, { admin_comment: 'Mine' });
      expect(answer.status).toBe(403);
    }
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      const answer = await t.request(method, `/api/payments/refunds/${refundId}/`, {
        token: customer.access,
        body: { status: 'PAID', amount: 99999 },
      });
      expect(answer.status).toBeGreaterThanOrEqual(400);
    }
    const row = await refundRow(refundId);
    expect(row).toMatchObject({ status: 'PENDING', amount_paise: 290_000 });
  });

  it('lets a customer request a refund for a cancelled subscription that has none, by the cancel rule', async () => {
    const { customer, subscriptionId, refundId } = await cancelledWithRefund();
    const exists = await t.request('POST', '/api/payments/refunds/', {
      token: customer.access,
      body: { subscription: subscriptionId },
    });
    expect(exists.status).toBe(400);
    expect(exists.body.error_code).toBe('subscription.refund_exists');
    // Without the refund (as if cancel had not created one) the customer may ask for it.
    await t.ctx.db.kysely.deleteFrom('refunds').where('id', '=', refundId).execute();
    const other = await registerCustomer(t, { service: 'mess' });
    const foreign = await t.request('POST', '/api/payments/refunds/', {
      token: other.access,
      body: { subscription: subscriptionId },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.subscription?.[0]).toMatch(/does not exist/);
    const requested = await t.request('POST', '/api/payments/refunds/', {
      token: customer.access,
      body: { subscription: subscriptionId },
    });
    expect(requested.status).toBe(201);
    expect(requested.body).toMatchObject({ status: 'PENDING', amount: 2900 });
    const asOwner = await t.request('POST', '/api/payments/refunds/', {
      token: owner,
      body: { subscription: subscriptionId },
    });
    expect(asOwner.status).toBe(403);
  });

  it('refuses a refund request for a subscription that is not cancelled', async () => {
    const customer = await registerCustomer(t, { service: 'mess' });
    const { subscriptionId } = await api.pendingSubscription(customer, {
      name: 'Pending plan',
      base_price: 10,
    });
    const answer = await t.request('POST', '/api/payments/refunds/', {
      token: customer.access,
      body: { subscription: subscriptionId },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error_code).toBe('subscription.not_cancelled');
  });
});

describe.each(testDatabases())('refund amounts on %s', (dialect) => {
  // Days pass in these tests, so they get an app (and a clock) of their own.
  const DAY_MS = 24 * 3600 * 1000;
  let t: TestApp;
  let owner: string;
  let api: Commerce;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    api = commerce(t, () => owner, { codePrefix: 'AMT', planDefaults: { base_price: 3000 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A customer with an ACTIVE `days`-day ₹3000 plan from today and one APPROVED leave. */
  async function withApprovedLeave(days: number, leave: { start: number; end: number }) {
    const customer = await registerCustomer(t, { service: 'mess' });
    const { subscriptionId } = await api.activeSubscription(customer, { duration_days: days });
    const leaveId = await api.pendingLeave(customer, subscriptionId, leave);
    expect((await api.leaveAction(leaveId, 'approve', 'Enjoy')).status).toBe(200);
    return { customer, subscriptionId };
  }
  /** Lets `days` days pass; access tokens live 15 minutes, so everyone signs in again. */
  async function later(days: number, customer: Customer) {
    t.clock.advance(days * DAY_MS);
    await api.relogin(customer);
    owner = await loginOwner(t);
  }
  const preview = (customer: Customer, id: number) =>
    t.request('GET', `/api/subscriptions/subscriptions/${id}/cancel_preview/`, {
      token: customer.access,
    });

  it("never turns approved leave days into refund money (the issue's case)", async () => {
    // 2 days for ₹3000, 15 days of leave from tomorrow, cancelled today: 1 of 2 paid days unused.
    const { customer, subscriptionId } = await withApprovedLeave(2, { start: 1, end: 15 });
    const shown = await preview(customer, subscriptionId);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      subscription_id: subscriptionId,
      refund_amount: 1500,
      paid_days: 2,
      used_days: 1,
      leave_days_taken: 0,
      unused_paid_days: 1,
      base_end_date: addDays(t.ctx.today(), 1),
      adjusted_end_date: addDays(t.ctx.today(), 16),
      // The 15 days of leave moved the last meal, and nothing else did.
      end_date_moved_by: { leave_days: 15, closed_days: 0, owner_days: 0 },
      has_successful_payment: true,
    });
    const cancelled = await api.cancel(customer, subscriptionId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refund_info.amount).toBe(1500);

    // Asked for days later (as if cancel had not created it), it is the same: as of the cancellation.
    await t.ctx.db.kysely
      .deleteFrom('refunds')
      .where('id', '=', cancelled.body.refund_info.id)
      .execute();
    await later(3, customer);
    const requested = await t.request('POST', '/api/payments/refunds/', {
      token: customer.access,
      body: { subscription: subscriptionId },
    });
    expect(requested.status).toBe(201);
    expect(requested.body.amount).toBe(1500);
  });

  it('refunds one day to a customer whose long leave began on their last paid day', async () => {
    // 10 paid days (days 0–9), leave on days 9–23; cancelled on day 14, in the middle of the leave.
    const { customer, subscriptionId } = await withApprovedLeave(10, { start: 9, end: 23 });
    await later(14, customer);
    const shown = await preview(customer, subscriptionId);
    expect(shown.body).toMatchObject({
      refund_amount: 300,
      paid_days: 10,
      used_days: 9,
      leave_days_taken: 6,
      unused_paid_days: 1,
    });
    const cancelled = await api.cancel(customer, subscriptionId);
    expect(cancelled.body.refund_info.amount).toBe(300);
  });

  it('keeps leave days already taken as unused paid days', async () => {
    // 30 paid days, leave on days 1–4, cancelled on day 10: 11 − 4 = 7 used, 23 unused.
    const { customer, subscriptionId } = await withApprovedLeave(30, { start: 1, end: 4 });
    await later(10, customer);
    expect((await preview(customer, subscriptionId)).body).toMatchObject({
      refund_amount: 2300,
      used_days: 7,
      leave_days_taken: 4,
      unused_paid_days: 23,
    });
    const cancelled = await api.cancel(customer, subscriptionId);
    expect(cancelled.body.refund_info.amount).toBe(2300);
  });

  it('refunds what is left when cancelled after the base end but before the adjusted end', async () => {
    // 10 paid days (base end day 9), leave on days 2–6 (adjusted end day 14), cancelled on day 11.
    const { customer, subscriptionId } = await withApprovedLeave(10, { start: 2, end: 6 });
    await later(11, customer);
    expect((await preview(customer, subscriptionId)).body).toMatchObject({
      refund_amount: 900,
      paid_days: 10,
      used_days: 7,
      leave_days_taken: 5,
      unused_paid_days: 3,
    });
    const cancelled = await api.cancel(customer, subscriptionId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refund_info.amount).toBe(900);
  });
});

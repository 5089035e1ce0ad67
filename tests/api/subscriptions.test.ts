// Subscriptions over HTTP: the create rules, reads that agree with expiry, delete, cancel with its
// refund, renew, and the daily commerce jobs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, DEFAULT_SETTINGS } from '@machines';
import { cleanStaleOrders } from '../../server/lifecycles/payment/payment.jobs.js';
import { expireSubscriptions } from '../../server/lifecycles/subscription/subscription.jobs.js';
import { sendReminders as sendExpiryReminders } from '../../server/lifecycles/reminder/reminder.jobs.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';

describe.each(testDatabases())('subscriptions on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    api = commerce(t, () => owner, { codePrefix: 'SUB' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const createPlan = (overrides: Record<string, unknown> = {}) => api.plan(overrides);
  const subscribe = (who: Customer, plan: number) => api.subscribe(who, plan);
  const pay = (who: Customer, subscription: number) => api.pay(who, subscription);
  /** Access tokens live 15 minutes: after moving the clock, sign in again. */
  const relogin = (who: Customer) => api.relogin(who);
  const get = (who: Customer | string, id: number) =>
    t.request('GET', `/api/subscriptions/subscriptions/${id}/`, {
      token: typeof who === 'string' ? who : who.access,
    });
  const row = (id: number) =>
    t.ctx.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const notifications = (userId: number, type: string) =>
    t.ctx.db.kysely
      .selectFrom('notification_logs')
      .selectAll()
      .where('user_id', '=', userId)
      .where('notification_type', '=', type)
      .execute();

  describe('create', () => {
    it('creates a PENDING_PAYMENT subscription with the plan price and no dates', async () => {
      const customer = await registerCustomer(t, { service: 'mess' });
      const plan = await createPlan({ base_price: 2750.5, included_meals: ['lunch', 'breakfast'] });
      const answer = await subscribe(customer, plan.id);
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        id: expect.any(Number),
        plan: {
          id: plan.id,
          name: plan.name,
          name_hi: null,
          code: plan.code,
          is_active: true,
          service_type: 'mess',
          duration_days: 30,
          base_price: 2750.5,
          included_meals: ['breakfast', 'lunch'],
        },
        subscription_type: 'mess',
        status: 'PENDING_PAYMENT',
        breakfast_included: true,
        total_paid: 2750.5,
        // Nothing paid yet: it owes its price.
        amount_paid: 0,
        amount_refunded: 0,
        amount_due: 2750.5,
        start_date: null,
        base_end_date: null,
        adjusted_end_date: null,
        days_remaining: 0,
        leave_days: 0,
        cancelled_at: null,
        created_at: expect.any(String),
        refund_status: null,
        refund_info: null,
        has_successful_payment: false,
        user: { id: customer.id, username: customer.username, full_name: expect.any(String) },
      });
      const created = await notifications(customer.id, 'subscription_created');
      expect(created.length).toBeGreaterThan(0);
      expect(created[0]?.channel).toBe('email');
    });

    it('subscribe/delete cycles on one plan send one "created" notice an hour', async () => {
      const customer = await registerCustomer(t, { service: 'mess' });
      const plan = await createPlan();
      const mailsTo = () =>
        t.mailOutbox().filter((mail) => mail.includes(`To: ${customer.email}`)).length;
      const mailsBefore = mailsTo();
      for (let cycle = 0; cycle < 4; cycle += 1) {
        const created = await subscribe(customer, plan.id);
        expect(created.status).toBe(201);
        const deleted = await t.request(
          'DELETE',
          `/api/subscriptions/subscriptions/${created.body.id}/`,
          { token: customer.access },
        );
        expect(deleted.status).toBe(204);
      }
      expect(await notifications(customer.id, 'subscription_created')).toHaveLength(1);
      expect(mailsTo() - mailsBefore).toBe(1);
      // Another plan is another object: its first subscription is announced.
      const other = await createPlan();
      expect((await subscribe(customer, other.id)).status).toBe(201);
      expect(await notifications(customer.id, 'subscription_created')).toHaveLength(2);
    });

    it('takes breakfast_included and the type from the plan', async () => {
      const customer = await registerCustomer(t, { service: 'tiffin' });
      const plan = await createPlan({ service_type: 'tiffin', included_meals: ['dinner'] });
      const answer = await subscribe(customer, plan.id);
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ subscription_type: 'tiffin', breakfast_included: false });
    });

    it('refuses an inactive plan, an incomplete profile and a service-type mismatch', async () => {
      const customer = await registerCustomer(t, { service: 'mess' });
      const inactive = await createPlan({ is_active: false });
      const refusedInactive = await subscribe(customer, inactive.id);
      expect(refusedInactive.status).toBe(400);
      expect(refusedInactive.body.error_code).toBe('subscription.plan_inactive');
      expect(refusedInactive.body.non_field_errors).toContain('This plan is no longer available.');

      const tiffin = await createPlan({ service_type: 'tiffin' });
      const mismatch = await subscribe(customer, tiffin.id);
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.error_code).toBe('subscription.service_type_mismatch');

      const incomplete = await registerCustomer(t, { complete: false });
      const mess = await createPlan();
      const refusedProfile = await subscribe(incomplete, mess.id);
      expect(refusedProfile.status).toBe(400);
      expect(refusedProfile.body.error_code).toBe('subscription.profile_incomplete');

      const unknown = await subscribe(customer, 999_999);
      expect(unknown.status).toBe(400);
      expect(unknown.body.plan?.[0]).toMatch(/does not exist/);
      const notInteger = await t.request('POST', '/api/subscriptions/subscriptions/', {
        token: customer.access,
        body: { plan: 'one' },
      });
      expect(notInteger.status).toBe(400);
      expect(notInteger.body.plan).toContain('Plan must be a plan id');
    });

    it('refuses a second open subscription to the same plan and a third pending one', async () => {
      const customer = await registerCustomer(t, { service: 'mess' });
      const [first, second, third] = [await createPlan(), await createPlan(), await createPlan()];
      expect((await subscribe(customer, first!.id)).status).toBe(201);
      const again = await subscribe(customer, first!.id);
      expect(again.status).toBe(400);
      expect(again.body.error_code).toBe('subscription.already_subscribed');
      expect((await subscribe(customer, second!.id)).status).toBe(201);
      const tooMany = await subscribe(customer, third!.id);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.error_code).toBe('subscription.too_many_pending');
    });

    it('refuses the owner, anonymous callers and unknown fields such as status', async () => {
      const plan = await createPlan();
      const asOwner = await t.request('POST', '/api/subscriptions/subscriptions/', {
        token: owner,
        body: { plan: plan.id },
      });
      expect(asOwner.status).toBe(403);
      const anonymous = await t.request('POST', '/api/subscriptions/subscriptions/', {
        body: { plan: plan.id },
      });
      expect(anonymous.status).toBe(401);
      const customer = await registerCustomer(t, { service: 'mess' });
      const sneaky = await t.request('POST', '/api/subscriptions/subscriptions/', {
        token: customer.access,
        body: { plan: plan.id, status: 'ACTIVE' },
      });
      expect(sneaky.status).toBe(400);
      const unverified = await registerCustomer(t, { verify: false });
      const refused = await subscribe(unverified, plan.id);
      expect(refused.status).toBe(400);
      expect(refused.body.error_code).toBe('subscription.profile_incomplete');
    });
  });

  describe('reads', () => {
    it('lists own subscriptions for a customer and everybody for the owner, with filters', async () => {
      const alice = await registerCustomer(t, { service: 'mess' });
      const bob = await registerCustomer(t, { service: 'mess' });
      const plan = await createPlan();
      const aliceSub = (await subscribe(alice, plan.id)).body;
      const bobSub = (await subscribe(bob, plan.id)).body;
      const mine = await t.request('GET', '/api/subscriptions/subscriptions/', {
        token: alice.access,
      });
      expect(mine.status).toBe(200);
      expect(mine.body.map((s: { id: number }) => s.id)).toEqual([aliceSub.id]);
      expect(mine.headers['x-total-count']).toBe('1');
      // A customer's `user` filter is ignored.
      const sneaky = await t.request('GET', `/api/subscriptions/subscriptions/?user=${bob.id}`, {
        token: alice.access,
      });
      expect(sneaky.body.map((s: { id: number }) => s.id)).toEqual([aliceSub.id]);
      const all = await t.request('GET', `/api/subscriptions/subscriptions/?plan=${plan.id}`, {
        token: owner,
      });
      expect(all.body.map((s: { id: number }) => s.id)).toEqual([bobSub.id, aliceSub.id]);
      const bobs = await t.request('GET', `/api/subscriptions/subscriptions/?user=${bob.id}`, {
        token: owner,
      });
      expect(bobs.body.map((s: { id: number }) => s.id)).toEqual([bobSub.id]);
      const paged = await t.request(
        'GET',
        `/api/subscriptions/subscriptions/?plan=${plan.id}&limit=1&offset=1`,
        { token: owner },
      );
      expect(paged.body.map((s: { id: number }) => s.id)).toEqual([aliceSub.id]);
      expect(paged.headers['x-total-count']).toBe('2');
      const active = await t.request(
        'GET',
        `/api/subscriptions/subscriptions/?plan=${plan.id}&status=ACTIVE`,
        { token: owner },
      );
      expect(active.body).toEqual([]);

      expect((await get(bob, aliceSub.id)).status).toBe(404);
      expect((await get(owner, aliceSub.id)).status).toBe(200);
      expect((await get(alice, 999_999)).status).toBe(404);
    });

    it('sets the dates when payment succeeds, and active/ finds it', async () => {
      const customer = await registerCustomer(t, { service: 'mess' });
      const plan = await createPlan({ duration_days: 28 });
      const subscription = (await subscribe(customer, plan.id)).body;
      const none = await t.request('GET', '/api/subscriptions/subscriptions/active/', {
        token: customer.access,
      });
      expect(none.status).toBe(404);
      await pay(customer, subscription.id);
      const today = t.ctx.today();
      const active = await t.request('GET', '/api/subscriptions/subscriptions/active/', {
        token: customer.access,
      });
      expect(active.status).toBe(200);
      expect(active.body).toMatchObject({
        id: subscription.id,
        status: 'ACTIVE',
        start_date: today,
        base_end_date: addDays(today, 27),
        adjusted_end_date: addDays(today, 27),
        days_remaining: 28,
      });
      // active/ reads in one query of its own: it shows what the subscription's own read shows.
      expect(active.body).toEqual((await get(customer, subscription.id)).body);
      expect(active.body).toMatchObject({ has_successful_payment: true, refund_info: null });
      expect(active.body.plan.is_active).toBe(true);
      const asOwner = await t.request('GET', '/api/subscriptions/subscriptions/active/', {
        token: owner,
      });
      expect(asOwner.status).toBe(403);
    });

    it('active/ and the subscription read agree on every field, a refund row included', async () => {
      const customer = await registerCustomer(t, { service: 'mess' });
      const plan = await createPlan({ duration_days: 28 });
      const subscription = (await subscribe(customer, plan.id)).body;
      await pay(customer, subscription.id);
      const db = t.ctx.db.kysely;
      const payment = await db
        .selectFrom('payments')
        .select('id')
        .where('subscription_id', '=', subscription.id)
        .executeTakeFirstOrThrow();
      // Not a state the API makes (refunds follow a cancellation), but both readers must map it alike.
      const at = new Date(t.clock.now()).toISOString();
      await db
        .insertInto('refunds')
        .values({
          subscription_id: subscription.id,
          user_id: customer.id,
          payment_id: payment.id,
          amount_paise: 12_345,
          status: 'APPROVED',
          requested_at: at,
          requested_by: customer.id,
          processed_at: at,
          paid_at: null,
          admin_comment: 'ok',
          utr: null,
          updated_at: at,
          payout_method: 'upi',
          payout_upi_id: 'asha@okaxis',
          payout_updated_at: at,
        })
        .execute();
      await db.updateTable('plans').set({ is_active: false }).where('id', '=', plan.id).execute();
      const active = await t.request('GET', '/api/subscriptions/subscriptions/active/', {
        token: customer.access,
      });
      expect(active.status).toBe(200);
      expect(active.body).toEqual((await get(customer, subscription.id)).body);
      expect(active.body.plan.is_active).toBe(false);
      expect(active.body.refund_info).toMatchObject({
        amount: 123.45,
        status: 'APPROVED',
        requested_by: customer.username,
      });
    });

    it('reads an ACTIVE subscription past its end date as EXPIRED before the job runs', async () => {
      const customer = await registerCustomer(t, { service: 'mess' });
      const plan = await createPlan({ duration_days: 3 });
      const subscription = (await subscribe(customer, plan.id)).body;
      await pay(customer, subscription.id);
      // Four days later the last day (day 3) has passed.
      t.clock.advance(4 * 24 * 3600 * 1000);
      try {
        await relogin(customer);
        owner = await loginOwner(t);
        expect((await row(subscription.id)).status).toBe('ACTIVE');
        const read = await get(customer, subscription.id);
        expect(read.body).toMatchObject({ status: 'EXPIRED', days_remaining: 0 });
        const active = await t.request('GET', '/api/subscriptions/subscriptions/active/', {
          token: customer.access,
        });
        expect(active.status).toBe(404);
        const expired = await t.request(
          'GET',
          `/api/subscriptions/subscriptions/?status=EXPIRED&plan=${plan.id}`,
          { token: owner },
        );
        expect(expired.body.map((s: { id: number }) => s.id)).toEqual([subscription.id]);
        const cancel = await t.request(
          'POST',
          `/api/subscriptions/subscriptions/${subscription.id}/cancel/`,
          { token: customer.access },
        );
        expect(cancel.status).toBe(400);
        expect(cancel.body.error_code).toBe('subscription.not_active');
        // Renew works from the effective status and persists the expiry.
        const renewed = await t.request(
          'POST',
          `/api/subscriptions/subscriptions/${subscription.id}/renew/`,
          { token: customer.access },
        );
        expect(renewed.status).toBe(201);
        expect(renewed.body).toMatchObject({ status: 'PENDING_PAYMENT', plan: { id: plan.id } });
        expect(renewed.body.id).not.toBe(subscription.id);
        expect((await row(subscription.id)).status).toBe('EXPIRED');
        expect((await row(renewed.body.id)).renewed_from_id).toBe(subscription.id);
      } finally {
        t.clock.advance(-4 * 24 * 3600 * 1000);
        owner = await loginOwner(t);
      }
    });
  });

  describe('delete', () => {
    it('deletes only the customer own PENDING_PAYMENT subscription', async () => {
      const alice = await registerCustomer(t, { service: 'mess' });
      const bob = await registerCustomer(t, { service: 'mess' });
      const plan = await createPlan();
      const pending = (await subscribe(alice, plan.id)).body;
      const order = await t.request('POST', '/api/payments/orders/', {
        token: alice.access,
        body: { subscription: pending.id },
      });
      expect(order.status).toBe(201);
      const path = `/api/subscriptions/subscriptions/${pending.id}/`;
      expect((await t.request('DELETE', path, { token: bob.access })).status).toBe(404);
      expect((await t.request('DELETE', path, { token: owner })).status).toBe(403);
      expect((await t.request('DELETE', path, { token: alice.access })).status).toBe(204);
      expect((await get(alice, pending.id)).status).toBe(404);
      const orders = await t.ctx.db.kysely
        .selectFrom('payment_orders')
        .selectAll()
        .where('subscription_id', '=', pending.id)
        .where('status', '=', 'created')
        .execute();
      expect(orders).toEqual([]);

      const other = await createPlan();
      const paid = (await subscribe(alice, other.id)).body;
      await pay(alice, paid.id);
      const refused = await t.request('DELETE', `/api/subscriptions/subscriptions/${paid.id}/`, {
        token: alice.access,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error_code).toBe('subscription.not_pending_payment');
      expect(refused.body.non_field_errors).toEqual([
        'Only subscriptions awaiting payment can be deleted.',
      ]);
      expect((await row(paid.id)).status).toBe('ACTIVE');
    });
  });

  describe('cancel', () => {
    it('previews and then cancels with a refund by the cancel rule', async () => {
      const customer = await registerCustomer(t, { service: 'mess' });
      const plan = await createPlan({ duration_days: 30, base_price: 3000 });
      const subscription = (await subscribe(customer, plan.id)).body;
      await pay(customer, subscription.id);
      const today = t.ctx.today();
      // A pending leave is rejected by the cancellation.
      const now = t.clock.now().toISOString();
      await t.ctx.db.kysely
        .insertInto('leaves')
        .values({
          user_id: customer.id,
          subscription_id: subscription.id,
          leave_start_date: addDays(today, 2),
          leave_end_date: addDays(today, 3),
          reason: 'Trip',
          status: 'PENDING',
          duration_days: 2,
          requested_at: now,
          approved_at: null,
          rejected_at: null,
          admin_comment: null,
          decided_by: null,
          updated_at: now,
        })
        .execute();
      const preview = await t.request(
        'GET',
        `/api/subscriptions/subscriptions/${subscription.id}/cancel_preview/`,
        { token: customer.access },
      );
      expect(preview.status).toBe(200);
      // 30 paid days from today; today is used, 29 are not; 3000 × 29 ÷ 30 = 2900.
      expect(preview.body).toEqual({
        subscription_id: subscription.id,
        refund_amount: 2900,
        paid_days: 30,
        used_days: 1,
        leave_days_taken: 0,
        unused_paid_days: 29,
        base_end_date: addDays(today, 29),
        adjusted_end_date: addDays(today, 29),
        end_date_moved_by: { leave_days: 0, closed_days: 0, owner_days: 0 },
        has_successful_payment: true,
      });
      const other = await registerCustomer(t, { service: 'mess' });
      const foreign = await t.request(
        'POST',
        `/api/subscriptions/subscriptions/${subscription.id}/cancel/`,
        { token: other.access },
      );
      expect(foreign.status).toBe(404);
      const cancelled = await t.request(
        'POST',
        `/api/subscriptions/subscriptions/${subscription.id}/cancel/`,
        { token: customer.access },
      );
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({
        status: 'CANCELLED',
        cancelled_at: expect.any(String),
        days_remaining: 0,
        refund_status: 'PENDING',
        refund_info: {
          amount: 2900,
          status: 'PENDING',
          status_display: 'Pending',
          requested_by: customer.username,
          processed_at: null,
          admin_comment: null,
        },
      });
      const leaves = await t.ctx.db.kysely
        .selectFrom('leaves')
        .selectAll()
        .where('subscription_id', '=', subscription.id)
        .execute();
      expect(leaves.map((leave) => leave.status)).toEqual(['REJECTED']);
      expect(await notifications(customer.id, 'subscription_cancelled')).not.toEqual([]);
      const again = await t.request(
        'POST',
        `/api/subscriptions/subscriptions/${subscription.id}/cancel/`,
        { token: customer.access },
      );
      expect(again.status).toBe(400);
      expect(again.body.error_code).toBe('subscription.not_active');
      const refunds = await t.ctx.db.kysely
        .selectFrom('refunds')
        .selectAll()
        .where('subscription_id', '=', subscription.id)
        .execute();
      expect(refunds).toHaveLength(1);
    });

    it('refuses to cancel or preview a subscription that is not ACTIVE, and creates no refund without payment', async () => {
      const customer = await registerCustomer(t, { service: 'mess' });
      const plan = await createPlan();
      const pending = (await subscribe(customer, plan.id)).body;
      const cancel = await t.request(
        'POST',
        `/api/subscriptions/subscriptions/${pending.id}/cancel/`,
        { token: customer.access },
      );
      expect(cancel.status).toBe(400);
      expect(cancel.body.non_field_errors).toEqual(['Only active subscriptions can be cancelled.']);
      const preview = await t.request(
        'GET',
        `/api/subscriptions/subscriptions/${pending.id}/cancel_preview/`,
        { token: customer.access },
      );
      expect(preview.status).toBe(400);
      const renew = await t.request(
        'POST',
        `/api/subscriptions/subscriptions/${pending.id}/renew/`,
        { token: customer.access },
      );
      expect(renew.status).toBe(400);
      expect(renew.body.error_code).toBe('subscription.not_expired');

      // An ACTIVE subscription without a successful payment (e.g. activated by hand) cancels with no refund.
      const manual = await createPlan();
      const manualSub = (await subscribe(customer, manual.id)).body;
      await t.ctx.db.kysely
        .updateTable('subscriptions')
        .set({
          status: 'ACTIVE',
          start_date: t.ctx.today(),
          base_end_date: addDays(t.ctx.today(), 29),
          adjusted_end_date: addDays(t.ctx.today(), 29),
        })
        .where('id', '=', manualSub.id)
        .execute();
      const noPaymentPreview = await t.request(
        'GET',
        `/api/subscriptions/subscriptions/${manualSub.id}/cancel_preview/`,
        { token: customer.access },
      );
      expect(noPaymentPreview.body).toMatchObject({
        refund_amount: 0,
        has_successful_payment: false,
      });
      const cancelled = await t.request(
        'POST',
        `/api/subscriptions/subscriptions/${manualSub.id}/cancel/`,
        { token: customer.access },
      );
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({
        status: 'CANCELLED',
        refund_status: null,
        refund_info: null,
      });
    });

    it('refuses to renew when the plan was archived', async () => {
      const customer = await registerCustomer(t, { service: 'mess' });
      const plan = await createPlan({ duration_days: 1 });
      const subscription = (await subscribe(customer, plan.id)).body;
      await pay(customer, subscription.id);
      await t.request('DELETE', `/api/subscriptions/plans/${plan.id}/`, { token: owner });
      t.clock.advance(2 * 24 * 3600 * 1000);
      try {
        await relogin(customer);
        const renew = await t.request(
          'POST',
          `/api/subscriptions/subscriptions/${subscription.id}/renew/`,
          { token: customer.access },
        );
        expect(renew.status).toBe(400);
        expect(renew.body.error_code).toBe('subscription.plan_inactive');
      } finally {
        t.clock.advance(-2 * 24 * 3600 * 1000);
      }
    });

    it('gives a customer no way to set a subscription ACTIVE', async () => {
      const customer = await registerCustomer(t, { service: 'mess' });
      const plan = await createPlan();
      const pending = (await subscribe(customer, plan.id)).body;
      const path = `/api/subscriptions/subscriptions/${pending.id}/`;
      for (const method of ['PATCH', 'PUT']) {
        const answer = await t.request(method, path, {
          token: customer.access,
          body: { status: 'ACTIVE' },
        });
        expect(answer.status).toBeGreaterThanOrEqual(400);
      }
      const forged = await t.request('POST', '/api/payments/orders/verify_payment/', {
        token: customer.access,
        body: {
          razorpay_order_id: 'order_forged',
          razorpay_payment_id: 'pay_forged',
          razorpay_signature: 'f'.repeat(64),
        },
      });
      expect(forged.status).toBe(404);
      expect((await row(pending.id)).status).toBe('PENDING_PAYMENT');
    });
  });

  describe('daily jobs', () => {
    it('expires ended subscriptions once, reminds 3 days before the end once, and cleans stale orders', async () => {
      // The default schedule (3 days before the end), without quiet hours: the test runs at any hour.
      owner = await loginOwner(t);
      const noQuiet = await t.request('PUT', '/api/owner/settings/', {
        token: owner,
        body: {
          ...DEFAULT_SETTINGS,
          reminders: {
            ...DEFAULT_SETTINGS.reminders,
            quiet_hours: { start: '00:00', end: '00:00' },
          },
        },
      });
      expect(noQuiet.status).toBe(200);
      const customer = await registerCustomer(t, { service: 'mess' });
      const plan = await createPlan({ duration_days: 5 });
      const other = await createPlan();
      const subscription = (await subscribe(customer, plan.id)).body;
      await pay(customer, subscription.id);
      const day = 24 * 3600 * 1000;
      let moved = 0;
      try {
        // Day 1 of 5: the end is 4 days away, no reminder yet.
        await sendExpiryReminders(t.ctx);
        expect(await notifications(customer.id, 'subscription_expiring')).toEqual([]);
        // Day 2 of 5: the end is 3 days away.
        t.clock.advance(day);
        moved += day;
        await sendExpiryReminders(t.ctx);
        await sendExpiryReminders(t.ctx);
        t.clock.advance(day);
        moved += day;
        await sendExpiryReminders(t.ctx);
        const reminders = await notifications(customer.id, 'subscription_expiring');
        expect(reminders.map((log) => log.channel).sort()).toEqual(['email', 'sms']);
        await expireSubscriptions(t.ctx);
        expect((await row(subscription.id)).status).toBe('ACTIVE');

        t.clock.advance(4 * day);
        moved += 4 * day;
        expect(await expireSubscriptions(t.ctx)).toBeGreaterThanOrEqual(1);
        expect((await row(subscription.id)).status).toBe('EXPIRED');
        expect(await expireSubscriptions(t.ctx)).toBe(0);
        const expired = await notifications(customer.id, 'subscription_expired');
        expect(expired.map((log) => log.channel).sort()).toEqual(['email', 'sms']);

        await relogin(customer);
        // A stale open order is expired; a fresh one stays open.
        const pending = (await subscribe(customer, other.id)).body;
        const order = await t.request('POST', '/api/payments/orders/', {
          token: customer.access,
          body: { subscription: pending.id },
        });
        await cleanStaleOrders(t.ctx);
        const fresh = await t.ctx.db.kysely
          .selectFrom('payment_orders')
          .select('status')
          .where('order_id', '=', order.body.order_id)
          .executeTakeFirstOrThrow();
        expect(fresh.status).toBe('created');
        t.clock.advance(25 * 3600 * 1000);
        moved += 25 * 3600 * 1000;
        expect(await cleanStaleOrders(t.ctx)).toBeGreaterThanOrEqual(1);
        const stale = await t.ctx.db.kysely
          .selectFrom('payment_orders')
          .select('status')
          .where('order_id', '=', order.body.order_id)
          .executeTakeFirstOrThrow();
        expect(stale.status).toBe('expired');
        await relogin(customer);
        // A fresh order replaces it.
        const next = await t.request('POST', '/api/payments/orders/', {
          token: customer.access,
          body: { subscription: pending.id },
        });
        expect(next.status).toBe(201);
        expect(next.body.order_id).not.toBe(order.body.order_id);
      } finally {
        t.clock.advance(-moved);
        owner = await loginOwner(t);
      }
    });
  });
});

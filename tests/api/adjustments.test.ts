// The owner's end-date adjustments over HTTP: one subscription either way and every refusal, then
// "extend every active subscriber" moving each ACTIVE subscription exactly once under a retry, 50
// concurrent submissions and a run cut short, with non-active ones untouched and the audit entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, subscriptionRefusals } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { insertSubscription } from '../helpers/fixtures.js';

describe.each(testDatabases())('owner adjustments on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let alice: Customer;
  let bob: Customer;
  const day = (offset: number) => addDays(t.ctx.today(), offset);
  const db = () => t.ctx.db.kysely;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    alice = await registerCustomer(t, { service: 'mess' });
    bob = await registerCustomer(t, { service: 'tiffin', userType: 'regular' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const adjust = (id: number, body: Record<string, unknown>, token = owner) =>
    t.request('POST', `/api/subscriptions/subscriptions/${id}/adjust/`, { token, body });
  const adjustAll = (body: Record<string, unknown>) =>
    t.request('POST', '/api/subscriptions/subscriptions/adjust_all/', { token: owner, body });
  const row = (id: number) =>
    db().selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditOf = (action: string) =>
    db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
  /** Every subscription's stored end date, and whether every read shows it ACTIVE. */
  async function endDates() {
    const today = t.ctx.today();
    const rows = await db()
      .selectFrom('subscriptions')
      .select(['id', 'status', 'adjusted_end_date', 'base_end_date', 'leave_days'])
      .execute();
    return new Map(
      rows.map((r) => [
        r.id,
        {
          ...r,
          active:
            r.status === 'ACTIVE' && r.adjusted_end_date !== null && r.adjusted_end_date >= today,
        },
      ]),
    );
  }
  /** Every ACTIVE subscription moved by `days` exactly, every other one not at all. */
  function expectMovedOnce(
    before: Awaited<ReturnType<typeof endDates>>,
    after: Awaited<ReturnType<typeof endDates>>,
    days: number,
  ) {
    for (const [id, was] of before) {
      const now = after.get(id)!;
      expect({
        id,
        end: now.adjusted_end_date,
        base: now.base_end_date,
        leave: now.leave_days,
      }).toEqual({
        id,
        end:
          was.active && was.adjusted_end_date
            ? addDays(was.adjusted_end_date, days)
            : was.adjusted_end_date,
        base: was.base_end_date,
        leave: was.leave_days,
      });
    }
    return [...before.values()].filter((was) => was.active).length;
  }

  describe('one subscription', () => {
    it('extends the end date only: not leave days, not the paid period; one audit entry; the customer is told', async () => {
      const sub = await insertSubscription(t, alice.id);
      const auditBefore = (await auditOf('subscription.adjust')).length;
      const answer = await adjust(sub.id, { days: 3, reason: '  Kitchen closed for Diwali ' });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        id: sub.id,
        status: 'ACTIVE',
        base_end_date: sub.endDate,
        adjusted_end_date: addDays(sub.endDate, 3),
        leave_days: 0,
      });
      const stored = await row(sub.id);
      expect(stored).toMatchObject({
        adjusted_end_date: addDays(sub.endDate, 3),
        base_end_date: sub.endDate,
        leave_days: 0,
      });
      const history = await db()
        .selectFrom('subscription_adjustments')
        .selectAll()
        .where('subscription_id', '=', sub.id)
        .execute();
      expect(history).toEqual([
        expect.objectContaining({
          batch_id: null,
          days: 3,
          reason: 'Kitchen closed for Diwali',
          outcome: 'moved',
          before_end_date: sub.endDate,
          after_end_date: addDays(sub.endDate, 3),
          actor_username: 'owner',
        }),
      ]);
      const audit = await auditOf('subscription.adjust');
      expect(audit).toHaveLength(auditBefore + 1);
      const entry = audit.at(-1)!;
      expect(entry).toMatchObject({
        actor_username: 'owner',
        object_type: 'subscription',
        object_id: sub.id,
      });
      expect(entry.summary).toContain('Kitchen closed for Diwali');
      expect(JSON.parse(entry.before_json!)).toEqual({ adjusted_end_date: sub.endDate });
      expect(JSON.parse(entry.after_json!)).toEqual({
        adjusted_end_date: addDays(sub.endDate, 3),
        days: 3,
        reason: 'Kitchen closed for Diwali',
      });
      const sms = t.smsOutbox().filter((message) => message.to === `+91${alice.phone}`);
      expect(sms.at(-1)?.body).toMatch(
        /now ends on \d{1,2} [A-Z][a-z]{2} 20\d\d\. Reason: Kitchen closed for Diwali/,
      );
      const mail = t.mailOutbox().filter((text) => text.includes(alice.email));
      expect(mail.at(-1)).toContain('Reason: Kitchen closed for Diwali');
    });

    it('a free extension never becomes refund money: the cancel preview is the same before and after', async () => {
      const sub = await insertSubscription(t, alice.id, { startOffsetDays: -5 });
      await db()
        .insertInto('payments')
        .values({
          user_id: alice.id,
          subscription_id: sub.id,
          payment_order_id: null,
          status: 'SUCCESS',
          amount_paise: 300_000,
          currency: 'INR',
          transaction_id: `pay_adj_${dialect}_${sub.id}`,
          payment_gateway: 'sandbox',
          payment_mode: 'upi',
          failure_reason: null,
          utr: null,
          admin_comment: null,
          receipt_number: 900_000 + sub.id,
          razorpay_order_id: null,
          razorpay_payment_id: null,
          created_at: t.clock.now().toISOString(),
          updated_at: t.clock.now().toISOString(),
        })
        .execute();
      const preview = () =>
        t.request('GET', `/api/subscriptions/subscriptions/${sub.id}/cancel_preview/`, {
          token: alice.access,
        });
      const before = await preview();
      expect(before.status).toBe(200);
      expect((await adjust(sub.id, { days: 10, reason: 'Kitchen closed' })).status).toBe(200);
      const after = await preview();
      expect(after.body).toMatchObject({
        refund_amount: before.body.refund_amount,
        paid_days: before.body.paid_days,
        unused_paid_days: before.body.unused_paid_days,
        base_end_date: sub.endDate,
        adjusted_end_date: addDays(sub.endDate, 10),
      });
    });

    it('shortens by days given earlier, and no further: paid days and approved leave stay', async () => {
      const sub = await insertSubscription(t, bob.id, { serviceType: 'tiffin' });
      expect((await adjust(sub.id, { days: 4, reason: 'Closed for repairs' })).status).toBe(200);
      const back = await adjust(sub.id, { days: -3, reason: 'Repairs took one day' });
      expect(back.status).toBe(200);
      expect(back.body.adjusted_end_date).toBe(addDays(sub.endDate, 1));
      const tooFar = await adjust(sub.id, { days: -2, reason: 'Oops' });
      expect(tooFar.status).toBe(400);
      expect(tooFar.body).toEqual({
        non_field_errors: [subscriptionRefusals.guards.keepsPaidAndLeaveDays.message],
        error_code: 'subscription.shortens_paid_days',
      });
      // Approved leave is not the owner's to take back either.
      await db()
        .updateTable('subscriptions')
        .set({ leave_days: 2, adjusted_end_date: addDays(sub.endDate, 3) })
        .where('id', '=', sub.id)
        .execute();
      expect((await adjust(sub.id, { days: -2, reason: 'x' })).body.error_code).toBe(
        'subscription.shortens_paid_days',
      );
      const ok = await adjust(sub.id, { days: -1, reason: 'Back to the leave end' });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ adjusted_end_date: addDays(sub.endDate, 2), leave_days: 2 });
      expect((await row(sub.id)).adjusted_end_date).toBe(addDays(sub.endDate, 2));
    });

    it('refuses an end date before today', async () => {
      // Paid period ended 11 days ago; the owner had given 13 days, so it ends in 2 days.
      const sub = await insertSubscription(t, alice.id, { startOffsetDays: -40, durationDays: 30 });
      await db()
        .updateTable('subscriptions')
        .set({ adjusted_end_date: day(2) })
        .where('id', '=', sub.id)
        .execute();
      const answer = await adjust(sub.id, { days: -3, reason: 'Take some back' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        non_field_errors: [subscriptionRefusals.guards.keepsEndOnOrAfterToday.message],
        error_code: 'subscription.end_before_today',
      });
      const toToday = await adjust(sub.id, { days: -2, reason: 'Ends today' });
      expect(toToday.status).toBe(200);
      expect(toToday.body).toMatchObject({ adjusted_end_date: day(0), days_remaining: 1 });
    });

    it('refuses zero days with the machine sentence, and bad input per field', async () => {
      const sub = await insertSubscription(t, alice.id);
      const zero = await adjust(sub.id, { days: 0, reason: 'Nothing' });
      expect(zero.status).toBe(400);
      expect(zero.body).toEqual({
        non_field_errors: [subscriptionRefusals.guards.isNonZeroWholeDays.message],
        error_code: 'subscription.invalid_adjustment',
      });
      const tooMany = await adjust(sub.id, { days: 366, reason: 'Long' });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.days).toEqual(['Days must be between -365 and 365']);
      const fraction = await adjust(sub.id, { days: 1.5, reason: 'Half' });
      expect(fraction.body.days).toEqual(['Days must be a whole number']);
      const blank = await adjust(sub.id, { days: 2, reason: '   ' });
      expect(blank.status).toBe(400);
      expect(blank.body.reason).toEqual(['Reason is required']);
      expect((await adjust(sub.id, { days: 2 })).body.reason).toEqual(['Reason is required']);
      expect((await row(sub.id)).adjusted_end_date).toBe(sub.endDate);
    });

    it.each(['PENDING_PAYMENT', 'CANCELLED', 'EXPIRED', 'ACTIVE but ended'] as const)(
      'refuses a subscription that is %s',
      async (state) => {
        const sub =
          state === 'ACTIVE but ended'
            ? await insertSubscription(t, alice.id, { startOffsetDays: -31, durationDays: 30 })
            : await insertSubscription(t, alice.id, { status: state });
        const before = await row(sub.id);
        const answer = await adjust(sub.id, { days: 2, reason: 'Kitchen closed' });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({
          non_field_errors: [subscriptionRefusals.events['subscription.adjust'].message],
          error_code: 'subscription.not_active',
        });
        expect(await row(sub.id)).toEqual(before);
      },
    );

    it('is the owner’s: a customer gets 403, an unknown subscription 404', async () => {
      const sub = await insertSubscription(t, alice.id);
      expect((await adjust(sub.id, { days: 1, reason: 'Mine' }, alice.access)).status).toBe(403);
      expect((await adjust(999_999, { days: 1, reason: 'Nobody' })).status).toBe(404);
      expect((await row(sub.id)).adjusted_end_date).toBe(sub.endDate);
    });
  });

  describe('every active subscriber', () => {
    /** Customers with every kind of subscription, so the bulk has something to leave alone. */
    async function population() {
      for (const who of [alice, bob]) {
        await insertSubscription(t, who.id, { serviceType: who === bob ? 'tiffin' : 'mess' });
        await insertSubscription(t, who.id, { status: 'PENDING_PAYMENT' });
        await insertSubscription(t, who.id, { status: 'CANCELLED' });
        await insertSubscription(t, who.id, { status: 'EXPIRED', startOffsetDays: -40 });
        // Stored ACTIVE, but its end passed: every read says EXPIRED, so it must not move.
        await insertSubscription(t, who.id, { startOffsetDays: -31, durationDays: 30 });
      }
    }

    it('moves each ACTIVE subscription once, leaves the others, answers how many, and a retry moves nobody again', async () => {
      await population();
      const before = await endDates();
      const auditBefore = (await auditOf('subscription.adjust_all')).length;
      const first = await adjustAll({ days: 2, reason: 'Kitchen closed for Holi' });
      expect(first.status).toBe(200);
      const after = await endDates();
      const active = expectMovedOnce(before, after, 2);
      expect(active).toBeGreaterThanOrEqual(2);
      expect(first.body).toMatchObject({
        days: 2,
        reason: 'Kitchen closed for Holi',
        business_date: t.ctx.today(),
        actor: 'owner',
        targeted: active,
        moved: active,
        skipped: 0,
        replayed: false,
      });
      expect(first.body.completed_at).not.toBeNull();
      // The same request again (a retry after a lost answer): the same operation, nothing moves.
      const retry = await adjustAll({ days: 2, reason: 'kitchen  closed for holi ' });
      expect(retry.status).toBe(200);
      expect(retry.body).toMatchObject({ id: first.body.id, moved: active, replayed: true });
      expect(await endDates()).toEqual(after);
      const audit = await auditOf('subscription.adjust_all');
      expect(audit).toHaveLength(auditBefore + 1);
      expect(audit.at(-1)).toMatchObject({
        object_type: 'adjustment_batch',
        object_id: first.body.id,
        before_json: null,
      });
      expect(JSON.parse(audit.at(-1)!.after_json!)).toMatchObject({
        days: 2,
        subscriptions: active,
      });
      // Each moved customer is told once, after the answer.
      await t.settle();
      const notices = await db()
        .selectFrom('notification_logs')
        .select(['user_id', 'channel'])
        .where('notification_type', '=', 'subscription_adjusted')
        .where('dedupe_key', 'like', `subscription-adjusted:${first.body.id}:%`)
        .execute();
      expect(notices.filter((n) => n.channel === 'sms')).toHaveLength(active);
      expect(notices.filter((n) => n.channel === 'email')).toHaveLength(active);
    });

    it('50 concurrent submissions of one operation move each subscription exactly once', async () => {
      await population();
      const before = await endDates();
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          adjustAll({ days: 3, reason: 'Double click', operation_key: `dbl-${dialect}-50x` }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      const after = await endDates();
      const active = expectMovedOnce(before, after, 3);
      expect(answers.filter((answer) => !answer.body.replayed)).toHaveLength(1);
      for (const answer of answers) {
        expect(answer.body).toMatchObject({ targeted: active, moved: active, skipped: 0 });
      }
      expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
      const batches = await db()
        .selectFrom('adjustment_batches')
        .select('id')
        .where('operation_key', '=', `dbl-${dialect}-50x`)
        .execute();
      expect(batches).toHaveLength(1);
      const audit = (await auditOf('subscription.adjust_all')).filter(
        (entry) => entry.object_id === batches[0]!.id,
      );
      expect(audit).toHaveLength(1);
    });

    it('a run cut short half-way is finished by the retry, moving nobody twice', async () => {
      await population();
      const before = await endDates();
      const ownerUser = await db()
        .selectFrom('users')
        .selectAll()
        .where('username', '=', 'owner')
        .executeTakeFirstOrThrow();
      const { adjustments } = t.ctx.stores;
      const { batch } = await adjustments.begin(ownerUser, { days: 1, reason: 'Power cut' });
      // The server stops after the first two subscriptions.
      const movedFirst = await adjustments.applyPending(batch, { chunkSize: 2, maxChunks: 1 });
      expect(movedFirst).toHaveLength(2);
      const half = await endDates();
      const retry = await adjustAll({ days: 1, reason: 'Power cut' });
      expect(retry.status).toBe(200);
      const active = expectMovedOnce(before, await endDates(), 1);
      expect(active).toBeGreaterThan(2);
      expect(retry.body).toMatchObject({ replayed: true, targeted: active, moved: active });
      expect(retry.body.completed_at).not.toBeNull();
      // The two moved before the stop were not moved again.
      for (const moved of movedFirst) {
        expect((await row(moved.id)).adjusted_end_date).toBe(half.get(moved.id)!.adjusted_end_date);
      }
    });

    it('skips a listed subscription cancelled before its turn', async () => {
      const sub = await insertSubscription(t, bob.id, { serviceType: 'tiffin' });
      const ownerUser = await db()
        .selectFrom('users')
        .selectAll()
        .where('username', '=', 'owner')
        .executeTakeFirstOrThrow();
      const { adjustments } = t.ctx.stores;
      const { batch } = await adjustments.begin(ownerUser, { days: 5, reason: 'Skip test' });
      await db()
        .updateTable('subscriptions')
        .set({ status: 'CANCELLED' })
        .where('id', '=', sub.id)
        .execute();
      const answer = await adjustAll({ days: 5, reason: 'Skip test' });
      expect(answer.body).toMatchObject({
        id: batch.id,
        skipped: 1,
        moved: batch.target_count - 1,
      });
      expect((await row(sub.id)).adjusted_end_date).toBe(sub.endDate);
      const listed = await db()
        .selectFrom('subscription_adjustments')
        .selectAll()
        .where('batch_id', '=', batch.id)
        .where('subscription_id', '=', sub.id)
        .executeTakeFirstOrThrow();
      expect(listed).toMatchObject({ outcome: 'skipped', refusal_code: 'subscription.not_active' });
    });

    it('refuses an operation key reused for other days or another reason, and bad input per field', async () => {
      const first = await adjustAll({
        days: 1,
        reason: 'Keyed',
        operation_key: `key-${dialect}-1`,
      });
      expect(first.status).toBe(200);
      const reused = await adjustAll({
        days: 2,
        reason: 'Keyed',
        operation_key: `key-${dialect}-1`,
      });
      expect(reused.status).toBe(400);
      expect(reused.body).toEqual({
        non_field_errors: [
          'This operation key was already used for another adjustment (other days or reason).',
        ],
        error_code: 'adjustment.key_reused',
      });
      expect((await adjustAll({ days: 0, reason: 'x' })).body.days).toEqual([
        'Days must be between 1 and 365',
      ]);
      expect((await adjustAll({ days: -1, reason: 'x' })).status).toBe(400);
      expect((await adjustAll({ days: 1, reason: ' ' })).body.reason).toEqual([
        'Reason is required',
      ]);
      expect(
        (await adjustAll({ days: 1, reason: 'x', operation_key: 'bad key!' })).body.operation_key,
      ).toHaveLength(1);
      const customer = await t.request('POST', '/api/subscriptions/subscriptions/adjust_all/', {
        token: alice.access,
        body: { days: 1, reason: 'Me' },
      });
      expect(customer.status).toBe(403);
    });
  });
});

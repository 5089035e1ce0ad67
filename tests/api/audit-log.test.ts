// The owner's audit log: append-only on both databases whatever the code does, one entry per owner
// action with the right before/after, GET /api/audit/ with its filters, paging and roles, and each
// entry's action and summary in the reader's language.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';
import { insertSubscription } from '../helpers/fixtures.js';

describe.each(testDatabases())('audit log on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;
  let alice: Customer;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    api = commerce(t, () => owner, { codePrefix: `AUD${dialect}` });
    alice = await registerCustomer(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const entries = () => t.ctx.db.kysely.selectFrom('audit_log').selectAll().orderBy('id').execute();

  /** Runs `action` and returns the audit entries it added (there must be exactly one). */
  async function oneEntry(action: () => Promise<{ status: number }>, okStatus = 200) {
    const before = (await entries()).length;
    expect((await action()).status).toBe(okStatus);
    const added = (await entries()).slice(before);
    expect(added).toHaveLength(1);
    const [entry] = added;
    return {
      ...entry!,
      before: entry!.before_json === null ? null : JSON.parse(entry!.before_json),
      after: entry!.after_json === null ? null : JSON.parse(entry!.after_json),
    };
  }

  describe('is append-only', () => {
    it.each([
      ['UPDATE', sql`update audit_log set summary = 'rewritten'`],
      ['DELETE', sql`delete from audit_log`],
    ])('an %s on audit_log fails and changes nothing', async (_kind, statement) => {
      await api.plan();
      const before = await entries();
      expect(before.length).toBeGreaterThan(0);
      await expect(statement.execute(t.ctx.db.kysely)).rejects.toThrow(/append-only/);
      expect(await entries()).toEqual(before);
    });
  });

  describe('each owner action writes exactly one entry, with the fields before and after', () => {
    it('leave.approve', async () => {
      const { subscriptionId } = await api.activeSubscription(alice);
      const leaveId = await api.pendingLeave(alice, subscriptionId);
      const entry = await oneEntry(() => api.leaveAction(leaveId, 'approve', 'Enjoy'));
      expect(entry).toMatchObject({
        action: 'leave.approve',
        object_type: 'leave',
        object_id: leaveId,
        actor_username: 'owner',
        before: { status: 'PENDING', admin_comment: null },
        after: { status: 'APPROVED', admin_comment: 'Enjoy' },
      });
    });

    it('refund.mark_paid', async () => {
      const customer = await registerCustomer(t);
      const { refundId } = await api.cancelledWithRefund(customer);
      expect((await api.refundAction(refundId, 'approve', { admin_comment: 'ok' })).status).toBe(
        200,
      );
      const entry = await oneEntry(() =>
        api.refundAction(refundId, 'mark_paid', { admin_comment: 'Sent', utr: 'UTIB0001' }),
      );
      expect(entry).toMatchObject({
        action: 'refund.mark_paid',
        object_type: 'refund',
        object_id: refundId,
        before: { status: 'APPROVED', admin_comment: 'ok', utr: null },
        after: { status: 'PAID', admin_comment: 'Sent', utr: 'UTIB0001' },
      });
    });

    it('feedback.respond', async () => {
      const customer = await registerCustomer(t);
      const feedbackId = await api.openFeedback(customer);
      const entry = await oneEntry(() => api.respond(feedbackId, 'Salad from Monday.'));
      expect(entry).toMatchObject({
        action: 'feedback.respond',
        object_type: 'feedback',
        object_id: feedbackId,
        before: { status: 'open', admin_response: null },
        after: { admin_response: 'Salad from Monday.' },
      });
    });

    it('plan.update', async () => {
      const plan = await api.plan({ name: 'Before name' });
      const entry = await oneEntry(() =>
        t.request('PATCH', `/api/subscriptions/plans/${plan.id}/`, {
          token: owner,
          body: { name: 'After name' },
        }),
      );
      expect(entry).toMatchObject({
        action: 'plan.update',
        object_type: 'plan',
        object_id: plan.id,
        before: { name: 'Before name' },
        after: { name: 'After name' },
      });
    });

    it('subscription.adjust', async () => {
      const sub = await insertSubscription(t, alice.id);
      const entry = await oneEntry(() =>
        t.request('POST', `/api/subscriptions/subscriptions/${sub.id}/adjust/`, {
          token: owner,
          body: { days: 2, reason: 'Kitchen closed' },
        }),
      );
      expect(entry).toMatchObject({
        action: 'subscription.adjust',
        object_type: 'subscription',
        object_id: sub.id,
        before: { adjusted_end_date: sub.endDate },
        after: { adjusted_end_date: addDays(sub.endDate, 2), days: 2, reason: 'Kitchen closed' },
      });
    });

    it('a refused action writes nothing', async () => {
      const sub = await insertSubscription(t, alice.id, { status: 'CANCELLED' });
      const before = (await entries()).length;
      const refused = await t.request(
        'POST',
        `/api/subscriptions/subscriptions/${sub.id}/adjust/`,
        {
          token: owner,
          body: { days: 2, reason: 'Kitchen closed' },
        },
      );
      expect(refused.status).toBe(400);
      expect(await entries()).toHaveLength(before);
    });
  });

  describe('GET /api/audit/', () => {
    const list = (query = '', token = owner) => t.request('GET', `/api/audit/${query}`, { token });

    it('lists newest first with before/after as objects and the total in X-Total-Count', async () => {
      const all = await entries();
      const answer = await list('?limit=2');
      expect(answer.status).toBe(200);
      expect(Number(answer.headers['x-total-count'])).toBe(all.length);
      expect(answer.body).toHaveLength(2);
      const newest = all.at(-1)!;
      expect(answer.body[0]).toEqual({
        id: newest.id,
        at: newest.at,
        actor: newest.actor_username,
        actor_id: newest.actor_id,
        actor_role: newest.actor_role,
        action: newest.action,
        action_label: expect.any(String),
        object_type: newest.object_type,
        object_id: newest.object_id,
        summary: newest.summary,
        before: newest.before_json === null ? null : JSON.parse(newest.before_json),
        after: newest.after_json === null ? null : JSON.parse(newest.after_json),
      });
      // The owner acted: the role is recorded with the actor.
      expect(newest.actor_role).toBe('mess_owner');
      expect(answer.body[1].id).toBeLessThan(answer.body[0].id);
      const second = await list('?limit=2&offset=1');
      expect(second.body[0].id).toBe(answer.body[1].id);
    });

    it('filters by action, action family, object, actor and business dates', async () => {
      const all = await entries();
      const exact = await list('?action=refund.mark_paid&limit=500');
      expect(exact.body.map((e: { id: number }) => e.id)).toEqual(
        all
          .filter((e) => e.action === 'refund.mark_paid')
          .map((e) => e.id)
          .reverse(),
      );
      const family = await list('?action=refund&limit=500');
      const refundActions = all.filter((e) => e.action.startsWith('refund.'));
      expect(refundActions.length).toBeGreaterThanOrEqual(2);
      expect(Number(family.headers['x-total-count'])).toBe(refundActions.length);
      const plan = all.find((e) => e.action === 'plan.update')!;
      const byObject = await list(`?object_type=plan&object_id=${plan.object_id}`);
      expect(byObject.body.map((e: { action: string }) => e.action)).toContain('plan.update');
      expect(
        byObject.body.every((e: { object_id: number }) => e.object_id === plan.object_id),
      ).toBe(true);
      expect(Number((await list('?actor=owner')).headers['x-total-count'])).toBe(all.length);
      expect(Number((await list('?actor=nobody')).headers['x-total-count'])).toBe(0);
      const today = t.ctx.today();
      expect(
        Number((await list(`?date_from=${today}&date_to=${today}`)).headers['x-total-count']),
      ).toBe(all.length);
      expect(Number((await list(`?date_to=${addDays(today, -1)}`)).headers['x-total-count'])).toBe(
        0,
      );
      expect(Number((await list(`?date_from=${addDays(today, 1)}`)).headers['x-total-count'])).toBe(
        0,
      );
      expect((await list('?date_from=1999-01-01')).status).toBe(400);
    });

    it('is for the owner only', async () => {
      expect((await list('', alice.access)).status).toBe(403);
      expect((await t.request('GET', '/api/audit/')).status).toBe(401);
    });
  });
  describe('in the reader’s language', () => {
    const read = async (query: string, language?: 'en' | 'hi') => {
      const answer = await t.request('GET', `/api/audit/${query}`, {
        token: owner,
        ...(language ? { headers: { 'accept-language': language } } : {}),
      });
      expect(answer.status).toBe(200);
      return answer.body as { id: number; action_label: string; summary: string }[];
    };

    it('names the action and says what happened in English or in Hindi, from one entry', async () => {
      const bina = await registerCustomer(t);
      const { subscriptionId } = await api.activeSubscription(bina);
      const leaveId = await api.pendingLeave(bina, subscriptionId);
      const entry = await oneEntry(() => api.leaveAction(leaveId, 'approve', 'Enjoy'));
      const query = `?object_type=leave&object_id=${leaveId}`;
      const [english] = await read(query, 'en');
      const [hindi] = await read(query, 'hi');
      expect(english).toMatchObject({ id: entry.id, action_label: 'Leave approved' });
      expect(english!.summary).toMatch(
        new RegExp(`^Approved leave #${leaveId} \\(.+ to .+, 3 days\\)\\. Comment: “Enjoy”$`),
      );
      expect(hindi).toMatchObject({ id: entry.id, action_label: 'छुट्टी स्वीकृत' });
      expect(hindi!.summary).toMatch(
        new RegExp(`^छुट्टी #${leaveId} स्वीकृत की \\(.+ से .+, 3 दिन\\)। टिप्पणी: “Enjoy”$`),
      );
      // Without a language (dabba, curl): English, as the entry keeps it.
      expect((await read(query))[0]!.summary).toBe(english!.summary);
      expect(entry.summary).toBe(english!.summary);
    });

    it('writes a plan’s Hindi name for a reader of Hindi, the English one otherwise', async () => {
      const plan = await api.plan({ name: 'Full Thali', name_hi: 'पूरी थाली' });
      const query = `?action=plan.create&object_type=plan&object_id=${plan.id}`;
      expect((await read(query, 'en'))[0]!.summary).toBe(`Created plan ${plan.code} “Full Thali”.`);
      expect((await read(query, 'hi'))[0]!.summary).toBe(`प्लान ${plan.code} “पूरी थाली” बनाया।`);
    });

    it('shows an entry written before summaries were kept as messages as it was written', async () => {
      const at = new Date().toISOString();
      const legacy = await t.ctx.db.kysely
        .insertInto('audit_log')
        .values({
          at,
          actor_id: null,
          actor_username: 'owner',
          action: 'plan.retire',
          object_type: 'plan',
          object_id: null,
          summary: 'Retired plan OLD "Old thali".',
          before_json: null,
          after_json: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const language of ['en', 'hi'] as const) {
        const found = (await read('?action=plan.retire', language)).find(
          (row) => row.id === legacy.id,
        );
        // An action this server has no name for reads as its code.
        expect(found).toMatchObject({
          action_label: 'plan.retire',
          summary: 'Retired plan OLD "Old thali".',
        });
      }
    });

    it('calls an erased customer by the words the app has for them, in each language', async () => {
      const erased = await t.ctx.db.kysely
        .insertInto('audit_log')
        .values({
          at: new Date().toISOString(),
          actor_id: 1,
          actor_username: 'owner',
          actor_role: 'mess_owner',
          action: 'subscription.adjust',
          object_type: 'subscription',
          object_id: 45,
          summary:
            'Extended subscription #45 of Erased customer #45 by 2 days, to 1 Dec 2026: Rain',
          summary_key: 'audit.summary.subscription.extend',
          summary_values: JSON.stringify({
            id: 45,
            customer: 'erased-45',
            days: 2,
            end: { date: '2026-12-01' },
            reason: 'Rain',
          }),
          before_json: null,
          after_json: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const one = async (language: 'en' | 'hi') =>
        (await read('?action=subscription.adjust&limit=500', language)).find(
          (row) => row.id === erased.id,
        )!.summary;
      expect(await one('en')).toBe(
        'Extended subscription #45 of Erased customer #45 by 2 days, to 1 Dec 2026: Rain',
      );
      expect(await one('hi')).toMatch(
        /^मिटाया गया ग्राहक #45 की सदस्यता #45 2 दिन बढ़ाई, .+ तक: Rain$/,
      );
    });

    it('keeps the space before a part of a sentence: "₹500 (UTR …)", never "₹500(UTR …)"', async () => {
      const paid = await t.ctx.db.kysely
        .insertInto('audit_log')
        .values({
          at: new Date().toISOString(),
          actor_id: 1,
          actor_username: 'owner',
          actor_role: 'mess_owner',
          action: 'refund.mark_paid',
          object_type: 'refund',
          object_id: 7,
          summary: 'Paid refund #7 of ₹500 (UTR UTR123).',
          summary_key: 'audit.summary.refund.mark_paid',
          summary_values: JSON.stringify({
            id: 7,
            amount: { money: 50000 },
            utr: { message: 'audit.part.utr', values: { utr: 'UTR123' } },
            payout: '',
            comment: '',
          }),
          before_json: null,
          after_json: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = (await read('?action=refund.mark_paid&limit=500', 'en')).find(
        (entry) => entry.id === paid.id,
      )!;
      expect(row.summary).toBe('Paid refund #7 of ₹500 (UTR UTR123).');
    });
  });
});

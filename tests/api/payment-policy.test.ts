// The payment policy (Settings → Payments) at its seams, on both databases (issue 35): a dues
// limit of 0 with dues allowed means nothing and is refused under its field; and a change of policy
// that now allows some part-paid subscriptions awaiting payment to start lists them, for the owner
// to start in one audited step.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';

const SETTINGS = '/api/owner/settings/';
const STARTABLE = '/api/owner/settings/payments/startable/';
const PRICE = 3000;

describe.each(testDatabases())('the payment policy on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;
  let planId: number;
  let phoneCounter = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    api = commerce(t, () => owner, {
      codePrefix: 'POLICY',
      planDefaults: { name: 'Policy plan', base_price: PRICE },
    });
    planId = (await api.plan({ name: 'Policy plan' })).id;
  });
  beforeEach(async () => {
    owner = await loginOwner(t);
    expect((await setPolicy({ activation: 'full_payment', max_dues: 0 })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const setPolicy = (payments: { activation: string; max_dues: number }, language?: 'hi') =>
    t.request('PUT', SETTINGS, {
      token: owner,
      ...(language ? { headers: { 'Accept-Language': language } } : {}),
      body: { ...DEFAULT_SETTINGS, payments: { ...DEFAULT_SETTINGS.payments, ...payments } },
    });
  const walkIn = async (amount: number) => {
    phoneCounter += 1;
    const answer = await t.request('POST', '/api/payments/admin/walk-ins/', {
      token: owner,
      body: {
        first_name: 'Meena',
        phone: `74${String(process.pid % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`,
        user_type: 'regular',
        plan: planId,
        amount,
        payment_mode: 'cash',
        start: 'when_paid',
      },
    });
    expect(answer.status).toBe(201);
    return answer.body.subscription.id as number;
  };
  const statusOf = async (id: number) =>
    (
      await t.ctx.db.kysely
        .selectFrom('subscriptions')
        .select(['status', 'start_date'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('refuses a dues limit of 0 with dues allowed under its field, in English and Hindi', async () => {
    const refused = await setPolicy({ activation: 'dues_allowed', max_dues: 0 });
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('settings.max_dues_zero');
    expect(refused.body['payments.max_dues']).toEqual([
      'With dues allowed, enter the most a subscription may owe and still start (at least ₹1); to wait for full payment, choose full payment.',
    ]);
    const hindi = await setPolicy({ activation: 'dues_allowed', max_dues: 0 }, 'hi');
    expect(hindi.status).toBe(400);
    expect(hindi.body['payments.max_dues']).toEqual([
      'बकाया की अनुमति के साथ वह सबसे बड़ी रकम लिखें जो सदस्यता बकाया रखकर भी शुरू हो सके (कम से कम ₹1); पूरे भुगतान का इंतज़ार करने के लिए पूरा भुगतान चुनें।',
    ]);
    // Nothing was saved; full payment with 0 stays as meaningful as ever.
    const saved = await t.request('GET', SETTINGS, { token: owner });
    expect(saved.body.payments).toMatchObject({ activation: 'full_payment', max_dues: 0 });
    expect((await setPolicy({ activation: 'dues_allowed', max_dues: 1 })).status).toBe(200);
  });

  it('after a policy change, lists the part-paid subscriptions it now allows and starts them in one audited step', async () => {
    const owesTwoThousand = await walkIn(1000);
    const owesEverything = await walkIn(0);
    // Online: paid ₹2,500 of ₹3,000 at the counter; and one never paid for (not listed: the
    // customer has not bought it yet, only asked for it).
    const asha = await registerCustomer(t, { service: 'mess' });
    const partPaid = await api.pendingSubscription(asha);
    const recorded = await t.request('POST', '/api/payments/admin/payments/record_offline/', {
      token: owner,
      body: { subscription: partPaid.subscriptionId, amount: 2500, payment_mode: 'cash' },
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body.subscription.status).toBe('PENDING_PAYMENT');
    const ravi = await registerCustomer(t, { service: 'mess' });
    const unpaid = await api.pendingSubscription(ravi);

    // Under full payment nothing may start.
    const before = await t.request('GET', STARTABLE, { token: owner });
    expect(before.status).toBe(200);
    expect(before.body.subscriptions).toEqual([]);

    expect((await setPolicy({ activation: 'dues_allowed', max_dues: 2500 })).status).toBe(200);
    const listed = await t.request('GET', STARTABLE, { token: owner });
    expect(listed.status).toBe(200);
    const ids = (listed.body.subscriptions as { id: number }[]).map((row) => row.id);
    expect(ids).toContain(owesTwoThousand);
    expect(ids).toContain(partPaid.subscriptionId);
    expect(ids).not.toContain(owesEverything);
    expect(ids).not.toContain(unpaid.subscriptionId);
    expect(listed.body.subscriptions).toContainEqual(
      expect.objectContaining({
        id: partPaid.subscriptionId,
        status: 'PENDING_PAYMENT',
        amount_due: 500,
      }),
    );
    // The list is the owner's, not a manager's to act on or a customer's to read.
    expect((await t.request('GET', STARTABLE, { token: asha.access })).status).toBe(403);

    // One step starts what was listed; an id the policy does not allow is left as it is.
    const started = await t.request('POST', `${STARTABLE}start/`, {
      token: owner,
      body: { subscriptions: [...ids, owesEverything] },
    });
    expect(started.status).toBe(200);
    expect(
      (started.body.started as { id: number; status: string }[]).map((row) => row.id).sort(),
    ).toEqual([...ids].sort());
    expect(started.body.not_started).toEqual([owesEverything]);
    expect(started.body.detail).toBe(`Started ${ids.length} subscriptions.`);
    for (const id of ids) expect(await statusOf(id)).toBe('ACTIVE');
    expect(await statusOf(owesEverything)).toBe('PENDING_PAYMENT');
    expect(await statusOf(unpaid.subscriptionId)).toBe('PENDING_PAYMENT');
    const audit = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .select(['object_id', 'summary'])
      .where('action', '=', 'subscription.start_with_dues')
      .execute();
    expect(audit.map((row) => Number(row.object_id)).sort()).toEqual([...ids].sort());
    expect(audit.find((row) => Number(row.object_id) === partPaid.subscriptionId)?.summary).toBe(
      `Started subscription #${partPaid.subscriptionId} of ${asha.username} with ₹500 still due, as the payment policy now allows (dues up to ₹2,500).`,
    );
    // Started once: sent again, nothing is left to start.
    const again = await t.request('POST', `${STARTABLE}start/`, {
      token: owner,
      body: { subscriptions: ids },
    });
    expect(again.status).toBe(200);
    expect(again.body.started).toEqual([]);
    expect((await t.request('GET', STARTABLE, { token: owner })).body.subscriptions).toEqual([]);
  });

  it('20 concurrent starts of the same subscriptions start each once', async () => {
    const ids = [await walkIn(2000), await walkIn(2000)];
    expect((await setPolicy({ activation: 'dues_allowed', max_dues: 1000 })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request('POST', `${STARTABLE}start/`, { token: owner, body: { subscriptions: ids } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const startedIds = answers.flatMap((answer) =>
      (answer.body.started as { id: number }[]).map((row) => row.id),
    );
    expect(startedIds.sort()).toEqual([...ids].sort());
    const audit = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .select('object_id')
      .where('action', '=', 'subscription.start_with_dues')
      .where('object_id', 'in', ids)
      .execute();
    expect(audit).toHaveLength(2);
  });
});

// The active subscription is answered from memory while the customer's data_version stands still.
// These hold that it never answers from a stale entry: every change the answer shows moves the
// version (whoever writes it, even a hand-run UPDATE), a new day is a new answer, and a second
// instance on the same PostgreSQL sees the first one's changes at once.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@machines';
import { createReadCache, createSharedAnswers } from '../../server/platform/read-cache.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { commerce, type Commerce } from '../helpers/commerce.js';

const ACTIVE = '/api/subscriptions/subscriptions/active/';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('the read cache', () => {
  const user = (data_version: number) => ({ id: 7, data_version });
  const counting = () => {
    let loads = 0;
    return {
      load: async () => `answer ${++loads}`,
      get loads() {
        return loads;
      },
    };
  };

  it('answers from memory while the version and the day stand still', async () => {
    const cache = createReadCache<string>(10);
    const source = counting();
    expect(await cache.read(user(1), '2026-11-24', source.load)).toBe('answer 1');
    expect(await cache.read(user(1), '2026-11-24', source.load)).toBe('answer 1');
    expect(source.loads).toBe(1);
  });

  it('reads again when the version moves or the day changes', async () => {
    const cache = createReadCache<string>(10);
    const source = counting();
    await cache.read(user(1), '2026-11-24', source.load);
    expect(await cache.read(user(2), '2026-11-24', source.load)).toBe('answer 2');
    expect(await cache.read(user(2), '2026-11-25', source.load)).toBe('answer 3');
    expect(await cache.read(user(2), '2026-11-25', source.load)).toBe('answer 3');
  });

  it('an older read finishing last is not served to a newer version', async () => {
    const cache = createReadCache<string>(10);
    let release: () => void = () => {};
    const slow = cache.read(
      user(1),
      'day',
      () => new Promise<string>((resolve) => (release = () => resolve('old'))),
    );
    expect(await cache.read(user(2), 'day', async () => 'new')).toBe('new');
    release();
    expect(await slow).toBe('old');
    expect(await cache.read(user(2), 'day', async () => 'read again')).toBe('read again');
  });

  it('keeps at most its capacity, dropping the entry written longest ago', async () => {
    const cache = createReadCache<string>(2);
    const source = counting();
    for (const id of [1, 2, 3]) await cache.read({ id, data_version: 0 }, 'day', source.load);
    expect(cache.size).toBe(2);
    await cache.read({ id: 3, data_version: 0 }, 'day', source.load);
    await cache.read({ id: 2, data_version: 0 }, 'day', source.load);
    expect(source.loads).toBe(3);
    await cache.read({ id: 1, data_version: 0 }, 'day', source.load);
    expect(source.loads).toBe(4);
  });
});

describe.each(testDatabases())('data_version on %s', (dialect) => {
  let t: TestApp;
  let shop: Commerce;
  let alice: Customer;
  let bob: Customer;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const owner = await loginOwner(t);
    shop = commerce(t, owner, { codePrefix: 'VERSION' });
    alice = await registerCustomer(t);
    bob = await registerCustomer(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const versions = async () => {
    const rows = await t.ctx.db.kysely
      .selectFrom('users')
      .select(['id', 'data_version'])
      .where('id', 'in', [alice.id, bob.id])
      .execute();
    const of = (id: number) => Number(rows.find((row) => row.id === id)!.data_version);
    return { alice: of(alice.id), bob: of(bob.id) };
  };

  /** Runs `change` and answers by how much each customer's version moved. */
  const moves = async (change: () => Promise<unknown>) => {
    const before = await versions();
    await change();
    const after = await versions();
    return { alice: after.alice - before.alice, bob: after.bob - before.bob };
  };

  it("moves with every write to the customer's subscriptions, payments and refunds, and only theirs", async () => {
    const db = t.ctx.db.kysely;
    const { subscriptionId, plan, payment } = await shop.activeSubscription(alice);
    const moved =
      (expected: { alice: boolean; bob: boolean }) => (result: { alice: number; bob: number }) =>
        expect({ alice: result.alice > 0, bob: result.bob > 0 }).toEqual(expected);
    const onlyAlice = moved({ alice: true, bob: false });

    onlyAlice(
      await moves(() =>
        db
          .updateTable('subscriptions')
          .set({ leave_days: 1 })
          .where('id', '=', subscriptionId)
          .execute(),
      ),
    );
    onlyAlice(
      await moves(() =>
        db
          .updateTable('payments')
          .set({ admin_comment: 'Seen' })
          .where('id', '=', payment.id)
          .execute(),
      ),
    );
    const second = await shop.pendingSubscription(alice);
    onlyAlice(
      await moves(() =>
        db.deleteFrom('subscriptions').where('id', '=', second.subscriptionId).execute(),
      ),
    );
    // A plan's edit reaches its subscribers.
    onlyAlice(
      await moves(() =>
        db.updateTable('plans').set({ name: 'Renamed' }).where('id', '=', plan.id).execute(),
      ),
    );
    // The names a read shows move it; a sign-in's bookkeeping does not.
    onlyAlice(
      await moves(() =>
        db.updateTable('users').set({ first_name: 'Alicia' }).where('id', '=', alice.id).execute(),
      ),
    );
    moved({ alice: false, bob: false })(
      await moves(() =>
        db
          .updateTable('users')
          .set({ last_login: new Date().toISOString() })
          .where('id', '=', alice.id)
          .execute(),
      ),
    );
    // A refund: cancelling writes the subscription and inserts the refund.
    const cancelled = await shop.cancelledWithRefund(bob);
    const refundMoves = await moves(() =>
      db
        .updateTable('refunds')
        .set({ admin_comment: 'Checked' })
        .where('id', '=', cancelled.refundId)
        .execute(),
    );
    moved({ alice: false, bob: true })(refundMoves);
  });
});

describe.each(testDatabases())('GET the active subscription from memory on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let shop: Commerce;
  let alice: Customer;
  let subscriptionId: number;
  let planId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    shop = commerce(t, owner, { codePrefix: 'CACHE' });
    alice = await registerCustomer(t);
    ({
      subscriptionId,
      plan: { id: planId },
    } = await shop.activeSubscription(alice));
  });
  afterAll(async () => {
    await t?.close();
  });

  const active = (fresh = false) =>
    t.request('GET', ACTIVE, {
      token: alice.access,
      headers: fresh ? { 'cache-control': 'no-cache' } : {},
    });

  /** The remembered answer, held to one read from the database. */
  async function read() {
    const [remembered, fresh] = [await active(), await active(true)];
    expect(remembered.status).toBe(fresh.status);
    expect(remembered.body).toEqual(fresh.body);
    return remembered;
  }

  it('shows each change the moment it is made', async () => {
    const first = await read();
    expect(first.status).toBe(200);
    expect((await active()).body).toEqual(first.body);

    const leave = await shop.pendingLeave(alice, subscriptionId, { start: 2, end: 4 });
    expect((await shop.leaveAction(leave, 'approve', 'Enjoy')).status).toBe(200);
    const afterLeave = await read();
    expect(afterLeave.body.leave_days).toBe(3);
    expect(afterLeave.body.adjusted_end_date).toBe(addDays(first.body.adjusted_end_date, 3));

    const renamed = await t.request('PATCH', `/api/subscriptions/plans/${planId}/`, {
      token: owner,
      body: { name: 'Thali for the term' },
    });
    expect(renamed.status).toBe(200);
    expect((await read()).body.plan.name).toBe('Thali for the term');

    const adjusted = await t.request(
      'POST',
      `/api/subscriptions/subscriptions/${subscriptionId}/adjust/`,
      { token: owner, body: { days: 2, reason: 'Kitchen closed for Diwali' } },
    );
    expect(adjusted.status).toBe(200);
    expect((await read()).body.adjusted_end_date).toBe(addDays(first.body.adjusted_end_date, 5));

    await t.ctx.db.kysely
      .updateTable('users')
      .set({ first_name: 'Alicia', last_name: 'Rao' })
      .where('id', '=', alice.id)
      .execute();
    expect((await read()).body.user.full_name).toBe('Alicia Rao');
  });

  it('a new day is a new answer', async () => {
    const today = await read();
    t.clock.advance(DAY_MS);
    try {
      await shop.relogin(alice);
      const tomorrow = await read();
      expect(tomorrow.body.days_remaining).toBe(today.body.days_remaining - 1);
    } finally {
      t.clock.advance(-DAY_MS);
      await shop.relogin(alice);
    }
  });

  it('a hand-run UPDATE and a cancellation are seen at once', async () => {
    expect((await read()).status).toBe(200);
    await shop.endYesterday(subscriptionId);
    expect((await read()).status).toBe(404);
    await t.ctx.db.kysely
      .updateTable('subscriptions')
      .set({ adjusted_end_date: addDays(t.ctx.today(), 10) })
      .where('id', '=', subscriptionId)
      .execute();
    expect((await read()).status).toBe(200);
    expect((await shop.cancel(alice, subscriptionId)).status).toBe(200);
    const gone = await read();
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe('No active subscription.');
  });
});

// Instances share only a database server: the embedded SQLite belongs to one process.
describe.each(testDatabases().filter((dialect) => dialect === 'postgres'))(
  'two instances on one %s database',
  () => {
    let first: TestApp;
    let second: TestApp;

    beforeAll(async () => {
      const env = { JWT_SECRET: randomBytes(32).toString('base64url') };
      first = await createTestApp('postgres', env);
      second = await createTestApp('postgres', {
        ...env,
        DATABASE_URL: first.config.databaseUrl!,
      });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it("each answers with the other's changes at once", async () => {
      const alice = await registerCustomer(first);
      const shop = commerce(first, await loginOwner(first), { codePrefix: 'TWO' });
      const { subscriptionId } = await shop.activeSubscription(alice);
      const onSecond = () =>
        second.request('GET', ACTIVE, { token: alice.access }).then((answer) => answer.body);
      const onFirst = () =>
        first.request('GET', ACTIVE, { token: alice.access }).then((answer) => answer.body);
      const before = await onSecond();
      expect(await onFirst()).toEqual(before);

      // The owner works on the second instance; the first remembered the old answer.
      const owner = await loginOwner(second);
      const adjusted = await second.request(
        'POST',
        `/api/subscriptions/subscriptions/${subscriptionId}/adjust/`,
        { token: owner, body: { days: 3, reason: 'Water supply cut' } },
      );
      expect(adjusted.status).toBe(200);
      const after = await onFirst();
      expect(after.adjusted_end_date).toBe(addDays(before.adjusted_end_date, 3));
      expect(await onSecond()).toEqual(after);
    });

    it("each shows the other's plan changes at once", async () => {
      const owner = await loginOwner(second);
      const plan = await commerce(second, owner, { codePrefix: 'TWOP' }).plan({ name: 'Before' });
      expect((await first.request('GET', '/api/subscriptions/plans/')).body).toContainEqual(
        expect.objectContaining({ id: plan.id, name: 'Before' }),
      );
      const renamed = await second.request('PATCH', `/api/subscriptions/plans/${plan.id}/`, {
        token: owner,
        body: { name: 'After' },
      });
      expect(renamed.status).toBe(200);
      expect((await first.request('GET', '/api/subscriptions/plans/')).body).toContainEqual(
        expect.objectContaining({ id: plan.id, name: 'After' }),
      );
    });
  },
);

describe('shared answers', () => {
  it('answer from memory while the version stands, and read again when it moves', async () => {
    let version = 1;
    let loads = 0;
    const answers = createSharedAnswers(async () => version);
    const load = async () => `answer ${++loads}`;
    expect((await answers.read('all', load)).json).toBe('answer 1');
    expect((await answers.read('all', load)).json).toBe('answer 1');
    expect((await answers.read('mess', load)).json).toBe('answer 2');
    version = 2;
    expect((await answers.read('all', load)).json).toBe('answer 3');
    expect(loads).toBe(3);
  });

  it('an older read finishing last does not replace a newer answer', async () => {
    let version = 1;
    const answers = createSharedAnswers(async () => version);
    let release: () => void = () => {};
    const slow = answers.read(
      'all',
      () => new Promise((resolve) => (release = () => resolve('old'))),
    );
    version = 2;
    expect((await answers.read('all', async () => 'new')).json).toBe('new');
    release();
    expect((await slow).json).toBe('old');
    expect((await answers.read('all', async () => 'read again')).json).toBe('new');
  });
});

describe.each(testDatabases())('GET the plans from memory on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  const PLANS = '/api/subscriptions/plans/';

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    await commerce(t, owner, { codePrefix: 'MEM' }).plan({ name: 'Mess Monthly' });
  });
  afterAll(() => t?.close());

  /** What a visitor is answered, and what the database says a visitor should see right now. */
  const visitorAndTruth = async (query = '') => {
    const visitor = await t.request('GET', `${PLANS}${query}`);
    const truth = await t.request('GET', `${PLANS}${query}`, { token: owner });
    return { visitor: visitor.body, truth: truth.body };
  };
  const plansVersion = async () =>
    (
      await t.ctx.db.kysely
        .selectFrom('read_versions')
        .select('version')
        .where('name', '=', 'plans')
        .executeTakeFirstOrThrow()
    ).version;

  it('answers from memory: a change that hides from the version is not seen', async () => {
    const { visitor } = await visitorAndTruth();
    const plan = visitor[0];
    const version = await plansVersion();
    await t.ctx.db.kysely
      .updateTable('plans')
      .set({ name: 'Renamed behind the version' })
      .where('id', '=', plan.id)
      .execute();
    // Put the counter back: the answer in memory is the old one, which proves it is kept.
    await t.ctx.db.kysely
      .updateTable('read_versions')
      .set({ version })
      .where('name', '=', 'plans')
      .execute();
    expect((await t.request('GET', PLANS)).body[0].name).toBe(plan.name);
    await t.ctx.db.kysely
      .updateTable('plans')
      .set({ name: plan.name })
      .where('id', '=', plan.id)
      .execute();
  });

  it('shows every change the moment it is made, by the API or by hand', async () => {
    const shop = commerce(t, owner, { codePrefix: 'CHG' });
    const created = await shop.plan({ name: 'Tiffin Lunch', service_type: 'tiffin' });
    let seen = await visitorAndTruth();
    expect(seen.visitor).toEqual(seen.truth);
    expect(seen.visitor.map((plan: { id: number }) => plan.id)).toContain(created.id);

    const updated = await t.request('PATCH', `${PLANS}${created.id}/`, {
      token: owner,
      body: { base_price: 1999 },
    });
    expect(updated.status).toBe(200);
    seen = await visitorAndTruth('?service_type=tiffin');
    expect(seen.visitor).toEqual(seen.truth);
    expect(seen.visitor.find((plan: { id: number }) => plan.id === created.id).base_price).toBe(
      1999,
    );

    // A hand-run UPDATE moves the counter too (a trigger, not the route).
    await t.ctx.db.kysely
      .updateTable('plans')
      .set({ is_active: false })
      .where('id', '=', created.id)
      .execute();
    seen = await visitorAndTruth();
    expect(seen.visitor).toEqual(seen.truth);
    expect(seen.visitor.map((plan: { id: number }) => plan.id)).not.toContain(created.id);

    const deleted = await t.request('DELETE', `${PLANS}${created.id}/`, { token: owner });
    expect(deleted.status).toBe(204);
    seen = await visitorAndTruth();
    expect(seen.visitor).toEqual(seen.truth);
  });

  it('answers a customer with a token from the same memory, and the owner from the database', async () => {
    const customer = await registerCustomer(t);
    const asCustomer = await t.request('GET', PLANS, { token: customer.access });
    expect(asCustomer.body).toEqual((await t.request('GET', PLANS)).body);
    const inactive = await t.request('GET', `${PLANS}?include_inactive=true`, { token: owner });
    expect(inactive.body.length).toBeGreaterThanOrEqual(asCustomer.body.length);
  });
});

// Plans over HTTP: who sees what, the plan form's rules, unique codes, delete versus archive, and
// the owner's Hindi name and description, which readers of Hindi get wherever the plan is named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';

describe.each(testDatabases())('plans on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let customer: Customer;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    customer = await registerCustomer(t, { service: 'mess' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const planInput = (overrides: Record<string, unknown> = {}) => {
    counter += 1;
    return {
      code: `MESS-${counter}`,
      name: `Monthly mess ${counter}`,
      description: 'Three meals a day',
      service_type: 'mess',
      duration_days: 30,
      base_price: 2500,
      included_meals: ['dinner', 'breakfast', 'lunch'],
      ...overrides,
    };
  };
  const createPlan = (body: Record<string, unknown>, token: string | null = owner) =>
    t.request('POST', '/api/subscriptions/plans/', { token, body });

  it('lets the owner create a plan, with the Plan shape and meals in a stable order', async () => {
    const input = planInput({ base_price: 1999.5 });
    const answer = await createPlan(input);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      code: input.code,
      name: input.name,
      name_hi: null,
      description: input.description,
      description_hi: null,
      is_active: true,
      service_type: 'mess',
      duration_days: 30,
      base_price: 1999.5,
      included_meals: ['breakfast', 'lunch', 'dinner'],
      created_at: expect.any(String),
    });
    const stored = await t.ctx.db.kysely
      .selectFrom('plans')
      .selectAll()
      .where('id', '=', answer.body.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.base_price_paise)).toBe(199_950);
  });

  it('keeps an optional Hindi name and description beside the English ones', async () => {
    const created = await createPlan(
      planInput({ name: 'Full Thali', name_hi: '  पूरी थाली ', description_hi: 'तीन समय का खाना' }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Full Thali',
      name_hi: 'पूरी थाली',
      description_hi: 'तीन समय का खाना',
    });
    // Everyone's list carries both, so each reader's app shows theirs.
    const listed = await t.request('GET', '/api/subscriptions/plans/');
    expect(
      (listed.body as { id: number; name_hi: string | null }[]).find(
        (plan) => plan.id === created.body.id,
      ),
    ).toMatchObject({ name_hi: 'पूरी थाली', description_hi: 'तीन समय का खाना' });
    // Emptied, it is gone: the English is shown to everyone again.
    const cleared = await t.request('PATCH', `/api/subscriptions/plans/${created.body.id}/`, {
      token: owner,
      body: { name_hi: ' ', description_hi: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ name_hi: null, description_hi: null });
    const tooLong = await t.request('PATCH', `/api/subscriptions/plans/${created.body.id}/`, {
      token: owner,
      headers: { 'accept-language': 'hi' },
      body: { name_hi: 'क'.repeat(101) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.name_hi).toEqual(['हिन्दी नाम अधिकतम 100 अक्षरों का हो सकता है']);
  });

  it('names the plan in Hindi to a customer who reads Hindi: subscription and notices', async () => {
    const plan = (
      await createPlan(planInput({ name: 'Lunch only', name_hi: 'सिर्फ़ दोपहर का खाना' }))
    ).body;
    const hindi = await registerCustomer(t, { service: 'mess', language: 'hi' });
    const english = await registerCustomer(t, { service: 'mess' });
    for (const who of [hindi, english]) {
      const subscribed = await t.request('POST', '/api/subscriptions/subscriptions/', {
        token: who.access,
        body: { plan: plan.id },
      });
      expect(subscribed.status).toBe(201);
      // The body carries both names: the app shows the reader's.
      expect(subscribed.body.plan).toMatchObject({
        name: 'Lunch only',
        name_hi: 'सिर्फ़ दोपहर का खाना',
      });
    }
    const created = (userId: number) =>
      t.ctx.db.kysely
        .selectFrom('notification_logs')
        .select('summary')
        .where('user_id', '=', userId)
        .where('notification_type', '=', 'subscription_created')
        .executeTakeFirstOrThrow();
    expect((await created(hindi.id)).summary).toContain('सिर्फ़ दोपहर का खाना');
    expect((await created(english.id)).summary).toContain('Lunch only');
    expect((await created(english.id)).summary).not.toContain('सिर्फ़');
  });

  it('applies the spec defaults: mess, price 0, 30 days, no meals, active', async () => {
    counter += 1;
    const answer = await createPlan({ code: `MIN-${counter}`, name: 'Minimal', description: 'd' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      service_type: 'mess',
      base_price: 0,
      duration_days: 30,
      included_meals: [],
      is_active: true,
    });
  });

  it('refuses a duplicate code with a per-field error, case-insensitively', async () => {
    const input = planInput();
    expect((await createPlan(input)).status).toBe(201);
    const again = await createPlan({ ...planInput(), code: input.code.toLowerCase() });
    expect(again.status).toBe(400);
    // The field list keeps the spec's name `code`; the machine code has its own key.
    expect(again.body).toEqual({
      code: ['A plan with this code already exists.'],
      error_code: 'plan.code_taken',
    });
    const exact = await createPlan({ ...planInput(), code: input.code });
    expect(exact.status).toBe(400);
  });

  it('validates the plan form', async () => {
    const blank = await createPlan({ code: '', name: ' ', description: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.code).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(blank.body.error_code).toBe('invalid');
    expect(blank.body.name).toContain('Name is required');
    expect(blank.body.description).toContain('Description is required');
    const numbers = await createPlan(planInput({ base_price: -1, duration_days: 0 }));
    expect(numbers.status).toBe(400);
    expect(numbers.body.base_price).toContain('Price cannot be negative');
    expect(numbers.body.duration_days).toContain('Duration must be at least 1 day');
    const meals = await createPlan(planInput({ included_meals: ['brunch'] }));
    expect(meals.status).toBe(400);
    const service = await createPlan(planInput({ service_type: 'buffet' }));
    expect(service.body.service_type).toContain('Service type must be mess or tiffin');
    const decimals = await createPlan(planInput({ base_price: 10.005 }));
    expect(decimals.status).toBe(400);
    expect(decimals.body.base_price).toContain('Price may have at most two decimals');
    const unknown = await createPlan(planInput({ price: 10 }));
    expect(unknown.status).toBe(400);
  });

  it('allows only the owner to change plans', async () => {
    expect((await createPlan(planInput(), customer.access)).status).toBe(403);
    expect((await createPlan(planInput(), null)).status).toBe(401);
    const plan = (await createPlan(planInput())).body;
    const patch = await t.request('PATCH', `/api/subscriptions/plans/${plan.id}/`, {
      token: customer.access,
      body: { name: 'Hacked' },
    });
    expect(patch.status).toBe(403);
    const remove = await t.request('DELETE', `/api/subscriptions/plans/${plan.id}/`, {
      token: customer.access,
    });
    expect(remove.status).toBe(403);
  });

  it('edits a plan partially and never its code', async () => {
    const plan = (await createPlan(planInput())).body;
    const answer = await t.request('PATCH', `/api/subscriptions/plans/${plan.id}/`, {
      token: owner,
      body: { name: 'Renamed', base_price: 3000, included_meals: ['lunch'] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: plan.id,
      code: plan.code,
      name: 'Renamed',
      base_price: 3000,
      included_meals: ['lunch'],
      description: plan.description,
    });
    const code = await t.request('PATCH', `/api/subscriptions/plans/${plan.id}/`, {
      token: owner,
      body: { code: 'NEW-CODE' },
    });
    expect(code.status).toBe(400);
    const missing = await t.request('PATCH', '/api/subscriptions/plans/999999/', {
      token: owner,
      body: { name: 'x' },
    });
    expect(missing.status).toBe(404);
  });

  it('answers 401 to an invalid, expired or revoked token where the token is optional, as everywhere', async () => {
    const plan = (await createPlan(planInput())).body;
    const stale = await registerCustomer(t);
    const revoked = await registerCustomer(t);
    await t.request('POST', '/api/accounts/logout/', { token: revoked.access });
    t.clock.advance(16 * 60_000);
    try {
      for (const token of ['not-a-token', stale.access, revoked.access]) {
        for (const url of ['/api/subscriptions/plans/', `/api/subscriptions/plans/${plan.id}/`]) {
          const answer = await t.request('GET', url, { token });
          expect({ url, status: answer.status, code: answer.body.error_code }).toEqual({
            url,
            status: 401,
            code: 'not_authenticated',
          });
        }
      }
      // Public operations never read the token, so a client that sends a stale one still logs
      // in and refreshes.
      const login = await t.request('POST', '/api/accounts/login/', {
        token: stale.access,
        body: { username: stale.username, password: stale.password },
      });
      expect(login.status).toBe(200);
      const refreshed = await t.request('POST', '/api/accounts/token/refresh/', {
        token: 'not-a-token',
        body: { refresh: login.body.refresh },
      });
      expect(refreshed.status).toBe(200);
      expect((await t.request('GET', '/api/business/', { token: 'not-a-token' })).status).toBe(200);
    } finally {
      t.clock.advance(-16 * 60_000);
    }
    // Without a token, the visitor's view.
    expect((await t.request('GET', '/api/subscriptions/plans/')).status).toBe(200);
  });

  it('shows active plans to everyone and inactive ones only to the owner', async () => {
    const active = (await createPlan(planInput({ service_type: 'tiffin' }))).body;
    const inactive = (await createPlan(planInput({ is_active: false }))).body;
    const anonymous = await t.request('GET', '/api/subscriptions/plans/?include_inactive=true');
    expect(anonymous.status).toBe(200);
    const anonymousIds = anonymous.body.map((plan: { id: number }) => plan.id);
    expect(anonymousIds).toContain(active.id);
    expect(anonymousIds).not.toContain(inactive.id);
    const asCustomer = await t.request('GET', '/api/subscriptions/plans/?include_inactive=true', {
      token: customer.access,
    });
    expect(asCustomer.body.map((plan: { id: number }) => plan.id)).not.toContain(inactive.id);
    const asOwner = await t.request('GET', '/api/subscriptions/plans/?include_inactive=true', {
      token: owner,
    });
    expect(asOwner.body.map((plan: { id: number }) => plan.id)).toContain(inactive.id);
    const ownerDefault = await t.request('GET', '/api/subscriptions/plans/', { token: owner });
    expect(ownerDefault.body.map((plan: { id: number }) => plan.id)).not.toContain(inactive.id);
    const tiffin = await t.request('GET', '/api/subscriptions/plans/?service_type=tiffin');
    expect(tiffin.body.length).toBeGreaterThan(0);
    expect(
      tiffin.body.every((plan: { service_type: string }) => plan.service_type === 'tiffin'),
    ).toBe(true);

    expect((await t.request('GET', `/api/subscriptions/plans/${active.id}/`)).status).toBe(200);
    expect((await t.request('GET', `/api/subscriptions/plans/${inactive.id}/`)).status).toBe(404);
    expect(
      (await t.request('GET', `/api/subscriptions/plans/${inactive.id}/`, { token: owner })).status,
    ).toBe(200);
  });

  it('deletes an unused plan and archives a plan that has subscriptions', async () => {
    const unused = (await createPlan(planInput())).body;
    const deleted = await t.request('DELETE', `/api/subscriptions/plans/${unused.id}/`, {
      token: owner,
    });
    expect(deleted.status).toBe(204);
    expect(
      (await t.request('GET', `/api/subscriptions/plans/${unused.id}/`, { token: owner })).status,
    ).toBe(404);

    const used = (await createPlan(planInput())).body;
    const subscribed = await t.request('POST', '/api/subscriptions/subscriptions/', {
      token: customer.access,
      body: { plan: used.id },
    });
    expect(subscribed.status).toBe(201);
    const archived = await t.request('DELETE', `/api/subscriptions/plans/${used.id}/`, {
      token: owner,
    });
    expect(archived.status).toBe(204);
    const kept = await t.request('GET', `/api/subscriptions/plans/${used.id}/`, { token: owner });
    expect(kept.status).toBe(200);
    expect(kept.body.is_active).toBe(false);
    // The subscription keeps its plan.
    const subscription = await t.request(
      'GET',
      `/api/subscriptions/subscriptions/${subscribed.body.id}/`,
      { token: customer.access },
    );
    expect(subscription.body.plan).toMatchObject({ id: used.id, name: used.name });
  });
});

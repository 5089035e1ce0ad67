// The expiry rule is written once, in the subscription machine (effectiveSubscriptionStatus). The
// SQL condition every filter uses (subscriptionStatusIs) must select exactly the rows that rule
// gives each status, on both databases: every stored status × an end date before, on and after
// today, and none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@machines/shared';
import { effectiveSubscriptionStatus, SUBSCRIPTION_STATUSES } from '@machines/subscription';
import {
  subscriptionIsActiveSql,
  subscriptionStatusIs,
} from '../../server/lifecycles/subscription/subscription.read.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { registerCustomer } from '../helpers/accounts.js';
import { insertPlan } from '../helpers/fixtures.js';

describe.each(testDatabases())('the subscription status in SQL on %s', (dialect) => {
  let t: TestApp;
  const rows: Array<{ id: number; status: string; adjusted: string | null }> = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const customer = await registerCustomer(t);
    const plan = await insertPlan(t);
    const today = t.ctx.today();
    const ends = [null, addDays(today, -30), addDays(today, -1), today, addDays(today, 1)];
    const now = t.clock.now().toISOString();
    for (const status of SUBSCRIPTION_STATUSES) {
      for (const adjusted of ends) {
        const row = await t.ctx.db.kysely
          .insertInto('subscriptions')
          .values({
            user_id: customer.id,
            plan_id: plan.id,
            subscription_type: 'mess',
            status,
            breakfast_included: true,
            total_paid_paise: 100,
            start_date: adjusted === null ? null : addDays(adjusted, -29),
            base_end_date: adjusted,
            adjusted_end_date: adjusted,
            leave_days: 0,
            cancelled_at: null,
            renewed_from_id: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        rows.push({ id: row.id, status, adjusted });
      }
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each(SUBSCRIPTION_STATUSES)(
    'selects exactly the rows the machine calls %s',
    async (status) => {
      const today = t.ctx.today();
      const selected = await t.ctx.db.kysely
        .selectFrom('subscriptions')
        .select('id')
        .where((eb) => subscriptionStatusIs(eb, status, today))
        .orderBy('id')
        .execute();
      const expected = rows
        .filter(
          (row) => effectiveSubscriptionStatus(row.status as never, row.adjusted, today) === status,
        )
        .map((row) => row.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(selected.map((row) => row.id)).toEqual(expected);
    },
  );

  it('gives raw SQL the same ACTIVE rule', async () => {
    const today = t.ctx.today();
    const selected = await t.ctx.db.kysely
      .selectFrom('subscriptions as s')
      .select('s.id')
      .where(subscriptionIsActiveSql('s', today))
      .orderBy('s.id')
      .execute();
    const expected = rows
      .filter(
        (row) => effectiveSubscriptionStatus(row.status as never, row.adjusted, today) === 'ACTIVE',
      )
      .map((row) => row.id);
    expect(selected.map((row) => row.id)).toEqual(expected);
  });
});

// Direct-to-database fixtures: plans and paid subscriptions, without going through the payment API.
import { randomUUID } from 'node:crypto';
import { addDays } from '@machines';
import type { SubscriptionStatus } from '../../server/platform/db/schema.js';
import type { TestApp } from './app.js';

let planCounter = 0;

export interface PlanFixture {
  id: number;
  name: string;
}

export async function insertPlan(
  t: TestApp,
  options: {
    serviceType?: 'mess' | 'tiffin';
    meals?: Array<'breakfast' | 'lunch' | 'dinner'>;
    durationDays?: number;
    pricePaise?: number;
    name?: string;
  } = {},
): Promise<PlanFixture> {
  planCounter += 1;
  const now = t.clock.now().toISOString();
  const serviceType = options.serviceType ?? 'mess';
  const name = options.name ?? `${serviceType} plan ${planCounter}`;
  const row = await t.ctx.db.kysely
    .insertInto('plans')
    .values({
      code: `P${process.pid}-${planCounter}-${Math.random().toString(36).slice(2, 7)}`,
      name,
      description: 'A test plan',
      is_active: true,
      service_type: serviceType,
      duration_days: options.durationDays ?? 30,
      base_price_paise: options.pricePaise ?? 300_000,
      included_meals: (options.meals ?? ['breakfast', 'lunch', 'dinner']).join(','),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}

export interface SubscriptionFixture {
  id: number;
  planId: number;
  startDate: string;
  endDate: string;
}

/**
 * A paid subscription for `userId`: ACTIVE by default, started `startOffsetDays` from today
 * (business date) and lasting the plan's `durationDays`.
 */
export async function insertSubscription(
  t: TestApp,
  userId: number,
  options: {
    plan?: PlanFixture;
    serviceType?: 'mess' | 'tiffin';
    meals?: Array<'breakfast' | 'lunch' | 'dinner'>;
    status?: SubscriptionStatus;
    startOffsetDays?: number;
    durationDays?: number;
  } = {},
): Promise<SubscriptionFixture> {
  const serviceType = options.serviceType ?? 'mess';
  const plan =
    options.plan ??
    (await insertPlan(t, {
      serviceType,
      durationDays: options.durationDays ?? 30,
      ...(options.meals ? { meals: options.meals } : {}),
    }));
  const planRow = await t.ctx.db.kysely
    .selectFrom('plans')
    .selectAll()
    .where('id', '=', plan.id)
    .executeTakeFirstOrThrow();
  const durationDays = options.durationDays ?? planRow.duration_days;
  const status = options.status ?? 'ACTIVE';
  const paid = status !== 'PENDING_PAYMENT';
  const startDate = addDays(t.ctx.today(), options.startOffsetDays ?? -2);
  const endDate = addDays(startDate, durationDays - 1);
  const now = t.clock.now().toISOString();
  const row = await t.ctx.db.kysely
    .insertInto('subscriptions')
    .values({
      user_id: userId,
      plan_id: plan.id,
      subscription_type: planRow.service_type,
      status,
      breakfast_included: planRow.included_meals.split(',').includes('breakfast'),
      total_paid_paise: planRow.base_price_paise,
      start_date: paid ? startDate : null,
      base_end_date: paid ? endDate : null,
      adjusted_end_date: paid ? endDate : null,
      leave_days: 0,
      cancelled_at: status === 'CANCELLED' ? now : null,
      renewed_from_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, planId: plan.id, startDate, endDate };
}

/**
 * A rider's cash-collected mark on today's lunch and the pending collection it makes (what a
 * rider's "Cash collected" writes), straight into the database: the owner has not confirmed it.
 */
export async function insertPendingCash(
  t: TestApp,
  options: {
    userId: number;
    subscriptionId: number;
    amountPaise: number;
    routeId?: number | null;
    riderId?: number | null;
  },
): Promise<{ id: number; markId: string }> {
  const db = t.ctx.db.kysely;
  const markId = randomUUID();
  const at = t.clock.now().toISOString();
  const date = t.ctx.today();
  const on = {
    route_id: options.routeId ?? null,
    date,
    meal: 'lunch' as const,
    user_id: options.userId,
    subscription_id: options.subscriptionId,
    amount_paise: options.amountPaise,
  };
  await db
    .insertInto('delivery_marks')
    .values({
      id: markId,
      ...on,
      event: 'cash_collected',
      reason: null,
      marked_at: at,
      marked_by: options.riderId ?? null,
      received_at: at,
    })
    .execute();
  const row = await db
    .insertInto('cash_collections')
    .values({
      mark_id: markId,
      ...on,
      status: 'pending',
      collected_by: options.riderId ?? null,
      collected_at: at,
      payment_id: null,
      reject_reason: null,
      decided_by: null,
      decided_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, markId };
}

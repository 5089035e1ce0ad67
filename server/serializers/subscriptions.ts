// Plans and subscriptions as the API shows them (spec §3), plus the expiry-aware reads every
// subscription view shares: an ACTIVE row whose adjusted_end_date has passed reads as EXPIRED.
import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from 'kysely';
import type { components } from '../../generated/api.js';
import type { Persisted } from '../../machines/shared/lifecycle.js';
import {
  daysRemaining,
  effectiveSubscriptionStatus,
  type SubscriptionMachine,
} from '../../machines/subscription/index.js';
import { refundStatusDisplay } from '../../machines/refund/index.js';
import type {
  Database,
  Plan,
  Refund,
  Subscription,
  SubscriptionStatus,
  User,
} from '../db/schema.js';

export type PlanBody = components['schemas']['Plan'];
export type SubscriptionBody = components['schemas']['Subscription'];
export type RefundInfoBody = components['schemas']['RefundInfo'];
type Meal = 'breakfast' | 'lunch' | 'dinner';

const MEALS: readonly Meal[] = ['breakfast', 'lunch', 'dinner'];

/** Paise (storage) to rupees (API). */
export const rupees = (paise: number) => Number(paise) / 100;
/** Rupees (API, at most two decimals) to paise, or null when there are more decimals. */
export function toPaise(amountRupees: number): number | null {
  const paise = Math.round(amountRupees * 100);
  return Math.abs(paise - amountRupees * 100) < 1e-6 ? paise : null;
}

export function parseMeals(stored: string): Meal[] {
  const listed = stored.split(',').map((meal) => meal.trim());
  return MEALS.filter((meal) => listed.includes(meal));
}

/** Stored in breakfast,lunch,dinner order whatever order the client sent. */
export const storeMeals = (meals: readonly string[]) =>
  MEALS.filter((meal) => meals.includes(meal)).join(',');

export function planBody(plan: Plan): PlanBody {
  return {
    id: plan.id,
    code: plan.code,
    name: plan.name,
    description: plan.description,
    is_active: plan.is_active,
    service_type: plan.service_type,
    duration_days: plan.duration_days,
    base_price: rupees(plan.base_price_paise),
    included_meals: parseMeals(plan.included_meals),
    created_at: plan.created_at,
  };
}

export const subscriptionPlanBody = (plan: Plan) => ({
  id: plan.id,
  name: plan.name,
  code: plan.code,
  service_type: plan.service_type,
  duration_days: plan.duration_days,
  base_price: rupees(plan.base_price_paise),
  included_meals: parseMeals(plan.included_meals),
});

export const fullName = (user: Pick<User, 'first_name' | 'last_name'>) =>
  `${user.first_name} ${user.last_name}`.trim();

/** The status every read reports (expiry applies before the daily job writes it). */
export const effectiveStatus = (
  subscription: Pick<Subscription, 'status' | 'adjusted_end_date'>,
  today: string,
): SubscriptionStatus =>
  effectiveSubscriptionStatus(subscription.status, subscription.adjusted_end_date, today);

/**
 * A WHERE condition on `subscriptions` matching the effective status, so SQL filters agree with
 * what the serializer shows. Use with `.where((eb) => effectiveStatusIs(eb, 'ACTIVE', today))`.
 */
export function effectiveStatusIs<DB extends Pick<Database, 'subscriptions'>, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  status: SubscriptionStatus,
  today: string,
) {
  // The casts name the subscriptions columns for any query that joins that table.
  const e = eb as unknown as ExpressionBuilder<Database, 'subscriptions'>;
  const condition =
    status === 'ACTIVE'
      ? e.and([
          e('subscriptions.status', '=', 'ACTIVE'),
          e('subscriptions.adjusted_end_date', '>=', today),
        ])
      : status === 'EXPIRED'
        ? e.or([
            e('subscriptions.status', '=', 'EXPIRED'),
            e.and([
              e('subscriptions.status', '=', 'ACTIVE'),
              e('subscriptions.adjusted_end_date', '<', today),
            ]),
          ])
        : e('subscriptions.status', '=', status);
  return condition as unknown as ReturnType<ExpressionBuilder<DB, TB>['and']>;
}

export function refundInfoBody(refund: Refund, requestedBy: string): RefundInfoBody {
  return {
    id: refund.id,
    amount: rupees(refund.amount_paise),
    status: refund.status,
    status_display: refundStatusDisplay(refund.status) as RefundInfoBody['status_display'],
    requested_at: refund.requested_at,
    requested_by: requestedBy,
    processed_at: refund.processed_at,
    admin_comment: refund.admin_comment,
  };
}

export interface SubscriptionParts {
  plan: Plan;
  user: Pick<User, 'id' | 'username' | 'first_name' | 'last_name'>;
  refund: Refund | null;
  /** Username of the refund's requester. */
  refundRequestedBy: string | null;
}

export function subscriptionBody(
  subscription: Subscription,
  parts: SubscriptionParts,
  today: string,
): SubscriptionBody {
  const status = effectiveStatus(subscription, today);
  return {
    id: subscription.id,
    plan: subscriptionPlanBody(parts.plan),
    subscription_type: subscription.subscription_type,
    status,
    breakfast_included: subscription.breakfast_included,
    total_paid: rupees(subscription.total_paid_paise),
    start_date: subscription.start_date,
    base_end_date: subscription.base_end_date,
    adjusted_end_date: subscription.adjusted_end_date,
    days_remaining: daysRemaining(subscription.adjusted_end_date, today, status),
    leave_days: subscription.leave_days,
    cancelled_at: subscription.cancelled_at,
    created_at: subscription.created_at,
    refund_status: parts.refund?.status ?? null,
    refund_info: parts.refund
      ? refundInfoBody(parts.refund, parts.refundRequestedBy ?? parts.user.username)
      : null,
    user: { id: parts.user.id, username: parts.user.username, full_name: fullName(parts.user) },
  };
}

/** Loads what subscriptionBody needs for many rows in four queries, keeping their order. */
export async function loadSubscriptionBodies(
  db: Kysely<Database>,
  subscriptions: Subscription[],
  today: string,
): Promise<SubscriptionBody[]> {
  if (subscriptions.length === 0) return [];
  const ids = subscriptions.map((row) => row.id);
  const planIds = [...new Set(subscriptions.map((row) => row.plan_id))];
  const [plans, refunds] = await Promise.all([
    db.selectFrom('plans').selectAll().where('id', 'in', planIds).execute(),
    db.selectFrom('refunds').selectAll().where('subscription_id', 'in', ids).execute(),
  ]);
  const userIds = [
    ...new Set([
      ...subscriptions.map((row) => row.user_id),
      ...refunds.map((row) => row.requested_by),
    ]),
  ];
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name'])
    .where('id', 'in', userIds)
    .execute();
  const planById = new Map(plans.map((row) => [row.id, row]));
  const userById = new Map(users.map((row) => [row.id, row]));
  const refundBySubscription = new Map(refunds.map((row) => [row.subscription_id, row]));
  return subscriptions.map((subscription) => {
    const refund = refundBySubscription.get(subscription.id) ?? null;
    const plan = planById.get(subscription.plan_id);
    const user = userById.get(subscription.user_id);
    if (!plan || !user) throw new Error(`subscription ${subscription.id} lost its plan or user`);
    return subscriptionBody(
      subscription,
      {
        plan,
        user,
        refund,
        refundRequestedBy: refund ? (userById.get(refund.requested_by)?.username ?? null) : null,
      },
      today,
    );
  });
}

/** One subscription as the API shows it, or null when it does not exist. */
export async function loadSubscriptionBody(
  db: Kysely<Database>,
  id: number,
  today: string,
): Promise<SubscriptionBody | null> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const [body] = await loadSubscriptionBodies(db, [row], today);
  return body ?? null;
}

/** Narrows a subscriptions query to rows the caller may see: their own, or all for the owner. */
export function visibleTo<O>(
  query: SelectQueryBuilder<Database, 'subscriptions', O>,
  user: User,
): SelectQueryBuilder<Database, 'subscriptions', O> {
  return user.user_type === 'mess_owner'
    ? query
    : query.where('subscriptions.user_id', '=', user.id);
}

/** Restores a subscription for the subscription machine: its effective status and the guard facts. */
export async function loadSubscriptionState(
  db: Kysely<Database>,
  subscription: Subscription,
  today: string,
): Promise<Persisted<SubscriptionMachine>> {
  const [plan, payment, refund] = await Promise.all([
    db
      .selectFrom('plans')
      .select(['is_active', 'duration_days'])
      .where('id', '=', subscription.plan_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payments')
      .select('id')
      .where('subscription_id', '=', subscription.id)
      .where('status', '=', 'SUCCESS')
      .executeTakeFirst(),
    db
      .selectFrom('refunds')
      .select('id')
      .where('subscription_id', '=', subscription.id)
      .executeTakeFirst(),
  ]);
  return {
    value: effectiveStatus(subscription, today),
    context: {
      durationDays: plan.duration_days,
      startDate: subscription.start_date,
      baseEndDate: subscription.base_end_date,
      adjustedEndDate: subscription.adjusted_end_date,
      leaveDays: subscription.leave_days,
      hasSuccessfulPayment: payment !== undefined,
      hasRefund: refund !== undefined,
      planActive: plan.is_active,
    },
  };
}

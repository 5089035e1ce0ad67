// Subscriptions as the API shows them, with the status every read reports (the subscription
// machine's rule: an ACTIVE row whose adjusted_end_date has passed reads as EXPIRED).
import { sql, type Kysely } from 'kysely';
import type { components } from '@generated/api.js';
import { daysRemaining } from '@machines/subscription';
import { compiledOnce, placeholder } from '@server/platform/db/compiled.js';
import type { Database, Plan, Refund, Subscription, User } from '@server/platform/db/schema.js';
import { fullName, parseMeals, rupees } from '@server/platform/format.js';
import { refundInfoBody } from '@server/lifecycles/refund/refund.serializer.js';
import type { PayoutViewer } from '@server/lifecycles/refund/refund.read.js';
import {
  ledgerOfRow,
  subscriptionLedgerColumns,
  subscriptionLedgers,
  subscriptionMoneyBody,
  type SubscriptionLedger,
  type SubscriptionLedgerRow,
} from '@server/lifecycles/dues/dues.read.js';
import { paidFor, subscriptionStatus, subscriptionStatusIs } from './subscription.read.js';

export type SubscriptionBody = components['schemas']['Subscription'];

/** What a subscription shows of its plan. */
type SubscriptionPlanRow = Pick<
  Plan,
  | 'id'
  | 'name'
  | 'name_hi'
  | 'code'
  | 'is_active'
  | 'service_type'
  | 'duration_days'
  | 'base_price_paise'
  | 'included_meals'
>;

const subscriptionPlanBody = (plan: SubscriptionPlanRow) => ({
  id: plan.id,
  name: plan.name,
  name_hi: plan.name_hi,
  code: plan.code,
  is_active: plan.is_active,
  service_type: plan.service_type,
  duration_days: plan.duration_days,
  base_price: rupees(plan.base_price_paise),
  included_meals: parseMeals(plan.included_meals),
});

export interface SubscriptionParts {
  plan: SubscriptionPlanRow;
  user: Pick<User, 'id' | 'username' | 'first_name' | 'last_name'>;
  refund: Refund | null;
  /** Username of the refund's requester. */
  refundRequestedBy: string | null;
  hasSuccessfulPayment: boolean;
  /** Its ledger: what was paid, paid back and is still owed (undefined: no entries yet). */
  ledger: SubscriptionLedger | undefined;
  /** Who reads it: the refund's UPI id is whole to its customer and the owner only. */
  viewer: PayoutViewer;
}

function subscriptionBody(
  subscription: Omit<Subscription, 'plan_id' | 'renewed_from_id' | 'updated_at'>,
  parts: SubscriptionParts,
  today: string,
): SubscriptionBody {
  const status = subscriptionStatus(subscription, today);
  return {
    id: subscription.id,
    plan: subscriptionPlanBody(parts.plan),
    subscription_type: subscription.subscription_type,
    status,
    breakfast_included: subscription.breakfast_included,
    total_paid: rupees(subscription.total_paid_paise),
    ...subscriptionMoneyBody(subscription.total_paid_paise, parts.ledger),
    start_date: subscription.start_date,
    base_end_date: subscription.base_end_date,
    adjusted_end_date: subscription.adjusted_end_date,
    days_remaining: daysRemaining(
      subscription.adjusted_end_date,
      today,
      status,
      subscription.start_date,
    ),
    leave_days: subscription.leave_days,
    cancelled_at: subscription.cancelled_at,
    created_at: subscription.created_at,
    refund_status: parts.refund?.status ?? null,
    refund_info: parts.refund
      ? refundInfoBody(parts.refund, parts.refundRequestedBy ?? parts.user.username, parts.viewer)
      : null,
    has_successful_payment: parts.hasSuccessfulPayment,
    user: { id: parts.user.id, username: parts.user.username, full_name: fullName(parts.user) },
  };
}

/** Loads what subscriptionBody needs for many rows in five queries, keeping their order. */
export async function loadSubscriptionBodies(
  db: Kysely<Database>,
  subscriptions: Subscription[],
  today: string,
  viewer: PayoutViewer,
): Promise<SubscriptionBody[]> {
  if (subscriptions.length === 0) return [];
  const ids = subscriptions.map((row) => row.id);
  const planIds = [...new Set(subscriptions.map((row) => row.plan_id))];
  const [plans, refunds, paid, ledger] = await Promise.all([
    db.selectFrom('plans').selectAll().where('id', 'in', planIds).execute(),
    db.selectFrom('refunds').selectAll().where('subscription_id', 'in', ids).execute(),
    db
      .selectFrom('subscriptions')
      .select('id as subscription_id')
      .where('id', 'in', ids)
      .where((eb) => paidFor(eb))
      .execute(),
    subscriptionLedgers(db, ids),
  ]);
  const paidIds = new Set(paid.map((row) => row.subscription_id));
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
        hasSuccessfulPayment: paidIds.has(subscription.id),
        ledger: ledger.get(subscription.id),
        viewer,
      },
      today,
    );
  });
}

/** One subscription as the API shows it to `viewer`, or null when it does not exist. */
export async function loadSubscriptionBody(
  db: Kysely<Database>,
  id: number,
  today: string,
  viewer: PayoutViewer,
): Promise<SubscriptionBody | null> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const [body] = await loadSubscriptionBodies(db, [row], today, viewer);
  return body ?? null;
}

// The customer's active subscription, read on every dashboard load: one query, compiled once, of
// just the columns the body shows (better-sqlite3 spends more on building a wide row than on
// finding it); the customer's names come from the session's row. A subscription with a refund, which
// a cancellation makes and an active one does not have, is read the general way.

type SummaryRow = Omit<Subscription, 'plan_id' | 'renewed_from_id' | 'updated_at'> & {
  [K in keyof SubscriptionPlanRow as `plan__${K}`]: SubscriptionPlanRow[K];
} & {
  refund__id: number | null;
  paid: boolean | number;
} & SubscriptionLedgerRow;

/** A boolean the query computed or aliased: SQLite answers 0 or 1, PostgreSQL true or false. */
const truthy = (value: boolean | number | null) => value === true || value === 1;

const PLAN_SUMMARY_COLUMNS = [
  'id',
  'name',
  'name_hi',
  'code',
  'is_active',
  'service_type',
  'duration_days',
  'base_price_paise',
  'included_meals',
] as const satisfies readonly (keyof SubscriptionPlanRow)[];

const activeSubscriptionQuery = compiledOnce(
  { userId: placeholder.number(0), today: placeholder.text('today') },
  (db, { userId, today }) =>
    db
      .selectFrom('subscriptions')
      .innerJoin('plans as plan', 'plan.id', 'subscriptions.plan_id')
      .leftJoin('refunds as refund', 'refund.subscription_id', 'subscriptions.id')
      .select((eb) => [
        'subscriptions.id',
        'subscriptions.user_id',
        'subscriptions.subscription_type',
        'subscriptions.status',
        'subscriptions.breakfast_included',
        'subscriptions.total_paid_paise',
        'subscriptions.start_date',
        'subscriptions.base_end_date',
        'subscriptions.adjusted_end_date',
        'subscriptions.leave_days',
        'subscriptions.cancelled_at',
        'subscriptions.created_at',
        ...PLAN_SUMMARY_COLUMNS.map((column) => eb.ref(`plan.${column}`).as(`plan__${column}`)),
        'refund.id as refund__id',
        paidFor(eb).as('paid'),
        ...subscriptionLedgerColumns(eb),
      ])
      .where('subscriptions.user_id', '=', userId)
      .where((eb) => subscriptionStatusIs(eb, 'ACTIVE', today))
      // The plan running today before one queued behind it (which starts after today).
      .orderBy(sql`case when subscriptions.start_date <= ${today} then 0 else 1 end`)
      .orderBy('subscriptions.adjusted_end_date', 'desc')
      .orderBy('subscriptions.id', 'desc')
      .limit(1),
);

/** The customer's active subscription as the API shows it to them, or null when there is none. */
export async function loadActiveSubscriptionBody(
  db: Kysely<Database>,
  customer: SubscriptionParts['user'] & PayoutViewer,
  today: string,
): Promise<SubscriptionBody | null> {
  const [found] = (
    await db.executeQuery(activeSubscriptionQuery(db, { userId: customer.id, today }))
  ).rows;
  if (!found) return null;
  const row = found as unknown as SummaryRow;
  if (row.refund__id !== null) return loadSubscriptionBody(db, row.id, today, customer);
  const plan = Object.fromEntries(
    PLAN_SUMMARY_COLUMNS.map((column) => [column, row[`plan__${column}`]]),
  ) as SubscriptionPlanRow;
  plan.is_active = truthy(row.plan__is_active);
  return subscriptionBody(
    row,
    {
      plan,
      user: customer,
      refund: null,
      refundRequestedBy: null,
      hasSuccessfulPayment: truthy(row.paid),
      ledger: ledgerOfRow(row),
      viewer: customer,
    },
    today,
  );
}

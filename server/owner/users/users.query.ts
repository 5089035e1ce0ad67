// The owner's read model of customers (the Admin user record): searched, filtered, sorted and paged
// in SQL over the per-customer subscription summaries, so it stays fast at 100,000 customers.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { addDays, SOON_TO_EXPIRE_DAYS } from '@machines';
import type { Dialect } from '@server/platform/db/index.js';
import {
  BUSINESS_USER_TYPES,
  type Database,
  type Subscription,
  type User,
} from '@server/platform/db/schema.js';
import type { QueryOf } from '@server/http.js';
import { userBody, type loadProfiles } from '@server/lifecycles/onboarding/user.serializer.js';
import { containsPattern } from '@server/platform/db/search.js';
import {
  subscriptionStatus,
  subscriptionsWithPlans,
} from '@server/lifecycles/subscription/subscription.read.js';

export const CUSTOMER_TYPES = ['student', 'regular'] as const;

/** Customers only: neither the owner nor their staff (server/platform/db/schema.ts). */
export const notBusiness = sql`u.user_type not in (${sql.join(BUSINESS_USER_TYPES.map((type) => sql.lit(type)))})`;

/**
 * The text a customer search looks in: "first last", username, e-mail and phone. On PostgreSQL
 * lower() of exactly this expression has a trigram index (migration 003), so keep them identical.
 */
const USER_SEARCH_TEXT = `u.first_name || ' ' || u.last_name || '|' || u.username || '|' || u.email || '|' || u.phone`;

/**
 * A case-insensitive substring search over USER_SEARCH_TEXT. PostgreSQL: lower(...) LIKE, served
 * by the pg_trgm index (LIKE's default escape is the backslash). SQLite: LIKE ignores ASCII case
 * (as its lower() does), one pass over one string per row.
 */
export function userSearch(dialect: Dialect, text: string) {
  const pattern = containsPattern(text);
  return dialect === 'postgres'
    ? sql<boolean>`lower(${sql.raw(USER_SEARCH_TEXT)}) like ${pattern}`
    : sql<boolean>`(${sql.raw(USER_SEARCH_TEXT)}) like ${pattern} escape '\\'`;
}

/**
 * The subscription status facts of a customer, read from customer_subscription_summaries (alias c,
 * kept by triggers, migration 003) and compared with today: no per-row subquery.
 */
function summaryFacts(today: string, soonLimit: string) {
  // Each filter comes twice: `indexed` lets the database seek the summaries' indexes (counts), and
  // `scanned` wraps the columns in coalesce() so that SQLite keeps walking users in username order
  // for a page, stopping after `limit` rows instead of sorting every match.
  const end = (indexed: boolean) => (indexed ? sql`c.active_end` : sql`coalesce(c.active_end, '')`);
  const latest = (indexed: boolean) =>
    indexed ? sql`c.latest_status` : sql`coalesce(c.latest_status, '')`;
  const isActive = (indexed: boolean) => sql<boolean>`(${end(indexed)} >= ${today})`;
  const isSoon = (indexed: boolean) =>
    sql<boolean>`(${end(indexed)} >= ${today} and ${end(indexed)} <= ${soonLimit})`;
  // No ACTIVE subscription, and the newest is EXPIRED (or ACTIVE but past its end date).
  const isExpired = (indexed: boolean) =>
    sql<boolean>`(coalesce(c.active_end, '') < ${today} and ${latest(indexed)} in ('EXPIRED', 'ACTIVE'))`;
  const isNone = sql<boolean>`(coalesce(c.active_end, '') < ${today} and coalesce(c.latest_status, '') not in ('EXPIRED', 'ACTIVE'))`;
  const statusText = sql<string>`(case when c.active_end >= ${today} then 'ACTIVE' when c.latest_status = 'ACTIVE' then 'EXPIRED' else coalesce(c.latest_status, 'No subscription') end)`;
  const expiry = sql<
    string | null
  >`(case when c.active_end >= ${today} then c.active_end else c.ended_end end)`;
  return { isActive, isSoon, isExpired, isNone, statusText, expiry };
}

interface UserSubscriptionSummary {
  subscription_status: string;
  current_plan: string | null;
  active_subscription_end_date: string | null;
}

type SubscriptionWithPlan = Subscription & { plan_name: string };

/** The AdminUser subscription fields from a customer's subscriptions (newest first). */
export function summarize(
  subscriptions: SubscriptionWithPlan[],
  today: string,
): UserSubscriptionSummary {
  const active = subscriptions
    .filter((s) => subscriptionStatus(s, today) === 'ACTIVE')
    .sort((a, b) => (b.adjusted_end_date ?? '').localeCompare(a.adjusted_end_date ?? ''))[0];
  if (active) {
    return {
      subscription_status: 'ACTIVE',
      current_plan: active.plan_name,
      active_subscription_end_date: active.adjusted_end_date,
    };
  }
  const latest = subscriptions[0];
  const lastExpired = subscriptions.find((s) => subscriptionStatus(s, today) === 'EXPIRED');
  return {
    subscription_status: latest ? subscriptionStatus(latest, today) : 'No subscription',
    current_plan: null,
    active_subscription_end_date: lastExpired?.adjusted_end_date ?? null,
  };
}

export async function loadSubscriptionsOf(db: Kysely<Database>, userIds: number[]) {
  const byUser = new Map<number, SubscriptionWithPlan[]>();
  if (userIds.length === 0) return byUser;
  const rows = await subscriptionsWithPlans(db)
    .selectAll('s')
    .select('p.name as plan_name')
    .where('s.user_id', 'in', userIds)
    .orderBy('s.id', 'desc')
    .execute();
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push(row);
    byUser.set(row.user_id, list);
  }
  return byUser;
}

type Profiles = Awaited<ReturnType<typeof loadProfiles>>;

export function profileInfo(userId: number, profiles: Profiles) {
  const student = profiles.students.get(userId);
  const regular = profiles.regulars.get(userId);
  return {
    address: regular?.address ?? null,
    landmark: regular?.landmark ?? null,
    institute: student?.institute ?? null,
    student_id: student?.student_id ?? null,
    hostel: student?.hostel ?? null,
    year: student?.year ?? null,
    course: student?.course ?? null,
  };
}

export function adminUserBody(user: User, profiles: Profiles, summary: UserSubscriptionSummary) {
  const { mess_owner_profile: _ownerProfile, ...base } = userBody(user, profiles);
  return {
    ...base,
    user_type: user.user_type as 'student' | 'regular',
    ...summary,
  };
}

export type CustomerListQuery = NonNullable<QueryOf<'ownerListUsers'>>;

/** One page of customers with the total, expired and soon-to-expire counts for the filters. */
export async function findCustomers(
  db: Kysely<Database>,
  dialect: Dialect,
  query: CustomerListQuery,
  today: string,
): Promise<{ users: User[]; counts: { total: number; expired: number; soon: number } }> {
  const facts = summaryFacts(today, addDays(today, SOON_TO_EXPIRE_DAYS));
  // `not in (...)` rather than `in (...)`: SQLite then walks the username index for the page.
  const where: RawBuilder<unknown>[] = [notBusiness];
  // coalesce(): an index on a two-valued column only slows SQLite's scan down.
  if (query.user_type) where.push(sql`coalesce(u.user_type, '') = ${query.user_type}`);
  if (query.is_active !== undefined) where.push(sql`u.is_active = ${query.is_active}`);
  const search = query.search?.trim();
  if (search) where.push(userSearch(dialect, search));
  const statusFilter =
    query.subscription_status === 'active'
      ? facts.isActive(false)
      : query.subscription_status === 'soon_to_expire'
        ? facts.isSoon(false)
        : query.subscription_status === 'expired'
          ? facts.isExpired(false)
          : query.subscription_status === 'none'
            ? facts.isNone
            : sql<boolean>`(1 = 1)`;
  // expiring_within_days (the owner's home links here): ends in 0 to N days, like soon_to_expire.
  const expiringWithin = query.expiring_within_days;
  const isExpiring =
    expiringWithin === undefined
      ? null
      : summaryFacts(today, addDays(today, expiringWithin)).isSoon;
  // Only the default condition on users: the summaries alone can be counted (owners never
  // hold subscriptions, so they have no summary).
  const onlyDefaultUserFilter = where.length === 1;
  const from = sql`users u left join customer_subscription_summaries c on c.user_id = u.id where ${sql.join(where, sql` and `)}`;
  const flag = (condition: RawBuilder<unknown>) => sql`case when ${condition} then 1 else 0 end`;

  const ordering = query.ordering ?? 'username';
  const direction = ordering.startsWith('-') ? sql`desc` : sql`asc`;
  const key = ordering.replace(/^-/, '');
  /** ORDER BY over either the joined tables or the windowed subquery's columns. */
  const orderBy = (ref: {
    username: RawBuilder<unknown>;
    userType: RawBuilder<unknown>;
    status: RawBuilder<unknown>;
    expiry: RawBuilder<unknown>;
  }) => {
    const parts =
      key === 'user_type'
        ? [sql`${ref.userType} ${direction}`, sql`${ref.username} asc`]
        : key === 'subscription_status'
          ? [sql`${ref.status} ${direction}`, sql`${ref.username} asc`]
          : key === 'expiry'
            ? // Nulls last in both directions.
              [
                sql`case when ${ref.expiry} is null then 1 else 0 end`,
                sql`${ref.expiry} ${direction}`,
                sql`${ref.username} asc`,
              ]
            : [sql`${ref.username} ${direction}`];
    return sql.join(parts, sql`, `);
  };
  const limit = query.limit ?? 50;
  const offset = query.offset ?? 0;

  /**
   * Counts without a search, each an index range over the summaries (or the users' type index):
   * active, expired and soon-to-expire customers are a minority of the table.
   */
  const countBySummary = async (status: string | undefined) => {
    const count = async (condition: RawBuilder<unknown> | null) => {
      const result = !condition
        ? await sql<{ count: number }>`select count(*) as count from users u
              where ${sql.join(where, sql` and `)}`.execute(db)
        : onlyDefaultUserFilter
          ? await sql<{ count: number }>`select count(*) as count
                from customer_subscription_summaries c where ${condition}`.execute(db)
          : await sql<{ count: number }>`select count(*) as count
                from customer_subscription_summaries c cross join users u
                where u.id = c.user_id and ${sql.join(where, sql` and `)} and ${condition}`.execute(
              db,
            );
      return Number(result.rows[0]?.count ?? 0);
    };
    const [expired, soon] = await Promise.all([
      count(facts.isExpired(true)),
      count(facts.isSoon(true)),
    ]);
    let total: number;
    if (isExpiring) {
      const statusCondition =
        status === 'active'
          ? facts.isActive(true)
          : status === 'soon_to_expire'
            ? facts.isSoon(true)
            : status === 'expired'
              ? facts.isExpired(true)
              : status === 'none'
                ? facts.isNone
                : sql<boolean>`(1 = 1)`;
      total = await count(sql`${isExpiring(true)} and ${statusCondition}`);
    } else if (status === 'expired') total = expired;
    else if (status === 'soon_to_expire') total = soon;
    else if (status === 'active') total = await count(facts.isActive(true));
    else if (status === 'none') {
      const [all, active] = await Promise.all([count(null), count(facts.isActive(true))]);
      total = all - active - expired;
    } else total = await count(null);
    return { total, expired, soon };
  };

  let users: User[];
  let counts: { total: number; expired: number; soon: number };
  if (search) {
    // A search scans the customers once: the counts ride along as window aggregates.
    // One scan of the customers: the counts and the page come from the same materialized
    // match list, and only narrow rows go through the sort; the page's users are read by id.
    const pageOrder = (alias: string) =>
      orderBy({
        username: sql.ref(`${alias}.username_lower`),
        userType: sql.ref(`${alias}.user_type`),
        status: sql.ref(`${alias}.w_status`),
        expiry: sql.ref(`${alias}.w_expiry`),
      });
    const result = await sql<{
      id: number | null;
      w_total: number;
      w_expired: number;
      w_soon: number;
    }>`
        with f as materialized (
          select u.id, u.username_lower, u.user_type, ${facts.statusText} as w_status,
                 ${facts.expiry} as w_expiry, ${flag(isExpiring ? sql`${statusFilter} and ${isExpiring(false)}` : statusFilter)} as w_match,
                 ${flag(facts.isExpired(false))} as w_expired_flag,
                 ${flag(facts.isSoon(false))} as w_soon_flag
          from ${from}
        ),
        t as (
          select coalesce(sum(w_match), 0) as w_total, coalesce(sum(w_expired_flag), 0) as w_expired,
                 coalesce(sum(w_soon_flag), 0) as w_soon
          from f
        ),
        p as (
          select * from f where w_match = 1
          order by ${pageOrder('f')}, f.id limit ${limit} offset ${offset}
        )
        select p.id, t.w_total, t.w_expired, t.w_soon from t left join p on 1 = 1
        order by ${pageOrder('p')}, p.id`.execute(db);
    const first = result.rows[0];
    counts = {
      total: Number(first?.w_total ?? 0),
      expired: Number(first?.w_expired ?? 0),
      soon: Number(first?.w_soon ?? 0),
    };
    const pageIds = result.rows.flatMap((row) => (row.id === null ? [] : [row.id]));
    const byId = new Map(
      pageIds.length === 0
        ? []
        : (await db.selectFrom('users').selectAll().where('id', 'in', pageIds).execute()).map(
            (user) => [user.id, user] as const,
          ),
    );
    users = pageIds.flatMap((id) => byId.get(id) ?? []);
  } else {
    const [page, totals] = await Promise.all([
      sql<User>`select u.* from ${from} and ${statusFilter} and ${isExpiring ? isExpiring(false) : sql`1 = 1`}
          order by ${orderBy({ username: sql`u.username_lower`, userType: sql`u.user_type`, status: facts.statusText, expiry: facts.expiry })}, u.id
          limit ${limit} offset ${offset}`.execute(db),
      countBySummary(query.subscription_status),
    ]);
    users = page.rows;
    counts = totals;
  }
  return { users, counts };
}

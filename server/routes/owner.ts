// The owner's views of customers (spec §3 "Admin user record", "User stats"): searched, filtered,
// sorted and paged in SQL so they stay fast at 100,000 customers.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { addDays, diffDays, SOON_TO_EXPIRE_DAYS } from '../../machines/index.js';
import type { AppContext } from '../context.js';
import type { Dialect } from '../db/index.js';
import type { Database, Subscription, User } from '../db/schema.js';
import { notFound } from '../errors.js';
import { requireOwner, type Handlers } from '../http.js';
import type { Job } from '../services/scheduler.js';
import { REFRESH_ALL_SUMMARIES_SQL } from '../db/migrations/002_care_indexes.js';
import { loadProfiles, userBody } from '../serializers/users.js';
import { containsPattern, effectiveStatus } from './leaves.js';
import { fullName, rupees } from '../serializers/subscriptions.js';

const CUSTOMER_TYPES = ['student', 'regular'] as const;
type Meal = 'breakfast' | 'lunch' | 'dinner';

const meals = (stored: string) =>
  stored.split(',').filter((meal): meal is Meal => ['breakfast', 'lunch', 'dinner'].includes(meal));

/**
 * The text a customer search looks in: "first last", username, e-mail and phone. On PostgreSQL
 * lower() of exactly this expression has a trigram index (migration 003), so keep them identical.
 */
export const USER_SEARCH_TEXT = `u.first_name || ' ' || u.last_name || '|' || u.username || '|' || u.email || '|' || u.phone`;

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
function summarize(subscriptions: SubscriptionWithPlan[], today: string): UserSubscriptionSummary {
  const active = subscriptions
    .filter((s) => effectiveStatus(s.status, s.adjusted_end_date, today) === 'ACTIVE')
    .sort((a, b) => (b.adjusted_end_date ?? '').localeCompare(a.adjusted_end_date ?? ''))[0];
  if (active) {
    return {
      subscription_status: 'ACTIVE',
      current_plan: active.plan_name,
      active_subscription_end_date: active.adjusted_end_date,
    };
  }
  const latest = subscriptions[0];
  const lastExpired = subscriptions.find(
    (s) => effectiveStatus(s.status, s.adjusted_end_date, today) === 'EXPIRED',
  );
  return {
    subscription_status: latest
      ? effectiveStatus(latest.status, latest.adjusted_end_date, today)
      : 'No subscription',
    current_plan: null,
    active_subscription_end_date: lastExpired?.adjusted_end_date ?? null,
  };
}

async function loadSubscriptionsOf(db: Kysely<Database>, userIds: number[]) {
  const byUser = new Map<number, SubscriptionWithPlan[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('subscriptions as s')
    .innerJoin('plans as p', 'p.id', 's.plan_id')
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

function profileInfo(userId: number, profiles: Profiles) {
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

function adminUserBody(user: User, profiles: Profiles, summary: UserSubscriptionSummary) {
  const { mess_owner_profile: _ownerProfile, ...base } = userBody(user, profiles);
  return {
    ...base,
    user_type: user.user_type as 'student' | 'regular',
    ...summary,
  };
}

const daysRemaining = (s: Subscription, today: string) =>
  effectiveStatus(s.status, s.adjusted_end_date, today) === 'ACTIVE' && s.adjusted_end_date
    ? Math.max(0, diffDays(s.adjusted_end_date, today) + 1)
    : 0;

export function ownerHandlers(ctx: AppContext): Handlers {
  const db = ctx.db.kysely;

  return {
    async ownerListUsers(request, reply) {
      requireOwner(request);
      const query = request.query ?? {};
      const today = ctx.today();
      const facts = summaryFacts(today, addDays(today, SOON_TO_EXPIRE_DAYS));
      // `<> 'mess_owner'` rather than `in (...)`: SQLite then walks the username index for the page.
      const where: RawBuilder<unknown>[] = [sql`u.user_type <> 'mess_owner'`];
      // coalesce(): an index on a two-valued column only slows SQLite's scan down.
      if (query.user_type) where.push(sql`coalesce(u.user_type, '') = ${query.user_type}`);
      if (query.is_active !== undefined) where.push(sql`u.is_active = ${query.is_active}`);
      const search = query.search?.trim();
      if (search) where.push(userSearch(ctx.db.dialect, search));
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
      // Only the default condition on users: the summaries alone can be counted (owners never
      // hold subscriptions, so they have no summary).
      const onlyDefaultUserFilter = where.length === 1;
      const from = sql`users u left join customer_subscription_summaries c on c.user_id = u.id where ${sql.join(where, sql` and `)}`;
      const flag = (condition: RawBuilder<unknown>) =>
        sql`case when ${condition} then 1 else 0 end`;

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
        if (status === 'expired') total = expired;
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
                   ${facts.expiry} as w_expiry, ${flag(statusFilter)} as w_match,
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
          sql<User>`select u.* from ${from} and ${statusFilter}
            order by ${orderBy({ username: sql`u.username_lower`, userType: sql`u.user_type`, status: facts.statusText, expiry: facts.expiry })}, u.id
            limit ${limit} offset ${offset}`.execute(db),
          countBySummary(query.subscription_status),
        ]);
        users = page.rows;
        counts = totals;
      }
      const ids = users.map((user) => user.id);
      const [profiles, subscriptions] = await Promise.all([
        loadProfiles(db, ids),
        loadSubscriptionsOf(db, ids),
      ]);
      reply.header('X-Total-Count', String(counts.total));
      reply.header('X-Expired-Count', String(counts.expired));
      reply.header('X-Soon-To-Expire-Count', String(counts.soon));
      return users.map((user) =>
        adminUserBody(user, profiles, summarize(subscriptions.get(user.id) ?? [], today)),
      );
    },

    async ownerGetUser(request) {
      requireOwner(request);
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', request.params.id)
        .where('user_type', 'in', [...CUSTOMER_TYPES])
        .executeTakeFirst();
      if (!user) throw notFound();
      const today = ctx.today();
      const [profiles, subscriptions] = await Promise.all([
        loadProfiles(db, [user.id]),
        loadSubscriptionsOf(db, [user.id]),
      ]);
      const list = subscriptions.get(user.id) ?? [];
      return {
        ...adminUserBody(user, profiles, summarize(list, today)),
        profile_info: profileInfo(user.id, profiles),
        subscriptions: list.map((s) => ({
          id: s.id,
          plan: s.plan_name,
          service_type: s.subscription_type,
          status: effectiveStatus(s.status, s.adjusted_end_date, today) as Subscription['status'],
          start_date: s.start_date,
          base_end_date: s.base_end_date,
          adjusted_end_date: s.adjusted_end_date,
          days_remaining: daysRemaining(s, today),
          total_paid: rupees(s.total_paid_paise),
        })),
      };
    },

    async ownerActiveSubscribers(request, reply) {
      requireOwner(request);
      const query = request.query ?? {};
      const today = ctx.today();
      const subscriptionWhere: RawBuilder<unknown>[] = [
        sql`s.status = 'ACTIVE'`,
        sql`s.adjusted_end_date >= ${today}`,
      ];
      if (query.service_type)
        subscriptionWhere.push(sql`s.subscription_type = ${query.service_type}`);
      if (query.meal_type)
        subscriptionWhere.push(sql`p.included_meals like ${`%${query.meal_type}%`}`);
      const userWhere: RawBuilder<unknown>[] = [sql`u.user_type <> 'mess_owner'`];
      const search = query.search?.trim();
      if (search) userWhere.push(userSearch(ctx.db.dialect, search));
      const conditions = sql.join([...subscriptionWhere, ...userWhere], sql` and `);
      const limit = query.limit ?? 50;
      const offset = query.offset ?? 0;
      const columns = sql`u.*, s.id as subscription_id, s.subscription_type as service_type,
        s.status as subscription_status, s.breakfast_included, s.start_date, s.base_end_date,
        s.adjusted_end_date, s.total_paid_paise, p.name as plan_name, p.included_meals`;
      type Row = User & {
        subscription_id: number;
        service_type: 'mess' | 'tiffin';
        subscription_status: Subscription['status'];
        breakfast_included: boolean;
        start_date: string | null;
        base_end_date: string | null;
        adjusted_end_date: string | null;
        total_paid_paise: number;
        plan_name: string;
        included_meals: string;
      };
      // Users first, in username order (CROSS JOIN keeps that join order on SQLite): the page
      // stops after `limit` rows instead of sorting every active subscription.
      const pageQuery = () =>
        sql<Row>`select ${columns}
          from users u cross join subscriptions s join plans p on p.id = s.plan_id
          where s.user_id = u.id and ${conditions}
          order by u.username_lower, s.id limit ${limit} offset ${offset}`.execute(db);
      /** A search scans users once; the count rides along, and only ids go through the sort. */
      const searchQuery = async () => {
        const found = await sql<{ subscription_id: number | null; w_total: number }>`
          with f as materialized (
            select s.id as subscription_id, u.username_lower
            from users u cross join subscriptions s join plans p on p.id = s.plan_id
            where s.user_id = u.id and ${conditions}
          ),
          t as (select count(*) as w_total from f),
          pg as (
            select * from f order by f.username_lower, f.subscription_id
            limit ${limit} offset ${offset}
          )
          select pg.subscription_id, t.w_total from t left join pg on 1 = 1
          order by pg.username_lower, pg.subscription_id`.execute(db);
        const ids = found.rows.flatMap((row) =>
          row.subscription_id === null ? [] : [row.subscription_id],
        );
        const page =
          ids.length === 0
            ? []
            : (
                await sql<Row>`select ${columns}
                  from subscriptions s join users u on u.id = s.user_id join plans p on p.id = s.plan_id
                  where s.id in (${sql.join(ids)})`.execute(db)
              ).rows;
        const bySubscription = new Map(page.map((row) => [row.subscription_id, row]));
        return {
          rows: ids.flatMap((id) => bySubscription.get(id) ?? []),
          total: Number(found.rows[0]?.w_total ?? 0),
        };
      };
      // Without a search the count is an index range over ACTIVE subscriptions; customers are the
      // only ones who hold subscriptions, so users need no join here.
      const countQuery = () =>
        (search
          ? sql<{ count: number }>`select count(*) as count from subscriptions s
              join plans p on p.id = s.plan_id join users u on u.id = s.user_id where ${conditions}`
          : sql<{ count: number }>`select count(*) as count from subscriptions s
              ${query.meal_type ? sql`join plans p on p.id = s.plan_id` : sql``}
              where ${sql.join(subscriptionWhere, sql` and `)}`
        )
          .execute(db)
          .then((result) => Number(result.rows[0]?.count ?? 0));
      let rows: Row[];
      let total: number;
      if (search) {
        const found = await searchQuery();
        rows = found.rows;
        total = found.total;
      } else {
        const [page, count] = await Promise.all([pageQuery(), countQuery()]);
        rows = page.rows;
        total = count;
      }
      const profiles = await loadProfiles(db, [...new Set(rows.map((row) => row.id))]);
      reply.header('X-Total-Count', String(total));
      return rows.map((row) => ({
        id: row.id,
        username: row.username,
        email: row.email,
        first_name: row.first_name,
        last_name: row.last_name,
        full_name: fullName(row),
        phone: row.phone,
        user_type: row.user_type as 'student' | 'regular',
        user_status: row.status,
        is_active: row.is_active,
        phone_verified: row.phone_verified,
        last_login: row.last_login,
        is_tiffin_user: row.is_tiffin_user,
        is_mess_user: row.is_mess_user,
        profile_info: profileInfo(row.id, profiles),
        subscription_id: row.subscription_id,
        service_type: row.service_type,
        plan_name: row.plan_name,
        included_meals: meals(row.included_meals),
        breakfast_included: row.breakfast_included,
        start_date: row.start_date,
        base_end_date: row.base_end_date,
        adjusted_end_date: row.adjusted_end_date,
        days_remaining: row.adjusted_end_date
          ? Math.max(0, diffDays(row.adjusted_end_date, today) + 1)
          : 0,
        total_paid: rupees(row.total_paid_paise),
        status: row.subscription_status,
      }));
    },

    async ownerUserStats(request) {
      requireOwner(request);
      const today = ctx.today();
      const flag = (condition: RawBuilder<unknown>) =>
        sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
      const [totals, subscribed] = await Promise.all([
        db
          .selectFrom('users as u')
          .where('u.user_type', 'in', [...CUSTOMER_TYPES])
          .select([
            (eb) => eb.fn.countAll<number>().as('total'),
            flag(sql`u.is_active = ${true}`).as('active'),
            flag(sql`u.user_type = 'student'`).as('students'),
            flag(sql`u.user_type = 'regular'`).as('regulars'),
            flag(sql`u.phone_verified = ${true}`).as('verified'),
          ])
          .executeTakeFirstOrThrow(),
        // One summary per customer with subscriptions (migration 003): active_end >= today.
        db
          .selectFrom('customer_subscription_summaries')
          .where('active_end', '>=', today)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        total_users: Number(totals.total),
        active_users: Number(totals.active),
        students: Number(totals.students),
        regular_users: Number(totals.regulars),
        verified_users: Number(totals.verified),
        users_with_active_subscriptions: Number(subscribed.count),
      };
    },
  };
}

/**
 * Recomputes every customer's subscription summary once a day. The triggers keep it current; this
 * repairs the rare PostgreSQL race where two transactions change one customer's subscriptions at
 * the same moment and the later trigger computed from a snapshot without the other's change.
 */
export const careJobs: Job[] = [
  {
    name: 'refresh-subscription-summaries',
    runKey: (ctx) => ctx.today(),
    run: async (ctx) => {
      await sql.raw(REFRESH_ALL_SUMMARIES_SQL).execute(ctx.db.kysely);
    },
  },
];

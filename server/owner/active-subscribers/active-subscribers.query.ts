// The owner's read model of active subscribers: customers with an ACTIVE subscription (the
// subscription machine's rule), filtered by service and meal, searched and paged in SQL.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { daysRemaining } from '@machines';
import type { Dialect } from '@server/platform/db/index.js';
import type { Database, Subscription, User } from '@server/platform/db/schema.js';
import type { QueryOf } from '@server/http.js';
import { subscriptionIsRunningSql } from '@server/lifecycles/subscription/subscription.read.js';
import { fullName, parseMeals, rupees } from '@server/platform/format.js';
import { loadProfiles } from '@server/lifecycles/onboarding/user.serializer.js';
import { notBusiness, profileInfo, userSearch } from '@server/owner/users/users.query.js';
import { subscriptionLedgers, subscriptionMoneyBody } from '@server/lifecycles/dues/dues.read.js';

export type ActiveSubscriberQuery = NonNullable<QueryOf<'ownerActiveSubscribers'>>;

/** One page of active subscriptions with their customers, and the total for the filters. */
export async function findActiveSubscribers(
  db: Kysely<Database>,
  dialect: Dialect,
  query: ActiveSubscriberQuery,
  today: string,
) {
  // Who eats now: a plan queued behind a running one joins the list on its first day.
  const subscriptionWhere: RawBuilder<unknown>[] = [subscriptionIsRunningSql('s', today)];
  // A meal is the tiffin delivery lists' filter: without a service it keeps tiffin rows only, so
  // mess diners never land on a delivery list; service_type=mess asks for mess rows by meal.
  const service = query.service_type ?? (query.meal_type ? 'tiffin' : undefined);
  if (service) subscriptionWhere.push(sql`s.subscription_type = ${service}`);
  if (query.meal_type) subscriptionWhere.push(sql`p.included_meals like ${`%${query.meal_type}%`}`);
  const userWhere: RawBuilder<unknown>[] = [notBusiness];
  const search = query.search?.trim();
  if (search) userWhere.push(userSearch(dialect, search));
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
  // The page's profiles and its subscriptions' ledgers, one query each.
  const [profiles, ledgers] = await Promise.all([
    loadProfiles(db, [...new Set(rows.map((row) => row.id))]),
    subscriptionLedgers(
      db,
      rows.map((row) => row.subscription_id),
    ),
  ]);
  const body = rows.map((row) => ({
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
    included_meals: parseMeals(row.included_meals),
    breakfast_included: row.breakfast_included,
    start_date: row.start_date,
    base_end_date: row.base_end_date,
    adjusted_end_date: row.adjusted_end_date,
    days_remaining: daysRemaining(row.adjusted_end_date, today, 'ACTIVE', row.start_date),
    total_paid: rupees(row.total_paid_paise),
    ...subscriptionMoneyBody(row.total_paid_paise, ledgers.get(row.subscription_id)),
    status: row.subscription_status,
  }));
  return { rows: body, total };
}

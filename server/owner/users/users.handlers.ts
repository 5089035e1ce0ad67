// The owner's views of customers: the users list (search, filters, expiry counts, sorting,
// paging), one customer and user statistics. The SQL lives in users.query.ts.
import { sql, type RawBuilder } from 'kysely';
import { daysRemaining } from '@machines';
import type { AppContext } from '@server/context.js';
import { found } from '@server/errors.js';
import { type Handlers, requireBusiness } from '@server/http.js';
import { subscriptionStatus } from '@server/lifecycles/subscription/subscription.read.js';
import {
  CUSTOMER_TYPES,
  adminUserBody,
  findCustomers,
  loadSubscriptionsOf,
  profileInfo,
  summarize,
} from './users.query.js';
import { rupees } from '@server/platform/format.js';
import { subscriptionLedgers, subscriptionMoneyBody } from '@server/lifecycles/dues/dues.read.js';
import { loadProfiles } from '@server/lifecycles/onboarding/user.serializer.js';

export function ownerUserHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;

  return {
    async ownerListUsers(request, reply) {
      requireBusiness(request);
      const today = ctx.today();
      const { users, counts } = await findCustomers(db, ctx.db.dialect, request.query ?? {}, today);
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
      requireBusiness(request);
      const user = await found(
        db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', request.params.id)
          .where('user_type', 'in', [...CUSTOMER_TYPES])
          .executeTakeFirst(),
      );
      const today = ctx.today();
      const [profiles, subscriptions] = await Promise.all([
        loadProfiles(db, [user.id]),
        loadSubscriptionsOf(db, [user.id]),
      ]);
      const list = subscriptions.get(user.id) ?? [];
      const ledgers = await subscriptionLedgers(
        db,
        list.map((s) => s.id),
      );
      return {
        ...adminUserBody(user, profiles, summarize(list, today)),
        profile_info: profileInfo(user.id, profiles),
        claim: await ctx.stores.walkIns.claimOf(user.id),
        erased_at: user.erased_at,
        diet: user.diet ?? null,
        language: user.language,
        subscriptions: list.map((s) => ({
          id: s.id,
          plan: s.plan_name,
          service_type: s.subscription_type,
          status: subscriptionStatus(s, today),
          start_date: s.start_date,
          base_end_date: s.base_end_date,
          adjusted_end_date: s.adjusted_end_date,
          days_remaining: daysRemaining(s.adjusted_end_date, today, subscriptionStatus(s, today)),
          total_paid: rupees(s.total_paid_paise),
          ...subscriptionMoneyBody(s.total_paid_paise, ledgers.get(s.id)),
        })),
      };
    },
    async ownerUserStats(request) {
      requireBusiness(request);
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
  } satisfies Partial<Handlers>;
}

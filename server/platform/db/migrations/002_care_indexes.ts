// The owner's customer views at 100,000 customers: indexes, and customer_subscription_summaries,
// a per-customer digest of their subscriptions kept current by triggers on subscriptions (one
// trigger per dialect, same SQL inside), so filters, counts and sorts by subscription status are a
// plain column read instead of per-row subqueries. Also feedback.resolved_at ("resolved today").
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import { index } from './columns.js';

/**
 * Recomputes the digest of one customer. `userId` is an SQL expression (NEW.user_id, a parameter).
 * latest_status: status of the newest subscription; active_end: the latest adjusted_end_date of an
 * ACTIVE one; ended_end: adjusted_end_date of the newest ACTIVE or EXPIRED one. Whether ACTIVE is
 * really still active depends on today, so readers compare these dates with today.
 */
function refreshSummarySql(userId: string): string {
  return `insert into customer_subscription_summaries (user_id, latest_status, active_end, ended_end)
    select ${userId},
      (select l.status from subscriptions l where l.user_id = ${userId} order by l.id desc limit 1),
      (select max(a.adjusted_end_date) from subscriptions a where a.user_id = ${userId} and a.status = 'ACTIVE'),
      (select e.adjusted_end_date from subscriptions e where e.user_id = ${userId} and e.status in ('ACTIVE', 'EXPIRED') order by e.id desc limit 1)
    where true
    on conflict (user_id) do update set latest_status = excluded.latest_status,
      active_end = excluded.active_end, ended_end = excluded.ended_end`;
}

/** Recomputes every customer's digest (the migration's backfill and the nightly self-check). */
export const REFRESH_ALL_SUMMARIES_SQL = `insert into customer_subscription_summaries (user_id, latest_status, active_end, ended_end)
  select s.user_id,
    (select l.status from subscriptions l where l.user_id = s.user_id order by l.id desc limit 1),
    max(case when s.status = 'ACTIVE' then s.adjusted_end_date end),
    (select e.adjusted_end_date from subscriptions e where e.user_id = s.user_id and e.status in ('ACTIVE', 'EXPIRED') order by e.id desc limit 1)
  from subscriptions s where true group by s.user_id
  on conflict (user_id) do update set latest_status = excluded.latest_status,
    active_end = excluded.active_end, ended_end = excluded.ended_end`;

export function careIndexesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // A customer's newest subscription and their ACTIVE ones, by index seek per user.
      await index(db, 'subscriptions_user_id', 'subscriptions', ['user_id', 'id']);
      await index(db, 'subscriptions_user_status_end', 'subscriptions', [
        'user_id',
        'status',
        'adjusted_end_date',
      ]);
      // active_subscribers and the kitchen sheet: ACTIVE by end date, by service type.
      await index(db, 'subscriptions_status_type_end', 'subscriptions', [
        'status',
        'subscription_type',
        'adjusted_end_date',
      ]);
      await index(db, 'leaves_user_status', 'leaves', ['user_id', 'status']);
      await index(db, 'leaves_subscription', 'leaves', ['subscription_id', 'status']);
      await index(db, 'feedback_user_created', 'feedback', ['user_id', 'created_at']);
      await index(db, 'feedback_updated', 'feedback', ['updated_at']);
      await db.schema.alterTable('feedback').addColumn('resolved_at', 'text').execute();

      // No foreign key: a trigger may run for a customer whose row is being deleted (cascade).
      await db.schema
        .createTable('customer_subscription_summaries')
        .addColumn('user_id', 'integer', (c) => c.primaryKey())
        .addColumn('latest_status', 'text')
        .addColumn('active_end', 'text')
        .addColumn('ended_end', 'text')
        .execute();
      await index(
        db,
        'customer_subscription_summaries_active_end',
        'customer_subscription_summaries',
        ['active_end'],
      );
      await index(db, 'customer_subscription_summaries_latest', 'customer_subscription_summaries', [
        'latest_status',
        'active_end',
      ]);

      if (dialect === 'sqlite') {
        await sql
          .raw(
            `create trigger subscriptions_summary_insert after insert on subscriptions begin
               ${refreshSummarySql('new.user_id')}; end`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger subscriptions_summary_update after update on subscriptions begin
               ${refreshSummarySql('new.user_id')};
               ${refreshSummarySql('old.user_id').replace('where true', 'where old.user_id <> new.user_id')};
             end`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger subscriptions_summary_delete after delete on subscriptions begin
               ${refreshSummarySql('old.user_id')}; end`,
          )
          .execute(db);
      } else {
        await sql
          .raw(
            `create function refresh_customer_subscription_summary(uid integer) returns void
             language sql as $fn$ ${refreshSummarySql('uid')} $fn$`,
          )
          .execute(db);
        await sql
          .raw(
            `create function subscriptions_summary_trigger() returns trigger language plpgsql as $fn$
             begin
               if tg_op in ('INSERT', 'UPDATE') then
                 perform refresh_customer_subscription_summary(new.user_id);
               end if;
               if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.user_id <> new.user_id) then
                 perform refresh_customer_subscription_summary(old.user_id);
               end if;
               return null;
             end $fn$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger subscriptions_summary after insert or update or delete on subscriptions
             for each row execute function subscriptions_summary_trigger()`,
          )
          .execute(db);
      }
      await sql.raw(REFRESH_ALL_SUMMARIES_SQL).execute(db);

      // Customer search on PostgreSQL: a trigram index on the searched text
      // (server/owner/users/users.query.ts USER_SEARCH_TEXT) turns '%text%' into an index lookup.
      // pg_trgm is a trusted extension (any database owner may create it); where it is missing,
      // search still works by a scan.
      if (dialect === 'postgres') {
        const available = await sql<{ name: string }>`select name from pg_available_extensions
          where name = 'pg_trgm'`.execute(db);
        if (available.rows.length > 0) {
          await sql`create extension if not exists pg_trgm`.execute(db);
          await sql
            .raw(
              `create index users_search_trgm on users using gin
               (lower(first_name || ' ' || last_name || '|' || username || '|' || email || '|' || phone) gin_trgm_ops)`,
            )
            .execute(db);
        }
      }
    },
  };
}

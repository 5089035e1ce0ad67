// users.data_version: a counter that moves whenever anything a customer's own reads show changes,
// in the same transaction as the change. Triggers keep it, so no write path (a store, a job, the
// owner's bulk action, a hand-run UPDATE) can forget it. The session lookup reads it on every
// request, and server/platform/read-cache.ts answers a repeated read from memory while it stands still:
// each instance keeps its own memory, and the database decides whether it is still true.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';

/** The tables whose rows name the customer they belong to in `user_id`. */
const OWNED_BY_USER = ['subscriptions', 'payments', 'refunds'] as const;

/** The customer columns a read shows of the user row itself. */
const SHOWN_USER_COLUMNS = ['username', 'first_name', 'last_name'] as const;

const bump = (where: string) => `update users set data_version = data_version + 1 where ${where}`;

/** A plan's subscribers see its name, price and meals in their subscriptions. */
const PLAN_SUBSCRIBERS = (planId: string) =>
  `id in (select user_id from subscriptions where plan_id = ${planId})`;

export function dataVersionsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('data_version', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
      const run = (statement: string) => sql.raw(statement).execute(db);
      if (dialect === 'sqlite') {
        for (const table of OWNED_BY_USER) {
          await run(`create trigger ${table}_data_version_insert after insert on ${table}
            begin ${bump('id = new.user_id')}; end`);
          await run(`create trigger ${table}_data_version_update after update on ${table}
            begin ${bump('id in (new.user_id, old.user_id)')}; end`);
          await run(`create trigger ${table}_data_version_delete after delete on ${table}
            begin ${bump('id = old.user_id')}; end`);
        }
        await run(`create trigger plans_data_version after update on plans
          begin ${bump(PLAN_SUBSCRIBERS('new.id'))}; end`);
        // Not recursive: SQLite runs no trigger from a trigger's own UPDATE unless asked to, and
        // this one watches other columns than the one it writes.
        await run(`create trigger users_data_version
          after update of ${SHOWN_USER_COLUMNS.join(', ')} on users
          begin ${bump('id = new.id')}; end`);
      } else {
        await run(`create function data_version_by_user() returns trigger language plpgsql as $fn$
          begin
            if tg_op in ('INSERT', 'UPDATE') then ${bump('id = new.user_id')}; end if;
            if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.user_id <> new.user_id) then
              ${bump('id = old.user_id')};
            end if;
            return null;
          end $fn$`);
        for (const table of OWNED_BY_USER) {
          await run(`create trigger ${table}_data_version after insert or update or delete
            on ${table} for each row execute function data_version_by_user()`);
        }
        await run(`create function plans_data_version() returns trigger language plpgsql as $fn$
          begin ${bump(PLAN_SUBSCRIBERS('new.id'))}; return null; end $fn$`);
        await run(`create trigger plans_data_version after update on plans
          for each row execute function plans_data_version()`);
        // On the row being written, so the users row is not written twice.
        await run(`create function users_data_version() returns trigger language plpgsql as $fn$
          begin new.data_version := old.data_version + 1; return new; end $fn$`);
        await run(`create trigger users_data_version
          before update of ${SHOWN_USER_COLUMNS.join(', ')} on users for each row
          execute function users_data_version()`);
      }
    },
  };
}

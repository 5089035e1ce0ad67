// ledger_balances.search_text: the customer's search text ("first last|username|email|phone",
// lower-cased) beside each balance, kept by triggers from users, and in the partial index of the
// owing balances (with the balance, so the dues summary reads that index alone too). A dues search
// then reads the index, in its order, never the users table: at 100,000 customers it scans the
// owing entries (a quarter of them) instead of every customer.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import { index } from './columns.js';

const TEXT = (row: string) =>
  `lower(${row}.first_name || ' ' || ${row}.last_name || '|' || ${row}.username || '|' || ${row}.email || '|' || ${row}.phone)`;
const WATCHED = 'first_name, last_name, username, email, phone';

export function duesSearchMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const run = (statement: string) => sql.raw(statement).execute(db);
      await db.schema
        .alterTable('ledger_balances')
        .addColumn('search_text', 'text', (column) => column.notNull().defaultTo(''))
        .execute();
      await run(`update ledger_balances set search_text =
        (select ${TEXT('u')} from users u where u.id = ledger_balances.user_id)`);
      if (dialect === 'sqlite') {
        await run(`create trigger ledger_balances_search_text after insert on ledger_balances
          begin update ledger_balances set search_text =
            (select ${TEXT('u')} from users u where u.id = new.user_id)
          where user_id = new.user_id; end`);
        await run(`create trigger users_dues_search_text after update of ${WATCHED} on users
          begin update ledger_balances set search_text = ${TEXT('new')} where user_id = new.id; end`);
      } else {
        await run(`create function ledger_balances_search_text() returns trigger language plpgsql as $fn$
          begin
            new.search_text := (select ${TEXT('u')} from users u where u.id = new.user_id);
            return new;
          end $fn$`);
        await run(`create trigger ledger_balances_search_text before insert on ledger_balances
          for each row execute function ledger_balances_search_text()`);
        await run(`create function users_dues_search_text() returns trigger language plpgsql as $fn$
          begin
            update ledger_balances set search_text = ${TEXT('new')} where user_id = new.id;
            return null;
          end $fn$`);
        await run(`create trigger users_dues_search_text after update of ${WATCHED} on users
          for each row execute function users_dues_search_text()`);
      }
      await db.schema.dropIndex('ledger_balances_due').execute();
      await index(
        db,
        'ledger_balances_due',
        'ledger_balances',
        ['due_since', 'user_id', 'search_text', 'balance_paise'],
        (builder) => builder.where(sql.ref('balance_paise'), '>', 0),
      );
      // The accounts in credit (few): the dues summary's credit total, the in-credit list's order.
      await index(
        db,
        'ledger_balances_credit',
        'ledger_balances',
        ['balance_paise', 'user_id'],
        (builder) => builder.where(sql.ref('balance_paise'), '<', 0),
      );
    },
  };
}

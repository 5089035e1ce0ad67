// Advances (issue 35): money a customer paid beyond what they owed (cash a rider collected from a
// customer who owed nothing, a payment link or QR code paid after the due was settled another way, a
// second capture on a paid order) is kept in their ledger on no subscription, and used by their next
// bill or refunded by the owner in one step.
// - payments.advance_paise: the part of a payment kept as an advance (0: all of it paid a bill).
// - advance_applications: an advance used for a subscription; its two ledger entries (the advance
//   spent, the subscription paid) name it. A subscription deleted while awaiting payment takes its
//   applications with it, and the entries' subscription goes null, which gives the advance back.
// - advance_refunds: an advance paid back to the customer, with its credit note: credit_notes now
//   name a refund or an advance refund. SQLite cannot drop a NOT NULL, so there the table (which
//   nothing references) is rebuilt from its own definition with refund_id nullable.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import { index, notNull, oneOf, ownedBy, tableWithId, weakRef } from './columns.js';

/** How Kysely wrote credit_notes.refund_id (migration 023), and the same without NOT NULL. */
const REFUND_ID_NOT_NULL = '"refund_id" integer not null unique references "refunds" ("id")';
const REFUND_ID_NULLABLE = '"refund_id" integer unique references "refunds" ("id")';

async function rebuildCreditNotesOnSqlite(db: Kysely<unknown>): Promise<void> {
  const table = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'credit_notes'`.execute(db);
  const definition = table.rows[0]?.sql;
  if (!definition?.includes(REFUND_ID_NOT_NULL)) {
    throw new Error('credit_notes is not as migration 023 made it; cannot rebuild it');
  }
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master
    where type = 'index' and tbl_name = 'credit_notes' and sql is not null`.execute(db);
  const columns = await sql<{ name: string }>`pragma table_info(credit_notes)`.execute(db);
  const list = sql.join(columns.rows.map((column) => sql.ref(column.name)));
  const rebuilt = definition
    .replace(REFUND_ID_NOT_NULL, REFUND_ID_NULLABLE)
    .replace(/^create table "?credit_notes"?/i, 'create table "credit_notes_rebuilt"');
  await sql.raw(rebuilt).execute(db);
  await sql`insert into credit_notes_rebuilt (${list}) select ${list} from credit_notes`.execute(
    db,
  );
  await sql`drop table credit_notes`.execute(db);
  await sql`alter table credit_notes_rebuilt rename to credit_notes`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}

export function advancesMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('payments')
        .addColumn('advance_paise', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await tableWithId(db, 'advance_applications', dialect)
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('subscription_id', 'integer', ownedBy('subscriptions.id'))
        // The payment the advance came with (its invoice is what a later refund's note reduces).
        .addColumn('payment_id', 'integer', (c) => c.references('payments.id'))
        .addColumn('amount_paise', 'bigint', (c) => c.notNull().check(sql`amount_paise > 0`))
        .addColumn('created_at', 'text', notNull)
        .execute();
      await index(db, 'advance_applications_subscription', 'advance_applications', [
        'subscription_id',
      ]);
      await tableWithId(db, 'advance_refunds', dialect)
        .addColumn('user_id', 'integer', ownedBy('users.id'))
        .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id'))
        .addColumn('amount_paise', 'bigint', (c) => c.notNull().check(sql`amount_paise > 0`))
        .addColumn('method', 'text', oneOf('method', ['cash', 'upi', 'bank_transfer']))
        .addColumn('reference', 'text')
        .addColumn('admin_comment', 'text', notNull)
        .addColumn('refunded_on', 'text', notNull)
        .addColumn('refunded_by', 'integer', weakRef('users.id'))
        // The owner's form id: a refund sent twice is recorded once.
        .addColumn('request_id', 'text', (c) => c.unique())
        .addColumn('created_at', 'text', notNull)
        .execute();
      await index(db, 'advance_refunds_user', 'advance_refunds', ['user_id']);
      if (dialect === 'postgres') {
        await sql`alter table credit_notes alter column refund_id drop not null`.execute(db);
      } else {
        await rebuildCreditNotesOnSqlite(db);
      }
      await db.schema
        .alterTable('credit_notes')
        .addColumn('advance_refund_id', 'integer', (c) => c.references('advance_refunds.id'))
        .execute();
      await index(
        db,
        'credit_notes_advance_refund',
        'credit_notes',
        ['advance_refund_id'],
        (builder) => builder.unique().where(sql.ref('advance_refund_id'), 'is not', null),
      );
    },
  };
}

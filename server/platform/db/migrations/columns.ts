// The columns and indexes many tables share, each written once for the migrations to import.
// A migration's SQL is history: a database made long ago and one made today must come out the
// same, so a helper here never changes what it writes (a new need gets a new helper).
import {
  sql,
  type ColumnDefinitionBuilder,
  type CreateIndexBuilder,
  type CreateTableBuilder,
  type Kysely,
  type RawBuilder,
} from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';

type Column = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

export const notNull: Column = (column) => column.notNull();

/**
 * CREATE TABLE `name` with its first column, `id`: the row's number, given by the database (an
 * identity on PostgreSQL, AUTOINCREMENT on SQLite). The table's own columns follow.
 */
export function tableWithId(db: Kysely<unknown>, name: string, dialect: Dialect) {
  return db.schema
    .createTable(name)
    .addColumn('id', 'integer', (column) =>
      dialect === 'postgres'
        ? column.primaryKey().generatedByDefaultAsIdentity()
        : column.primaryKey().autoIncrement(),
    );
}

/**
 * CREATE TABLE `name` with its first column, `keyColumn`: a text the application chooses (a
 * session id, a counter's name), the primary key. The table's own columns follow.
 */
export function tableWithTextKey(db: Kysely<unknown>, name: string, keyColumn: string) {
  return db.schema.createTable(name).addColumn(keyColumn, 'text', (column) => column.primaryKey());
}

/** NOT NULL, naming `target` ('users.id'); the row is deleted with the one it names. */
export function ownedBy(target: string): Column {
  return (column) => column.notNull().references(target).onDelete('cascade');
}

/**
 * CREATE TABLE `name` whose key, `user_id`, is the account the row belongs to: one row per user,
 * deleted with the user. The profile's own columns follow.
 */
export function tablePerUser(db: Kysely<unknown>, name: string) {
  return db.schema
    .createTable(name)
    .addColumn('user_id', 'integer', (column) => ownedBy('users.id')(column).primaryKey());
}

/** Naming `target` ('users.id') or null; it becomes null when the row it names is deleted. */
export function weakRef(target: string): Column {
  return (column) => column.references(target).onDelete('set null');
}

/** `column in ('a', 'b')`, as a check: the list changes only with a release, never by data. */
function inList(column: string, values: readonly string[]): RawBuilder<unknown> {
  return sql`${sql.raw(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;
}

/** NOT NULL and one of `values` (a status, a kind, a meal). */
export function oneOf(column: string, values: readonly string[]): Column {
  return (definition) => definition.notNull().check(inList(column, values));
}

/** Null, or one of `values`. */
export function nullOrOneOf(column: string, values: readonly string[]): Column {
  return (definition) => definition.check(inList(column, values));
}

/**
 * An act on the row by an account (created, removed, withdrawn): `<act>_at`, `<act>_by` and
 * `<act>_by_username`. The account's id goes null if the account is deleted; its username stays,
 * so the row still says who. 'required': the act that makes the row; 'optional': one that may come.
 */
export function actStamp(act: string, presence: 'required' | 'optional') {
  const atAndName: Column = presence === 'required' ? notNull : (column) => column;
  return <Table extends string, Columns extends string>(
    table: CreateTableBuilder<Table, Columns>,
  ) =>
    table
      .addColumn(`${act}_at`, 'text', atAndName)
      .addColumn(`${act}_by`, 'integer', weakRef('users.id'))
      .addColumn(`${act}_by_username`, 'text', atAndName);
}

/** A day's meals, in its order: what every meal column may hold. */
export const MEALS = ['breakfast', 'lunch', 'dinner'] as const;

/**
 * CREATE TABLE `name` keyed by a date and one of its meals: first the date column `dateColumn`,
 * then `meal`; the primary key (`<name>_pkey`) is the pair. The table's own columns follow.
 */
export function tablePerMeal(db: Kysely<unknown>, name: string, dateColumn: string) {
  return db.schema
    .createTable(name)
    .addColumn(dateColumn, 'text', notNull)
    .addColumn('meal', 'text', oneOf('meal', MEALS))
    .addPrimaryKeyConstraint(`${name}_pkey`, [dateColumn, 'meal']);
}

/**
 * Who did it, for a row written by an owner's act: `actor_id` (null once the account is deleted)
 * and `actor_username`, which stays so the row still says who.
 */
export function actor<Table extends string, Columns extends string>(
  table: CreateTableBuilder<Table, Columns>,
) {
  return table
    .addColumn('actor_id', 'integer', weakRef('users.id'))
    .addColumn('actor_username', 'text', notNull);
}

/** created_at and updated_at, both ISO texts and NOT NULL, as the last columns of a table. */
export function timestamps<Table extends string, Columns extends string>(
  table: CreateTableBuilder<Table, Columns>,
) {
  return table.addColumn('created_at', 'text', notNull).addColumn('updated_at', 'text', notNull);
}

type Index = CreateIndexBuilder<string>;

/** Creates an index on `table`'s `columns` in order; `refine` may make it unique or partial. */
export async function index(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
  refine: (builder: Index) => Index = (builder) => builder,
): Promise<void> {
  await refine(db.schema.createIndex(name).on(table).columns(columns)).execute();
}

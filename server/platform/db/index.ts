// Opens the database: embedded SQLite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import { createHash } from 'node:crypto';
import { chmodSync, closeSync, openSync } from 'node:fs';
import path from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import type { Pool, PoolClient } from 'pg';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import { StartupError } from '@server/errors.js';
import type { Database } from './schema.js';
import { BOOLEAN_COLUMNS } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

/** The database or a transaction on it: stores take one so a composite change commits once. */
export type Executor = Kysely<Database>;

/** The row a select gives, for a function that builds it: `RowOf<typeof leaveSelect>`. */
export type RowOf<
  Select extends (db: Executor) => { executeTakeFirstOrThrow(): Promise<unknown> },
> = Awaited<ReturnType<ReturnType<Select>['executeTakeFirstOrThrow']>>;

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /**
   * The embedded database only: how many statements that may write have been run. This connection
   * is the only one that can write the file (it is opened with an exclusive lock, which no other
   * connection, in this process or another, can get past), so a value read from the database
   * while this count stood still is still the database's value while it stands still
   * (server/platform/db/unwritten.ts).
   */
  writes?(): number;
  /**
   * The embedded database only: writes a consistent copy of it, as of one moment, to
   * `destination` with SQLite's online backup API, while requests go on being answered.
   */
  backup?(destination: string): Promise<void>;
}

export class DataDirLockedError extends StartupError {
  constructor(file: string) {
    super(
      `Another Dabba server is already using ${file}. Stop it first, or start this one with another DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** better-sqlite3 refuses to bind JS booleans; store them as 1/0 like SQLite itself does. */
function sqliteBindable(parameters: readonly unknown[]): unknown[] {
  return parameters.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
}

/**
 * ...and turn the 1/0 of boolean columns back into booleans, so both databases return the same rows.
 * Which result columns those are is worked out once per statement, from its column names.
 */
function booleanColumnsOf(statement: SqliteDatabase.Statement): string[] {
  if (!statement.reader) return [];
  return statement
    .columns()
    .map((column) => column.name)
    .filter((name) => BOOLEAN_COLUMNS.has(name));
}

function withBooleans<Row>(row: Row, columns: readonly string[]): Row {
  const values = row as Record<string, unknown>;
  for (const name of columns) {
    if (typeof values[name] === 'number') values[name] = values[name] === 1;
  }
  return row;
}

const NO_OP_STATEMENT = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
};

/** Statements kept prepared, most recently used last; `in (?, ?, …)` lists make many shapes. */
const PREPARED_STATEMENTS = 500;

/**
 * Kysely asks for a statement on every query. Preparing one parses and plans the SQL again, which
 * cost more than running the small queries of a typical request, so each SQL text is prepared once.
 * Reusing a statement is safe: Kysely runs one query at a time on its single SQLite connection and
 * holds that connection until a streamed query's iterator is finished or returned.
 */
function preparedStatements(raw: SqliteDatabase.Database, written: () => void) {
  type Wrapped = {
    reader: boolean;
    all(parameters: readonly unknown[]): unknown[];
    run(parameters: readonly unknown[]): SqliteDatabase.RunResult;
    iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
  };
  const cache = new Map<string, Wrapped>();
  return (sql: string): Wrapped => {
    const cached = cache.get(sql);
    if (cached) {
      cache.delete(sql);
      cache.set(sql, cached);
      return cached;
    }
    const statement = raw.prepare(sql);
    const booleans = booleanColumnsOf(statement);
    // Counted before it runs, so a read that began before it is never filed under the new count.
    // SQLite calls BEGIN, COMMIT and ROLLBACK read-only: what a transaction writes counts by its
    // own statements, and no read runs while one is open (Kysely holds the connection).
    const writes = !statement.readonly;
    const wrapped: Wrapped = {
      reader: statement.reader,
      all: (parameters) => {
        if (writes) written();
        const rows = statement.all(sqliteBindable(parameters));
        if (booleans.length) for (const row of rows) withBooleans(row, booleans);
        return rows;
      },
      run: (parameters) => {
        if (writes) written();
        return statement.run(sqliteBindable(parameters));
      },
      iterate: function* (parameters) {
        if (writes) written();
        for (const row of statement.iterate(sqliteBindable(parameters))) {
          yield booleans.length ? withBooleans(row, booleans) : row;
        }
      },
    };
    if (cache.size >= PREPARED_STATEMENTS) cache.delete(cache.keys().next().value!);
    cache.set(sql, wrapped);
    return wrapped;
  };
}

async function openSqlite(dataDir: string): Promise<Db> {
  // Loaded only here, as the PostgreSQL driver is only for PostgreSQL.
  const { default: Sqlite } = await import('better-sqlite3');
  const file = path.join(dataDir, 'dabba.sqlite');
  // SQLite gives its -wal and -shm files the database file's mode, so creating it 0600 covers all three.
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  const raw = new Sqlite(file, { timeout: 0 });
  try {
    // Exclusive locking before WAL: no shared-memory index, and a second process cannot open the file.
    raw.pragma('locking_mode = EXCLUSIVE');
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = FULL');
    raw.pragma('foreign_keys = ON');
    raw.exec('BEGIN EXCLUSIVE; COMMIT;');
  } catch (error) {
    raw.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY'))
      throw new DataDirLockedError(file);
    throw error;
  }
  let writes = 0;
  const prepared = preparedStatements(raw, () => void (writes += 1));
  const database = {
    close: () => raw.close(),
    prepare(sql: string) {
      // After SQLITE_FULL or SQLITE_IOERR, SQLite has already rolled the transaction back. Kysely's
      // ROLLBACK would then fail with "no transaction is active" and hide the real error.
      if (sql === 'rollback' && !raw.inTransaction) return NO_OP_STATEMENT;
      return prepared(sql);
    },
  };
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  return {
    kysely,
    dialect: 'sqlite',
    close: () => kysely.destroy(),
    writes: () => writes,
    // The copy goes through this connection, which holds the exclusive lock: writes made here
    // while it runs are carried into the copy, so it is consistent.
    backup: async (destination) => void (await raw.backup(destination)),
  };
}

/** Per PostgreSQL database: the SQL texts sent as named statements, and each one's name. */
const statementNames = new WeakMap<Kysely<Database>, Map<string, string>>();

/**
 * On PostgreSQL, `sql` is from now on sent as a named statement: each connection parses and plans
 * it once, and later runs send only its name and values (a query that every request makes cost
 * the database more to parse and plan again than to run). Elsewhere nothing changes: SQLite keeps
 * every statement prepared already. For queries whose text never changes (server/platform/db/compiled.ts).
 */
export function nameStatement(kysely: Kysely<Database>, sql: string): void {
  const names = statementNames.get(kysely);
  if (!names || names.has(sql)) return;
  names.set(sql, `dabba_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`);
}

/**
 * The pool as Kysely sees it: each connection sends the SQL texts in `names` as named statements
 * (node-postgres parses a name once per connection), everything else as it was.
 */
function namingPool(pool: Pool, names: Map<string, string>): PostgresPool {
  const wrapped = new WeakMap<PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let connection = wrapped.get(client);
      if (!connection) {
        connection = {
          // A text, or a cursor for a streamed query, which goes on as it came.
          query: ((text: unknown, values?: readonly unknown[]) => {
            const name = typeof text === 'string' ? names.get(text) : undefined;
            return name
              ? client.query({ name, text: text as string, values: values as unknown[] })
              : client.query(text as never, values as never);
          }) as unknown as PostgresPoolClient['query'],
          release: () => client.release(),
        };
        // Kysely keeps one connection object per client it is handed: the same one each time.
        wrapped.set(client, connection);
      }
      return connection;
    },
    end: () => pool.end(),
  };
}

async function openPostgres(databaseUrl: string): Promise<Db> {
  // Loaded only here: the embedded default never pays for the PostgreSQL driver's memory.
  const { default: pg } = await import('pg');
  // PostgreSQL returns int8 and numeric as strings; SQLite returns numbers. Make them agree.
  pg.types.setTypeParser(20, (value) => Number(value));
  pg.types.setTypeParser(1700, (value) => Number(value));
  pg.types.setTypeParser(1082, (value) => value);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client can be cut off (server restart, failover); without a listener that crashes the process.
  pool.on('error', (error) => {
    console.error(`PostgreSQL connection error (the pool will reconnect): ${error.message}`);
  });
  const names = new Map<string, string>();
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: namingPool(pool, names) }),
  });
  statementNames.set(kysely, names);
  return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
}

/** A write refused by a unique index, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

export async function openDatabase(options: {
  dataDir: string;
  databaseUrl: string | null;
}): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir);
}

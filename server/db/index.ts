// Opens the database: embedded SQLite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { BOOLEAN_COLUMNS } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export class DataDirLockedError extends Error {
  constructor(file: string) {
    super(
      `Another Dabba server is already using ${file}. Stop it first, or start this one with another DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

// PostgreSQL returns int8 and numeric as strings; SQLite returns numbers. Make them agree.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));
pg.types.setTypeParser(1082, (value) => value);

/** better-sqlite3 refuses to bind JS booleans; store them as 1/0 like SQLite itself does. */
function sqliteBindable(parameters: readonly unknown[]): unknown[] {
  return parameters.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
}

/** ...and turn the 1/0 of boolean columns back into booleans, so both databases return the same rows. */
class SqliteBooleanPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) {
      for (const key in row) {
        if (BOOLEAN_COLUMNS.has(key) && typeof row[key] === 'number') row[key] = row[key] === 1;
      }
    }
    return args.result;
  }
}

function openSqlite(dataDir: string): Db {
  const file = path.join(dataDir, 'dabba.sqlite');
  const raw = new SqliteDatabase(file, { timeout: 0 });
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
  const database = {
    close: () => raw.close(),
    prepare(sql: string) {
      const statement = raw.prepare(sql);
      return {
        reader: statement.reader,
        all: (parameters: readonly unknown[]) => statement.all(sqliteBindable(parameters)),
        run: (parameters: readonly unknown[]) => statement.run(sqliteBindable(parameters)),
        iterate: (parameters: readonly unknown[]) => statement.iterate(sqliteBindable(parameters)),
      };
    },
  };
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database }),
    plugins: [new SqliteBooleanPlugin()],
  });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

function openPostgres(databaseUrl: string): Db {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client can be cut off (server restart, failover); without a listener that crashes the process.
  pool.on('error', (error) => {
    console.error(`PostgreSQL connection error (the pool will reconnect): ${error.message}`);
  });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
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

export function openDatabase(options: { dataDir: string; databaseUrl: string | null }): Db {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir);
}

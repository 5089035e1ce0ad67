// Decides once whether the suite also runs on PostgreSQL, and says so clearly; migrates a database
// of each kind once, for every test app to start from a copy of (tests/helpers/app.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/platform/db/index.js';
import { migrateToLatest } from '../../server/platform/db/migrations/index.js';
import { buildServerBundle } from './server-process.js';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
    /** A PostgreSQL database with every migration applied: CREATE DATABASE … TEMPLATE it. */
    postgresTemplate: string | null;
    /** A SQLite file with every migration applied, copied into each fresh DATA_DIR. */
    sqliteTemplate: string;
  }
}

/**
 * Every test app starts from a migrated copy rather than running the migrations itself (seconds
 * on PostgreSQL, most of a second on SQLite, for each of some hundred apps). The app still runs
 * migrateToLatest at its start and finds nothing left to do; the migrations themselves run here,
 * on both databases, from the same source as the apps'.
 */
async function migratedSqlite(): Promise<{ file: string; remove: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dabba-template-'));
  const db = await openDatabase({ dataDir: dir, databaseUrl: null });
  try {
    await migrateToLatest(db);
  } finally {
    // A clean close checkpoints the WAL into the file, so the file alone is the whole database.
    await db.close();
  }
  return {
    file: path.join(dir, 'dabba.sqlite'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function migratedPostgres(
  baseUrl: string,
): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `dabba_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ dataDir: '', databaseUrl: url.toString() });
  try {
    await migrateToLatest(db);
  } finally {
    // No connection may stay open to a database that is copied.
    await db.close();
  }
  return {
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export default async function setup(project: TestProject) {
  // The built server, once for every file that starts it (tests/helpers/server-process.ts).
  await buildServerBundle();
  process.env.DABBA_SERVER_BUNDLE_BUILT = '1';
  const sqlite = await migratedSqlite();
  project.provide('sqliteTemplate', sqlite.file);
  project.provide('postgresTemplate', null);
  const teardown: Array<() => unknown> = [sqlite.remove];
  const cleanUp = async () => {
    for (const step of teardown) await step();
  };
  const explicit = process.env.TEST_DATABASE_URL;
  if (explicit === 'none') {
    console.warn('\n*** TEST_DATABASE_URL=none: the storage tests run on SQLite only. ***\n');
    project.provide('postgresUrl', null);
    return cleanUp;
  }
  const url = explicit || DEFAULT_URL;
  if (await reachable(url)) {
    console.log(`\nStorage tests run on SQLite and on PostgreSQL (${url}).\n`);
    project.provide('postgresUrl', url);
    const template = await migratedPostgres(url);
    teardown.push(template.drop);
    project.provide('postgresTemplate', template.name);
    return cleanUp;
  }
  if (explicit)
    throw new Error(`TEST_DATABASE_URL=${explicit} is set but PostgreSQL is not reachable`);
  console.warn(
    `\n*** PostgreSQL is not reachable at ${DEFAULT_URL}: the storage tests run on SQLite ONLY. ***\n`,
  );
  project.provide('postgresUrl', null);
  return cleanUp;
}

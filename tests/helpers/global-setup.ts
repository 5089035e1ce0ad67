// Decides once whether the suite also runs on PostgreSQL, and says so clearly.
import pg from 'pg';
import { buildServerBundle } from './server-process.js';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
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
  const explicit = process.env.TEST_DATABASE_URL;
  if (explicit === 'none') {
    console.warn('\n*** TEST_DATABASE_URL=none: the storage tests run on SQLite only. ***\n');
    project.provide('postgresUrl', null);
    return;
  }
  const url = explicit || DEFAULT_URL;
  if (await reachable(url)) {
    console.log(`\nStorage tests run on SQLite and on PostgreSQL (${url}).\n`);
    project.provide('postgresUrl', url);
    return;
  }
  if (explicit)
    throw new Error(`TEST_DATABASE_URL=${explicit} is set but PostgreSQL is not reachable`);
  console.warn(
    `\n*** PostgreSQL is not reachable at ${DEFAULT_URL}: the storage tests run on SQLite ONLY. ***\n`,
  );
  project.provide('postgresUrl', null);
}

// read_versions: one counter per answer that everyone gets alike (the active plans), moved by
// triggers in the same transaction as any change to what it shows, whoever writes (a route, a job,
// the demo seed, a hand-run UPDATE). server/platform/read-cache.ts serves such an answer from memory while
// its counter stands still, so no instance serves it stale.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '@server/platform/db/index.js';
import { tableWithTextKey } from './columns.js';

/** The shared answers and the tables each one shows. */
const READ_VERSIONS = { plans: ['plans'] } as const;

export function readVersionsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await tableWithTextKey(db, 'read_versions', 'name')
        .addColumn('version', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
      const run = (statement: string) => sql.raw(statement).execute(db);
      for (const [name, tables] of Object.entries(READ_VERSIONS)) {
        await run(`insert into read_versions (name, version) values ('${name}', 0)`);
        const bump = `update read_versions set version = version + 1 where name = '${name}'`;
        if (dialect === 'postgres') {
          await run(`create function ${name}_read_version() returns trigger language plpgsql as $fn$
            begin ${bump}; return null; end $fn$`);
        }
        for (const table of tables) {
          if (dialect === 'sqlite') {
            for (const event of ['insert', 'update', 'delete']) {
              await run(`create trigger ${table}_${name}_read_version_${event} after ${event}
                on ${table} begin ${bump}; end`);
            }
          } else {
            // Once per statement: a bulk change moves the counter once.
            await run(`create trigger ${table}_${name}_read_version
              after insert or update or delete on ${table}
              for each statement execute function ${name}_read_version()`);
          }
        }
      }
    },
  };
}

// Migrations live in code and run at start-up, the same list for both databases.
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from '../index.js';
import { initialMigration } from './001_initial.js';
import { careIndexesMigration } from './002_care_indexes.js';

function migrationsFor(db: Db): Record<string, Migration> {
  return {
    '001_initial': initialMigration(db.dialect),
    '002_care_indexes': careIndexesMigration(db.dialect),
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`Database migration failed: ${reason}`, { cause: error });
  }
}

// Brings the schema to the latest migration (Kysely's Migrator, which also locks against concurrent runs).
import { Migrator } from 'kysely';
import type { Db } from './connection.js';
import { migrations } from './migrations/index.js';

/** Returns the names of the migrations it applied. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`);
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

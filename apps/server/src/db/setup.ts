// Makes a database ready to serve: latest schema, then seed data when empty (run at start, by the seed CLI and by tests).
import type { FileStore } from '../lib/file-store.js';
import type { Db } from './connection.js';
import { migrateToLatest } from './migrate.js';
import { seedDatabase } from './seed/index.js';

interface InfoLogger {
  info(obj: object, msg: string): void;
}

export async function setupDatabase(
  db: Db,
  /** files: where the demo's attachments and images are put (none: the demo's notices get none). */
  options: { seedDemo: boolean; log: InfoLogger; newItemsAfterSeconds?: number; files?: FileStore },
): Promise<void> {
  const applied = await migrateToLatest(db);
  if (applied.length > 0) options.log.info({ migrations: applied }, 'database migrated');
  const seeded = await seedDatabase(db, {
    demo: options.seedDemo,
    newItemsAfterSeconds: options.newItemsAfterSeconds ?? 0,
    files: options.files,
  });
  if (seeded.menus + seeded.users > 0) options.log.info(seeded, 'database seeded');
}

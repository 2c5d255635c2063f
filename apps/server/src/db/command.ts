// The process entry of an operator command (`npm run orders|content|cards`): the configured database (DATA_DIR or
// DATABASE_URL) migrated to the latest schema, the command run with the arguments after `--` (read with
// lib/command-args.ts `parseCommand`), its exit code kept.
import { type Config, loadConfig } from '../config.js';
import { createDb, type Db } from './connection.js';
import { migrateToLatest } from './migrate.js';

export async function runCommand(
  run: (db: Db, argv: string[], config: Config) => Promise<number>,
): Promise<void> {
  const config = loadConfig();
  const db = createDb(config, { error: (obj, msg) => console.error(msg, obj) });
  try {
    await migrateToLatest(db);
    process.exitCode = await run(db, process.argv.slice(2), config);
  } finally {
    await db.destroy();
  }
}

/** Where an operator command writes (the console, or a test's lines). */
export interface CommandOut {
  log(line: string): void;
  error(line: string): void;
}

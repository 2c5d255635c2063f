// The process entry of an operator command (`npm run orders|content|cards`): the configured database (DATA_DIR or
// DATABASE_URL) migrated to the latest schema, the command run with the arguments after `--`, its exit code kept.
import { parseArgs } from 'node:util';
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

export interface ParsedCommand {
  /** The options with a value. */
  values: Record<string, string | undefined>;
  /** The flags given. */
  flags: Record<string, boolean>;
  positionals: string[];
}

/** An operator command's arguments: `strings` options with a value, `flags` without; null when they do not parse. */
export function parseCommand(
  argv: string[],
  strings: readonly string[],
  flags: readonly string[] = [],
): ParsedCommand | null {
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const name of strings) options[name] = { type: 'string' };
  for (const name of flags) options[name] = { type: 'boolean' };
  try {
    const parsed = parseArgs({ args: argv, allowPositionals: true, options });
    const values: Record<string, string | undefined> = {};
    const given: Record<string, boolean> = {};
    for (const [name, value] of Object.entries(parsed.values)) {
      if (typeof value === 'string') values[name] = value;
      else if (value === true) given[name] = true;
    }
    return { values, flags: given, positionals: parsed.positionals };
  } catch {
    return null;
  }
}

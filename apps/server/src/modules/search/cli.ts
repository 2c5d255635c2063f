// `npm run search -- rebuild`: rebuilds the notice search index from every policy item and news article (after a
// restore or a bulk load that bypassed the writers). Every writer keeps the index in step by itself, so this is never
// needed in normal operation. Uses the configured database (DATA_DIR or DATABASE_URL).
import { pathToFileURL } from 'node:url';
import { type CommandOut, runCommand } from '../../db/command.js';
import type { Db } from '../../db/connection.js';
import { parseCommand } from '../../lib/command-args.js';
import { rebuildNoticeIndex } from './repo.js';

const USAGE = 'Usage: npm run search -- rebuild';

/** Runs one command; returns the exit code. Output goes to `out` (the console, or a test's buffer). */
export async function runSearchCli(db: Db, argv: string[], out: CommandOut): Promise<number> {
  const parsed = parseCommand(argv, []);
  if (parsed?.positionals[0] !== 'rebuild' || parsed.positionals.length !== 1) {
    out.error(USAGE);
    return 2;
  }
  const indexed = await rebuildNoticeIndex(db, (line) => out.log(line));
  out.log(`search index rebuilt: ${indexed} notices`);
  return 0;
}

/** The process entry (the compiled file run by npm). */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCommand((db, argv) => runSearchCli(db, argv, console));
}

// `npm run content -- publish --type <sbtz|gsgg|zcdt> --title <text> --dept <department> [--city <code>]
// [--area <code>] [--industry <letter>] [--at <ISO time>] [--end <ISO time>]`: the operator publishes a policy item.
// The running server pushes it to the members whose push settings match within a second (at --at when later).
// Audited as the command line (CLI_ACTOR) in the item's transaction. Uses the configured database (DATA_DIR or
// DATABASE_URL).
import { pathToFileURL } from 'node:url';
import { contentItemBody, MSG, POLICY_CATEGORIES } from '@uc/shared';
import { type CommandOut, runCommand } from '../../db/command.js';
import type { Db } from '../../db/connection.js';
import { parseCommand } from '../../lib/command-args.js';
import { auditWriter, CLI_ACTOR } from '../staff/audit.js';
import { auditPublish, policyItemOf } from './console.js';
import { insertPublished, type NewPolicyItem } from './repo.js';

const TYPES = POLICY_CATEGORIES.map((c) => c.key);
const USAGE = `Usage:
  npm run content -- publish --type <${TYPES.join('|')}> --title <text> --dept <department>
      [--city <city code>] [--area <district code>] [--industry <GB/T 4754 letter>] [--at <ISO time>] [--end <ISO time>]`;

/** The item the arguments describe, or the reason they do not describe one: the console's body and its rules. */
export function itemFromArgs(
  values: Record<string, string | undefined>,
  now: Date,
): NewPolicyItem | { error: string } {
  const { type, title, dept, city, area, industry, at, end } = values;
  const parsed = contentItemBody.safeParse({
    type,
    title,
    dept,
    city,
    area,
    industry,
    publish_at: at,
    end_at: end,
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? MSG.badRequest };
  return policyItemOf(parsed.data, now);
}

/** Runs one command; returns the exit code. Output goes to `out` (the console, or a test's buffer). */
export async function runContentCli(
  db: Db,
  argv: string[],
  out: CommandOut,
  now: () => Date = () => new Date(),
): Promise<number> {
  const parsed = parseCommand(argv, ['type', 'title', 'dept', 'city', 'area', 'industry', 'at', 'end']);
  if (parsed?.positionals[0] !== 'publish' || parsed.positionals.length !== 1) {
    out.error(USAGE);
    return 2;
  }
  const item = itemFromArgs(parsed.values, now());
  if ('error' in item) {
    out.error(`${item.error}\n${USAGE}`);
    return 2;
  }
  // The item, its outbox row and its audit row (as the command line) commit together.
  const id = await insertPublished(db, item, auditPublish(auditWriter(now), CLI_ACTOR, now));
  out.log(`published policy item ${id} (${item.type}) at ${item.publish_time}: ${item.title}`);
  return 0;
}

/** The process entry (the compiled file run by npm). */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCommand((db, argv) => runContentCli(db, argv, console));
}

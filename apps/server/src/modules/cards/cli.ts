// `npm run cards -- create-batch --name <text> --grant <what> --count <n> --expires <YYYY-MM-DD> --out <file.csv>`:
// a batch of redemption cards; <what> is plan:<gid>:<years>, credits:<tool>:<uses>, api:<calls> or coupon:<template
// id> (one coupon of the template per card, within its stock and per-member limit when bound). The CSV
// (card_no,card_secret) is written once, before the cards are stored, and never over an existing file: the secrets
// exist nowhere else. Both changes go through console.ts, audited as the CLI actor. `npm run cards -- list`: the batches with how many cards were bound. `npm run cards -- void
// <batch>`: no card of the batch binds any more. Uses the configured database (DATA_DIR or DATABASE_URL) and the
// server secret the card key derives from.
import { rm, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { type CommandOut, runCommand } from '../../db/command.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { parseCommand } from '../../lib/command-args.js';
import { readOrCreateSecret } from '../../lib/secret.js';
import { auditWriter, CLI_ACTOR } from '../staff/audit.js';
import { type BatchInput, type CardBatches, createCardBatches } from './console.js';
import { listBatches } from './console-repo.js';
import { grantText } from './presenter.js';
import { cardKeys } from './secrets.js';

const USAGE = `Usage:
  npm run cards -- create-batch --name <text> --grant <plan:<gid>:<years>|credits:<tool>:<uses>|api:<calls>|coupon:<template id>> --count <n> --expires <YYYY-MM-DD> --out <file.csv>
  npm run cards -- list
  npm run cards -- void <batch id>`;

/** The most cards one batch may hold. */
export const MAX_BATCH = 10_000;

const positive = (text: string | undefined, max: number): number | null =>
  text !== undefined && /^\d{1,9}$/.test(text) && Number(text) >= 1 && Number(text) <= max
    ? Number(text)
    : null;

/** --grant's text as the fields of a batch: plan:<gid>:<years>, credits:<tool>:<uses>, api:<calls>, coupon:<id>. */
function grantFields(text: string): Partial<BatchInput> | null {
  const [kind, first, second] = text.split(':');
  const n = (t: string | undefined) => positive(t, 2_147_483_647) ?? undefined;
  if (kind === 'plan') return { grant_kind: kind, grant_gid: n(first), units: n(second) };
  if (kind === 'credits') return { grant_kind: kind, grant_tool: first ?? '', units: n(second) };
  if (kind === 'api') return { grant_kind: kind, units: n(first) };
  if (kind === 'coupon') return { grant_kind: kind, grant_template: n(first) };
  return null;
}

async function createBatch(
  batches: CardBatches,
  values: Record<string, string | undefined>,
  out: CommandOut,
): Promise<number> {
  const count = positive(values.count, MAX_BATCH);
  const file = values.out;
  const grant = values.grant ? grantFields(values.grant) : null;
  if (!values.name || count === null || !values.expires || !file || !grant) {
    out.error(USAGE);
    return 2;
  }
  const input = { ...grant, name: values.name, count, expires: values.expires } as BatchInput;
  let written = false;
  try {
    // The secrets are written inside the batch's transaction, never over a file: the batch keeps none of them.
    const batch = await batches.create(input, CLI_ACTOR, 'npm run cards -- create-batch', async (cards) => {
      await writeFile(
        file,
        `card_no,card_secret\n${cards.map((c) => `${c.cardNo},${c.secret}`).join('\n')}\n`,
        {
          flag: 'wx',
          mode: 0o600,
        },
      );
      written = true;
    });
    out.log(`batch ${batch.id}: ${count} card(s) written to ${file}; the secrets are not shown again`);
    return 0;
  } catch (error) {
    if (written) await rm(file, { force: true });
    if (error instanceof AppError) {
      out.error(error.message);
      return 2;
    }
    out.error(`the cards were not stored (${(error as Error).message})${written ? `; ${file} removed` : ''}`);
    return 1;
  }
}

/** Runs one command; returns the exit code. `serverSecret`: the key the card secrets' HMACs derive from. */
export async function runCardsCli(
  db: Db,
  serverSecret: string,
  argv: string[],
  out: CommandOut,
  now: () => Date = () => new Date(),
): Promise<number> {
  const parsed = parseCommand(argv, ['name', 'grant', 'count', 'expires', 'out']);
  if (!parsed) {
    out.error(USAGE);
    return 2;
  }
  const [command, batch] = parsed.positionals;
  const batches = createCardBatches({ db, now, ...cardKeys(serverSecret), audit: auditWriter(now) });
  if (command === 'create-batch') return createBatch(batches, parsed.values, out);
  if (command === 'list') {
    const rows = await listBatches(db);
    out.log(['id', 'name', 'grant', 'cards', 'bound', 'expires', 'status'].join('\t'));
    for (const b of rows) {
      const grant = grantText({
        ...b,
        plan_name: b.grant_gid === null ? null : `gid ${b.grant_gid}`,
        tool_name: b.grant_tool,
        coupon_name: b.grant_template === null ? null : `template ${b.grant_template}`,
      });
      out.log([b.id, b.name, grant, b.count, Number(b.bound), b.expires_at, b.status].join('\t'));
    }
    out.log(`${rows.length} batch(es)`);
    return 0;
  }
  if (command === 'void') {
    const id = positive(batch, 2_147_483_647);
    if (id === null) {
      out.error(USAGE);
      return 2;
    }
    try {
      await batches.void(id, CLI_ACTOR, 'npm run cards -- void');
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      out.error(`batch ${batch}: ${error.message}`);
      return 1;
    }
    out.log(`batch ${id} void: none of its unbound cards binds any more`);
    return 0;
  }
  out.error(USAGE);
  return 2;
}

/** The process entry (the compiled file run by npm). */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCommand(async (db, argv, config) =>
    runCardsCli(db, config.jwtSecret ?? (await readOrCreateSecret(config.dataDir)), argv, console),
  );
}

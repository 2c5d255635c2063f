// `npm run cards -- create-batch --name <text> --grant <what> --count <n> --expires <YYYY-MM-DD> --out <file.csv>`:
// a batch of redemption cards; <what> is plan:<gid>:<years>, credits:<tool>:<uses>, api:<calls> or coupon:<template
// id> (one coupon of the template per card, within its stock and per-member limit when bound). The CSV
// (card_no,card_secret) is written once, before the cards are stored, and never over an existing file: the secrets
// exist nowhere else. `npm run cards -- list`: the batches with how many cards were bound. `npm run cards -- void
// <batch>`: no card of the batch binds any more. Uses the configured database (DATA_DIR or DATABASE_URL) and the
// server secret the card key derives from.
import { rm, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { CREDIT_TOOLS, DEFAULT_API_PLAN_ID, ORDER_COUNT } from '@uc/shared';
import { type CommandOut, parseCommand, runCommand } from '../../db/command.js';
import type { Db } from '../../db/connection.js';
import { readOrCreateSecret } from '../../lib/secret.js';
import { grantText } from './presenter.js';
import {
  findGrantPlan,
  findGrantTemplate,
  findGrantTool,
  insertBatch,
  insertCards,
  listBatches,
  voidBatch,
} from './repo.js';
import { cardKey, hashSecret, newCardNo, newCardSecret } from './secrets.js';

const USAGE = `Usage:
  npm run cards -- create-batch --name <text> --grant <plan:<gid>:<years>|credits:<tool>:<uses>|api:<calls>|coupon:<template id>> --count <n> --expires <YYYY-MM-DD> --out <file.csv>
  npm run cards -- list
  npm run cards -- void <batch id>`;

/** The most cards one batch may hold. */
export const MAX_BATCH = 10_000;

type Grant =
  | { kind: 'plan'; gid: number; units: number }
  | { kind: 'credits'; tool: string; units: number }
  | { kind: 'api'; gid: number; units: number }
  | { kind: 'coupon'; template: number; units: number };

const positive = (text: string | undefined, max: number): number | null =>
  text !== undefined && /^\d{1,9}$/.test(text) && Number(text) >= 1 && Number(text) <= max
    ? Number(text)
    : null;

/** The grant of --grant, checked against the catalogue; a reason when it is no grant. */
async function parseGrant(db: Db, text: string): Promise<Grant | string> {
  const [kind, first, second] = text.split(':');
  if (kind === 'plan') {
    const gid = positive(first, 2_147_483_647);
    const years = positive(second, ORDER_COUNT.max);
    const plan = gid === null ? undefined : await findGrantPlan(db, gid);
    if (!plan || plan.level === null)
      return `plan:<gid>:<years>: no membership plan on sale has gid ${first}`;
    if (years === null) return `plan:<gid>:<years>: years must be ${ORDER_COUNT.min}-${ORDER_COUNT.max}`;
    return { kind, gid: plan.gid, units: years };
  }
  if (kind === 'credits') {
    const uses = positive(second, 100_000);
    if (
      !(CREDIT_TOOLS as readonly string[]).includes(first ?? '') ||
      !(await findGrantTool(db, first ?? ''))
    ) {
      return `credits:<tool>:<uses>: the tool must be one of ${CREDIT_TOOLS.join(', ')}`;
    }
    if (uses === null) return 'credits:<tool>:<uses>: uses must be 1-100000';
    return { kind, tool: first ?? '', units: uses };
  }
  if (kind === 'api') {
    const calls = positive(first, 100_000_000);
    const plan = await findGrantPlan(db, DEFAULT_API_PLAN_ID);
    const perUnit = plan?.api_calls_per_unit ?? 0;
    if (calls === null || perUnit <= 0 || calls % perUnit !== 0) {
      return `api:<calls>: calls must be a multiple of the API package's ${perUnit} per unit`;
    }
    return { kind, gid: DEFAULT_API_PLAN_ID, units: calls };
  }
  if (kind === 'coupon') {
    const id = positive(first, 2_147_483_647);
    const template = id === null ? undefined : await findGrantTemplate(db, id);
    if (template?.status !== 'active') {
      return `coupon:<template id>: no active coupon template has id ${first} (npm run coupons -- templates)`;
    }
    return { kind, template: template.id, units: 1 };
  }
  return `unknown grant ${text}`;
}

/** The end of the day (Asia/Shanghai) as an ISO instant; null for no such date. */
function endOfDay(text: string | undefined): string | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const at = Date.parse(`${text}T23:59:59.999+08:00`);
  return Number.isNaN(at) || new Date(at + 8 * 3_600_000).toISOString().slice(0, 10) !== text
    ? null
    : new Date(at).toISOString();
}

async function createBatch(
  db: Db,
  key: Buffer,
  values: Record<string, string | undefined>,
  out: CommandOut,
  now: Date,
): Promise<number> {
  const name = values.name?.trim() ?? '';
  const count = positive(values.count, MAX_BATCH);
  const expiresAt = endOfDay(values.expires);
  const file = values.out;
  if (!name || name.length > 60 || count === null || !expiresAt || !file || !values.grant) {
    out.error(USAGE);
    return 2;
  }
  if (expiresAt <= now.toISOString()) {
    out.error(`--expires ${values.expires} has passed`);
    return 2;
  }
  const grant = await parseGrant(db, values.grant);
  if (typeof grant === 'string') {
    out.error(grant);
    return 2;
  }
  const numbers = new Set<string>();
  while (numbers.size < count) numbers.add(newCardNo());
  const cards = [...numbers].map((cardNo) => ({ cardNo, secret: newCardSecret() }));
  // The secrets are written first, never over a file: if storing the cards fails, the file goes again.
  try {
    await writeFile(
      file,
      `card_no,card_secret\n${cards.map((c) => `${c.cardNo},${c.secret}`).join('\n')}\n`,
      {
        flag: 'wx',
        mode: 0o600,
      },
    );
  } catch (error) {
    out.error(`cannot write ${file}: ${(error as Error).message}`);
    return 1;
  }
  const stamp = now.toISOString();
  try {
    const batchId = await db.transaction().execute(async (trx) => {
      const id = await insertBatch(trx, {
        name,
        grant_kind: grant.kind,
        grant_gid: grant.kind === 'plan' || grant.kind === 'api' ? grant.gid : null,
        grant_tool: grant.kind === 'credits' ? grant.tool : null,
        grant_template: grant.kind === 'coupon' ? grant.template : null,
        grant_units: grant.units,
        count,
        expires_at: expiresAt,
        status: 'active',
        created_at: stamp,
        order_id: null,
        shown_at: null,
        downloaded_at: null,
      });
      await insertCards(
        trx,
        cards.map((c) => ({
          batch_id: id,
          card_no: c.cardNo,
          secret_hash: hashSecret(key, c.secret),
          secret_sealed: null,
          status: 'unbound',
          user_id: null,
          bound_at: null,
          order_id: null,
          created_at: stamp,
        })),
      );
      return id;
    });
    out.log(`batch ${batchId}: ${count} card(s) written to ${file}; the secrets are not shown again`);
    return 0;
  } catch (error) {
    await rm(file, { force: true });
    out.error(`the cards were not stored (${(error as Error).message}); ${file} removed`);
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
  if (command === 'create-batch') return createBatch(db, cardKey(serverSecret), parsed.values, out, now());
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
    if (!(await voidBatch(db, id))) {
      out.error(`batch ${batch} is unknown or void already`);
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

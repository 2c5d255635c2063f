// `npm run coupons -- <command>`: the coupon templates and issuing them (docs/decisions.md "coupons").
//   create-template --name <text> --kind full_reduction|discount|voucher [--threshold <yuan>] [--amount <yuan>]
//     [--percent <1-99, paid>] [--cap <yuan>] [--plans <gid,gid,...>] (--days <n> | --until <YYYY-MM-DD>)
//     [--from <YYYY-MM-DD>] [--total <n>] [--per-member <n>] [--on-register]
//   templates                      the templates with how many were issued
//   issue <template id> --to <username,username,...>   one coupon each, within the stock and per-member limit
//   stop <template id>             no more are issued (those issued stay usable)
// Changes go through console.ts (the console's rules), audited as the CLI actor. Uses the configured database
// (DATA_DIR or DATABASE_URL).
import { pathToFileURL } from 'node:url';
import { couponTemplateBody, MSG } from '@uc/shared';
import { type CommandOut, runCommand } from '../../db/command.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { parseCommand } from '../../lib/command-args.js';
import { auditWriter, CLI_ACTOR } from '../staff/audit.js';
import { createCouponTemplates } from './console.js';
import { listTemplates } from './console-repo.js';
import { ruleText } from './rules.js';

const USAGE = `Usage:
  npm run coupons -- create-template --name <text> --kind full_reduction|discount|voucher [--threshold <yuan>] [--amount <yuan>] [--percent <1-99>] [--cap <yuan>] [--plans <gid,...>] (--days <n> | --until <YYYY-MM-DD>) [--from <YYYY-MM-DD>] [--total <n>] [--per-member <n>] [--on-register]
  npm run coupons -- templates
  npm run coupons -- issue <template id> --to <username,...>
  npm run coupons -- stop <template id>`;

const whole = (text: string | undefined, min: number, max: number): number | null =>
  text !== undefined && /^\d{1,9}$/.test(text) && Number(text) >= min && Number(text) <= max
    ? Number(text)
    : null;

/** The options as the console's template body, checked by the same rule (couponTemplateBody). */
function templateOf(v: Record<string, string | undefined>, flags: Record<string, boolean>) {
  const parsed = couponTemplateBody.safeParse({
    name: v.name ?? '',
    kind: v.kind,
    threshold: v.threshold,
    amount: v.amount,
    percent: v.percent,
    cap: v.cap,
    plans: v.plans === undefined ? undefined : v.plans.split(',').map((g) => g.trim()),
    valid_days: v.days,
    valid_from: v.from,
    valid_until: v.until,
    total_count: v.total,
    take_limit: v['per-member'],
    on_register: flags['on-register'] === true,
    reason: 'npm run coupons -- create-template',
  });
  return parsed.success ? parsed.data : (parsed.error.issues[0]?.message ?? MSG.templateInvalid);
}

/** Runs a change, printing the Chinese refusal of the service; the exit code (`refused` when refused). */
async function change(out: CommandOut, run: () => Promise<number>, refused = 1): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    out.error(error.message);
    return refused;
  }
}

/** Runs one command; returns the exit code. */
export async function runCouponsCli(
  db: Db,
  argv: string[],
  out: CommandOut,
  now: () => Date = () => new Date(),
): Promise<number> {
  const parsed = parseCommand(
    argv,
    [
      'name',
      'kind',
      'threshold',
      'amount',
      'percent',
      'cap',
      'plans',
      'days',
      'until',
      'from',
      'total',
      'per-member',
      'to',
    ],
    ['on-register'],
  );
  if (!parsed) {
    out.error(USAGE);
    return 2;
  }
  const [command, idText] = parsed.positionals;
  const templates = createCouponTemplates({ db, now, audit: auditWriter(now) });
  if (command === 'create-template') {
    const template = templateOf(parsed.values, parsed.flags);
    if (typeof template === 'string') {
      out.error(`${template}\n${USAGE}`);
      return 2;
    }
    return change(
      out,
      async () => {
        const row = await templates.create(template, CLI_ACTOR, template.reason);
        out.log(`template ${row.id}: ${row.name} (${row.rule})`);
        return 0;
      },
      2,
    );
  }
  if (command === 'templates') {
    const rows = await listTemplates(db);
    out.log(
      ['id', 'name', 'rule', 'plans', 'issued', 'total', 'per member', 'validity', 'register', 'status'].join(
        '\t',
      ),
    );
    for (const t of rows) {
      const validity = t.valid_days !== null ? `${t.valid_days} days` : `${t.valid_start} - ${t.valid_end}`;
      out.log(
        [
          t.id,
          t.name,
          ruleText(t),
          t.scope_gids ?? 'all',
          t.issued_count,
          t.total_count ?? '-',
          t.take_limit ?? '-',
          validity,
          t.on_register === 1 ? 'yes' : 'no',
          t.status,
        ].join('\t'),
      );
    }
    out.log(`${rows.length} template(s)`);
    return 0;
  }
  const id = whole(idText, 1, 2_147_483_647);
  if (command === 'issue' && id !== null && typeof parsed.values.to === 'string') {
    const names = parsed.values.to
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    if (names.length === 0 || names.length > 1000) {
      out.error(USAGE);
      return 2;
    }
    return change(out, async () => {
      const result = await templates.issue(id, names, CLI_ACTOR, 'npm run coupons -- issue');
      for (const c of result.coupons) out.log(`${c.member}: coupon ${c.couponId} (${c.name})`);
      for (const s of result.skipped_members) out.error(`${s.member}: ${s.reason}`);
      return result.skipped === 0 ? 0 : 1;
    });
  }
  if (command === 'stop' && id !== null) {
    return change(out, async () => {
      await templates.disable(id, CLI_ACTOR, 'npm run coupons -- stop');
      out.log(`template ${id} stopped: no more are issued; those issued stay usable`);
      return 0;
    });
  }
  out.error(USAGE);
  return 2;
}

/** The process entry (the compiled file run by npm). */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCommand((db, argv) => runCouponsCli(db, argv, console));
}

// `npm run coupons -- <command>`: the coupon templates and issuing them (docs/decisions.md "Coupons").
//   create-template --name <text> --kind full_reduction|discount|voucher [--threshold <yuan>] [--amount <yuan>]
//     [--percent <1-99, paid>] [--cap <yuan>] [--plans <gid,gid,...>] (--days <n> | --until <YYYY-MM-DD>)
//     [--from <YYYY-MM-DD>] [--total <n>] [--per-member <n>] [--on-register]
//   templates                      the templates with how many were issued
//   issue <template id> --to <username,username,...>   one coupon each, within the stock and per-member limit
//   stop <template id>             no more are issued (those issued stay usable)
// Uses the configured database (DATA_DIR or DATABASE_URL).
import { pathToFileURL } from 'node:url';
import { COUPON_KINDS, type CouponKind, yuanToFen } from '@uc/shared';
import { type CommandOut, parseCommand, runCommand } from '../../db/command.js';
import type { Db } from '../../db/connection.js';
import {
  findAccount,
  findTemplate,
  insertTemplate,
  listTemplates,
  type NewTemplate,
  setTemplateStatus,
} from './repo.js';
import { ruleText } from './rules.js';
import { issueCoupon, issueRefusal } from './service.js';

const USAGE = `Usage:
  npm run coupons -- create-template --name <text> --kind full_reduction|discount|voucher [--threshold <yuan>] [--amount <yuan>] [--percent <1-99>] [--cap <yuan>] [--plans <gid,...>] (--days <n> | --until <YYYY-MM-DD>) [--from <YYYY-MM-DD>] [--total <n>] [--per-member <n>] [--on-register]
  npm run coupons -- templates
  npm run coupons -- issue <template id> --to <username,...>
  npm run coupons -- stop <template id>`;

const whole = (text: string | undefined, min: number, max: number): number | null =>
  text !== undefined && /^\d{1,9}$/.test(text) && Number(text) >= min && Number(text) <= max
    ? Number(text)
    : null;

/** A day of Asia/Shanghai as the instant it starts (`end`: the instant after it ends); null for no such date. */
function dayInstant(text: string | undefined, end: boolean): string | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const at = Date.parse(`${text}T00:00:00.000+08:00`);
  if (Number.isNaN(at) || new Date(at + 8 * 3_600_000).toISOString().slice(0, 10) !== text) return null;
  return new Date(at + (end ? 86_400_000 : 0)).toISOString();
}

/** The template the options describe, or why they describe none. */
function templateOf(
  v: Record<string, string | undefined>,
  flags: Record<string, boolean>,
  now: Date,
): NewTemplate | string {
  const text = (key: string) => v[key];
  const name = text('name')?.trim() ?? '';
  if (!name || [...name].length > 30) return '--name: 1-30 characters';
  const kind = text('kind') as CouponKind | undefined;
  if (!kind || !(COUPON_KINDS as readonly string[]).includes(kind)) {
    return `--kind: one of ${COUPON_KINDS.join(', ')}`;
  }
  const money = (key: string): number | null | undefined => {
    const raw = text(key);
    return raw === undefined ? undefined : yuanToFen(raw);
  };
  const threshold = money('threshold');
  const amount = money('amount');
  const cap = money('cap');
  if (threshold === null || amount === null || cap === null)
    return '--threshold, --amount, --cap: yuan, <= 2 decimals';
  const percent = text('percent') === undefined ? undefined : whole(text('percent'), 1, 99);
  if (percent === null) return '--percent: the percent paid, 1-99 (80 = 8折)';
  if (kind === 'discount' && percent === undefined) return '--percent is required for a discount';
  if (kind !== 'discount' && !(amount && amount > 0)) return '--amount (> 0) is required';
  if (kind === 'full_reduction' && !(threshold && threshold > (amount ?? 0))) {
    return '--threshold must be above --amount for a full_reduction';
  }
  let scope: string | null = null;
  if (text('plans') !== undefined) {
    const gids = (text('plans') ?? '').split(',').map((g) => whole(g.trim(), 1, 2_147_483_647));
    if (gids.length === 0 || gids.some((g) => g === null)) return '--plans: gids separated by commas';
    scope = JSON.stringify(gids);
  }
  const days = text('days') === undefined ? undefined : whole(text('days'), 1, 3650);
  const until = text('until') === undefined ? undefined : dayInstant(text('until'), true);
  const from = text('from') === undefined ? undefined : dayInstant(text('from'), false);
  if (days === null || until === null || from === null) return '--days 1-3650, --until/--from YYYY-MM-DD';
  if ((days === undefined) === (until === undefined)) return 'one of --days or --until';
  if (until !== undefined && until <= (from ?? now.toISOString()))
    return '--until must be after --from and today';
  const total = text('total') === undefined ? undefined : whole(text('total'), 1, 10_000_000);
  const perMember = text('per-member') === undefined ? undefined : whole(text('per-member'), 1, 1000);
  if (total === null || perMember === null) return '--total 1-10000000, --per-member 1-1000';
  return {
    name,
    kind,
    threshold_fen: kind === 'full_reduction' ? (threshold ?? 0) : 0,
    discount_fen: kind === 'discount' ? 0 : (amount ?? 0),
    percent: kind === 'discount' ? (percent ?? null) : null,
    max_discount_fen: kind === 'discount' ? (cap ?? null) : null,
    scope_gids: scope,
    total_count: total ?? null,
    take_limit: perMember ?? null,
    valid_days: days ?? null,
    valid_start: days === undefined ? (from ?? now.toISOString()) : null,
    valid_end: until ?? null,
    on_register: flags['on-register'] === true ? 1 : 0,
    status: 'active',
    created_at: now.toISOString(),
  };
}

async function issue(
  db: Db,
  templateId: number,
  usernames: string[],
  out: CommandOut,
  now: Date,
): Promise<number> {
  const template = await findTemplate(db, templateId);
  if (!template) {
    out.error(`template ${templateId} is unknown`);
    return 1;
  }
  let failed = 0;
  for (const username of usernames) {
    const user = await findAccount(db, username);
    if (!user || user.parent_id !== null) {
      out.error(`${username}: no such main account`);
      failed += 1;
      continue;
    }
    // One transaction per member: the stock taken and the coupon written together.
    const result = await db
      .transaction()
      .execute((trx) => issueCoupon(trx, { templateId, userId: user.id, source: 'operator', at: now }));
    if (result.issued) out.log(`${username}: coupon ${result.coupon.id} (${template.name})`);
    else {
      out.error(`${username}: ${issueRefusal(result.reason)}`);
      failed += 1;
    }
  }
  return failed === 0 ? 0 : 1;
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
  if (command === 'create-template') {
    const template = templateOf(parsed.values, parsed.flags, now());
    if (typeof template === 'string') {
      out.error(`${template}\n${USAGE}`);
      return 2;
    }
    const row = await insertTemplate(db, template);
    out.log(`template ${row.id}: ${row.name} (${ruleText(row)})`);
    return 0;
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
    return issue(db, id, names, out, now());
  }
  if (command === 'stop' && id !== null) {
    if (!(await setTemplateStatus(db, id, 'stopped'))) {
      out.error(`template ${id} is unknown`);
      return 1;
    }
    out.log(`template ${id} stopped: no more are issued; those issued stay usable`);
    return 0;
  }
  out.error(USAGE);
  return 2;
}

/** The process entry (the compiled file run by npm). */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCommand((db, argv) => runCouponsCli(db, argv, console));
}

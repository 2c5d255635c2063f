// `npm run invoices -- <command>`: the operator's invoice queue (docs/decisions.md "invoices").
//   list [--status pending|issued|rejected|reversed]   the requests, oldest first
//   issue <id> --pdf <file.pdf> --number <invoice number>   attaches the PDF: 申请中 -> 已开具 (the member is told)
//   reject <id> --reason <text>                        申请中 -> 已驳回 (the member may apply again)
//   reverse <id> --reason <text>                       已开具 -> 已红冲 (only once the order was refunded)
// Every move goes through console.ts, as the console's do, audited as the CLI actor.
// Uses the configured database (DATA_DIR or DATABASE_URL).
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import {
  fenToYuan,
  hasIllegalChars,
  INVOICE_NUMBER_MAX,
  INVOICE_PDF_MAX_BYTES,
  INVOICE_STATUSES,
} from '@uc/shared';
import { type CommandOut, runCommand } from '../../db/command.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../errors.js';
import { parseCommand } from '../../lib/command-args.js';
import { auditWriter, CLI_ACTOR } from '../staff/audit.js';
import { createInvoiceDesk, type InvoiceDesk, isInvoicePdf } from './console.js';
import { operatorList } from './console-repo.js';

const USAGE = `Usage:
  npm run invoices -- list [--status ${INVOICE_STATUSES.join('|')}]
  npm run invoices -- issue <id> --pdf <file.pdf> --number <invoice number>
  npm run invoices -- reject <id> --reason <text>
  npm run invoices -- reverse <id> --reason <text>`;

const text = (value: string | undefined, max: number): string | null =>
  value !== undefined && value.trim() !== '' && [...value].length <= max && !hasIllegalChars(value)
    ? value.trim()
    : null;

/** Runs a move of the desk; its refusal (not 申请中, not refunded, ...) printed, exit 1. */
async function move(out: CommandOut, run: () => Promise<string>): Promise<number> {
  try {
    out.log(await run());
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    out.error(error.message);
    return 1;
  }
}

async function issue(
  desk: InvoiceDesk,
  id: number,
  values: Record<string, string | undefined>,
  out: CommandOut,
) {
  const number = text(values.number, INVOICE_NUMBER_MAX);
  if (!number || !values.pdf) {
    out.error(USAGE);
    return 2;
  }
  let pdf: Buffer;
  try {
    pdf = await readFile(values.pdf);
  } catch (error) {
    out.error(`cannot read ${values.pdf}: ${(error as Error).message}`);
    return 1;
  }
  if (!isInvoicePdf(pdf)) {
    out.error(`${values.pdf} is not a PDF of at most ${INVOICE_PDF_MAX_BYTES / 1024 / 1024} MB`);
    return 2;
  }
  return move(out, async () => {
    await desk.issue(id, number, pdf, CLI_ACTOR);
    return `invoice ${id} issued as ${number}; the member is told by the running server`;
  });
}

async function close(
  desk: InvoiceDesk,
  id: number,
  to: 'rejected' | 'reversed',
  values: Record<string, string | undefined>,
  out: CommandOut,
) {
  const reason = text(values.reason, 200);
  if (!reason) {
    out.error(USAGE);
    return 2;
  }
  return move(out, async () => {
    if (to === 'rejected') await desk.reject(id, reason, CLI_ACTOR);
    else await desk.reverse(id, reason, undefined, CLI_ACTOR);
    return `invoice ${id} ${to}: ${reason}`;
  });
}

/** Runs one command; returns the exit code. */
export async function runInvoicesCli(
  db: Db,
  argv: string[],
  out: CommandOut,
  now: () => Date = () => new Date(),
): Promise<number> {
  const parsed = parseCommand(argv, ['status', 'pdf', 'number', 'reason']);
  if (!parsed) {
    out.error(USAGE);
    return 2;
  }
  const [command, idText] = parsed.positionals;
  if (command === 'list') {
    const status = parsed.values.status;
    if (status !== undefined && !(INVOICE_STATUSES as readonly string[]).includes(status)) {
      out.error(USAGE);
      return 2;
    }
    const rows = await operatorList(db, status, 500);
    out.log(['id', 'status', 'type', 'title', 'tax no', 'yuan', 'order', 'member', 'asked'].join('\t'));
    for (const r of rows) {
      out.log(
        [
          r.id,
          r.status,
          r.invoice_type,
          r.title,
          r.tax_no || '-',
          fenToYuan(r.amount_fen),
          r.out_trade_no,
          r.username,
          r.created_at,
        ].join('\t'),
      );
    }
    out.log(`${rows.length} invoice(s)`);
    return 0;
  }
  const id = idText !== undefined && /^\d{1,9}$/.test(idText) ? Number(idText) : null;
  if (id === null) {
    out.error(USAGE);
    return 2;
  }
  const desk = createInvoiceDesk({ db, now, audit: auditWriter(now) });
  if (command === 'issue') return issue(desk, id, parsed.values, out);
  if (command === 'reject') return close(desk, id, 'rejected', parsed.values, out);
  if (command === 'reverse') return close(desk, id, 'reversed', parsed.values, out);
  out.error(USAGE);
  return 2;
}

/** The process entry (the compiled file run by npm). */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCommand((db, argv) => runInvoicesCli(db, argv, console));
}

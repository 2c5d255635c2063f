// `npm run invoices -- <command>`: the operator's invoice queue (docs/decisions.md "Invoices").
//   list [--status pending|issued|rejected|reversed]   the requests, oldest first
//   issue <id> --pdf <file.pdf> --number <invoice number>   attaches the PDF: 申请中 -> 已开具 (the member is told)
//   reject <id> --reason <text>                        申请中 -> 已驳回 (the member may apply again)
//   reverse <id> --reason <text>                       已开具 -> 已红冲 (after a refund)
// Uses the configured database (DATA_DIR or DATABASE_URL).
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { fenToYuan, hasIllegalChars, INVOICE_STATUSES } from '@uc/shared';
import { type CommandOut, parseCommand, runCommand } from '../../db/command.js';
import type { Db } from '../../db/connection.js';
import { findInvoice, moveInvoice, operatorList } from './repo.js';

const USAGE = `Usage:
  npm run invoices -- list [--status ${INVOICE_STATUSES.join('|')}]
  npm run invoices -- issue <id> --pdf <file.pdf> --number <invoice number>
  npm run invoices -- reject <id> --reason <text>
  npm run invoices -- reverse <id> --reason <text>`;

/** The largest PDF kept (an electronic invoice is tens of kilobytes). */
export const PDF_MAX_BYTES = 5 * 1024 * 1024;

const text = (value: string | undefined, max: number): string | null =>
  value !== undefined && value.trim() !== '' && [...value].length <= max && !hasIllegalChars(value)
    ? value.trim()
    : null;

async function issue(
  db: Db,
  id: number,
  values: Record<string, string | undefined>,
  out: CommandOut,
  now: Date,
) {
  const number = text(values.number, 40);
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
  if (pdf.length > PDF_MAX_BYTES || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') {
    out.error(`${values.pdf} is not a PDF of at most ${PDF_MAX_BYTES / 1024 / 1024} MB`);
    return 2;
  }
  const moved = await moveInvoice(db, id, 'pending', {
    status: 'issued',
    number,
    pdf,
    issued_at: now.toISOString(),
  });
  if (!moved) {
    out.error(`invoice ${id} is unknown or not 申请中`);
    return 1;
  }
  out.log(`invoice ${id} issued as ${number}; the member is told by the running server`);
  return 0;
}

async function close(
  db: Db,
  id: number,
  to: 'rejected' | 'reversed',
  values: Record<string, string | undefined>,
  out: CommandOut,
  now: Date,
) {
  const reason = text(values.reason, 200);
  if (!reason) {
    out.error(USAGE);
    return 2;
  }
  const from = to === 'rejected' ? 'pending' : 'issued';
  if (!(await moveInvoice(db, id, from, { status: to, reason, closed_at: now.toISOString() }))) {
    const invoice = await findInvoice(db, id);
    out.error(`invoice ${id} is ${invoice ? invoice.status : 'unknown'}, not ${from}`);
    return 1;
  }
  out.log(`invoice ${id} ${to}: ${reason}`);
  return 0;
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
  if (command === 'issue') return issue(db, id, parsed.values, out, now());
  if (command === 'reject') return close(db, id, 'rejected', parsed.values, out, now());
  if (command === 'reverse') return close(db, id, 'reversed', parsed.values, out, now());
  out.error(USAGE);
  return 2;
}

/** The process entry (the compiled file run by npm). */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCommand((db, argv) => runInvoicesCli(db, argv, console));
}

// `npm run orders -- list [--status awaiting_transfer | --flagged]`: the operator's list of orders.
// `npm run orders -- confirm-transfer <out_trade_no> --amount <yuan>`: a bank transfer arrived; credits the order
// exactly once when the amount equals its final price. Uses the configured database (DATA_DIR or DATABASE_URL).
import { parseArgs } from 'node:util';
import { formatYuan, ORDER_STATUSES, OUT_TRADE_NO_PATTERN, yuanToFen } from '@uc/shared';
import type { Ledger } from './crediting.js';
import { confirmTransfer, operatorOrders } from './transfer.js';

const USAGE = `Usage:
  npm run orders -- list [--status <${ORDER_STATUSES.join('|')}>] [--flagged]
  npm run orders -- confirm-transfer <out_trade_no> --amount <yuan>`;

/** Runs one command; returns the exit code. Output goes to `out` (the console, or a test's buffer). */
export async function runOrdersCli(
  ledger: Ledger,
  argv: string[],
  out: { log(line: string): void; error(line: string): void },
  now: () => Date = () => new Date(),
): Promise<number> {
  let parsed: { values: { status?: string; amount?: string; flagged?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { status: { type: 'string' }, amount: { type: 'string' }, flagged: { type: 'boolean' } },
    });
  } catch {
    out.error(USAGE);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, outTradeNo] = positionals;
  if (command === 'list') {
    const status = values.status;
    if (status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(status)) {
      out.error(USAGE);
      return 2;
    }
    const rows = await operatorOrders(ledger.db, { status, flagged: values.flagged ?? false });
    for (const o of rows) {
      const flags = [
        o.paid_late ? 'late' : '',
        o.refund_fen > 0
          ? `refund ¥${formatYuan(o.refund_fen)}`
          : o.duplicate_paid
            ? 'duplicate-payment'
            : '',
      ].filter(Boolean);
      out.log(
        [
          o.out_trade_no,
          o.status,
          `¥${formatYuan(o.final_fen)}`,
          `gid=${o.gid}×${o.count}`,
          o.username,
          o.company_name,
          o.created_at,
          flags.join(','),
        ].join('\t'),
      );
    }
    out.log(`${rows.length} order(s)`);
    return 0;
  }
  if (command === 'confirm-transfer') {
    const amountFen = values.amount === undefined ? null : yuanToFen(values.amount);
    if (!outTradeNo || !OUT_TRADE_NO_PATTERN.test(outTradeNo) || amountFen === null) {
      out.error(USAGE);
      return 2;
    }
    const result = await confirmTransfer(ledger, now(), outTradeNo, amountFen);
    if (!result.ok) {
      const why =
        result.reason === 'amount_mismatch'
          ? `the amount ¥${formatYuan(amountFen)} differs from the order's ¥${formatYuan(result.expectedFen ?? 0)}`
          : result.reason === 'not_found'
            ? 'no such order'
            : 'the order is not awaiting a bank transfer';
      out.error(`${outTradeNo}: not credited: ${why}`);
      return 1;
    }
    const { outcome, order } = result.result;
    out.log(`${outTradeNo}: ${outcome}${order?.expiry_after ? `, expires ${order.expiry_after}` : ''}`);
    return outcome === 'credited' || outcome === 'credited_late' || outcome === 'already_credited' ? 0 : 1;
  }
  out.error(USAGE);
  return 2;
}

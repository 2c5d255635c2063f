// `npm run orders -- list [--status awaiting_transfer | --flagged]`: the operator's list of orders.
// `npm run orders -- confirm-transfer <out_trade_no> --amount <yuan>`: a bank transfer arrived; credits the order
// exactly once when the amount equals its final price.
// `npm run orders -- refund <out_trade_no> --amount <yuan> --reason <text> [--attempt <trade_no>]`: refunds a paid
// order through its provider (the whole paid amount reverses the plan; --attempt refunds money paid twice).
// `npm run orders -- double-paid`: the orders with money owed back and the payments to refund it from.
// Uses the configured database (DATA_DIR or DATABASE_URL). Every change is audited as staff 0 `cli` (CLI_ACTOR), in
// the change's own transaction, as the console's are.
import { formatYuan, ORDER_STATUSES, OUT_TRADE_NO_PATTERN, yuanToFen } from '@uc/shared';
import { AppError } from '../../errors.js';
import { parseCommand } from '../../lib/command-args.js';
import { auditWriter, CLI_ACTOR, type RecordAudit } from '../staff/audit.js';
import type { Ledger } from './crediting.js';
import type { AuditedBy } from './deps.js';
import type { Refunds } from './refunds.js';
import { confirmTransfer, operatorOrders } from './transfer.js';

const USAGE = `Usage:
  npm run orders -- list [--status <${ORDER_STATUSES.join('|')}>] [--flagged]
  npm run orders -- confirm-transfer <out_trade_no> --amount <yuan>
  npm run orders -- refund <out_trade_no> --amount <yuan> --reason <text> [--attempt <trade_no>]
  npm run orders -- double-paid`;

/** Runs one command; returns the exit code. Output goes to `out` (the console, or a test's buffer). */
export async function runOrdersCli(
  ledger: Ledger,
  argv: string[],
  out: { log(line: string): void; error(line: string): void },
  now: () => Date = () => new Date(),
  /** Built on first use: the payment providers are needed only by the refund commands. */
  refunds?: () => Pick<Refunds, 'requestRefund' | 'doublePaidOrders'>,
  audit: RecordAudit = auditWriter(now),
): Promise<number> {
  const audited = { record: audit, actor: CLI_ACTOR };
  const parsed = parseCommand(argv, ['status', 'amount', 'reason', 'attempt'], ['flagged']);
  if (!parsed) {
    out.error(USAGE);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, outTradeNo] = positionals;
  if (refunds && (command === 'refund' || command === 'double-paid')) {
    return refundCommand(refunds(), command, outTradeNo, values, out, audited);
  }
  if (command === 'list') {
    const status = values.status;
    if (status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(status)) {
      out.error(USAGE);
      return 2;
    }
    const rows = await operatorOrders(ledger.db, { status, flagged: parsed.flags.flagged ?? false });
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
    const result = await confirmTransfer(ledger, now(), outTradeNo, amountFen, {
      ...audited,
      reason: 'confirm-transfer',
    });
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

async function refundCommand(
  refunds: Pick<Refunds, 'requestRefund' | 'doublePaidOrders'>,
  command: string,
  outTradeNo: string | undefined,
  values: Record<string, string | undefined>,
  out: { log(line: string): void; error(line: string): void },
  audited: AuditedBy,
): Promise<number> {
  const owed = await refunds.doublePaidOrders();
  if (command === 'double-paid') {
    for (const { order, attempts } of owed) {
      const from = attempts
        .map((a) => `${a.tradeNo}(${a.provider} ¥${formatYuan(a.refundableFen)})`)
        .join(',');
      const owedText = `owed ¥${formatYuan(order.refund_fen)}`;
      out.log([order.out_trade_no, order.status, owedText, order.username, from].join('\t'));
    }
    out.log(`${owed.length} order(s)`);
    return 0;
  }
  const amountFen = values.amount === undefined ? null : yuanToFen(values.amount);
  if (!outTradeNo || !OUT_TRADE_NO_PATTERN.test(outTradeNo) || amountFen === null || !values.reason) {
    out.error(USAGE);
    return 2;
  }
  let attemptId: number | undefined;
  if (values.attempt !== undefined) {
    const entry = owed.find((o) => o.order.out_trade_no === outTradeNo);
    attemptId = entry?.attempts.find((a) => a.tradeNo === values.attempt)?.id;
    if (attemptId === undefined) {
      out.error(`${outTradeNo}: no payment ${values.attempt} owed back`);
      return 1;
    }
  }
  try {
    const refund = await refunds.requestRefund({
      outTradeNo,
      amountFen,
      reason: values.reason,
      staffId: null,
      attemptId,
      audited,
    });
    out.log(
      `${outTradeNo}: refund ${refund.refund_no} ¥${formatYuan(refund.amount_fen)} ${refund.status}` +
        (refund.whole ? ' (whole order)' : ''),
    );
    return refund.status === 'failed' || refund.status === 'closed' ? 1 : 0;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    out.error(`${outTradeNo}: not refunded: ${err.message}`);
    return 1;
  }
}

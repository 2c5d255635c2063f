// Corporate bank transfers: the operator confirms the money arrived (the console's 确认转账, or
// `npm run orders -- confirm-transfer` for scripts), which credits the order through the same exactly-once settlement as
// a provider notification, the audit row written in the settlement's transaction.
import type { Db } from '../../db/connection.js';
import { type Ledger, type SettleResult, settlePayment } from './crediting.js';
import type { AuditedBy } from './deps.js';
import { findOrderByNo, listForOperator, openAttempts } from './repo.js';

export const TRANSFER_PROVIDER = 'transfer';

export type ConfirmTransferResult =
  | { ok: true; result: SettleResult }
  | { ok: false; reason: 'not_found' | 'not_awaiting_transfer' | 'amount_mismatch'; expectedFen?: number };

/** Outcomes of a settlement that changed nothing (no audit row: nothing happened). */
const UNCHANGED: readonly SettleResult['outcome'][] = [
  'duplicate_event',
  'already_credited',
  'unknown_trade',
  'amount_mismatch',
];

/**
 * Credits an order awaiting a transfer once the received amount equals its final price; a repeat does nothing. With
 * `audited`, the confirmation's audit row (action orders.confirm_transfer) commits with the credit.
 */
export async function confirmTransfer(
  ledger: Ledger,
  at: Date,
  outTradeNo: string,
  amountFen: number,
  audited?: AuditedBy & { reason: string },
): Promise<ConfirmTransferResult> {
  const { db } = ledger;
  const order = await findOrderByNo(db, outTradeNo);
  if (!order) return { ok: false, reason: 'not_found' };
  const attempt = (await openAttempts(db, order.id)).find((a) => a.provider === TRANSFER_PROVIDER);
  if (!attempt) {
    // Read again: a confirmation racing this one may have credited it since the order was read.
    const latest = (await findOrderByNo(db, outTradeNo)) ?? order;
    if (latest.status === 'paid') return { ok: true, result: { outcome: 'already_credited', order: latest } };
    return { ok: false, reason: 'not_awaiting_transfer' };
  }
  if (amountFen !== attempt.amount_fen) {
    return { ok: false, reason: 'amount_mismatch', expectedFen: attempt.amount_fen };
  }
  const result = await settlePayment(
    ledger,
    at,
    {
      provider: TRANSFER_PROVIDER,
      kind: 'transfer',
      // One transfer per order: a second confirmation is the same event.
      eventId: `transfer:${order.out_trade_no}`,
      tradeNo: attempt.trade_no,
      providerTxnId: `TT${order.out_trade_no}`,
      amountFen,
      paidAt: at,
      raw: JSON.stringify({
        out_trade_no: order.out_trade_no,
        amount_fen: amountFen,
        confirmed_at: at.toISOString(),
      }),
    },
    async (trx, result) => {
      if (!audited || UNCHANGED.includes(result.outcome)) return;
      await audited.record(trx, {
        ...audited.actor,
        action: 'orders.confirm_transfer',
        targetType: 'order',
        targetId: order.out_trade_no,
        before: { status: order.status, amount_fen: attempt.amount_fen },
        after: {
          status: result.order?.status ?? order.status,
          outcome: result.outcome,
          amount_fen: amountFen,
          expiry_after: result.order?.expiry_after ?? null,
        },
        reason: audited.reason,
      });
    },
  );
  // A confirmation racing this one recorded the same transfer first: it is credited, once.
  if (result.outcome === 'duplicate_event') {
    return { ok: true, result: { outcome: 'already_credited', order: await findOrderByNo(db, outTradeNo) } };
  }
  return { ok: true, result };
}

/** The operator's list of orders in a state, or flagged late / duplicate payment. */
export function operatorOrders(db: Db, filter: { status?: string; flagged?: boolean }, limit = 200) {
  return listForOperator(db, filter, limit);
}

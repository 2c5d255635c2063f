// A redemption card's plan or API calls, credited like a paid order of that plan: in the caller's transaction (the
// one that bound the card) an order of the plan is written for the card's units at no charge, with one attempt of the
// provider 'card', and settled by the same exactly-once crediting as a payment, so the membership (or the API quota)
// is extended exactly as a purchase would extend it and 我的订单 records it. A plan below the member's running level
// is refused (已享更高权益), and so is another plan while one runs: a card carries no money to credit the running
// plan's unused days with (docs/decisions.md "cards").
import { MSG } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { OrderRow } from '../../db/schema.js';
import { errors } from '../../errors.js';
import { CARD_PROVIDER, type Ledger, settleIn } from './crediting.js';
import { newOutTradeNo, PAY_WINDOW_MS } from './orders.js';
import { includedFor, purchaseKind } from './pricing.js';
import {
  findApiQuota,
  findMemberRow,
  findPlanRow,
  insertAttempt,
  insertOrder,
  setPeriodValue,
} from './repo.js';

export interface Redemption {
  userId: number;
  gid: number;
  /** Units of the plan (years, or API packages of its calls per unit). */
  units: number;
  cardNo: string;
  /** What was paid for the card (a gift card's share of its order), 0 for an operator's card: its days' worth. */
  valueFen: number;
}

/** The credited order and the member's push group. */
export async function redeemInTransaction(
  trx: Db,
  goods: Ledger['goods'],
  at: Date,
  { userId, gid, units, cardNo, valueFen }: Redemption,
): Promise<{ order: OrderRow; groupId: number }> {
  const stamp = at.toISOString();
  const [plan, member] = await Promise.all([findPlanRow(trx, gid), findMemberRow(trx, userId)]);
  if (!member) throw errors.unauthorized();
  const current = { level: member.level, gid: member.gid, expiredAt: member.expired_at };
  if (includedFor(plan, current, at)) throw errors.planIncluded();
  const kind = purchaseKind(plan, current, at);
  if (kind === 'switch') throw errors.badRequest(MSG.cardPlanConflict);
  const quota = kind === 'api' ? await findApiQuota(trx, userId) : undefined;
  const basisExpiry = kind === 'api' ? (quota?.expired_at ?? null) : member.expired_at;
  // Outside the open states, so the member's open order of the same plan (orders_one_open_uq) stays as it is.
  const order = await insertOrder(trx, {
    out_trade_no: newOutTradeNo(at),
    user_id: userId,
    gid,
    count: units,
    total_fen: 0,
    credit_fen: 0,
    final_fen: 0,
    expiry_before: basisExpiry,
    expiry_after: null,
    pack_id: null,
    gift_id: null,
    status: 'awaiting_transfer',
    late_time: new Date(at.getTime() + PAY_WINDOW_MS).toISOString(),
    source: `card:${cardNo}`,
    created_at: stamp,
    updated_at: stamp,
  });
  const attempt = await insertAttempt(trx, order.out_trade_no, {
    order_id: order.id,
    provider: CARD_PROVIDER,
    channel: CARD_PROVIDER,
    pay_type: 0,
    amount_fen: 0,
    created_at: stamp,
    gid,
    count: units,
    total_fen: 0,
    credit_fen: 0,
    kind,
    basis_gid: kind === 'api' ? null : member.gid,
    basis_expiry: basisExpiry,
    pack_id: null,
    gift_id: null,
  });
  const settled = await settleIn(trx, goods, at, {
    provider: CARD_PROVIDER,
    kind: 'card',
    eventId: `card:${cardNo}`,
    tradeNo: attempt.trade_no,
    providerTxnId: cardNo,
    amountFen: 0,
    paidAt: at,
    raw: JSON.stringify({ card_no: cardNo, gid, units }),
  });
  if (settled.outcome !== 'credited' || !settled.order || settled.groupId === undefined) {
    throw new Error(`card ${cardNo}: its order was not credited (${settled.outcome})`);
  }
  if (valueFen > 0) await setPeriodValue(trx, settled.order.id, valueFen);
  return { order: settled.order, groupId: settled.groupId };
}

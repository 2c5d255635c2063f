// Exactly-once crediting: one transaction records the event, locks the order, marks the attempt paid, moves the order
// from an unpaid state to `paid` with a conditional update (the guard, on SQLite and PostgreSQL and across instances),
// extends the membership or the API quota by exactly what the paid attempt was issued for, and writes the
// membership_changes row (or, for an order of a tool's credit pack, grants its credits with the order as their unique
// source). A payment that can buy nothing (the order was paid by another attempt, or the member's plan
// changed since the attempt was priced) is recorded as money owed back. The caller acknowledges the provider only
// after it returns (docs/decisions.md "commerce").
import type { Db } from '../../db/connection.js';
import type { OrderRow, PaymentAttemptRow } from '../../db/schema.js';
import { releaseForOrder, spendCoupon } from '../coupons/service.js';
import type { CreditGoods } from '../tools/service.js';
import type { GiftGoodsPort, PlanGoods } from './deps.js';
import { findScheduledChange, insertScheduledChange } from './plan-changes-repo.js';
import {
  addUnits,
  extendsFrom,
  includedFor,
  type PlanUnit,
  type PurchaseKind,
  purchaseKind,
} from './pricing.js';
import {
  claimEvent,
  findApiQuota,
  findAttemptByTradeNo,
  findMemberRow,
  findPlanRow,
  insertMembershipChange,
  insertPlanPeriod,
  lockOrder,
  markAttemptPaid,
  markOrderPaid,
  type NewEvent,
  owe,
  setOrderExpiry,
  UNPAID,
  upsertApiQuota,
} from './repo.js';
import { closeSuperseded } from './supersede.js';

/** The provider of a redemption card's order (redeem.ts): nothing paid, its days worth what the card was. */
export const CARD_PROVIDER = 'card';

/** A payment a provider (or the operator, for a transfer) reports. */
export interface Settlement {
  /**
   * The provider that holds the attempt: 'sandbox' | 'wechat' | 'alipay' | 'transfer' | 'credit' (nothing to pay) |
   * 'card' (a redemption card's plan or API calls).
   */
  provider: string;
  kind: NewEvent['kind'];
  /** The provider's id of this report; redeliveries of one id are recorded once. */
  eventId: string;
  /** The attempt's trade number. */
  tradeNo: string;
  providerTxnId: string;
  amountFen: number;
  /** When the provider says it was paid (null: now). */
  paidAt: Date | null;
  raw: string;
}

export type SettleOutcome =
  /** The order became paid and the membership was extended. */
  | 'credited'
  /** The same, after the pay-by time (flagged `paid_late` for the operator). */
  | 'credited_late'
  /** This event was recorded before: nothing done again. */
  | 'duplicate_event'
  /** The attempt was already paid (another report of the same payment). */
  | 'already_credited'
  /** Another attempt had paid the order: no second credit, the amount owed back (`refund_fen`, `duplicate_paid`). */
  | 'duplicate_payment'
  /**
   * The member's plan is no longer the one the attempt was priced against (another purchase was credited since), or
   * the plan is now below the member's level: nothing credited, the amount owed back.
   */
  | 'stale_payment'
  /**
   * The coupon the attempt's price applied is no longer the order's to use (released when the order expired, then
   * taken by another order): nothing credited, the amount owed back. A coupon never serves two orders.
   */
  | 'coupon_taken'
  /** The amount differs from the attempt's: recorded, not credited. */
  | 'amount_mismatch'
  /** No attempt of this provider has that trade number. */
  | 'unknown_trade';

export interface SettleResult {
  outcome: SettleOutcome;
  /** The order, as it is after the transaction (absent for an unknown trade or a duplicate event). */
  order?: OrderRow;
  /** The member's push group, when credited. */
  groupId?: number;
}

/** What an attempt buys, frozen when it was issued. */
export interface Purchase {
  gid: number;
  count: number;
  totalFen: number;
  creditFen: number;
  /** null: an attempt issued before purchases were frozen (no basis to check). */
  kind: PurchaseKind | null;
  basisGid: number | null;
  basisExpiry: string | null;
  /** When it was priced: a switch's new plan starts then, as the unused days were valued then. */
  pricedAt: string;
  /** An order of usage credits: the pack it buys `count` of (null: a plan). */
  packId: number | null;
  /** An order of gift cards: the product it buys `count` cards of (null otherwise). */
  giftId: number | null;
  /** The member's coupon the price applied, and what it took off (null and 0: none). */
  couponId: number | null;
  couponFen: number;
}

export function purchaseOf(attempt: PaymentAttemptRow, order: OrderRow): Purchase {
  return {
    gid: attempt.gid ?? order.gid,
    count: attempt.count ?? order.count,
    totalFen: attempt.total_fen ?? order.total_fen,
    creditFen: attempt.credit_fen ?? order.credit_fen,
    kind: (attempt.kind as PurchaseKind | null) ?? null,
    basisGid: attempt.basis_gid,
    basisExpiry: attempt.basis_expiry,
    pricedAt: attempt.created_at,
    packId: attempt.pack_id ?? order.pack_id,
    giftId: attempt.gift_id ?? order.gift_id,
    // An attempt carries its own coupon (or none): never the order's current choice.
    couponId: attempt.coupon_id,
    couponFen: attempt.coupon_fen,
  };
}

type MemberRow = NonNullable<Awaited<ReturnType<typeof findMemberRow>>>;

/** What crediting writes to: the database, the credit packs' grants (the tools module's), gift cards and the plan. */
export interface Ledger {
  db: Db;
  goods: Pick<CreditGoods, 'grantPack'> & Pick<GiftGoodsPort, 'issueGiftCards'> & PlanGoods;
}

/**
 * The settlement in its own transaction; `then` runs in that transaction after it (a console confirmation writes its
 * audit row there, so the credit and the row commit together). Once committed, a credit that gave the member another
 * plan closes the open orders it supersedes (supersede.ts).
 */
export async function settlePayment(
  { db, goods }: Ledger,
  at: Date,
  s: Settlement,
  then?: (trx: Db, result: SettleResult) => Promise<void>,
): Promise<SettleResult> {
  const result = await db.transaction().execute(async (trx) => {
    const settled = await settleIn(trx, goods, at, s);
    await then?.(trx, settled);
    return settled;
  });
  // The member's open orders this credit superseded are closed after its commit (supersede.ts); their open QR codes
  // are closed at the provider by the sweep, which asks the provider first.
  if (result.order && (result.outcome === 'credited' || result.outcome === 'credited_late')) {
    await closeSuperseded(db, result.order, at);
  }
  return result;
}

/** The settlement in the caller's transaction `trx` (a card's redemption binds the card and credits in one). */
export async function settleIn(
  trx: Db,
  goods: Ledger['goods'],
  at: Date,
  s: Settlement,
): Promise<SettleResult> {
  const stamp = at.toISOString();
  const record = await claimEvent(trx, { ...s, orderId: null }, stamp);
  if (record === null) return { outcome: 'duplicate_event' };
  const finish = async (outcome: SettleOutcome, order?: OrderRow, groupId?: number) => {
    await record(outcome, order?.id ?? null);
    return { outcome, order, groupId };
  };

  const attempt = await findAttemptByTradeNo(trx, s.tradeNo);
  if (!attempt || attempt.provider !== s.provider) return finish('unknown_trade');
  const order = await lockOrder(trx, attempt.order_id);
  if (!order) return finish('unknown_trade');
  if (s.amountFen !== attempt.amount_fen) return finish('amount_mismatch', order);

  if (!(await markAttemptPaid(trx, attempt.id, s.providerTxnId, stamp)))
    return finish('already_credited', order);

  // Another attempt already paid the order: this money bought nothing.
  if (!(UNPAID as readonly string[]).includes(order.status)) {
    return finish('duplicate_payment', await owe(trx, order.id, s.amountFen, stamp));
  }

  const purchase = purchaseOf(attempt, order);
  const plan = await findPlanRow(trx, purchase.gid);
  const member = await findMemberRow(trx, order.user_id);
  if (!member) throw new Error(`order ${order.out_trade_no}: member ${order.user_id} is gone`);
  const goodsOrder = purchase.packId !== null || purchase.giftId !== null;
  const quota = plan.level === null && !goodsOrder ? await findApiQuota(trx, order.user_id) : undefined;
  // Credits and gift cards buy the same whatever the plan is now.
  if (!goodsOrder && stale(purchase, plan, member, at)) {
    return finish('stale_payment', await owe(trx, order.id, s.amountFen, stamp));
  }
  // A change at the period's end while another one is scheduled (paid from two pages): one at a time.
  if (purchase.kind === 'change' && (await findScheduledChange(trx, order.user_id))) {
    return finish('stale_payment', await owe(trx, order.id, s.amountFen, stamp));
  }

  if (
    purchase.couponId !== null &&
    !(await spendCoupon(trx, { couponId: purchase.couponId, userId: order.user_id, orderId: order.id, at }))
  ) {
    return finish('coupon_taken', await owe(trx, order.id, s.amountFen, stamp));
  }

  // Late: paid after the pay-by time, or credited after the order was already expired or closed. A transfer
  // arrives days later by nature and is never late.
  const paidAt = s.paidAt ?? at;
  const lateByTime = s.provider !== 'transfer' && paidAt.getTime() > Date.parse(order.late_time) ? 1 : 0;
  // The guard: only one transaction moves this order out of an unpaid state. The order records what was paid.
  const moved = await markOrderPaid(
    trx,
    order.id,
    {
      paid_at: stamp,
      paid_attempt_id: attempt.id,
      channel: attempt.channel,
      count: purchase.count,
      total_fen: purchase.totalFen,
      credit_fen: purchase.creditFen,
      coupon_id: purchase.couponId,
      coupon_fen: purchase.couponFen,
      final_fen: attempt.amount_fen,
      // A pack order repriced to another pack after this attempt was issued buys what the attempt froze.
      pack_id: purchase.packId,
      gift_id: purchase.giftId,
      updated_at: stamp,
    },
    lateByTime,
  );
  if (!moved) return finish('duplicate_payment', await owe(trx, order.id, s.amountFen, stamp));
  // A later attempt may have locked a coupon to the order: paid by an attempt without one, the order frees it (an
  // attempt with a coupon freed it in spendCoupon).
  await releaseForOrder(trx, order.id, purchase.couponId);

  if (purchase.giftId !== null) {
    const expiry = await goods.issueGiftCards(trx, {
      userId: order.user_id,
      giftId: purchase.giftId,
      count: purchase.count,
      orderId: order.id,
      at,
    });
    const updated = await setOrderExpiry(trx, order.id, null, expiry);
    return finish(moved.paid_late === 1 ? 'credited_late' : 'credited', updated, member.group_id);
  }

  if (purchase.packId !== null) {
    const expiry = await goods.grantPack(trx, {
      userId: order.user_id,
      packId: purchase.packId,
      count: purchase.count,
      orderId: order.id,
      at,
    });
    // The order was unpaid until the guard above: its credits cannot have been granted before.
    if (expiry === null) throw new Error(`order ${order.out_trade_no}: its credits were granted before`);
    const updated = await setOrderExpiry(trx, order.id, null, expiry);
    return finish(moved.paid_late === 1 ? 'credited_late' : 'credited', updated, member.group_id);
  }

  const credited = await extendMembership(trx, goods, {
    order,
    purchase,
    plan,
    member,
    quotaExpiry: quota?.expired_at ?? null,
    paidFen: attempt.amount_fen,
    provider: s.provider,
    at,
  });
  return finish(moved.paid_late === 1 ? 'credited_late' : 'credited', credited.order, credited.groupId);
}

type PlanRow = { gid: number; level: number | null; unit: string; api_calls_per_unit: number | null };

/**
 * Whether a payment can no longer buy what its attempt was priced as: the plan is now below the member's running
 * level; or the price carried a credit (a switch) and the member's plan (gid and expiry) is no longer the one it was
 * computed against, so those unused days may be credited already; or a purchase priced without a credit would now
 * end another running plan whose days nobody valued. A renewal, a start or the API package priced against an earlier
 * expiry still buys its units from the expiry there is now: its price did not depend on it.
 */
function stale(purchase: Purchase, plan: PlanRow, member: MemberRow, at: Date): boolean {
  const current = { level: member.level, gid: member.gid, expiredAt: member.expired_at };
  // A change at the period's end buys a lower plan while the current one runs, and only that.
  const kindNow = purchaseKind(plan, current, at);
  if (purchase.kind === 'change' || kindNow === 'change') return purchase.kind !== kindNow;
  if (includedFor(plan, current, at)) return true;
  if (purchase.kind === null) return false;
  if (purchase.kind === 'switch') {
    return member.gid !== purchase.basisGid || member.expired_at !== purchase.basisExpiry;
  }
  return purchaseKind(plan, current, at) === 'switch';
}

interface Credit {
  order: OrderRow;
  purchase: Purchase;
  plan: PlanRow;
  member: MemberRow;
  quotaExpiry: string | null;
  paidFen: number;
  provider: string;
  at: Date;
}

/** Extends the member's plan (or API quota) by what the attempt bought, and writes the audit row. */
async function extendMembership(
  trx: Db,
  plans: PlanGoods,
  { order, purchase, plan, member, quotaExpiry, paidFen, provider, at }: Credit,
): Promise<{ order: OrderRow; groupId: number }> {
  const stamp = at.toISOString();
  const current = { level: member.level, gid: member.gid, expiredAt: member.expired_at };
  // A switch credits as it was priced; a purchase priced without a credit meets the plan there is now.
  const kind = purchase.kind === 'switch' ? 'switch' : purchaseKind(plan, current, at);
  const unit = plan.unit as PlanUnit;
  if (kind === 'change' && plan.level !== null && member.expired_at !== null) {
    // Paid now, taking over when the running plan ends (plan-changes.ts applies it then).
    await insertScheduledChange(trx, {
      user_id: order.user_id,
      order_id: order.id,
      gid: plan.gid,
      level: plan.level,
      count: purchase.count,
      status: 'scheduled',
      created_at: stamp,
    });
    const ends = addUnits(new Date(member.expired_at), unit, purchase.count).toISOString();
    return { order: await setOrderExpiry(trx, order.id, member.expired_at, ends), groupId: member.group_id };
  }
  // A switch starts when it was priced: the unused days it credits were valued then.
  const startsAt =
    kind === 'switch'
      ? new Date(Math.min(Date.parse(purchase.pricedAt), at.getTime()))
      : extendsFrom(kind, kind === 'api' ? quotaExpiry : member.expired_at, at);

  let expiryBefore: string | null;
  const expiryAfter = addUnits(startsAt, unit, purchase.count).toISOString();
  let levelAfter = member.level;
  let gidAfter = member.gid;
  let callsAdded = 0;
  if (kind === 'api') {
    const quota = await findApiQuota(trx, order.user_id);
    expiryBefore = quotaExpiry;
    callsAdded = (plan.api_calls_per_unit ?? 0) * purchase.count;
    const running = expiryBefore !== null && Date.parse(expiryBefore) > at.getTime();
    // Calls run out with the package: a package bought after the expiry starts afresh.
    const values = running
      ? { total: (quota?.total ?? 0) + callsAdded, used: quota?.used ?? 0 }
      : { total: callsAdded, used: 0 };
    await upsertApiQuota(trx, order.user_id, { ...values, expired_at: expiryAfter, updated_at: stamp });
  } else {
    expiryBefore = member.expired_at;
    levelAfter = plan.level ?? member.level;
    gidAfter = plan.gid;
    await plans.setPlan(
      order.user_id,
      { level: levelAfter, gid: gidAfter, expired_at: expiryAfter },
      stamp,
      trx,
    );
  }

  await insertMembershipChange(trx, {
    order_id: order.id,
    user_id: order.user_id,
    gid_before: member.gid,
    gid_after: gidAfter,
    level_before: member.level,
    level_after: levelAfter,
    expiry_before: expiryBefore,
    expiry_after: expiryAfter,
    api_calls_added: callsAdded,
    provider,
    created_at: stamp,
    kind,
    starts_at: startsAt.toISOString(),
    units: purchase.count,
    // What the units were worth to the member: the total less the coupon (the money paid plus any credit carried).
    value_fen: purchase.totalFen - purchase.couponFen,
    paid_fen: paidFen,
  });
  if (kind !== 'api' && gidAfter !== null) {
    // The ledger: the days bought and their worth (a card's is set by its redemption: what the card was paid).
    await insertPlanPeriod(trx, {
      user_id: order.user_id,
      gid: gidAfter,
      kind: kind === 'renew' ? 'extend' : 'start',
      starts_at: startsAt.toISOString(),
      ends_at: expiryAfter,
      value_fen: purchase.totalFen - purchase.couponFen,
      source: provider === CARD_PROVIDER ? 'card' : 'order',
      order_id: order.id,
      created_at: stamp,
    });
  }
  const updated = await setOrderExpiry(trx, order.id, expiryBefore, expiryAfter);
  return { order: updated, groupId: member.group_id };
}

// Refunds of paid orders (docs/decisions.md "Refunds"): the operator asks for a whole or partial refund of a paid
// attempt; the refund row and the guard on the attempt's refunded money are written in one transaction before the
// provider is asked; the provider's answer, its notification or a later query settles the refund exactly once (a
// conditional pending -> end state). A transfer's money is returned by the bank and recorded by staff (an off-line
// refund: bank reference and date), settled in the transaction that records it. A whole refund of the order's paid
// attempt — one refund of all of it, or the part that makes its refunds add up to all of it — takes the membership it
// bought back, marks the order 已退款 and red-letters its invoice whole; a part refund lowers the invoice asked for
// or red-letters the part of an issued one; a whole refund of a credit pack or of gift cards takes the credits back /
// voids the cards already when asked (refused when some were spent or redeemed), so none is used while the money is
// on its way; a refund of money paid twice lowers what the order owes back; a failed or closed refund frees its
// amount, and the credits or cards it held, for a retry. The member is told of each refund that succeeded.
import {
  COMMERCE_API,
  formatYuan,
  type InboxDelivery,
  levelName,
  MSG,
  MSG_WITH,
  shanghaiDate,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { OrderRow, PaymentAttemptRow, RefundRow } from '../../db/schema.js';
import { errors } from '../../errors.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import type {
  NotificationRequest,
  PaymentProviderName,
  RefundResult,
} from '../../providers/payment/types.js';
import type { AuditedBy, CommerceDeps } from './deps.js';
import { refuseNotification } from './notifications.js';
import { addUnits, type PlanUnit } from './pricing.js';
import {
  attemptHasRefund,
  countRefunds,
  findRefundByNo,
  insertRefund,
  markOrderRefunded,
  owedOrders,
  pendingRefunds,
  reduceOwed,
  refundsOfOrder,
  releaseRefund,
  reserveRefund,
  setProviderRefundId,
  settleRefundRow,
} from './refunds-repo.js';
import {
  claimEvent,
  findApiQuota,
  findMemberRow,
  findMembershipChange,
  findOrderByNo,
  findPlanRow,
  lockOrder,
  type NewEvent,
  orderAttempts,
  upsertApiQuota,
} from './repo.js';
import { TRANSFER_PROVIDER } from './transfer.js';

/** The providers that refund (a transfer, a zero-price credit or a card is not refunded through a gateway). */
const REFUNDABLE: readonly string[] = ['sandbox', 'wechat', 'alipay'] satisfies PaymentProviderName[];
/** The provider of a transfer: its money is returned by the bank and the refund recorded by staff. */
const OFFLINE: readonly string[] = [TRANSFER_PROVIDER];
/** A pending refund is asked about once its last change is this old. */
export const REFUND_QUERY_AFTER_MS = 10_000;
const REFRESH_BATCH = 100;
const REASON_MAX = 80;

const REFUND_NOTIFY_PATH: Partial<Record<PaymentProviderName, string>> = {
  sandbox: COMMERCE_API.notifySandboxRefund,
  wechat: COMMERCE_API.notifyWechatRefund,
};

export interface RefundRequest {
  outTradeNo: string;
  amountFen: number;
  reason: string;
  /** The staff member who asked (null: the command line). */
  staffId: number | null;
  /** A paid attempt of the order other than the one that paid it (money paid twice); default: the paying one. */
  attemptId?: number;
  /** Who asked: the audit row (orders.refund) is written in the refund's own transaction. */
  audited?: AuditedBy;
}

/** A transfer's money returned by the bank, as staff record it. */
export interface OfflineRefundRequest {
  outTradeNo: string;
  amountFen: number;
  reason: string;
  /** The bank's reference of the payment back (流水号). */
  bankRef: string;
  /** The Shanghai date the money was sent, YYYY-MM-DD. */
  refundedOn: string;
  staffId: number | null;
  audited?: AuditedBy;
}

/** What a provider says about a refund, from its answer, a query or a notification. */
export interface RefundSettlement {
  provider: string;
  kind: NewEvent['kind'];
  eventId: string;
  refundNo: string;
  state: 'succeeded' | 'failed' | 'closed';
  providerRefundId: string | null;
  /** The amount the provider reports (null: it does not say). */
  amountFen: number | null;
  raw: string;
}

export type RefundOutcome =
  | 'refunded'
  | 'failed'
  | 'closed'
  | 'already_settled'
  | 'duplicate_event'
  | 'amount_mismatch'
  | 'unknown_refund';

/** An order with money owed back, and the paid attempts it may be refunded from. */
export interface OwedOrder {
  order: OrderRow & { username: string };
  attempts: RefundableAttempt[];
}

/** `units` years (12 months each) before `from` on the Shanghai calendar, clamped to the month end (addUnits). */
export function subtractUnits(from: Date, unit: PlanUnit, units: number): Date {
  return addUnits(from, unit, -units);
}

const refusal = (message: string) => errors.badRequest(message);

/**
 * The reason of a refund asked for, as far as the provider is sent it; refused when the amount is not a positive
 * number of fen or no reason is given.
 */
function checkedReason(input: Pick<RefundRequest, 'amountFen' | 'reason'>): string {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) throw refusal(MSG.refundAmountInvalid);
  const reason = input.reason.trim().slice(0, REASON_MAX);
  if (!reason) throw refusal(MSG.refundReasonRequired);
  return reason;
}

/** A paid attempt money can still be refunded from, and whether it is the one that paid the order. */
export interface RefundableAttempt {
  id: number;
  tradeNo: string;
  provider: string;
  paidFen: number;
  refundableFen: number;
  paying: boolean;
  /** A transfer: refunded by the bank and recorded by staff. */
  offline: boolean;
}

/**
 * The order's paid attempts with money left to refund, through a provider or (a transfer) by the bank (the console's
 * detail, the owed list).
 */
export function refundableOf(order: OrderRow, attempts: readonly PaymentAttemptRow[]): RefundableAttempt[] {
  return attempts
    .filter(
      (a) =>
        a.status === 'paid' &&
        (REFUNDABLE.includes(a.provider) || OFFLINE.includes(a.provider)) &&
        a.refunded_fen < a.amount_fen,
    )
    .map((a) => ({
      id: a.id,
      tradeNo: a.trade_no,
      provider: a.provider,
      paidFen: a.amount_fen,
      refundableFen: a.amount_fen - a.refunded_fen,
      paying: order.status === 'paid' && a.id === order.paid_attempt_id,
      offline: OFFLINE.includes(a.provider),
    }));
}

/** What a whole refund of goods holds and gives back: a pack's credits, a gift order's cards, the member's plan. */
export type RefundGoods = Pick<
  CommerceDeps['goods'],
  'takeBackPack' | 'returnPack' | 'voidGiftCards' | 'restoreGiftCards' | 'setPlan'
>;

export function createRefunds({
  db,
  now,
  config,
  channels,
  invoices,
  sessions,
  goods,
  inbox,
  notices,
  log,
}: Pick<CommerceDeps, 'db' | 'now' | 'config' | 'channels' | 'inbox' | 'notices' | 'log'> & {
  invoices: Pick<CommerceDeps['invoices'], 'followRefund'>;
  sessions: Pick<CommerceDeps['sessions'], 'membershipChanged'>;
  goods: RefundGoods;
}) {
  const baseUrl = publicBaseUrl(config).replace(/\/+$/, '');

  /** The attempt a refund takes its money from, and whether it is the one that paid the order. */
  function chooseAttempt(order: OrderRow, paid: PaymentAttemptRow[], attemptId: number | undefined) {
    if (attemptId !== undefined) return paid.find((a) => a.id === attemptId);
    if (order.status === 'paid') return paid.find((a) => a.id === order.paid_attempt_id);
    // An order still unpaid whose payment could buy nothing: the paid attempt with money left to return.
    return order.refund_fen > 0 ? paid.find((a) => a.refunded_fen < a.amount_fen) : undefined;
  }

  /**
   * Why a whole refund cannot take the membership back; null when it can. A pack's or a gift order's goods are held
   * in the refund's transaction instead (holdGoods), where the guard decides.
   */
  async function wholeRefusal(q: Db, order: OrderRow): Promise<string | null> {
    if (order.pack_id !== null || order.gift_id !== null) return null;
    const change = await findMembershipChange(q, order.id);
    if (!change) return MSG.orderNotRefundable;
    if (change.kind === 'api') return null;
    const member = await findMemberRow(q, order.user_id);
    // A later plan replaced this one (a switch valued its days): only a partial refund is possible.
    return member && member.gid === change.gid_after ? null : MSG.orderNotRefundable;
  }

  async function requestRefund(input: RefundRequest): Promise<RefundRow> {
    const reason = checkedReason(input);
    const order = await findOrderByNo(db, input.outTradeNo);
    if (!order) throw refusal(MSG.orderNotRefundable);
    const attempts = await orderAttempts(db, order.id);
    const payingAttempt = attempts.find((a) => a.id === order.paid_attempt_id);
    if (input.attemptId === undefined && payingAttempt && OFFLINE.includes(payingAttempt.provider))
      throw refusal(MSG.refundTransferOffline);
    const paid = attempts.filter((a) => a.status === 'paid' && REFUNDABLE.includes(a.provider));
    const attempt = chooseAttempt(order, paid, input.attemptId);
    const provider = attempt ? channels.byName(attempt.provider as PaymentProviderName) : null;
    if (!attempt || !provider) throw refusal(MSG.orderNotRefundable);
    if (input.amountFen > attempt.amount_fen - attempt.refunded_fen) throw refusal(MSG.refundOverPaid);

    const stamp = now().toISOString();
    const refund = await db.transaction().execute(async (trx) => {
      const reserved = await reserve(trx, order, attempt.id, input.amountFen, stamp);
      return insertAudited(trx, input, reserved, {
        provider: attempt.provider,
        reason,
        stamp,
        bankRef: null,
        refundedOn: null,
      });
    });

    let answer: RefundResult;
    try {
      answer = await provider.refund({
        refundNo: refund.refund_no,
        tradeNo: attempt.trade_no,
        totalFen: attempt.amount_fen,
        amountFen: refund.amount_fen,
        reason,
        notifyUrl: `${baseUrl}${REFUND_NOTIFY_PATH[provider.name] ?? ''}`,
      });
    } catch (err) {
      // The answer is unknown: the refund stays pending and its query settles it.
      log.warn({ err, refund_no: refund.refund_no }, 'refund request failed');
      return refund;
    }
    await apply(refund, answer, 'refund');
    return (await findRefundByNo(db, refund.refund_no)) ?? refund;
  }

  interface Reserved {
    order: OrderRow;
    attempt: PaymentAttemptRow;
    whole: boolean;
  }

  /**
   * The refund's reservation, in its transaction: the order locked (refunds of one order one after the other), the
   * attempt read again under the lock, whether this refund makes the order's paid money refunded whole (one refund of
   * all of it, or the last part: refused while another part is pending, so the whole is known when it settles), the
   * whole rules, the guard on the attempt's refunded money, and the goods a whole refund holds. A refusal is thrown
   * (the transaction rolls back).
   */
  async function reserve(
    trx: Db,
    order: OrderRow,
    attemptId: number,
    amountFen: number,
    stamp: string,
  ): Promise<Reserved> {
    const locked = (await lockOrder(trx, order.id)) ?? order;
    const attempt = (await orderAttempts(trx, order.id)).find((a) => a.id === attemptId);
    if (!attempt) throw refusal(MSG.orderNotRefundable);
    const paying = locked.status === 'paid' && attempt.id === locked.paid_attempt_id;
    const whole = paying && attempt.refunded_fen + amountFen === attempt.amount_fen;
    if (whole) {
      if (attempt.refunded_fen > 0 && (await attemptHasRefund(trx, attempt.id, { status: 'pending' })))
        throw refusal(MSG.refundPendingBeforeRest);
      const why = await wholeRefusal(trx, locked);
      if (why) throw refusal(why);
    }
    if (!(await reserveRefund(trx, attempt.id, amountFen, stamp))) throw refusal(MSG.refundOverPaid);
    const held = whole ? await holdGoods(trx, locked) : null;
    if (held) throw refusal(held);
    return { order: locked, attempt, whole };
  }

  /** The refund's row (numbered after the order's earlier ones) and its audit row, in the reservation's transaction. */
  async function insertAudited(
    trx: Db,
    input: Pick<RefundRequest, 'amountFen' | 'reason' | 'staffId' | 'audited'>,
    { order, attempt, whole }: Reserved,
    row: {
      provider: string;
      reason: string;
      stamp: string;
      bankRef: string | null;
      refundedOn: string | null;
    },
  ): Promise<RefundRow> {
    const seq = (await countRefunds(trx, order.id)) + 1;
    const refund = await insertRefund(trx, {
      refund_no: `${attempt.trade_no}R${String(seq).padStart(2, '0')}`,
      order_id: order.id,
      attempt_id: attempt.id,
      provider: row.provider,
      amount_fen: input.amountFen,
      reason: row.reason,
      status: 'pending',
      provider_refund_id: null,
      whole: whole ? 1 : 0,
      staff_id: input.staffId,
      created_at: row.stamp,
      updated_at: row.stamp,
      settled_at: null,
      bank_ref: row.bankRef,
      refunded_on: row.refundedOn,
    });
    await input.audited?.record(trx, {
      ...input.audited.actor,
      action: 'orders.refund',
      targetType: 'order',
      targetId: order.out_trade_no,
      before: {
        status: order.status,
        trade_no: attempt.trade_no,
        paid_fen: attempt.amount_fen,
        refunded_fen: attempt.refunded_fen,
      },
      after: {
        refund_no: refund.refund_no,
        amount_fen: refund.amount_fen,
        whole,
        refunded_fen: attempt.refunded_fen + refund.amount_fen,
        ...(row.bankRef !== null
          ? { offline: true, bank_ref: row.bankRef, refunded_on: row.refundedOn }
          : {}),
      },
      // The whole reason (the provider is sent at most REASON_MAX characters of it).
      reason: input.reason.trim(),
    });
    return refund;
  }

  /**
   * 线下退款: a transfer's money the bank returned, recorded by staff with its reference and date, under the same
   * whole/part rules, and settled in the transaction that records it (no gateway to wait for).
   */
  async function recordOfflineRefund(input: OfflineRefundRequest): Promise<RefundRow> {
    const reason = checkedReason(input);
    const bankRef = input.bankRef.trim();
    if (!bankRef || [...bankRef].length > 64) throw refusal(MSG.bankRefInvalid);
    const order = await findOrderByNo(db, input.outTradeNo);
    if (!order) throw errors.orderNotFound();
    const attempt = (await orderAttempts(db, order.id)).find((a) => a.id === order.paid_attempt_id);
    if (!attempt || !OFFLINE.includes(attempt.provider) || attempt.status !== 'paid')
      throw refusal(MSG.offlineRefundNotTransfer);
    const at = now();
    const sent = input.refundedOn;
    const realDay =
      !Number.isNaN(Date.parse(`${sent}T00:00:00Z`)) &&
      new Date(`${sent}T00:00:00Z`).toISOString().startsWith(sent);
    if (!realDay || sent < shanghaiDate(attempt.paid_at ?? order.created_at) || sent > shanghaiDate(at))
      throw refusal(MSG.offlineRefundDateInvalid);
    if (input.amountFen > attempt.amount_fen - attempt.refunded_fen) throw refusal(MSG.refundOverPaid);

    const stamp = at.toISOString();
    const { refund, settled } = await db.transaction().execute(async (trx) => {
      if (await attemptHasRefund(trx, attempt.id, { bank_ref: bankRef })) throw refusal(MSG.bankRefUsed);
      const reserved = await reserve(trx, order, attempt.id, input.amountFen, stamp);
      const row = await insertAudited(trx, input, reserved, {
        provider: attempt.provider,
        reason,
        stamp,
        bankRef,
        refundedOn: sent,
      });
      const settled = await settleIn(trx, {
        provider: row.provider,
        kind: 'refund',
        eventId: `refund:${row.refund_no}:succeeded`,
        refundNo: row.refund_no,
        state: 'succeeded',
        providerRefundId: bankRef,
        amountFen: row.amount_fen,
        raw: JSON.stringify({ refund_no: row.refund_no, bank_ref: bankRef, refunded_on: sent }),
      });
      return { refund: row, settled };
    });
    await afterSettle(settled);
    return (await findRefundByNo(db, refund.refund_no)) ?? refund;
  }

  /**
   * A whole refund of goods, in its transaction: a pack's credits taken back, a gift order's unredeemed cards voided,
   * each by a conditional update (the guard against a use or a bind beside it). The refusal, or null.
   */
  async function holdGoods(trx: Db, order: OrderRow): Promise<string | null> {
    if (order.pack_id !== null)
      return (await goods.takeBackPack(trx, order.id)) ? null : MSG.refundCreditsSpent;
    if (order.gift_id !== null)
      return (await goods.voidGiftCards(trx, order.id)) ? null : MSG.refundCardsRedeemed;
    return null;
  }

  /** A provider's answer or query result, applied to a refund (pending: noted; not found: it never arrived). */
  async function apply(refund: RefundRow, result: RefundResult, kind: 'refund' | 'refund_query') {
    if (result.state === 'pending') {
      if (result.providerRefundId)
        await setProviderRefundId(db, refund.id, result.providerRefundId, now().toISOString());
      return null;
    }
    const found = result.state !== 'not_found';
    return settle({
      provider: refund.provider,
      kind,
      eventId: `${kind}:${refund.refund_no}:${result.state}`,
      refundNo: refund.refund_no,
      state: found ? result.state : 'failed',
      providerRefundId: found ? result.providerRefundId : null,
      amountFen: found ? result.amountFen : null,
      raw: result.raw,
    });
  }

  interface Settled {
    outcome: RefundOutcome;
    groupId?: number;
    /** The member's message of a refund that succeeded. */
    notice?: InboxDelivery;
  }

  /**
   * The settlement, exactly once; after the commit the member's cached session is dropped when its plan changed, and
   * the member is told of a refund that succeeded.
   */
  async function settle(s: RefundSettlement): Promise<RefundOutcome> {
    const settled = await db.transaction().execute((trx) => settleIn(trx, s));
    await afterSettle(settled);
    return settled.outcome;
  }

  async function afterSettle({ groupId, notice }: Settled): Promise<void> {
    if (groupId !== undefined) sessions.membershipChanged(groupId);
    if (!notice) return;
    await inbox.deliver(notice);
    // Its SMS and mail, unless quiet hours hold them (a command line has no sender: a running server's poll sends).
    await notices.flush?.().catch((err: unknown) => log.warn({ err }, 'refund notice not sent'));
  }

  /** What the member is told of a refund that succeeded (through the channel, or by the bank). */
  function noticeOf(order: OrderRow, refund: RefundRow, whole: boolean): InboxDelivery {
    const yuan = formatYuan(refund.amount_fen);
    return {
      userIds: [order.user_id],
      kind: 'order',
      title: MSG.inboxRefundTitle,
      body:
        refund.bank_ref !== null
          ? MSG_WITH.inboxRefundedByBank(order.out_trade_no, yuan, refund.bank_ref, whole)
          : MSG_WITH.inboxRefunded(order.out_trade_no, yuan, whole),
      link: '/order/list',
    };
  }

  /**
   * What a whole refund took back, named in its message: a pack's credits, a gift order's unredeemed cards, the API
   * calls, or the plan as it is now (nothing when the member holds another plan: takeBack left it).
   */
  async function takenBack(trx: Db, order: OrderRow): Promise<string[]> {
    if (order.pack_id !== null) return [MSG.refundTookCredits];
    if (order.gift_id !== null) return [MSG.refundTookCards];
    const change = await findMembershipChange(trx, order.id);
    if (!change) return [];
    if (change.kind === 'api') return [MSG.refundTookApiCalls];
    const member = await findMemberRow(trx, order.user_id);
    if (!member || (member.gid !== change.gid_before && member.gid !== change.gid_after)) return [];
    const until = member.expired_at === null ? null : shanghaiDate(member.expired_at);
    return [MSG_WITH.refundTookPlan(levelName(member.level), until)];
  }

  /**
   * The member's message of a refund that succeeded, in its transaction: its SMS and mail claimed in the notices
   * outbox (per 推送设置, once per refund); 消息中心 gets it after the commit.
   */
  async function told(
    trx: Db,
    order: OrderRow,
    refund: RefundRow,
    notice: InboxDelivery,
    parts: string[] = [],
  ): Promise<InboxDelivery> {
    const body = parts.length > 0 ? `${notice.body}${MSG_WITH.refundTakenBack(parts)}` : (notice.body ?? '');
    await notices.enqueue(trx, {
      userId: order.user_id,
      event: `refund:${refund.refund_no}`,
      kind: 'refund',
      title: notice.title,
      body,
      link: notice.link ?? '',
      smsDetail: MSG_WITH.smsRefundDetail(formatYuan(refund.amount_fen)),
    });
    return { ...notice, body };
  }

  async function settleIn(trx: Db, s: RefundSettlement): Promise<Settled> {
    const at = now();
    const stamp = at.toISOString();
    const refund = await findRefundByNo(trx, s.refundNo);
    const orderId = refund?.order_id ?? null;
    const record = await claimEvent(trx, { ...s, tradeNo: s.refundNo, orderId }, stamp);
    if (record === null) return { outcome: 'duplicate_event' };
    const finish = async (outcome: RefundOutcome, groupId?: number, notice?: InboxDelivery) => {
      await record(outcome, orderId);
      return { outcome, ...(groupId !== undefined ? { groupId } : {}), ...(notice ? { notice } : {}) };
    };
    if (!refund || refund.provider !== s.provider) return finish('unknown_refund');
    // The order's lock orders this settlement with crediting and other refunds of the order.
    const order = await lockOrder(trx, refund.order_id);
    if (!order) return finish('unknown_refund');
    if (s.amountFen !== null && s.amountFen !== refund.amount_fen) return finish('amount_mismatch');

    const moved = await settleRefundRow(trx, refund.id, {
      status: s.state,
      provider_refund_id: s.providerRefundId,
      at: stamp,
    });
    if (!moved) return finish('already_settled');
    if (s.state !== 'succeeded') {
      // Nothing returned: the amount may be refunded again, and the goods a whole refund held are the member's again.
      await releaseRefund(trx, refund.attempt_id, refund.amount_fen, stamp);
      if (refund.whole === 1 && order.pack_id !== null) await goods.returnPack(trx, order.id);
      if (refund.whole === 1 && order.gift_id !== null) await goods.restoreGiftCards(trx, order.id);
      return finish(s.state);
    }
    const whole = refund.whole === 1 && refund.attempt_id === order.paid_attempt_id;
    const notice = noticeOf(order, refund, whole);
    if (refund.attempt_id !== order.paid_attempt_id) {
      await reduceOwed(trx, order.id, refund.amount_fen, stamp);
      return finish('refunded', undefined, await told(trx, order, refund, notice));
    }
    const followed = {
      orderId: order.id,
      refundId: refund.id,
      amountFen: refund.amount_fen,
      reason: refund.reason,
      whole,
    };
    if (!whole) {
      await invoices.followRefund(trx, followed, at);
      return finish('refunded', undefined, await told(trx, order, refund, notice));
    }
    const groupId = await takeBack(trx, order, at);
    await markOrderRefunded(trx, order.id, stamp);
    await invoices.followRefund(trx, followed, at);
    return finish('refunded', groupId, await told(trx, order, refund, notice, await takenBack(trx, order)));
  }

  /**
   * Takes back what the order's credit gave: its units off the current expiry (later purchases may have extended on
   * top), never below now; a plan started or switched to by the order and left with nothing returns to the plan
   * before; API calls off the quota, never below what was used. The member's push group, or undefined.
   */
  async function takeBack(trx: Db, order: OrderRow, at: Date): Promise<number | undefined> {
    const change = await findMembershipChange(trx, order.id);
    const member = await findMemberRow(trx, order.user_id);
    if (!change || !member) return undefined;
    const stamp = at.toISOString();
    const plan = await findPlanRow(trx, change.gid_after ?? order.gid);
    const unit = plan.unit as PlanUnit;
    const back = (expiry: string | null) => {
      if (expiry === null) return stamp;
      const earlier = subtractUnits(new Date(expiry), unit, change.units);
      return new Date(Math.max(earlier.getTime(), at.getTime())).toISOString();
    };
    if (change.kind === 'api') {
      const quota = await findApiQuota(trx, order.user_id);
      if (!quota) return member.group_id;
      await upsertApiQuota(trx, order.user_id, {
        total: Math.max(quota.used, quota.total - change.api_calls_added),
        used: quota.used,
        expired_at: back(quota.expired_at),
        updated_at: stamp,
      });
      return member.group_id;
    }
    if (member.gid !== change.gid_after) {
      log.warn(
        { order: order.out_trade_no },
        'refund: the member holds another plan now, nothing taken back',
      );
      return undefined;
    }
    const expiry = back(member.expired_at);
    const exhausted = Date.parse(expiry) <= at.getTime();
    const before = change.gid_before !== change.gid_after || change.level_before !== change.level_after;
    if (exhausted && before) {
      // The order started or switched to this plan and nothing of it is left: the plan before, as far as it runs.
      const keep = change.expiry_before !== null && Date.parse(change.expiry_before) > at.getTime();
      await goods.setPlan(
        order.user_id,
        {
          level: change.level_before,
          gid: change.gid_before,
          expired_at: keep ? change.expiry_before : change.expiry_before === null ? null : stamp,
        },
        stamp,
        trx,
      );
    } else {
      await goods.setPlan(
        order.user_id,
        { level: member.level, gid: member.gid, expired_at: expiry },
        stamp,
        trx,
      );
    }
    return member.group_id;
  }

  return {
    requestRefund,
    recordOfflineRefund,
    settleRefund: settle,

    /**
     * A refund notification: verified on the raw body, settled, acknowledged only after the commit. null: no such
     * provider here.
     */
    async notifyRefund(name: PaymentProviderName, request: NotificationRequest) {
      const provider = channels.byName(name);
      if (!provider) return null;
      const verified = await provider.verifyRefundNotification(request);
      if (!verified.ok) return refuseNotification(db, provider, 'refund_notification', verified, now(), log);
      try {
        const outcome = await settle({
          provider: provider.name,
          kind: 'refund_notification',
          eventId: verified.eventId,
          refundNo: verified.refundNo,
          state: verified.state,
          providerRefundId: verified.providerRefundId,
          amountFen: verified.amountFen,
          raw: verified.raw,
        });
        if (outcome === 'unknown_refund' || outcome === 'amount_mismatch') {
          log.error({ refund_no: verified.refundNo, outcome }, 'refund notification not settled');
        }
        return provider.acknowledge(true);
      } catch (err) {
        // Nothing committed: the provider retries.
        log.error({ err, provider: provider.name }, 'refund notification failed');
        return provider.acknowledge(false, 'internal error');
      }
    },

    /**
     * Asks the providers about pending refunds last changed REFUND_QUERY_AFTER_MS ago (all pending ones with
     * `all`), so a lost notification still settles; how many were settled.
     */
    async refreshRefunds({ all = false }: { all?: boolean } = {}): Promise<number> {
      const before = all ? now() : new Date(now().getTime() - REFUND_QUERY_AFTER_MS);
      let settled = 0;
      for (const refund of await pendingRefunds(db, before.toISOString(), REFRESH_BATCH)) {
        const provider = channels.byName(refund.provider as PaymentProviderName);
        if (!provider) continue;
        try {
          const attempt = (await orderAttempts(db, refund.order_id)).find((a) => a.id === refund.attempt_id);
          const result = await provider.queryRefund(refund.refund_no, attempt?.trade_no ?? '');
          const outcome = await apply(refund, result, 'refund_query');
          if (outcome !== null) settled += 1;
        } catch (err) {
          log.warn({ err, refund_no: refund.refund_no }, 'refund query failed');
        }
      }
      return settled;
    },

    /** The orders with money owed back (refund_fen > 0), with the paid attempts each may be refunded from. */
    async doublePaidOrders(limit = 500): Promise<OwedOrder[]> {
      const rows = await owedOrders(db, limit);
      return Promise.all(
        rows.map(async (order) => ({
          order,
          attempts: refundableOf(order, await orderAttempts(db, order.id)).filter((a) => !a.paying),
        })),
      );
    },

    /** An order's refunds, oldest first. */
    refundsOf: (orderId: number) => refundsOfOrder(db, orderId),
  };
}

export type Refunds = ReturnType<typeof createRefunds>;

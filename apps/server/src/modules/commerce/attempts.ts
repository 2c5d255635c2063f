// Payment attempts of commerce: a payment issued at a provider in the device's shape (a QR code, the phone's browser
// sent to the provider, WeChat's in-app sheet after the payer's sign-in) or a zero-price credit, a corporate
// transfer, an attempt asked about at its provider and settled, and the steps after a settlement (the page told, other
// open attempts closed).
import {
  COMMERCE_API,
  formatYuan,
  MEMBER_APP_BASE,
  MSG,
  MSG_WITH,
  PAY_TYPE,
  type PayCreated,
  type PayMode,
  PUSH_ORDER_PAID,
  type TransferInfo,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { PaymentAttemptRow } from '../../db/schema.js';
import { errors } from '../../errors.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { readSignInState, signSignInState } from '../../providers/payment/payer-sign-in.js';
import type { CreatedPayment, PaymentProviderName } from '../../providers/payment/types.js';
import { lockForAttempt } from '../coupons/service.js';
import type { Account } from '../users/service.js';
import { type SettleResult, settlePayment } from './crediting.js';
import type { CommerceDeps } from './deps.js';
import { isOpen, type Orders, type PricedOrder, priced } from './orders.js';
import { modeOfUserAgent, type PayRequestContext, returnPageOf, shapeFor } from './pay-shape.js';
import { findPayerOpenid, savePayerOpenid } from './payers-repo.js';
import { packName, toTransferInfo } from './presenter.js';
import {
  closeAttempts,
  countAttempts,
  failAttempt,
  insertAttempt,
  insertEvent,
  lockOrder,
  openAttempts,
  updateOrder,
} from './repo.js';
import { TRANSFER_PROVIDER } from './transfer.js';

/** QR codes one order may show: past that the order is refused as abnormal. */
const MAX_ATTEMPTS = 20;
const CREDIT_PROVIDER = 'credit';

const PROVIDER_NOTIFY_PATH: Record<PaymentProviderName, string> = {
  sandbox: COMMERCE_API.notifySandbox,
  wechat: COMMERCE_API.notifyWechat,
  alipay: COMMERCE_API.notifyAlipay,
};

export interface PayInputParsed {
  gid: number;
  out_trade_no: string;
  pay_type: number;
  finalPriceFen: number;
  count: number;
  source?: string | undefined;
  /** The shape the member chose (改用扫码支付); the User-Agent's otherwise. */
  mode?: PayMode | undefined;
}

/** A pay call without request facts (the commands, older callers): a desktop. */
const DESKTOP: PayRequestContext = { userAgent: '', clientIp: '', referer: '' };

/** The web app's result page (which asks pay/status; docs/api.md). */
const RESULT_PAGE = '/payResult';

/** The pay call's answer for a payment made at the provider. */
const payCreated = (made: CreatedPayment, orderid: string): PayCreated =>
  made.shape === 'jsapi'
    ? { url: made.url, orderid, mode: 'jsapi', jsapi: made.jsapi }
    : { url: made.url, orderid, mode: made.shape };
/** An attempt at a payment provider, whatever its shape (not a transfer, not a zero-price credit). */
const isQr = (attempt: PaymentAttemptRow): boolean =>
  attempt.provider !== TRANSFER_PROVIDER && attempt.provider !== CREDIT_PROVIDER;

/** What an attempt issued at this price buys, frozen on the attempt (crediting.ts purchaseOf). */
const frozen = ({ plan, quote: q, pack, gift, coupon }: PricedOrder) => ({
  gid: plan.gid,
  count: q.count,
  total_fen: q.totalFen,
  credit_fen: q.creditFen,
  coupon_id: coupon?.coupon.id ?? null,
  coupon_fen: q.couponFen,
  kind: q.kind,
  basis_gid: q.kind === 'api' ? null : q.basisGid,
  basis_expiry: q.expiryBefore,
  pack_id: pack?.id ?? null,
  gift_id: gift?.id ?? null,
});

/** What the provider shows the payer. */
const description = ({ plan, quote: q, pack, gift }: PricedOrder): string =>
  gift
    ? `${gift.name} × ${q.count}张`
    : pack
      ? `${packName(pack)} × ${q.count}`
      : `${plan.name} × ${q.count}年`;

/**
 * In the attempt's transaction: the price's coupon locked to the order, any other it had locked freed. Another order
 * took the coupon meanwhile: refused (the transaction and the attempt roll back).
 */
async function lockCoupon(trx: Db, userId: number, orderId: number, sold: PricedOrder, at: Date) {
  const couponId = sold.coupon?.coupon.id ?? null;
  if (!(await lockForAttempt(trx, { couponId, userId, orderId, at }))) {
    throw errors.badRequest(MSG.couponUnavailable);
  }
}

export function createAttempts(
  deps: Pick<
    CommerceDeps,
    'db' | 'now' | 'config' | 'channels' | 'goods' | 'push' | 'sessions' | 'inbox' | 'log'
  >,
  orders: Pick<Orders, 'priceOrder' | 'ownOrder'>,
) {
  const { db, now, config, channels, goods, push, sessions, inbox, log } = deps;
  const { priceOrder, ownOrder } = orders;
  const payment = config.payment;
  const baseUrl = publicBaseUrl(config).replace(/\/+$/, '');

  /** The result page of an order, absolute. */
  const resultPage = (outTradeNo: string) =>
    `${baseUrl}${MEMBER_APP_BASE}${RESULT_PAGE}?out_trade_no=${encodeURIComponent(outTradeNo)}`;

  /** WeChat's sign-in address for the member, coming back through our callback to the page that asked. */
  function signInAnswer(userId: number, outTradeNo: string, context: PayRequestContext): PayCreated {
    const signIn = channels.wechat.payerSignIn;
    if (!signIn) throw errors.payFailed();
    const page =
      returnPageOf(context.referer, baseUrl) ??
      `${RESULT_PAGE}?out_trade_no=${encodeURIComponent(outTradeNo)}`;
    const state = signSignInState(signIn.stateKey, { userId, page }, now());
    const callback = `${baseUrl}${COMMERCE_API.wechatSignIn}?${new URLSearchParams({ to: page })}`;
    return { mode: 'oauth', url: signIn.authorizeUrl(callback, state), orderid: '' };
  }

  async function openQrAttempts(orderId: number): Promise<PaymentAttemptRow[]> {
    return (await openAttempts(db, orderId)).filter(isQr);
  }

  /** Closes attempts at their provider (best effort: a failure stays open for the next sweep). */
  async function closeOpen(attempts: readonly PaymentAttemptRow[]): Promise<void> {
    for (const attempt of attempts) {
      const provider = channels.byName(attempt.provider as PaymentProviderName);
      try {
        await provider?.close(attempt.trade_no);
        await closeAttempts(db, [attempt.id], now().toISOString());
      } catch (err) {
        log.warn({ err, trade_no: attempt.trade_no }, 'closing a payment attempt failed');
      }
    }
  }

  /** After a commit: the member's page moves on at once, and other open QR codes of the order are closed. */
  async function afterSettle(result: SettleResult): Promise<void> {
    const { order } = result;
    if (!order) return;
    if (
      (result.outcome === 'credited' || result.outcome === 'credited_late') &&
      result.groupId !== undefined
    ) {
      sessions.membershipChanged(result.groupId);
      await inbox.deliver({
        userIds: [order.user_id],
        kind: 'order',
        title: MSG.inboxOrderPaidTitle,
        body: MSG_WITH.inboxOrderPaid(order.out_trade_no, formatYuan(order.final_fen)),
        link: '/order/list',
        pushed: true,
      });
      await push.toGroup(result.groupId, { code: PUSH_ORDER_PAID, message: order.out_trade_no });
    }
    if (result.outcome === 'duplicate_payment' || result.outcome === 'credited_late') {
      log.warn({ out_trade_no: order.out_trade_no, outcome: result.outcome }, 'payment needs the operator');
    }
    if (order.status === 'paid') await closeOpen(await openQrAttempts(order.id));
  }

  /** Asks the provider about an attempt; a payment found is settled like a notification. */
  async function queryAttempt(attempt: PaymentAttemptRow): Promise<SettleResult | null> {
    const provider = channels.byName(attempt.provider as PaymentProviderName);
    if (!provider) return null;
    const result = await provider.query(attempt.trade_no);
    const at = now();
    if (result.state !== 'paid') {
      // "Still waiting" is the usual answer and says nothing new: only a closed or unknown trade is recorded.
      if (result.state === 'pending') return null;
      await insertEvent(db, {
        provider: provider.name,
        kind: 'query',
        event_id: null,
        trade_no: attempt.trade_no,
        order_id: attempt.order_id,
        verified: 1,
        reason: null,
        outcome: result.state,
        amount_fen: null,
        raw: result.raw,
        created_at: at.toISOString(),
      });
      return null;
    }
    const settled = await settlePayment({ db, goods }, at, {
      provider: provider.name,
      kind: 'query',
      eventId: `query:${result.providerTxnId}`,
      tradeNo: attempt.trade_no,
      providerTxnId: result.providerTxnId,
      amountFen: result.amountFen,
      paidAt: result.paidAt,
      raw: result.raw,
    });
    await afterSettle(settled);
    return settled;
  }

  return {
    openQrAttempts,
    closeOpen,
    afterSettle,
    queryAttempt,

    /**
     * Shows a QR code for the order: the price is computed again and must equal what the page shows. The order is
     * locked while the attempt is issued, so concurrent calls take their numbers in turn; the attempt freezes what it
     * buys, and the QR codes it supersedes are closed at their provider.
     */
    async pay(
      account: Account,
      input: PayInputParsed,
      context: PayRequestContext = DESKTOP,
    ): Promise<PayCreated> {
      const current = await ownOrder(account, input.out_trade_no, 'order.pay');
      if (input.gid !== current.gid) throw errors.orderAbnormal();
      const channel = input.pay_type === PAY_TYPE.wechat ? 'wechat' : 'alipay';
      const shape = shapeFor(input.mode ?? modeOfUserAgent(context.userAgent), channel, channels[channel]);
      let openid: string | null = null;
      if (shape === 'jsapi') {
        if (current.status === 'expired' || current.status === 'closed') throw errors.orderExpired();
        if (!isOpen(current)) throw errors.orderAbnormal();
        const appId = channels.wechat.payerSignIn?.appId ?? '';
        openid = await findPayerOpenid(db, account.id, appId);
        // No openid yet: no attempt; the page goes through WeChat's sign-in once and asks again.
        if (!openid) return signInAnswer(account.id, current.out_trade_no, context);
      }
      const at = now();
      const stamp = at.toISOString();
      const issued = await db.transaction().execute(async (trx) => {
        const order = await lockOrder(trx, current.id);
        if (!order) throw errors.notFound();
        if (order.status === 'expired' || order.status === 'closed') throw errors.orderExpired();
        // Paid (perhaps a moment ago) or awaiting a transfer: not payable by QR code.
        if (!isOpen(order)) throw errors.orderAbnormal();
        const sold = await priceOrder(trx, account.id, order, input.count, at);
        const q = sold.quote;
        if (q.finalFen !== input.finalPriceFen || q.finalFen < 0) throw errors.orderAbnormal();
        if ((await countAttempts(trx, order.id)) >= MAX_ATTEMPTS) throw errors.orderAbnormal();
        const provider = q.finalFen === 0 ? null : channels[channel];
        await lockCoupon(trx, account.id, order.id, sold, at);
        const superseded = (await openAttempts(trx, order.id)).filter(isQr);
        await updateOrder(trx, order.id, {
          ...priced(q),
          status: 'paying',
          channel,
          source: input.source ?? order.source,
          // The first provider query comes one interval after the QR is shown.
          queried_at: stamp,
          updated_at: stamp,
        });
        const attempt = await insertAttempt(trx, order.out_trade_no, {
          order_id: order.id,
          provider: provider ? provider.name : CREDIT_PROVIDER,
          channel,
          pay_type: input.pay_type,
          amount_fen: q.finalFen,
          created_at: stamp,
          ...frozen(sold),
        });
        return { order, sold, provider, attempt, superseded };
      });
      const { order, sold, provider, attempt } = issued;
      const q = sold.quote;
      // A QR code for another amount or channel must not stay payable.
      await closeOpen(issued.superseded);

      if (!provider) {
        // Nothing to pay (the credit covers the total exactly): credited at once.
        await afterSettle(
          await settlePayment({ db, goods }, at, {
            provider: CREDIT_PROVIDER,
            kind: 'credit',
            eventId: `credit:${attempt.trade_no}`,
            tradeNo: attempt.trade_no,
            providerTxnId: attempt.trade_no,
            amountFen: 0,
            paidAt: at,
            raw: '{}',
          }),
        );
        return { url: '', orderid: attempt.trade_no, mode: 'qr' };
      }
      try {
        const made = await provider.createPayment({
          tradeNo: attempt.trade_no,
          amountFen: q.finalFen,
          description: description(sold),
          expiresAt: new Date(order.late_time),
          notifyUrl: `${baseUrl}${PROVIDER_NOTIFY_PATH[provider.name]}`,
          shape,
          clientIp: context.clientIp,
          openid,
          returnUrl: resultPage(order.out_trade_no),
          // Leaving Alipay's cashier lands on the result page too: it says 支付未完成 and offers to retry.
          quitUrl: resultPage(order.out_trade_no),
        });
        return payCreated(made, attempt.trade_no);
      } catch (err) {
        log.error(
          { err, trade_no: attempt.trade_no, provider: provider.name, shape },
          'creating a payment failed',
        );
        await failAttempt(db, attempt.id, now().toISOString());
        throw errors.payFailed();
      }
    },

    /**
     * WeChat's sign-in came back: the state must be ours, for this page, and fresh; the code's openid is kept on the
     * account. The address to send the browser to, or null when the state or the code does not hold.
     */
    async payerSignedIn(query: { code: string; state: string; to: string }): Promise<string | null> {
      const signIn = channels.wechat.payerSignIn;
      if (!signIn) return null;
      const userId = readSignInState(signIn.stateKey, query.state, query.to, now());
      if (userId === null) return null;
      let openid: string;
      try {
        openid = await signIn.openid(query.code);
      } catch (err) {
        log.warn({ err, user_id: userId }, 'WeChat sign-in refused its code');
        return null;
      }
      await savePayerOpenid(db, { userId, appid: signIn.appId, openid, at: now().toISOString() });
      return `${baseUrl}${MEMBER_APP_BASE}${query.to}`;
    },

    /**
     * Corporate transfer: the order, priced again, waits for the operator's confirmation; a transfer attempt freezes
     * what it buys, and the order's QR codes are closed.
     */
    async transfer(account: Account, outTradeNo: string): Promise<TransferInfo> {
      const current = await ownOrder(account, outTradeNo, 'order.pay');
      if (current.status === 'awaiting_transfer') return toTransferInfo(current, payment.bank);
      const at = now();
      const stamp = at.toISOString();
      const moved = await db.transaction().execute(async (trx) => {
        const order = await lockOrder(trx, current.id);
        if (!order) throw errors.notFound();
        if (order.status === 'awaiting_transfer') return { order, superseded: [] };
        if (order.status === 'expired' || order.status === 'closed') throw errors.orderExpired();
        if (!isOpen(order)) throw errors.orderAbnormal();
        const sold = await priceOrder(trx, account.id, order, order.count, at);
        const q = sold.quote;
        if (q.finalFen <= 0) throw errors.orderAbnormal();
        await lockCoupon(trx, account.id, order.id, sold, at);
        const superseded = (await openAttempts(trx, order.id)).filter(isQr);
        const values = {
          ...priced(q),
          status: 'awaiting_transfer',
          channel: TRANSFER_PROVIDER,
          updated_at: stamp,
        };
        await updateOrder(trx, order.id, values);
        await insertAttempt(trx, order.out_trade_no, {
          order_id: order.id,
          provider: TRANSFER_PROVIDER,
          channel: TRANSFER_PROVIDER,
          pay_type: 0,
          amount_fen: q.finalFen,
          created_at: stamp,
          ...frozen(sold),
        });
        return { order: { ...order, ...values }, superseded };
      });
      await closeOpen(moved.superseded);
      return toTransferInfo(moved.order, payment.bank);
    },
  };
}

export type Attempts = ReturnType<typeof createAttempts>;

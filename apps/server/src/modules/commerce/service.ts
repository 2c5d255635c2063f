// Membership commerce: the catalogue, orders and their prices, payment attempts through the providers, notifications
// and status-poll queries credited exactly once, bank transfers, and the expiry of unpaid orders
// (docs/decisions.md "Commerce").
import { randomInt } from 'node:crypto';
import {
  type ApiSurplus,
  COMMERCE_API,
  type ExpiredTime,
  type OrderCreated,
  type OrderListFilter,
  type OrderListItem,
  type OrderStatus,
  PAY_TYPE,
  type Page,
  type PayCreated,
  type PayStatus,
  type PlanItem,
  type PlanPrice,
  PUSH_ORDER_PAID,
  shanghaiDate,
  statusesOf,
  type TransferInfo,
} from '@uc/shared';
import PQueue from 'p-queue';
import type { Config } from '../../config.js';
import { type Db, isPostgres } from '../../db/connection.js';
import type { OrderRow, PaymentAttemptRow } from '../../db/schema.js';
import { errors } from '../../errors.js';
import { type Paging, readPage } from '../../lib/paging.js';
import type { Tokens } from '../../lib/token.js';
import { paymentBaseUrl } from '../../providers/payment/index.js';
import type {
  Acknowledgement,
  NotificationRequest,
  PaymentChannels,
  PaymentProvider,
  PaymentProviderName,
} from '../../providers/payment/types.js';
import type { AuthService, AuthUser } from '../auth/service.js';
import type { PushHub } from '../push/hub.js';
import type { Account, UsersService } from '../users/service.js';
import { type Settlement, type SettleResult, settlePayment } from './crediting.js';
import {
  pricedPlan,
  toOrderCreated,
  toOrderListItem,
  toPlanItem,
  toPlanPrice,
  toTransferInfo,
} from './presenter.js';
import { type Quote, quote } from './pricing.js';
import {
  claimQuery,
  closeAttempts,
  countAttempts,
  countOrders,
  expireDue,
  failAttempt,
  findApiQuota,
  findAttemptByTradeNo,
  findMemberRow,
  findOrderById,
  findOrderByNo,
  insertAttempt,
  insertEvent,
  insertOrder,
  lastPaidOrder,
  listOrders,
  listPlans,
  OPEN,
  openAttempts,
  type PlanWithTiers,
  staleAttempts,
  updateOpenOrder,
} from './repo.js';
import { TRANSFER_PROVIDER } from './transfer.js';

/** Orders whose last provider query an embedded server remembers before it forgets those past the pay window. */
const LOCAL_QUERIES_MAX = 20_000;

/** How much of a refused notification's body is kept. */
const REJECTED_RAW_MAX = 2_048;

/** SPEC.md §9: the payment countdown. */
export const PAY_WINDOW_MS = 600_000;
/** The status poll asks the provider at most this often per order. */
export const QUERY_INTERVAL_MS = 10_000;
/** Provider queries at once, and per second, on one instance (providers rate-limit their query APIs too). */
const QUERY_CONCURRENCY = 4;
const QUERY_RATE = 50;
/** Orders waiting for their query; past this a poll queues nothing (its next poll tries again). */
const QUERY_QUEUE_MAX = 10_000;
/** How often unpaid orders are expired and their attempts closed at the provider. */
const SWEEP_INTERVAL_MS = 30_000;
const SWEEP_BATCH = 100;
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
}

/** The sandbox's page-facing methods (its 模拟支付 page), when the sandbox serves a channel. */
export interface SandboxControl {
  describe(
    tradeNo: string,
    sig: string,
  ): Promise<{ tradeNo: string; amountFen: number; description: string; state: string } | null>;
  confirm(tradeNo: string): Promise<{ headers: Record<string, string>; body: string } | null>;
  cancel(tradeNo: string): Promise<boolean>;
}

const isSandbox = (provider: PaymentProvider | null): provider is PaymentProvider & SandboxControl =>
  provider !== null && 'describe' in provider && 'confirm' in provider && 'cancel' in provider;

interface CommerceDeps {
  db: Db;
  now: () => Date;
  /** The notify URLs' base (PUBLIC_BASE_URL or http://localhost:PORT) and the bank details of transfers. */
  config: Pick<Config, 'port' | 'payment'>;
  channels: PaymentChannels;
  tokens: Tokens;
  users: Pick<UsersService, 'findById'>;
  push: Pick<PushHub, 'toGroup'>;
  /** The session check's cache, dropped for the group once its plan changed. */
  sessions: Pick<AuthService, 'membershipChanged'>;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/** yyyymmdd (Asia/Shanghai) + 12 random digits. */
function newOutTradeNo(at: Date): string {
  const day = shanghaiDate(at.toISOString()).replaceAll('-', '');
  return `${day}${String(randomInt(0, 1_000_000_000_000)).padStart(12, '0')}`;
}

export function createCommerceService(deps: CommerceDeps) {
  const { db, now, config, channels, tokens, users, push, sessions, log } = deps;
  const payment = config.payment;
  const baseUrl = paymentBaseUrl(config).replace(/\/+$/, '');
  let sweeper: NodeJS.Timeout | null = null;

  /** Package pages and orders are the main account's business (SPEC.md §6). */
  function mainAccount(account: Account): Account {
    if (account.isSub) throw errors.subAccountNoPackages();
    return account;
  }

  async function catalogue(): Promise<PlanWithTiers[]> {
    return listPlans(db);
  }

  async function planOf(gid: number): Promise<PlanWithTiers | undefined> {
    return (await catalogue()).find((p) => p.gid === gid);
  }

  /** The price of `count` units of a plan for a member now. */
  async function quoteFor(userId: number, plan: PlanWithTiers, count: number, at: Date): Promise<Quote> {
    const member = await findMemberRow(db, userId);
    if (!member) throw errors.unauthorized();
    const current = { level: member.level, gid: member.gid, expiredAt: member.expired_at };
    const currentPlan = member.gid === null ? undefined : await planOf(member.gid);
    const [paid, quota] = await Promise.all([
      member.gid === null ? undefined : lastPaidOrder(db, userId, member.gid),
      plan.level === null ? findApiQuota(db, userId) : undefined,
    ]);
    return quote({
      plan: pricedPlan(plan),
      count,
      current,
      apiExpiry: quota?.expired_at ?? null,
      paid: paid ? { totalFen: paid.total_fen, count: paid.count } : null,
      // A plan id outside the catalogue, or the API package, is no plan to credit.
      currentUnitFen: currentPlan && currentPlan.level !== null ? currentPlan.unit_price_fen : null,
      now: at,
    });
  }

  /** The member's order, expired first if its pay-by time has passed; 404 unknown, 403 another member's. */
  async function ownOrder(account: Account, outTradeNo: string): Promise<OrderRow> {
    const order = await findOrderByNo(db, outTradeNo);
    if (!order) throw errors.notFound();
    if (order.user_id !== account.id) throw errors.forbidden();
    return expireIfDue(order);
  }

  async function expireIfDue(order: OrderRow): Promise<OrderRow> {
    const at = now().toISOString();
    if (!(OPEN as readonly string[]).includes(order.status) || order.late_time > at) return order;
    await expireDue(db, at, { orderId: order.id });
    return (await findOrderById(db, order.id)) ?? order;
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
      await push.toGroup(result.groupId, { code: PUSH_ORDER_PAID, message: order.out_trade_no });
    }
    if (result.outcome === 'duplicate_payment' || result.outcome === 'credited_late') {
      log.warn({ out_trade_no: order.out_trade_no, outcome: result.outcome }, 'payment needs the operator');
    }
    if (order.status === 'paid') await closeOpen(await openQrAttempts(order.id));
  }

  async function openQrAttempts(orderId: number): Promise<PaymentAttemptRow[]> {
    return (await openAttempts(db, orderId)).filter(
      (a) => a.provider !== TRANSFER_PROVIDER && a.provider !== CREDIT_PROVIDER,
    );
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
    const settled = await settlePayment(db, at, {
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

  /**
   * Provider queries run off the request path: a poll that finds its order due only queues the order, so the poll
   * stays one read whatever the providers answer and however slowly. The queue asks at most QUERY_CONCURRENCY at once
   * and QUERY_RATE a second on this instance, oldest request first; an order already queued is not queued twice.
   */
  const queries = new PQueue({ concurrency: QUERY_CONCURRENCY, intervalCap: QUERY_RATE, interval: 1_000 });
  const queued = new Set<number>();

  function requestQuery(orderId: number): void {
    if (queued.has(orderId) || queued.size >= QUERY_QUEUE_MAX) return;
    queued.add(orderId);
    void queries.add(async () => {
      queued.delete(orderId);
      try {
        await queryOrder(orderId);
      } catch (err) {
        log.warn({ err, orderId }, 'payment query failed');
      }
    });
  }

  /** Asks the provider about each open QR code of an order, if this instance wins the order's next query. */
  async function queryOrder(orderId: number): Promise<void> {
    const at = now();
    if (!(await claimNextQuery(orderId, at))) return;
    for (const attempt of await openQrAttempts(orderId)) {
      try {
        await queryAttempt(attempt);
      } catch (err) {
        log.warn({ err, trade_no: attempt.trade_no }, 'payment query failed');
      }
    }
  }

  /**
   * The last query this instance claimed per order: polls of an order queried less than 10 s ago queue nothing.
   * SQLite is one process, so this is the claim itself (a write per claim would wait for the disk); on PostgreSQL the
   * claim is then a conditional write of `orders.queried_at`, so that one instance of several asks.
   */
  const localQueries = new Map<number, number>();

  function queryDue(order: OrderRow, at: Date): boolean {
    const due = at.getTime() - QUERY_INTERVAL_MS;
    if (order.queried_at !== null && Date.parse(order.queried_at) > due) return false;
    const last = localQueries.get(order.id);
    return last === undefined || last <= due;
  }

  async function claimNextQuery(orderId: number, at: Date): Promise<boolean> {
    const due = at.getTime() - QUERY_INTERVAL_MS;
    const last = localQueries.get(orderId);
    if (last !== undefined && last > due) return false;
    localQueries.set(orderId, at.getTime());
    if (localQueries.size > LOCAL_QUERIES_MAX) {
      const stale = at.getTime() - PAY_WINDOW_MS;
      for (const [id, when] of localQueries) if (when < stale) localQueries.delete(id);
    }
    return isPostgres(db) ? claimQuery(db, orderId, at.toISOString(), new Date(due).toISOString()) : true;
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

  const service = {
    async plans(): Promise<PlanItem[]> {
      return (await catalogue()).filter((p) => p.on_sale === 1).map(toPlanItem);
    },

    async prices(gid?: number): Promise<PlanPrice[]> {
      return (await catalogue())
        .filter((p) => p.on_sale === 1 && (gid === undefined || p.gid === gid))
        .map(toPlanPrice);
    },

    /** A new order for `count` units (count 1 when the page opens); the price may be negative (then it is refused at pay). */
    async createOrder(
      account: Account,
      input: { gid: number; count: number },
      source: string | null,
    ): Promise<OrderCreated> {
      mainAccount(account);
      const plan = await planOf(input.gid);
      if (plan?.on_sale !== 1 || plan.tiers.length === 0) throw errors.orderCreateFailed();
      const at = now();
      const q = await quoteFor(account.id, plan, input.count, at);
      const stamp = at.toISOString();
      for (let tries = 0; ; tries += 1) {
        try {
          const order = await insertOrder(db, {
            out_trade_no: newOutTradeNo(at),
            user_id: account.id,
            gid: plan.gid,
            count: q.count,
            total_fen: q.totalFen,
            credit_fen: q.creditFen,
            final_fen: q.finalFen,
            status: 'created',
            late_time: new Date(at.getTime() + PAY_WINDOW_MS).toISOString(),
            expiry_before: q.expiryBefore,
            expiry_after: q.expiryAfter,
            source,
            created_at: stamp,
            updated_at: stamp,
          });
          return toOrderCreated(order, plan, q);
        } catch (error) {
          // Twelve random digits met an existing number of the day: draw again.
          if (tries >= 2) {
            log.error({ err: error }, 'order creation failed');
            throw errors.orderCreateFailed();
          }
        }
      }
    },

    /** Shows a QR code for the order: the price is computed again and must equal what the page shows. */
    async pay(account: Account, input: PayInputParsed): Promise<PayCreated> {
      mainAccount(account);
      const order = await ownOrder(account, input.out_trade_no);
      if (order.status === 'expired' || order.status === 'closed') throw errors.orderExpired();
      if (!(OPEN as readonly string[]).includes(order.status)) throw errors.orderAbnormal();
      if (input.gid !== order.gid) throw errors.orderAbnormal();
      const plan = await planOf(order.gid);
      if (plan?.on_sale !== 1) throw errors.orderAbnormal();
      const at = now();
      const q = await quoteFor(account.id, plan, input.count, at);
      if (q.finalFen !== input.finalPriceFen || q.finalFen < 0) throw errors.orderAbnormal();
      if ((await countAttempts(db, order.id)) >= MAX_ATTEMPTS) throw errors.orderAbnormal();

      const stamp = at.toISOString();
      const channel = input.pay_type === PAY_TYPE.wechat ? 'wechat' : 'alipay';
      const provider = q.finalFen === 0 ? null : channels[channel];
      const updated = await updateOpenOrder(db, order.id, {
        count: q.count,
        total_fen: q.totalFen,
        credit_fen: q.creditFen,
        final_fen: q.finalFen,
        expiry_before: q.expiryBefore,
        expiry_after: q.expiryAfter,
        status: 'paying',
        channel,
        source: input.source ?? order.source,
        // The first provider query comes one interval after the QR is shown.
        queried_at: stamp,
        updated_at: stamp,
      });
      if (!updated) throw errors.orderExpired();
      // A QR code for another amount or channel must not stay payable.
      await closeOpen(await openQrAttempts(order.id));

      const attempt = await insertAttempt(db, order.out_trade_no, {
        order_id: order.id,
        provider: provider ? provider.name : CREDIT_PROVIDER,
        channel,
        pay_type: input.pay_type,
        amount_fen: q.finalFen,
        created_at: stamp,
      });
      if (!provider) {
        // Nothing to pay (the credit covers the total exactly): credited at once.
        await afterSettle(
          await settlePayment(db, at, {
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
        return { url: '', orderid: attempt.trade_no };
      }
      try {
        const { qr } = await provider.createQr({
          tradeNo: attempt.trade_no,
          amountFen: q.finalFen,
          description: `${plan.name} × ${q.count}年`,
          expiresAt: new Date(order.late_time),
          notifyUrl: `${baseUrl}${PROVIDER_NOTIFY_PATH[provider.name]}`,
        });
        return { url: qr, orderid: attempt.trade_no };
      } catch (err) {
        log.error(
          { err, trade_no: attempt.trade_no, provider: provider.name },
          'creating a payment QR failed',
        );
        await failAttempt(db, attempt.id, now().toISOString());
        throw errors.payFailed();
      }
    },

    /**
     * The poll of the order page: paid or not, and once paid a fresh token carrying the new level (same session).
     * One read: while unpaid, a poll finding the last provider query 10 s old queues the next one (requestQuery), so a
     * lost notification still credits, and a later poll or the websocket push tells the page.
     */
    async status(user: AuthUser, bearer: string, outTradeNo: string): Promise<PayStatus> {
      mainAccount(user.account);
      const order = await ownOrder(user.account, outTradeNo);
      if ((OPEN as readonly string[]).includes(order.status) && queryDue(order, now()))
        requestQuery(order.id);
      const paid = order.status === 'paid';
      return {
        status: paid,
        order_status: order.status as OrderStatus,
        token: paid ? await freshToken(bearer, user.account.id) : null,
      };
    },

    /** Resolves once every queued provider query has been answered (tests and shutdown). */
    async queriesSettled(): Promise<void> {
      await queries.onIdle();
    },

    async expiredTime(account: Account): Promise<ExpiredTime> {
      mainAccount(account);
      return { gid: account.membership.gid, expired_time: account.membership.expiredAt };
    },

    async list(account: Account, paging: Paging, filter?: OrderListFilter): Promise<Page<OrderListItem>> {
      mainAccount(account);
      const statuses = filter ? statusesOf(filter) : undefined;
      await expireDue(db, now().toISOString(), { userId: account.id });
      const names = new Map((await catalogue()).map((p) => [p.gid, p.name]));
      return readPage(
        paging,
        async (limit, offset) =>
          (await listOrders(db, account.id, statuses, limit, offset)).map((o) => toOrderListItem(o, names)),
        () => countOrders(db, account.id, statuses),
      );
    },

    async surplus(account: Account): Promise<ApiSurplus> {
      mainAccount(account);
      const quota = await findApiQuota(db, account.id);
      if (!quota) return { total: 0, used: 0, surplus: 0, expired_time: null };
      const running = quota.expired_at !== null && Date.parse(quota.expired_at) > now().getTime();
      return {
        total: quota.total,
        used: quota.used,
        surplus: running ? Math.max(0, quota.total - quota.used) : 0,
        expired_time: quota.expired_at,
      };
    },

    /** Corporate transfer: the order waits for the operator's confirmation; its QR codes are closed. */
    async transfer(account: Account, outTradeNo: string): Promise<TransferInfo> {
      mainAccount(account);
      const order = await ownOrder(account, outTradeNo);
      if (order.status === 'awaiting_transfer') return toTransferInfo(order, payment.bank);
      if (order.status === 'expired' || order.status === 'closed') throw errors.orderExpired();
      if (!(OPEN as readonly string[]).includes(order.status) || order.final_fen <= 0)
        throw errors.orderAbnormal();
      const stamp = now().toISOString();
      const moved = await updateOpenOrder(db, order.id, {
        status: 'awaiting_transfer',
        channel: TRANSFER_PROVIDER,
        updated_at: stamp,
      });
      if (!moved) throw errors.orderExpired();
      await closeOpen(await openQrAttempts(order.id));
      await insertAttempt(db, order.out_trade_no, {
        order_id: order.id,
        provider: TRANSFER_PROVIDER,
        channel: TRANSFER_PROVIDER,
        pay_type: 0,
        amount_fen: order.final_fen,
        created_at: stamp,
      });
      return toTransferInfo({ ...order, status: 'awaiting_transfer' }, payment.bank);
    },

    /**
     * A provider's notification: verified on the raw body, recorded, credited; the acknowledgement (ok) is returned
     * only after the transaction committed. null: no such provider here.
     */
    async notify(name: PaymentProviderName, request: NotificationRequest): Promise<Acknowledgement | null> {
      const provider = channels.byName(name);
      if (!provider) return null;
      const verified = await provider.verifyNotification(request);
      const stamp = now().toISOString();
      if (!verified.ok) {
        await insertEvent(db, {
          provider: provider.name,
          kind: 'notification',
          event_id: null,
          trade_no: null,
          order_id: null,
          verified: 0,
          reason: verified.reason.slice(0, 500),
          outcome: 'rejected',
          amount_fen: null,
          // Anyone can post here: an unverified body is kept only as far as an operator needs to recognise it.
          raw: verified.raw.slice(0, REJECTED_RAW_MAX),
          created_at: stamp,
        });
        log.warn({ provider: provider.name, reason: verified.reason }, 'payment notification refused');
        return provider.acknowledge(false, verified.reason);
      }
      try {
        if (!verified.paid) {
          await insertEvent(db, {
            provider: provider.name,
            kind: 'notification',
            event_id: verified.eventId,
            trade_no: verified.tradeNo,
            order_id: null,
            verified: 1,
            reason: null,
            outcome: 'not_paid',
            amount_fen: verified.amountFen,
            raw: verified.raw,
            created_at: stamp,
          });
          return provider.acknowledge(true);
        }
        const settlement: Settlement = {
          provider: provider.name,
          kind: 'notification',
          eventId: verified.eventId,
          tradeNo: verified.tradeNo,
          providerTxnId: verified.providerTxnId,
          amountFen: verified.amountFen,
          paidAt: null,
          raw: verified.raw,
        };
        const result = await settlePayment(db, now(), settlement);
        if (result.outcome === 'amount_mismatch' || result.outcome === 'unknown_trade') {
          log.error(
            { provider: provider.name, trade_no: verified.tradeNo, outcome: result.outcome },
            'payment notification not credited',
          );
        }
        try {
          await afterSettle(result);
        } catch (err) {
          log.warn({ err }, 'after-payment steps failed');
        }
        return provider.acknowledge(true);
      } catch (err) {
        // Nothing committed: the provider retries.
        log.error({ err, provider: provider.name }, 'payment notification failed');
        return provider.acknowledge(false, 'internal error');
      }
    },

    /** The sandbox behind the 模拟支付 page, when a channel uses it. */
    sandbox(): SandboxControl | null {
      const provider = channels.byName('sandbox');
      return isSandbox(provider) ? provider : null;
    },

    /** What the 模拟支付 page shows about a trade: its order and plan. */
    async sandboxTrade(tradeNo: string) {
      const attempt = await findAttemptByTradeNo(db, tradeNo);
      const order = attempt ? await findOrderById(db, attempt.order_id) : undefined;
      const plan = order ? await planOf(order.gid) : undefined;
      return order ? { order, planName: plan?.name ?? '' } : null;
    },

    /** Expires unpaid orders past their pay-by time and closes the attempts nobody can pay any more. */
    async sweep(): Promise<{ expired: number; closed: number }> {
      const expired = await expireDue(db, now().toISOString());
      const stale = await staleAttempts(db, SWEEP_BATCH);
      let closed = 0;
      for (const attempt of stale) {
        try {
          // A payment made just before the close (its notification lost) is credited, late or not.
          const settled = await queryAttempt(attempt);
          if (settled) continue;
        } catch (err) {
          log.warn({ err, trade_no: attempt.trade_no }, 'payment query failed');
        }
        await closeOpen([attempt]);
        closed += 1;
      }
      return { expired, closed };
    },

    startSweep(): void {
      if (sweeper) return;
      sweeper = setInterval(() => {
        service.sweep().catch((err: unknown) => log.error({ err }, 'order sweep failed'));
      }, SWEEP_INTERVAL_MS);
      sweeper.unref();
    },

    stopSweep(): void {
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
    },

    /** At shutdown: no more sweeps, the queries not yet started dropped, the running ones waited for. */
    async close(): Promise<void> {
      service.stopSweep();
      queries.clear();
      queued.clear();
      await queries.onIdle();
    },
  };

  /** The caller's token again, same session (jti, exp), carrying the level the member has now. */
  async function freshToken(bearer: string, userId: number): Promise<string | null> {
    const verified = await tokens.verify(bearer);
    const account = await users.findById(userId);
    if (!verified.ok || !account) return null;
    return tokens.sign({ ...verified.payload, level: account.membership.level });
  }

  return service;
}

export type CommerceService = ReturnType<typeof createCommerceService>;

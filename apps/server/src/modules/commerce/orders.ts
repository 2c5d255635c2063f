// Orders of commerce: the catalogue, the price of a plan for a member, the member's one open order of a plan (created,
// repriced, expired past its pay-by time), the order list and the API quota.
import { randomInt } from 'node:crypto';
import {
  type ApiSurplus,
  type ExpiredTime,
  isLegacyLevel,
  MSG,
  ORDER_COUNT,
  type OrderCreated,
  type OrderDetail,
  type OrderListFilter,
  type OrderListItem,
  type Page,
  PLAN,
  type PlanItem,
  type PlanPrice,
  shanghaiDate,
  statusesOf,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { OrderRow } from '../../db/schema.js';
import { errors } from '../../errors.js';
import { type Paging, readPage } from '../../lib/paging.js';
import { authorize, mainAccount } from '../access/policies.js';
import {
  type CouponOffer,
  couponOffers,
  namesOf,
  releaseExpired,
  releaseForOrder,
} from '../coupons/service.js';
import type { Account } from '../users/service.js';
import type { CommerceDeps } from './deps.js';
import { findScheduledChange } from './plan-changes-repo.js';
import {
  type OrderGoods,
  pricedPlan,
  toOrderCreated,
  toOrderDetail,
  toOrderListItem,
  toPlanItem,
  toPlanPrice,
} from './presenter.js';
import { includedFor, type Quote, quote, unitQuote, withCoupon } from './pricing.js';
import { refundsOfOrder } from './refunds-repo.js';
import {
  countOrders,
  expireDue,
  findApiQuota,
  findMemberRow,
  findMembershipChange,
  findOpenOrder,
  findOrderById,
  findOrderByNo,
  insertOrder,
  listOrders,
  listPlans,
  OPEN,
  orderAttempts,
  type PlanWithTiers,
  planPeriods,
  updateOpenOrder,
} from './repo.js';

/** docs/requirements.md §9: the payment countdown. */
export const PAY_WINDOW_MS = 600_000;

/** An order a QR code may still be shown for (created or paying). */
export const isOpen = (order: OrderRow): boolean => (OPEN as readonly string[]).includes(order.status);

/** The order's amounts at a price. */
export const priced = (q: Quote) => ({
  count: q.count,
  total_fen: q.totalFen,
  credit_fen: q.creditFen,
  coupon_fen: q.couponFen,
  final_fen: q.finalFen,
  expiry_before: q.expiryBefore,
  expiry_after: q.expiryAfter,
});

/** yyyymmdd (Asia/Shanghai) + 12 random digits. */
export function newOutTradeNo(at: Date): string {
  const day = shanghaiDate(at.toISOString()).replaceAll('-', '');
  return `${day}${String(randomInt(0, 1_000_000_000_000)).padStart(12, '0')}`;
}

/**
 * What an order sells, priced for the member now: a plan, `count` of a credit pack, or `count` gift cards, and the
 * coupon its price applies (null: none).
 */
export interface PricedOrder extends OrderGoods {
  quote: Quote;
  plan: PlanWithTiers;
  coupon: CouponOffer | null;
}

const NO_GOODS: OrderGoods = { pack: null, gift: null };

/**
 * Expires the unpaid orders past their pay-by time, quietly (no message, no push: an order nobody tried to pay was
 * never the member's to see), and frees the coupons they had locked.
 */
export async function expireOrders(db: Db, at: string, scope: { userId?: number; orderId?: number } = {}) {
  const expired = await expireDue(db, at, scope);
  await releaseExpired(db, scope.userId);
  return expired;
}

/**
 * The coupon `choice` applied to a price (`base`, before any coupon) of the order `orderId` (null: not created yet):
 * the member's coupons offered with what each takes off, and the chosen one if it applies (0: none).
 */
async function applyCoupon(
  q: Db,
  userId: number,
  orderId: number | null,
  gid: number,
  base: Quote,
  choice: number,
  at: Date,
): Promise<{ quote: Quote; coupon: CouponOffer | null; offers: CouponOffer[] }> {
  const offers = await couponOffers(q, userId, orderId, { gid, baseFen: base.finalFen }, at);
  const coupon = choice === 0 ? null : (offers.find((o) => o.usable && o.coupon.id === choice) ?? null);
  return { quote: withCoupon(base, coupon?.discountFen ?? 0), coupon, offers };
}

export function createOrders({
  db,
  now,
  log,
  goods,
  invoices,
}: Pick<CommerceDeps, 'db' | 'now' | 'log' | 'goods' | 'invoices'>) {
  /** `q`: the transaction a caller holds (on SQLite, reading beside it would wait for it). */
  async function catalogue(q: Db = db): Promise<PlanWithTiers[]> {
    return listPlans(q);
  }

  async function planOf(gid: number, q: Db = db): Promise<PlanWithTiers | undefined> {
    return (await catalogue(q)).find((p) => p.gid === gid);
  }

  /**
   * The price of `count` units of a plan for a member now (`q` may be a transaction that locked the order), read
   * from the member's row itself. No path lowers a membership today: a plan below the running level is a change at
   * the end of the period (docs/decisions.md "Legacy levels and changes of plan").
   */
  async function quoteFor(
    q: Db,
    userId: number,
    plan: PlanWithTiers,
    count: number,
    at: Date,
  ): Promise<Quote> {
    const member = await findMemberRow(q, userId);
    if (!member) throw errors.unauthorized();
    const current = { level: member.level, gid: member.gid, expiredAt: member.expired_at };
    // A legacy level's row renews that level only; a lower plan is a change at the period's end, one at a time.
    if (isLegacyLevel(plan.level) && plan.level !== member.level) throw errors.orderCreateFailed();
    if (includedFor(plan, current, at) && (await findScheduledChange(q, userId)))
      throw errors.planChangeScheduled();
    const currentPlan = member.gid === null ? undefined : await planOf(member.gid, q);
    const legacyPlan = isLegacyLevel(member.level) ? await planOf(member.level, q) : undefined;
    const [periods, quota] = await Promise.all([
      // A plan id outside the catalogue, or the API package, is no plan to credit.
      currentPlan && currentPlan.level !== null ? planPeriods(q, userId) : [],
      plan.level === null ? findApiQuota(q, userId) : undefined,
    ]);
    return quote({
      plan: pricedPlan(plan),
      count,
      current,
      apiExpiry: quota?.expired_at ?? null,
      periods,
      legacyYearFen: legacyPlan?.unit_price_fen ?? null,
      now: at,
    });
  }

  /**
   * The price of an order's goods now, in `q` (the transaction that locked the order): its plan's quote, or its
   * credit pack's. Goods no longer on sale: 订单异常.
   */
  async function priceOrder(
    q: Db,
    userId: number,
    order: OrderRow,
    count: number,
    at: Date,
  ): Promise<PricedOrder> {
    const { quote: base, plan, ...sold } = await priceGoods(q, userId, order, count, at);
    if (order.coupon_id === null) return { quote: base, plan, ...sold, coupon: null };
    const applied = await applyCoupon(q, userId, order.id, order.gid, base, order.coupon_id, at);
    // The coupon the page showed was taken by another order or ran out meanwhile: choose again.
    if (!applied.coupon) throw errors.badRequest(MSG.couponUnavailable);
    return { quote: applied.quote, plan, ...sold, coupon: applied.coupon };
  }

  /** The price of the order's goods now, before any coupon. */
  async function priceGoods(
    q: Db,
    userId: number,
    order: OrderRow,
    count: number,
    at: Date,
  ): Promise<Omit<PricedOrder, 'coupon'>> {
    const plan = await planOf(order.gid, q);
    if (order.pack_id !== null) {
      const pack = await goods.packOf(order.pack_id, q);
      if (!plan || pack?.on_sale !== 1) throw errors.orderAbnormal();
      return { quote: unitQuote(pack, count, at, 'credits'), plan, pack, gift: null };
    }
    if (order.gift_id !== null) {
      const gift = await goods.giftOf(order.gift_id, q);
      if (!plan || gift?.on_sale !== 1) throw errors.orderAbnormal();
      return { quote: unitQuote(gift, count, at, 'gift'), plan, pack: null, gift };
    }
    if (!plan || !sellable(plan)) throw errors.orderAbnormal();
    return { quote: await quoteFor(q, userId, plan, count, at), plan, ...NO_GOODS };
  }

  /**
   * The member's one open order of the plan at the price: reused and repriced (with a new pay-by time) if there is
   * one, else created. Another call creating it at once, or a trade number already taken, makes it look again. The
   * coupon `choice` applies if it can (0: none; undefined: the open order's own, if it still applies); a coupon the
   * open order had locked and no longer applies is freed.
   */
  async function openOrder(
    account: Account,
    plan: PlanWithTiers,
    base: Quote,
    sold: OrderGoods,
    source: string | null,
    at: Date,
    choice: number | undefined,
  ): Promise<OrderCreated> {
    const stamp = at.toISOString();
    const lateTime = new Date(at.getTime() + PAY_WINDOW_MS).toISOString();
    const ids = { pack_id: sold.pack?.id ?? null, gift_id: sold.gift?.id ?? null };
    for (let tries = 0; ; tries += 1) {
      const open = await findOpenOrder(db, account.id, plan.gid);
      const wanted = choice ?? open?.coupon_id ?? 0;
      const applied = await applyCoupon(db, account.id, open?.id ?? null, plan.gid, base, wanted, at);
      const q = applied.quote;
      const coupon = { coupon_id: applied.coupon?.coupon.id ?? null };
      if (open) {
        const values = { ...priced(q), ...ids, ...coupon, late_time: lateTime, updated_at: stamp };
        if (await updateOpenOrder(db, open.id, values)) {
          await releaseForOrder(db, open.id, coupon.coupon_id);
          return toOrderCreated({ ...open, ...values }, plan, q, sold, applied);
        }
      } else {
        try {
          const order = await insertOrder(db, {
            out_trade_no: newOutTradeNo(at),
            user_id: account.id,
            gid: plan.gid,
            ...priced(q),
            ...ids,
            ...coupon,
            status: 'created',
            late_time: lateTime,
            source,
            created_at: stamp,
            updated_at: stamp,
          });
          return toOrderCreated(order, plan, q, sold, applied);
        } catch (error) {
          // Another call opened the plan's order first (orders_one_open_uq), or twelve random digits met an
          // existing number of the day: look again.
          if (tries >= 3) {
            log.error({ err: error }, 'order creation failed');
            throw errors.orderCreateFailed();
          }
        }
      }
      if (tries >= 3) throw errors.orderCreateFailed();
    }
  }

  /** The member's open order of goods sold by the unit (a credit pack, gift cards), under their catalogue row. */
  async function openUnitOrder(
    account: Account,
    sold: OrderGoods,
    input: { count: number; coupon?: number | undefined },
    source: string | null,
  ) {
    const plan = await planOf(sold.gift ? PLAN.gift : PLAN.credits);
    const unit = sold.gift ?? sold.pack;
    if (!plan || !unit) throw errors.orderCreateFailed();
    const at = now();
    await expireOrders(db, at.toISOString(), { userId: account.id });
    return openOrder(
      account,
      plan,
      unitQuote(unit, input.count, at, sold.gift ? 'gift' : 'credits'),
      sold,
      source,
      at,
      input.coupon,
    );
  }

  /** The member's order, expired first if its pay-by time has passed; 404 unknown, 403 another member's. */
  async function ownOrder(
    account: Account,
    outTradeNo: string,
    action: 'order.read' | 'order.pay' = 'order.read',
  ): Promise<OrderRow> {
    return expireIfDue(authorize(mainAccount(account.id), action, await findOrderByNo(db, outTradeNo)));
  }

  async function expireIfDue(order: OrderRow): Promise<OrderRow> {
    const at = now().toISOString();
    if (!isOpen(order) || order.late_time > at) return order;
    await expireOrders(db, at, { orderId: order.id, userId: order.user_id });
    return (await findOrderById(db, order.id)) ?? order;
  }

  /**
   * An order as 我的订单 shows it, with the plan or pack names and the rule of 继续支付 (it resumes the order itself
   * while it can still be paid: open, before its pay-by time, a price >= 0, a plan on sale the member may still buy,
   * or a pack on sale of a tool the member's level does not include).
   */
  async function listPresenter(
    account: Account,
    rows: readonly OrderRow[],
  ): Promise<(order: OrderRow) => OrderListItem> {
    const at = now().toISOString();
    const [catalogued, offers, giftOffers] = await Promise.all([
      catalogue(),
      goods.packOffers(),
      goods.giftOffers(),
    ]);
    const [couponNames, invoiced] = await Promise.all([
      namesOf(db, couponsOf(rows)),
      invoices.ofOrders(rows.map((r) => r.id)),
    ]);
    const plans = new Map(catalogued.map((p) => [p.gid, p]));
    const packs = new Map(offers.map((p) => [p.id, p]));
    const gifts = new Map(giftOffers.map((g) => [g.id, g]));
    const names = new Map([...plans].map(([gid, p]) => [gid, p.name]));
    const onSale = (o: OrderRow) => {
      if (o.gift_id !== null) return gifts.get(o.gift_id)?.on_sale === 1;
      if (o.pack_id === null) {
        // What quoteFor still sells: a plan on sale (a lower one as a change at the period's end), a legacy level's
        // renewal row to a member at that level.
        const plan = plans.get(o.gid);
        if (!plan || !sellable(plan)) return false;
        return !isLegacyLevel(plan.level) || plan.level === account.membership.level;
      }
      const pack = packs.get(o.pack_id);
      return pack?.on_sale === 1 && account.membership.level < pack.included_level;
    };
    const payable = (o: OrderRow) => isOpen(o) && o.late_time > at && o.final_fen >= 0 && onSale(o);
    return (order) =>
      toOrderListItem(order, names, payable(order), {
        pack: order.pack_id === null ? null : (packs.get(order.pack_id) ?? null),
        gift: order.gift_id === null ? null : (gifts.get(order.gift_id) ?? null),
        couponName: order.coupon_id === null ? null : (couponNames.get(order.coupon_id) ?? null),
        invoice: invoiced.get(order.id) ?? null,
        plainInvoiceOnly: plans.get(order.gid)?.plain_invoice_only !== 0,
      });
  }

  return {
    catalogue,
    planOf,
    priceOrder,
    ownOrder,

    /** What ordering the plan now would be for the member, at its smallest count; null when it cannot be ordered. */
    async offer(userId: number, plan: PlanWithTiers): Promise<Quote | null> {
      const at = now();
      try {
        const first = await quoteFor(db, userId, plan, ORDER_COUNT.min, at);
        return first.minCount === first.count ? first : await quoteFor(db, userId, plan, first.minCount, at);
      } catch {
        return null;
      }
    },

    async plans(): Promise<PlanItem[]> {
      return (await catalogue()).filter((p) => p.on_sale === 1).map(toPlanItem);
    },

    async prices(gid?: number): Promise<PlanPrice[]> {
      return (await catalogue())
        .filter((p) => p.on_sale === 1 && (gid === undefined || p.gid === gid))
        .map(toPlanPrice);
    },

    /**
     * The member's open order of the plan for `count` units: entering the order page again or changing the quantity
     * reuses and reprices the one open order (and gives it a new pay-by time); none open, a new one. The count is at
     * least the smallest one the credit allows (an upgrade page opens there); an order that cannot be priced at
     * >= 0 is refused as abnormal and nothing is written.
     */
    async createOrder(
      account: Account,
      input: { gid: number; count: number; coupon?: number | undefined },
      source: string | null,
    ): Promise<OrderCreated> {
      const plan = await planOf(input.gid);
      if (!plan || !sellable(plan) || plan.tiers.length === 0) throw errors.orderCreateFailed();
      const at = now();
      const stamp = at.toISOString();
      await expireOrders(db, stamp, { userId: account.id });
      const asked = await quoteFor(db, account.id, plan, input.count, at);
      const q =
        asked.count >= asked.minCount ? asked : await quoteFor(db, account.id, plan, asked.minCount, at);
      if (q.finalFen < 0) throw errors.orderAbnormal();
      return openOrder(account, plan, q, NO_GOODS, source, at, input.coupon);
    },

    /**
     * 购买次数: the member's open order of credit packs (one at a time, like a plan's: buying another pack reprices
     * it), paid through the same attempts. A pack not on sale or not the tool's, or a tool the member's level already
     * includes, is refused.
     */
    async createPackOrder(
      account: Account,
      input: { tool: string; pack: number; count: number; coupon?: number | undefined },
      source: string | null,
    ): Promise<OrderCreated> {
      const pack = await goods.packOf(input.pack);
      if (pack?.on_sale !== 1 || pack.tool_code !== input.tool) throw errors.badRequest(MSG.packInvalid);
      if (account.membership.level >= pack.included_level) throw errors.badRequest(MSG.toolIncluded);
      return openUnitOrder(account, { pack, gift: null }, input, source);
    },

    /**
     * 购买卡: the member's open order of gift cards (one at a time, like a plan's: another product or count reprices
     * it), paid through the same attempts; the cards are issued when it is credited.
     */
    async createGiftOrder(
      account: Account,
      input: { product: number; count: number; coupon?: number | undefined },
      source: string | null,
    ): Promise<OrderCreated> {
      const gift = await goods.giftOf(input.product);
      if (gift?.on_sale !== 1) throw errors.badRequest(MSG.giftInvalid);
      return openUnitOrder(account, { pack: null, gift }, input, source);
    },

    async expiredTime(account: Account): Promise<ExpiredTime> {
      return { gid: account.membership.gid, expired_time: account.membership.expiredAt };
    },

    async list(account: Account, paging: Paging, filter?: OrderListFilter): Promise<Page<OrderListItem>> {
      const statuses = filter ? statusesOf(filter) : undefined;
      await expireOrders(db, now().toISOString(), { userId: account.id });
      return readPage(
        paging,
        async (limit, offset) => {
          const rows = await listOrders(db, account.id, statuses, limit, offset);
          const present = await listPresenter(account, rows);
          return rows.map(present);
        },
        () => countOrders(db, account.id, statuses),
      );
    },

    /** 订单详情: the member's own order (404 unknown, 403 another member's), its attempts and what it changed. */
    async detail(account: Account, outTradeNo: string): Promise<OrderDetail> {
      const order = await ownOrder(account, outTradeNo);
      const [present, attempts, refunds, change, grant] = await Promise.all([
        listPresenter(account, [order]),
        orderAttempts(db, order.id),
        refundsOfOrder(db, order.id),
        findMembershipChange(db, order.id),
        order.pack_id === null ? undefined : goods.grantOf(order.id),
      ]);
      return toOrderDetail(present(order), order, attempts, refunds, change, grant);
    },

    /** The API package's balance of a member (its main account's id). */
    async surplus(userId: number): Promise<ApiSurplus> {
      const quota = await findApiQuota(db, userId);
      if (!quota) return { total: 0, used: 0, surplus: 0, expired_time: null };
      const running = quota.expired_at !== null && Date.parse(quota.expired_at) > now().getTime();
      return {
        total: quota.total,
        used: quota.used,
        surplus: running ? Math.max(0, quota.total - quota.used) : 0,
        expired_time: quota.expired_at,
      };
    },
  };
}

export type Orders = ReturnType<typeof createOrders>;

/** On sale, or a legacy level's renewal row (never on sale: quoteFor sells it to a member at that level only). */
const sellable = (plan: PlanWithTiers): boolean => plan.on_sale === 1 || isLegacyLevel(plan.level);

const couponsOf = (rows: readonly OrderRow[]): number[] =>
  rows.flatMap((r) => (r.coupon_id === null ? [] : [r.coupon_id]));

// The price of an order, pure: quantity tiers, the credit for the unused days of the current plan, the smallest count
// that can be paid, and the expiry a purchase leads to (docs/decisions.md "commerce"). Money is integer fen.
import {
  DAY_MS,
  isLegacyLevel,
  ORDER_COUNT,
  type PriceRow,
  type PurchaseKind,
  planIncluded,
  shanghaiAddYears,
} from '@uc/shared';
import { effectiveMembership } from '../users/service.js';

/** How one unit extends the expiry (docs/requirements.md §9). */
export type PlanUnit = 'year' | 'months12';

export interface PricedPlan {
  gid: number;
  /** The level a purchase grants; null for the API package. */
  level: number | null;
  unitPriceFen: number;
  unit: PlanUnit;
  /** Factor per mille of the total of 1..5 units, index 0 = 1 unit. */
  tiers: readonly number[];
}

/** The member's stored plan (the main account's row, not the effective level). */
export interface CurrentPlan {
  level: number;
  gid: number | null;
  /** ISO or null. */
  expiredAt: string | null;
}

/** How a ledger period meets the ones before it (plan_periods.kind). */
export type PeriodKind = 'start' | 'extend' | 'cut';

/**
 * A stretch of days of a plan in the member's ledger (plan_periods): [startsAt, endsAt) and what it was worth in money
 * (an order's money plus the credit it carried, less what was refunded of it; 0 for days granted by staff, an
 * operator's card, the seed). 'start' begins a plan run, 'extend' adds days to it, 'cut' shortens it to endsAt.
 */
export interface PlanPeriod {
  gid: number;
  kind: PeriodKind;
  startsAt: string;
  endsAt: string;
  valueFen: number;
}

/** 已享更高权益 against the member's stored plan at `now` (a lapsed plan leaves at most the trial level). */
export function includedFor(
  plan: { gid: number; level: number | null },
  current: CurrentPlan,
  now: Date,
): boolean {
  const { level } = effectiveMembership(current, null, now);
  return planIncluded(plan, { gid: current.gid, level });
}

/** The tier factor (per mille) of `count` units; past the last tier the last one applies. */
export function factorOf(plan: Pick<PricedPlan, 'tiers'>, count: number): number {
  const { tiers } = plan;
  return tiers[Math.min(count, tiers.length) - 1] ?? 1000;
}

/** round(unit × count × factor / 1000), half up, in integers. */
export function totalFen(plan: Pick<PricedPlan, 'unitPriceFen' | 'tiers'>, count: number): number {
  return Math.floor((plan.unitPriceFen * count * factorOf(plan, count) + 500) / 1000);
}

/**
 * docs/requirements.md §3 price_list: row i is i + 1 units, [0] the factor of the next tier (the last row repeats its own),
 * [1] the total, [2] the amount saved against the full unit price, [3] one unit's price at the next tier
 * (unit price × [0]). Yuan.
 */
export function priceList(plan: Pick<PricedPlan, 'unitPriceFen' | 'tiers'>): PriceRow[] {
  const rows: PriceRow[] = [];
  for (let count = ORDER_COUNT.min; count <= ORDER_COUNT.max; count += 1) {
    const next = Math.min(count + 1, ORDER_COUNT.max);
    const nextFactor = factorOf(plan, next);
    const total = totalFen(plan, count);
    rows.push([
      nextFactor / 1000,
      total / 100,
      (plan.unitPriceFen * count - total) / 100,
      Math.floor((plan.unitPriceFen * nextFactor + 500) / 1000) / 100,
    ]);
  }
  return rows;
}

/**
 * Adds `count` units to an instant, on the Asia/Shanghai calendar: whole years (plans 1, 11, 6) or 12 months per
 * unit (12, 13, 14). Both keep the time of day and clamp a day past the month's end (29 February + 1 year =
 * 28 February), so they agree on every date; the catalogue keeps the distinction as data.
 */
export function addUnits(from: Date, _unit: PlanUnit, count: number): Date {
  return shanghaiAddYears(from, count);
}

/** Whole days left before `expiredAt` (0 once passed). */
export function unusedDays(expiredAt: string | null, now: Date): number {
  if (expiredAt === null) return 0;
  return Math.max(0, Math.floor((Date.parse(expiredAt) - now.getTime()) / DAY_MS));
}

/** Whole days from `from` to `to` (0 when `to` is not later). */
function wholeDays(from: number, to: number): number {
  return Math.max(0, Math.floor((to - from) / DAY_MS));
}

/**
 * 当前套餐剩余价值抵扣: the unused part of what the running plan was paid. The ledger's periods of the plan, newest
 * first, back to the one that started its run, each give value × (its whole days still ahead, up to the member's
 * expiry and any later cut) ÷ (its whole days); a day no period covers, or one granted, is worth nothing. Rounded down
 * to the fen once: a switch never credits more than the money paid for the days still ahead.
 */
export function creditFen(
  current: Pick<CurrentPlan, 'gid' | 'expiredAt'>,
  periods: readonly PlanPeriod[],
  now: Date,
): number {
  if (current.gid === null || current.expiredAt === null) return 0;
  const at = now.getTime();
  let cut = Date.parse(current.expiredAt);
  if (!(cut > at)) return 0;
  // Numerators over a common denominator, so one rounding at the end.
  let credit = 0;
  for (const period of periods) {
    if (period.gid !== current.gid) break;
    const start = Date.parse(period.startsAt);
    const end = Date.parse(period.endsAt);
    if (period.kind === 'cut') {
      cut = Math.min(cut, end);
      continue;
    }
    const length = wholeDays(start, end);
    if (length > 0 && period.valueFen > 0) {
      const ahead = Math.min(length, wholeDays(Math.max(start, at), Math.min(end, cut)));
      credit += (period.valueFen * ahead) / length;
    }
    if (period.kind === 'start') break;
  }
  return Math.floor(credit + 1e-9);
}

/**
 * The ledger period a plan set outside the shop (staff's 修改套餐, the seed) gives, worth nothing: a new run when the
 * plan changes or had lapsed, the added days of the same running plan, or a cut when it was shortened; null when it
 * gives no plan or changes nothing.
 */
export function grantPeriod(
  before: Pick<CurrentPlan, 'gid' | 'expiredAt'>,
  after: Pick<CurrentPlan, 'gid' | 'expiredAt'>,
  now: Date,
): Omit<PlanPeriod, 'valueFen'> | null {
  if (after.gid === null || after.expiredAt === null) return null;
  const gid = after.gid;
  const to = after.expiredAt;
  const from = before.expiredAt;
  const running = before.gid === gid && from !== null && Date.parse(from) > now.getTime();
  if (!running) return { gid, kind: 'start', startsAt: now.toISOString(), endsAt: to };
  if (Date.parse(to) > Date.parse(from)) return { gid, kind: 'extend', startsAt: from, endsAt: to };
  if (Date.parse(to) < Date.parse(from)) return { gid, kind: 'cut', startsAt: to, endsAt: to };
  return null;
}

/**
 * How a purchase meets the current plan (PurchaseKind of @uc/shared): 'api' adds calls, the level unchanged; 'renew'
 * moves the same plan's expiry on from the current one (or from now once passed), a legacy level's own renewal row
 * included; 'switch' starts a higher plan now while the current one (or a legacy level) runs, its unused days
 * credited; 'change' buys a lower plan that takes over when the running one ends (scheduled, docs/decisions.md
 * "Legacy levels and changes of plan"); 'start' begins a plan when none runs, no credit.
 */
export type { PurchaseKind };

export function purchaseKind(
  plan: Pick<PricedPlan, 'gid' | 'level'>,
  current: CurrentPlan,
  now: Date,
): PurchaseKind {
  if (plan.level === null) return 'api';
  if (current.gid === plan.gid) return 'renew';
  if (isLegacyLevel(plan.level) && plan.level === current.level) return 'renew';
  const running = current.expiredAt !== null && Date.parse(current.expiredAt) > now.getTime();
  if (!running) return 'start';
  if (includedFor(plan, current, now)) return 'change';
  return current.gid !== null || isLegacyLevel(current.level) ? 'switch' : 'start';
}

/**
 * 当前套餐剩余价值抵扣 of a legacy level (no ledger of what it was paid): its renewal row's price a year × the whole
 * days left ÷ 365, rounded down to the fen, at most the new plan's total.
 */
export function legacyCreditFen(
  yearFen: number,
  expiredAt: string | null,
  now: Date,
  capFen: number,
): number {
  return Math.min(capFen, Math.floor((yearFen * unusedDays(expiredAt, now)) / 365));
}

/** The instant a purchase extends from: the running expiry for a renewal (or API quota, or a change), else now. */
export function extendsFrom(kind: PurchaseKind, currentExpiry: string | null, now: Date): Date {
  if (kind === 'renew' || kind === 'api' || kind === 'change') {
    const at = currentExpiry === null ? Number.NaN : Date.parse(currentExpiry);
    if (at > now.getTime()) return new Date(at);
  }
  return now;
}

export interface QuoteInput {
  plan: PricedPlan;
  count: number;
  current: CurrentPlan;
  /** The API quota's expiry (for the API package). */
  apiExpiry: string | null;
  /** The member's ledger periods, newest first (see creditFen). */
  periods: readonly PlanPeriod[];
  /** A legacy level's renewal price a year (fen): its switch is credited by legacyCreditFen; null otherwise. */
  legacyYearFen?: number | null;
  now: Date;
}

export interface Quote {
  kind: PurchaseKind;
  count: number;
  totalFen: number;
  creditFen: number;
  /** What the order's coupon takes off total - credit (0: none; see withCoupon). */
  couponFen: number;
  /** total - credit - coupon; negative: the order cannot be paid (订单异常). */
  finalFen: number;
  /** The smallest count whose final price is >= 0, 1 when none is. */
  minCount: number;
  /** A switch: the whole unused days of the current plan (0 otherwise). */
  unusedDays: number;
  /** The member's plan id the price was computed against (with expiryBefore, the attempt's basis). */
  basisGid: number | null;
  /** The expiry before and after (the plan's, or the API quota's for the API package). */
  expiryBefore: string | null;
  expiryAfter: string;
}

export function quote({ plan, count, current, apiExpiry, periods, legacyYearFen, now }: QuoteInput): Quote {
  const kind = purchaseKind(plan, current, now);
  const legacy = kind === 'switch' && isLegacyLevel(current.level) && legacyYearFen != null;
  const creditAt = (n: number) => {
    if (kind !== 'switch') return 0;
    return legacy
      ? legacyCreditFen(legacyYearFen, current.expiredAt, now, totalFen(plan, n))
      : creditFen(current, periods, now);
  };
  // A legacy level's move is bought for at least the years that reach its expiry: it never ends earlier.
  const reaches = (n: number) =>
    !legacy ||
    current.expiredAt === null ||
    addUnits(now, plan.unit, n).getTime() >= Date.parse(current.expiredAt);
  let minCount = ORDER_COUNT.min;
  while (minCount < ORDER_COUNT.max && (totalFen(plan, minCount) < creditAt(minCount) || !reaches(minCount)))
    minCount += 1;
  if (totalFen(plan, minCount) < creditAt(minCount)) minCount = ORDER_COUNT.min;
  const credit = creditAt(count);
  const expiryBefore = kind === 'api' ? apiExpiry : current.expiredAt;
  const total = totalFen(plan, count);
  return {
    kind,
    count,
    totalFen: total,
    creditFen: credit,
    couponFen: 0,
    finalFen: total - credit,
    minCount,
    unusedDays: kind === 'switch' ? unusedDays(current.expiredAt, now) : 0,
    basisGid: current.gid,
    expiryBefore,
    expiryAfter: addUnits(extendsFrom(kind, expiryBefore, now), plan.unit, count).toISOString(),
  };
}

/** Goods sold by the unit (a credit pack, a gift card): the price of one, the days what it gives lasts. */
export interface PricedUnit {
  price_fen: number;
  valid_days: number;
}

/**
 * The price of `count` units of goods (credit packs, gift cards): their price times the count, no tiers and no
 * credit; what they give, issued when the order is credited, lasts their days from then (expiryAfter: from now, as
 * the page shows it).
 */
export function unitQuote(unit: PricedUnit, count: number, now: Date, kind: 'credits' | 'gift'): Quote {
  const total = unit.price_fen * count;
  return {
    kind,
    count,
    totalFen: total,
    creditFen: 0,
    couponFen: 0,
    finalFen: total,
    minCount: ORDER_COUNT.min,
    unusedDays: 0,
    basisGid: null,
    expiryBefore: null,
    expiryAfter: new Date(now.getTime() + unit.valid_days * DAY_MS).toISOString(),
  };
}

/** The quote with a coupon's discount (computed on its price before any coupon) taken off the final price. */
export function withCoupon(q: Quote, couponFen: number): Quote {
  const before = q.finalFen + q.couponFen;
  return { ...q, couponFen, finalFen: before - couponFen };
}

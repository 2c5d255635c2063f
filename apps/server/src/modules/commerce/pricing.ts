// The price of an order, pure: quantity tiers, the credit for the unused days of the current plan, the smallest count
// that can be paid, and the expiry a purchase leads to (docs/decisions.md "Commerce"). Money is integer fen.
import { DAY_MS, ORDER_COUNT, type PriceRow } from '@uc/shared';

/** How one unit extends the expiry (SPEC.md §9). */
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

/** What the current plan was bought for: the total of its last paid order and its count. */
export interface PaidPrice {
  totalFen: number;
  count: number;
}

/** A unit (a year, or 12 months) counts this many days when unused days are valued. */
export const DAYS_PER_UNIT = 365;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

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
 * SPEC.md §3 price_list: row i is i + 1 units, [0] the factor of the next tier (the last row repeats its own),
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
  const local = new Date(from.getTime() + SHANGHAI_OFFSET_MS);
  const months = 12 * count;
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + months;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = month % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  local.setUTCFullYear(targetYear, targetMonth, Math.min(local.getUTCDate(), lastDay));
  return new Date(local.getTime() - SHANGHAI_OFFSET_MS);
}

/** Whole days left before `expiredAt` (0 once passed). */
export function unusedDays(expiredAt: string | null, now: Date): number {
  if (expiredAt === null) return 0;
  return Math.max(0, Math.floor((Date.parse(expiredAt) - now.getTime()) / DAY_MS));
}

/**
 * 当前套餐剩余价值抵扣: the unused whole days valued at what the current plan cost per day: its last paid order's
 * total over count × 365 days when known, else its catalogue unit price over 365 days. Rounded down to the fen.
 */
export function creditFen(days: number, paid: PaidPrice | null, catalogueUnitFen: number | null): number {
  if (days <= 0) return 0;
  if (paid && paid.count > 0) return Math.floor((paid.totalFen * days) / (paid.count * DAYS_PER_UNIT));
  if (catalogueUnitFen !== null) return Math.floor((catalogueUnitFen * days) / DAYS_PER_UNIT);
  return 0;
}

/** How a purchase meets the current plan. */
export type PurchaseKind =
  /** The API package: calls added, the level unchanged. */
  | 'api'
  /** The same plan: the expiry moves on from the current one (or from now once passed). */
  | 'renew'
  /** Another plan while the current one runs: the new one starts now, the unused days are credited. */
  | 'switch'
  /** No running plan, or a legacy level without a plan id: starts now, no credit. */
  | 'start';

export function purchaseKind(
  plan: Pick<PricedPlan, 'gid' | 'level'>,
  current: CurrentPlan,
  now: Date,
): PurchaseKind {
  if (plan.level === null) return 'api';
  if (current.gid === plan.gid) return 'renew';
  const running = current.expiredAt !== null && Date.parse(current.expiredAt) > now.getTime();
  return current.gid !== null && running ? 'switch' : 'start';
}

/** The instant a purchase extends from: the running expiry for a renewal (or API quota), else now. */
export function extendsFrom(kind: PurchaseKind, currentExpiry: string | null, now: Date): Date {
  if (kind === 'renew' || kind === 'api') {
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
  /** The last paid order of the current plan, if any. */
  paid: PaidPrice | null;
  /** The catalogue unit price of the current plan (null: not a plan of the catalogue). */
  currentUnitFen: number | null;
  now: Date;
}

export interface Quote {
  kind: PurchaseKind;
  count: number;
  totalFen: number;
  creditFen: number;
  /** total - credit; negative: the order cannot be paid (订单异常). */
  finalFen: number;
  /** The smallest count whose final price is >= 0, 1 when none is. */
  minCount: number;
  /** The expiry before and after (the plan's, or the API quota's for the API package). */
  expiryBefore: string | null;
  expiryAfter: string;
}

export function quote({ plan, count, current, apiExpiry, paid, currentUnitFen, now }: QuoteInput): Quote {
  const kind = purchaseKind(plan, current, now);
  const credit = kind === 'switch' ? creditFen(unusedDays(current.expiredAt, now), paid, currentUnitFen) : 0;
  let minCount = ORDER_COUNT.min;
  while (minCount < ORDER_COUNT.max && totalFen(plan, minCount) < credit) minCount += 1;
  if (totalFen(plan, minCount) < credit) minCount = ORDER_COUNT.min;
  const expiryBefore = kind === 'api' ? apiExpiry : current.expiredAt;
  const total = totalFen(plan, count);
  return {
    kind,
    count,
    totalFen: total,
    creditFen: credit,
    finalFen: total - credit,
    minCount,
    expiryBefore,
    expiryAfter: addUnits(extendsFrom(kind, expiryBefore, now), plan.unit, count).toISOString(),
  };
}

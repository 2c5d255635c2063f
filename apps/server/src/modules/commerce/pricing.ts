// The price of an order, pure: quantity tiers, the credit for the unused days of the current plan, the smallest count
// that can be paid, and the expiry a purchase leads to (docs/decisions.md "Commerce"). Money is integer fen.
import { DAY_MS, ORDER_COUNT, type PriceRow, type PurchaseKind, planIncluded } from '@uc/shared';
import { effectiveMembership } from '../users/service.js';

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

/**
 * A recorded purchase of the running plan (a membership_changes row): the days it bought, [startsAt, endsAt), and
 * what they were worth (the order's total: the money paid plus any value carried over from the plan before).
 */
export interface PaidSegment {
  startsAt: string;
  endsAt: string;
  units: number;
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

/** A membership_changes row of a plan purchase, newest first (repo.ts planHistory). */
export interface PlanHistoryRow {
  gid_after: number | null;
  kind: string | null;
  starts_at: string | null;
  expiry_after: string | null;
  units: number;
  value_fen: number;
}

/**
 * The recorded purchases of the running plan: from the newest back through its renewals to the purchase that started
 * it. None when the newest record does not end at the member's expiry (the plan was set outside the shop since).
 */
export function runningSegments(
  history: readonly PlanHistoryRow[],
  gid: number | null,
  expiredAt: string | null,
): PaidSegment[] {
  const newest = history[0];
  if (gid === null || !newest || newest.gid_after !== gid || newest.expiry_after !== expiredAt) return [];
  const segments: PaidSegment[] = [];
  for (const row of history) {
    if (row.gid_after !== gid || row.starts_at === null || row.expiry_after === null) break;
    segments.push({
      startsAt: row.starts_at,
      endsAt: row.expiry_after,
      units: row.units,
      valueFen: row.value_fen,
    });
    if (row.kind !== 'renew') break;
  }
  return segments;
}

/** Whole days from `from` to `to` (0 when `to` is not later). */
function wholeDays(from: number, to: number): number {
  return Math.max(0, Math.floor((to - from) / DAY_MS));
}

/**
 * 当前套餐剩余价值抵扣: what the unused days of the running plan were paid for. Each recorded purchase of the plan
 * (`segments`, its renewals back to the purchase that started it) gives its unused whole days pro rata of what it was
 * worth over units × 365 days, capped at its worth; days before the first recorded purchase (a plan granted outside
 * the shop, such as a legacy or seeded one) are valued at the catalogue unit price over 365 days. Rounded down to the
 * fen: a switch never credits more than the recorded purchases were worth.
 */
export function creditFen(
  expiredAt: string | null,
  segments: readonly PaidSegment[],
  catalogueUnitFen: number | null,
  now: Date,
): number {
  if (expiredAt === null) return 0;
  const at = now.getTime();
  const expiry = Date.parse(expiredAt);
  if (!(expiry > at)) return 0;
  // Numerators over a common denominator, so one rounding at the end.
  let recorded = 0;
  let firstStart = expiry;
  for (const segment of segments) {
    const start = Date.parse(segment.startsAt);
    const end = Math.min(Date.parse(segment.endsAt), expiry);
    firstStart = Math.min(firstStart, start);
    const capacity = segment.units * DAYS_PER_UNIT;
    if (capacity <= 0) continue;
    const days = Math.min(capacity, wholeDays(Math.max(start, at), end));
    recorded += (segment.valueFen * days) / capacity;
  }
  const unrecordedDays = catalogueUnitFen === null ? 0 : wholeDays(at, Math.min(firstStart, expiry));
  return Math.floor(recorded + ((catalogueUnitFen ?? 0) * unrecordedDays) / DAYS_PER_UNIT + 1e-9);
}

/**
 * How a purchase meets the current plan (PurchaseKind of @uc/shared): 'api' adds calls, the level unchanged; 'renew'
 * moves the same plan's expiry on from the current one (or from now once passed); 'switch' starts another plan now
 * while the current one runs, its unused days credited; 'start' begins a plan when none runs (or a legacy level
 * without a plan id), no credit.
 */
export type { PurchaseKind };

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
  /** The recorded purchases of the running plan (see creditFen). */
  segments: readonly PaidSegment[];
  /** The catalogue unit price of the current plan (null: not a plan of the catalogue). */
  currentUnitFen: number | null;
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

export function quote({ plan, count, current, apiExpiry, segments, currentUnitFen, now }: QuoteInput): Quote {
  const kind = purchaseKind(plan, current, now);
  const credit = kind === 'switch' ? creditFen(current.expiredAt, segments, currentUnitFen, now) : 0;
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

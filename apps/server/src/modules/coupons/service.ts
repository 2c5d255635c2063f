// Coupons (docs/decisions.md "coupons"): issued from a template (by an operator, a coupon card or registration) within
// its stock and per-member limit; offered to an order with what each takes off its price; locked to the order when an
// attempt is issued, used when the order is credited, released when the order expires or is repriced without it.
// Commerce calls the functions below inside its own transactions (`q`); the member's list is the service.
import { type CouponSource, MSG, type MyCoupon, type OrderCoupon } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { UserCouponRow } from '../../db/schema.js';
import { type CouponOffer, toMyCoupon, toOrderCoupon } from './presenter.js';
import {
  bindCouponOrder,
  claimCoupon,
  countHeld,
  couponNames,
  findTemplate,
  goodsNames,
  insertCoupon,
  memberCoupons,
  openCoupons,
  orderNumbers,
  registerTemplates,
  releaseFromDeadOrders,
  releaseOrderCoupons,
  returnToStock,
  takeFromStock,
} from './repo.js';
import { type CouponTarget, checkCoupon, stateOf, windowFor } from './rules.js';

export interface CouponIssue {
  templateId: number;
  userId: number;
  source: CouponSource;
  /** A card's id: the card gives its coupon once. */
  sourceRef?: string | null;
  at: Date;
}

export type IssueResult =
  | { issued: true; coupon: UserCouponRow }
  | { issued: false; reason: 'unknown' | 'sold_out' | 'limit' | 'ended' };

/** The message of an issue that did not happen. */
const REFUSALS = {
  unknown: MSG.couponInvalid,
  sold_out: MSG.couponSoldOut,
  limit: MSG.couponLimitReached,
  ended: MSG.couponExpired,
} as const;
export const issueRefusal = (reason: Exclude<IssueResult, { issued: true }>['reason']): string =>
  REFUSALS[reason];

/**
 * Issues one coupon of the template to the member in `q` (a transaction): one taken from its stock by a conditional
 * update, then the member's count under the template's limit (given back when over it).
 */
export async function issueCoupon(q: Db, issue: CouponIssue): Promise<IssueResult> {
  const template = await findTemplate(q, issue.templateId);
  if (!template) return { issued: false, reason: 'unknown' };
  const window = windowFor(template, issue.at);
  if (!window || window.valid_end <= issue.at.toISOString()) return { issued: false, reason: 'ended' };
  if (!(await takeFromStock(q, template.id))) return { issued: false, reason: 'sold_out' };
  if (
    template.take_limit !== null &&
    (await countHeld(q, template.id, issue.userId)) >= template.take_limit
  ) {
    await returnToStock(q, template.id);
    return { issued: false, reason: 'limit' };
  }
  const coupon = await insertCoupon(q, {
    template_id: template.id,
    user_id: issue.userId,
    name: template.name,
    kind: template.kind,
    threshold_fen: template.threshold_fen,
    discount_fen: template.discount_fen,
    percent: template.percent,
    max_discount_fen: template.max_discount_fen,
    scope_gids: template.scope_gids,
    ...window,
    status: 'unused',
    order_id: null,
    locked_at: null,
    used_at: null,
    source: issue.source,
    source_ref: issue.sourceRef ?? null,
    created_at: issue.at.toISOString(),
  });
  return { issued: true, coupon };
}

/** A newly registered member's coupons: one of each active template that says so, while its stock lasts. */
export async function issueOnRegister(q: Db, userId: number, at: Date): Promise<number> {
  let issued = 0;
  for (const template of await registerTemplates(q)) {
    const result = await issueCoupon(q, { templateId: template.id, userId, source: 'register', at });
    if (result.issued) issued += 1;
  }
  return issued;
}

/**
 * The member's coupons in force for an order of `target` (the order `orderId`, null before it exists): usable ones
 * first, the largest discount first; a coupon locked to another order is offered as not usable.
 */
export async function couponOffers(
  q: Db,
  userId: number,
  orderId: number | null,
  target: CouponTarget,
  at: Date,
): Promise<CouponOffer[]> {
  const offers = (await openCoupons(q, userId, at.toISOString())).map((coupon): CouponOffer => {
    if (coupon.status === 'locked' && coupon.order_id !== orderId) {
      return { coupon, usable: false, discountFen: 0, reason: MSG.couponLocked };
    }
    const check = checkCoupon(coupon, target, at);
    return check.usable
      ? { coupon, usable: true, discountFen: check.discountFen, reason: null }
      : { coupon, usable: false, discountFen: 0, reason: check.reason };
  });
  return offers.sort((a, b) => Number(b.usable) - Number(a.usable) || b.discountFen - a.discountFen);
}

export type { CouponOffer };

export const offersOut = (offers: readonly CouponOffer[]): OrderCoupon[] => offers.map(toOrderCoupon);

/**
 * Locks the coupon to the order for an attempt (`couponId` null: none) and releases any other coupon locked to it,
 * in `q`, the attempt's transaction. False: the coupon was taken by another order or used meanwhile.
 */
export async function lockForAttempt(
  q: Db,
  c: { couponId: number | null; userId: number; orderId: number; at: Date },
): Promise<boolean> {
  await releaseOrderCoupons(q, c.orderId, c.couponId);
  if (c.couponId === null) return true;
  return claimCoupon(q, 'locked', { ...c, couponId: c.couponId, at: c.at.toISOString() });
}

/** The order was repriced without its locked coupon (another chosen, or none): it is free again. */
export const releaseForOrder = (q: Db, orderId: number, keep: number | null): Promise<void> =>
  releaseOrderCoupons(q, orderId, keep);

/** Coupons locked to orders that expired or were closed are free again (a member's, or all in the sweep). */
export const releaseExpired = (q: Db, userId?: number): Promise<number> => releaseFromDeadOrders(q, userId);

/**
 * In the crediting transaction: the paid attempt's coupon is used by the order, and any other coupon a later attempt
 * locked to the order is free again. False: another order took the coupon or it was used (nothing changed).
 */
export async function spendCoupon(
  q: Db,
  c: { couponId: number; userId: number; orderId: number; at: Date },
): Promise<boolean> {
  // The order holds one coupon (user_coupons_order_uq): when a later attempt locked another one to it, the paid
  // attempt's coupon is claimed first without the order, the other released, and then the order recorded on it.
  if (!(await claimCoupon(q, 'used', { ...c, at: c.at.toISOString() }, { bindOrder: false }))) return false;
  await releaseOrderCoupons(q, c.orderId, c.couponId);
  await bindCouponOrder(q, c.couponId, c.orderId);
  return true;
}

/** The names of coupons (我的订单's coupon column). */
export const namesOf = (q: Db, ids: readonly number[]): Promise<Map<number, string>> => couponNames(q, ids);

export function createCouponsService({ db, now }: { db: Db; now: () => Date }) {
  return {
    /** 我的优惠券: the member's coupons, usable first (by their end), then the rest newest first. */
    async mine(userId: number, state?: MyCoupon['state']): Promise<MyCoupon[]> {
      const at = now();
      const stored = state === 'expired' ? 'unused' : state;
      const [rows, names] = await Promise.all([memberCoupons(db, userId, stored), goodsNames(db)]);
      const orders = await orderNumbers(
        db,
        rows.flatMap((r) => (r.order_id === null ? [] : [r.order_id])),
      );
      const coupons = rows
        .map((row) => toMyCoupon(row, stateOf(row, at), names, orders))
        .filter((c) => state === undefined || c.state === state);
      const rank = (c: MyCoupon) => (c.state === 'unused' ? 0 : c.state === 'locked' ? 1 : 2);
      return coupons.sort(
        (a, b) =>
          rank(a) - rank(b) ||
          (rank(a) === 0 ? a.valid_end.localeCompare(b.valid_end) : b.created_at.localeCompare(a.created_at)),
      );
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;

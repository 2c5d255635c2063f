// Which button a plan card shows and where it leads (docs/requirements.md §4 "For renewal", §6): the one place that weighs a
// plan against the member's level, so the cards never compare levels themselves.
import { DEFAULT_API_PLAN_ID, isLegacyLevel, isMemberLevel, type PlanItem, type PlanOffer } from '@uc/shared';
import { hasPlan, type MemberPlan, orderPath, renewsOnDetail } from '../../../lib/renewal';
import { paths } from '../../../paths';

export type PlanAction =
  /** The member's own plan: renew it on its detail page. */
  | { kind: 'renew'; label: '立即续费'; to: string }
  /** A higher plan than the member's paid level; `credit` (yuan): its unused days taken off, when known. */
  | { kind: 'upgrade'; label: '立即升级'; to: string; credit?: number }
  /** A visitor or experience user, a plan the member never had, or the API package. */
  | { kind: 'buy'; label: '立即购买'; to: string }
  /** A lower plan: bought now, it takes over when the current one ends (docs/decisions.md). */
  | { kind: 'change'; label: '到期后切换'; to: string }
  /** The lower plan already scheduled, or another lower one while it is: nothing to buy now. */
  | { kind: 'scheduled'; label: '到期后生效' | '已有待生效变更' }
  /** A plan the member cannot order (another legacy level's row). */
  | { kind: 'included'; label: '已享更高权益' };

/** What the server says ordering a plan would be now, and the plan change already scheduled. */
export interface PlanContext {
  offer?: PlanOffer;
  scheduledGid?: number | null;
}

/** An order page opened at a quantity (`count`, 1-5), or at the smallest one without it. */
const atCount = (path: string, count?: number): string =>
  count === undefined ? path : `${path}&count=${count}`;

/** The API package's order page. */
export function apiOrderPath(gid: number, count?: number): string {
  return atCount(`${paths.apiOrder}?gid=${gid}`, count);
}

/** Whether the card is the member's current plan. */
export function isCurrentPlan(plan: PlanItem, member: MemberPlan): boolean {
  return hasPlan(member.gid) && plan.gid === member.gid;
}

/** The member's own legacy level's row (黄金, 铂金, 黑金): renewed from the plan list. */
export const isOwnLegacyPlan = (plan: PlanItem, member: MemberPlan): boolean =>
  isLegacyLevel(plan.level) && plan.level === member.level;

export function planAction(plan: PlanItem, member: MemberPlan, context: PlanContext = {}): PlanAction {
  if (plan.level === null) return { kind: 'buy', label: '立即购买', to: apiOrderPath(plan.gid) };
  // The server's quote says renew for the member's own legacy row even once it lapsed (the stored level).
  const ownLegacy =
    isOwnLegacyPlan(plan, member) || (isLegacyLevel(plan.level) && context.offer?.kind === 'renew');
  if ((isCurrentPlan(plan, member) && renewsOnDetail(member)) || ownLegacy) {
    return { kind: 'renew', label: '立即续费', to: orderPath(plan.gid, true) };
  }
  if (isLegacyLevel(plan.level)) return { kind: 'included', label: '已享更高权益' };
  if (!isMemberLevel(member.level)) return { kind: 'buy', label: '立即购买', to: orderPath(plan.gid, false) };
  const { offer, scheduledGid } = context;
  const higher = offer ? offer.kind !== 'change' : plan.level > member.level;
  if (higher) {
    const credit = offer?.kind === 'switch' && offer.credit > 0 ? offer.credit : undefined;
    return {
      kind: 'upgrade',
      label: '立即升级',
      to: orderPath(plan.gid, false),
      ...(credit ? { credit } : {}),
    };
  }
  if (scheduledGid === plan.gid) return { kind: 'scheduled', label: '到期后生效' };
  if (typeof scheduledGid === 'number') return { kind: 'scheduled', label: '已有待生效变更' };
  return { kind: 'change', label: '到期后切换', to: orderPath(plan.gid, false) };
}

/**
 * Where 继续支付 of the order list leads: the API package's page, the plan's detail page in renew mode when it is
 * the member's current plan (and renews there), else as a new purchase; at the order's quantity. The server keeps
 * one open order per plan, so the page resumes that order (same number) repriced at `count`.
 */
export function reorderPath(
  gid: number,
  member: MemberPlan,
  count?: number,
  apiGid: number = DEFAULT_API_PLAN_ID,
): string {
  if (gid === apiGid) return apiOrderPath(gid, count);
  return atCount(orderPath(gid, hasPlan(member.gid) && member.gid === gid && renewsOnDetail(member)), count);
}

// Which button a plan card shows and where it leads (docs/requirements.md §4 "For renewal", §6): the one place that weighs a
// plan against the member's level, so the cards never compare levels themselves.
import { DEFAULT_API_PLAN_ID, isMemberLevel, type PlanItem } from '@uc/shared';
import { hasPlan, type MemberPlan, orderPath, renewsOnDetail } from '../../../lib/renewal';
import { paths } from '../../../paths';

export type PlanAction =
  /** The member's own plan: renew it on its detail page. */
  | { kind: 'renew'; label: '立即续费'; to: string }
  /** A higher plan than the member's paid level. */
  | { kind: 'upgrade'; label: '立即升级'; to: string }
  /** A visitor or experience user, a plan the member never had, or the API package. */
  | { kind: 'buy'; label: '立即购买'; to: string }
  /** A lower plan than the member's paid level: nothing to buy. */
  | { kind: 'included'; label: '已享更高权益' };

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

export function planAction(plan: PlanItem, member: MemberPlan): PlanAction {
  if (plan.level === null) return { kind: 'buy', label: '立即购买', to: apiOrderPath(plan.gid) };
  if (isCurrentPlan(plan, member) && renewsOnDetail(member)) {
    return { kind: 'renew', label: '立即续费', to: orderPath(plan.gid, true) };
  }
  if (!isMemberLevel(member.level)) return { kind: 'buy', label: '立即购买', to: orderPath(plan.gid, false) };
  if (plan.level > member.level)
    return { kind: 'upgrade', label: '立即升级', to: orderPath(plan.gid, false) };
  return { kind: 'included', label: '已享更高权益' };
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

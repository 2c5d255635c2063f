// Where buying and renewing a plan lead (docs/requirements.md §4 "For renewal"): one rule for the dashboard's renew button, the
// plan cards and the order list.
import { renewsFromPlanList } from '@uc/shared';
import { paths } from '../paths';

export interface MemberPlan {
  isSub: boolean;
  /** The member's current plan id (getCusInfo gid). */
  gid: number | null | undefined;
  level: number;
}

/** Plan ids count only when positive. */
export const hasPlan = (gid: number | null | undefined): gid is number => typeof gid === 'number' && gid > 0;

/** The order page of a plan: state 1 renews the current plan, state 2 buys a new one (docs/requirements.md §2). */
export function orderPath(gid: number, renew: boolean): string {
  return `${paths.packageDetail}?gid=${gid}&state=${renew ? 1 : 2}&isRenew=${renew ? 1 : 0}`;
}

/** The renew button shows for a main account that has a plan. */
export const canRenew = (member: MemberPlan): boolean => !member.isSub && hasPlan(member.gid);

/** Whether the member's current plan renews on its detail page (a main account with a plan, not 40/50). */
export const renewsOnDetail = (member: MemberPlan): boolean =>
  canRenew(member) && !renewsFromPlanList(member.level);

/**
 * Where renewing leads: platinum (40) and black gold (50), or no plan, go to the plan list; every other plan to
 * its detail page in renew mode.
 */
export function renewTarget(member: MemberPlan): string {
  return renewsOnDetail(member) && hasPlan(member.gid) ? orderPath(member.gid, true) : paths.vip;
}

// The dashboard's quick navigation (docs/requirements.md §1, §2, §6): 14 entries and what a click on one does.
import { LIMITS } from '@uc/shared';
import type { Access } from '../../../lib/access';
import { loginPath, paths } from '../../../paths';

export type QuickNavIcon =
  | 'news'
  | 'publicity'
  | 'customers'
  | 'hightech'
  | 'subscriptions'
  | 'push'
  | 'exact'
  | 'fast'
  | 'score'
  | 'specialization'
  | 'vip'
  | 'api'
  | 'account'
  | 'safe';

export interface QuickNavEntry {
  key: QuickNavIcon;
  title: string;
  /** In-app path (relative to /usercenter), with its query. */
  to: string;
  color: string;
  /** Needs a VIP level (20+): carries the VIP mark below level 20. */
  vip?: boolean;
  /** Needs push-settings permission (above trial level). */
  push?: boolean;
  /** A package page: closed to sub-accounts. */
  packages?: boolean;
}

/** Exactly LIMITS.quickNavCount entries; every one of them needs a login. */
export const QUICK_NAV: readonly QuickNavEntry[] = [
  { key: 'news', title: '最新发布', to: paths.news, color: '#1668dc' },
  { key: 'publicity', title: '我的公示', to: paths.publicity, color: '#13a8a8' },
  { key: 'customers', title: '我的客户', to: paths.customerList, color: '#722ed1' },
  { key: 'hightech', title: '高新企业', to: `${paths.customerList}?is_hightech=1`, color: '#2f54eb' },
  { key: 'subscriptions', title: '我的订阅', to: paths.subList, color: '#fa8c16' },
  { key: 'push', title: '推送设置', to: paths.subSettings, color: '#fa541c', vip: true, push: true },
  { key: 'exact', title: '精准匹配', to: paths.smartMatchExact, color: '#eb2f96', vip: true },
  { key: 'fast', title: '快速匹配', to: paths.smartMatchFast, color: '#f5222d' },
  { key: 'score', title: '高企评分', to: paths.htsScore, color: '#52c41a', vip: true },
  {
    key: 'specialization',
    title: '专精特新评测',
    to: paths.specializationAccreditation,
    color: '#08979c',
    vip: true,
  },
  { key: 'vip', title: '会员套餐', to: paths.vip, color: '#d48806', packages: true },
  { key: 'api', title: 'API套餐', to: paths.apiOrder, color: '#531dab', packages: true },
  { key: 'account', title: '账户信息', to: paths.accountInfo, color: '#1677ff' },
  { key: 'safe', title: '账户安全', to: paths.accountSafe, color: '#389e0d' },
];

if (QUICK_NAV.length !== LIMITS.quickNavCount) {
  throw new Error(`quick navigation must hold ${LIMITS.quickNavCount} entries`);
}

/** The confirm a trial user gets on push settings (docs/requirements.md §6). */

export type NavAction =
  | { type: 'navigate'; to: string }
  /** Ask "requires login" (MSG.requiresLogin), then go to the login page with the redirect. */
  | { type: 'login'; to: string }
  /** Tell a sub-account it cannot see packages. */
  | { type: 'sub-account' }
  /** Ask a trial user to upgrade, then go to the plan list. */
  | { type: 'upgrade'; to: string };

/** What a click on an entry does for this user. */
export function quickNavAction(entry: QuickNavEntry, access: Access): NavAction {
  if (!access.isLoggedIn) return { type: 'login', to: loginPath(entry.to) };
  if (entry.packages && !access.canSeePackages) return { type: 'sub-account' };
  if (entry.push) return pushSettingsAction(access);
  return { type: 'navigate', to: entry.to };
}

/**
 * Opening push settings (the quick-nav entry and the subscription card's 订阅 button): trial users are asked
 * to upgrade (docs/requirements.md §6), unless they cannot buy (a sub-account).
 */
export function pushSettingsAction(access: Access): NavAction {
  if (!access.isLoggedIn) return { type: 'login', to: loginPath(paths.subSettings) };
  if (access.isTrial)
    return access.canSeePackages ? { type: 'upgrade', to: paths.vip } : { type: 'sub-account' };
  return { type: 'navigate', to: paths.subSettings };
}

/** Whether the entry shows the VIP mark (docs/requirements.md §6: levels under 20). */
export function showsVipMark(entry: QuickNavEntry, access: Access): boolean {
  return Boolean(entry.vip) && access.showVipMark;
}

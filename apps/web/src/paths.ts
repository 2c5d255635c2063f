// Every route path of the app, relative to the router basename '/usercenter' (docs/requirements.md §2).
import { MEMBER_APP_BASE } from '@uc/shared';

export const BASENAME = MEMBER_APP_BASE;

export const paths = {
  root: '/',
  dashboard: '/dashboard',
  login: '/checklogin/index',
  register: '/register',
  findpwd: '/findpwd',
  unauthorized: '/401',
  forbidden: '/403',
  notFound: '/404',
  tooManyRequests: '/503',
  vipNoPermission: '/vip-no-permission',
  subAccountNoPermission: '/sub-account-no-permission',
  news: '/news',
  publicity: '/publicity',
  packageDetail: '/taocandetail',
  paySuccess: '/paySuccess',
  /** The result of a payment made away from the order page (H5, wap, WeChat's sheet): ?out_trade_no=. */
  payResult: '/payResult',
  apiOrder: '/apiorder',
  apiPaySuccess: '/apiPaySuccess',
  orderList: '/order/list',
  accountInfo: '/account/info',
  accountSafe: '/account/safe',
  accountSub: '/account/sub',
  vip: '/vip/index',
  customerList: '/customer/list',
  subList: '/sub/list',
  subSettings: '/sub/settings',
  policyDetail: '/policy/detail',
  policyCalendar: '/policy/calendar',
  smartMatchExact: '/smart/match/policy/exact',
  smartMatchFast: '/smart/match/policy/fast',
  htsScore: '/hts/identification/score',
  specializationAccreditation: '/specialization_new/evaluation/accreditation',
  toolsMine: '/tools/mine',
  toolsBuy: '/tools/buy',
  cardsMine: '/cards/mine',
  cardsShop: '/cards/shop',
  cardsBuy: '/cards/buy',
  invoiceList: '/invoice/list',
  apiKeys: '/api/keys',
  messageList: '/message/list',
  help: '/help',
  helpArticle: '/help/article',
  ticketList: '/ticket/list',
  ticketNew: '/ticket/new',
  ticketDetail: '/ticket/detail',
  search: '/search',
} as const;

/** The policy tools' pages whose evaluations usage credits pay for, by tool code (购买次数 on the VIP page). */
export const CREDIT_TOOL_PAGES: Readonly<Record<string, string>> = {
  [paths.htsScore]: 'hts_score',
  [paths.specializationAccreditation]: 'sme_evaluation',
  [paths.smartMatchExact]: 'match_exact',
};

/** Login, registration and password recovery: open to visitors, closed to a logged-in user. */
export const AUTH_PATHS: readonly string[] = [paths.login, paths.register, paths.findpwd];

/** 帮助中心 and its articles: open to visitors (help before signing in) and members alike. */
export const OPEN_PATHS: readonly string[] = [paths.help, paths.helpArticle];

/** Error pages: always open. */
export const ERROR_PATHS: readonly string[] = [
  paths.unauthorized,
  paths.forbidden,
  paths.notFound,
  paths.tooManyRequests,
  paths.vipNoPermission,
  paths.subAccountNoPermission,
];

/** The purchases and what they bought (购买工具, 卡券, 发票, API密钥): login pages, closed to sub-accounts. */
const PURCHASE_PATHS: readonly string[] = [
  paths.toolsBuy,
  paths.cardsMine,
  paths.cardsShop,
  paths.cardsBuy,
  paths.invoiceList,
  paths.apiKeys,
];

/** Known in-app pages that need a login (everything of docs/requirements.md §2 inside the layout but the dashboard). */
export const LOGIN_REQUIRED_PATHS: readonly string[] = [
  paths.news,
  paths.publicity,
  paths.packageDetail,
  paths.paySuccess,
  paths.payResult,
  paths.apiOrder,
  paths.apiPaySuccess,
  paths.orderList,
  paths.accountInfo,
  paths.accountSafe,
  paths.accountSub,
  paths.vip,
  paths.customerList,
  paths.subList,
  paths.subSettings,
  paths.policyDetail,
  paths.policyCalendar,
  paths.smartMatchExact,
  paths.smartMatchFast,
  paths.htsScore,
  paths.specializationAccreditation,
  paths.toolsMine,
  ...PURCHASE_PATHS,
  paths.messageList,
  paths.ticketList,
  paths.ticketNew,
  paths.ticketDetail,
  paths.search,
];

/**
 * Pages outside the menu tree, by title, that a signed-in main account may open (the guard allows them like the dashboard):
 * the provider's redirect comes back to the payment result whatever the menus grant.
 */
export const MENULESS_PAGES: Readonly<Record<string, string>> = { [paths.payResult]: '支付结果' };
export const MENULESS_PATHS: readonly string[] = Object.keys(MENULESS_PAGES);

/** Pages outside the menu tree that every signed-in account opens, sub-accounts included: 搜索 (the header's box). */
export const SIGNED_IN_PATHS: readonly string[] = [paths.search];

/** The titles of the pages outside the menu tree (the breadcrumb and the document title). */
export const OFF_MENU_TITLES: Readonly<Record<string, string>> = {
  ...MENULESS_PAGES,
  [paths.search]: '搜索',
};

/** Pages closed to sub-accounts: the package pages (docs/requirements.md §1, §6) and the management of sub-accounts. */
export const SUB_ACCOUNT_CLOSED_PATHS: readonly string[] = [
  paths.vip,
  paths.payResult,
  paths.packageDetail,
  paths.apiOrder,
  paths.orderList,
  paths.accountSub,
  ...PURCHASE_PATHS,
];

/** Pages a member above trial level is sent away from after login (docs/requirements.md §2 "Login screen"). */
export const PACKAGE_PATHS: readonly string[] = [paths.vip, paths.packageDetail];

/** Normalises a path for comparisons: no trailing slash (except the root), no duplicate slashes. */
export function normalizePath(path: string): string {
  const cleaned = `/${path}`.replace(/\/{2,}/g, '/');
  return cleaned.length > 1 ? cleaned.replace(/\/+$/, '') : cleaned;
}

/** Keeps a redirect query readable: '/news?a=1' -> 'redirect=/news%3Fa%3D1'. */
function encodeRedirect(target: string): string {
  return encodeURIComponent(target).replace(/%2F/gi, '/');
}

/** The login page, optionally with a redirect back to an in-app path. */
export function loginPath(redirect?: string): string {
  return redirect ? `${paths.login}?redirect=${encodeRedirect(redirect)}` : paths.login;
}

/** 政策详情 of a policy item (申报通知, 公示公告, 政策动态). */
export const policyDetailPath = (id: number): string => `${paths.policyDetail}?id=${id}`;

/** The section of 政策详情 listing the member's customers the item matches. */
export const policyCustomersPath = (id: number): string => `${policyDetailPath(id)}#customers`;

/** 我的客户 filtered to the customers a policy item matches: its region (`area`) and industry, each when it has one. */
export function matchedCustomersPath(scope: { area: string | null; industry_code: string | null }): string {
  const query = new URLSearchParams();
  if (scope.area) query.set('area', scope.area);
  if (scope.industry_code) query.set('industry_code', scope.industry_code);
  const text = query.toString();
  return text ? `${paths.customerList}?${text}` : paths.customerList;
}

/** One customer: 我的客户 searched by its name, with its detail open. */
export const customerPath = (id: number, name: string): string =>
  `${paths.customerList}?${new URLSearchParams({ name: name.slice(0, 50), open: String(id) }).toString()}`;

/** 搜索 of policies, publicity and news by words (the header's box opens it). */
export const searchPath = (q: string): string => `${paths.search}?${new URLSearchParams({ q }).toString()}`;

/** 帮助中心's article. */
export const helpArticlePath = (id: number): string => `${paths.helpArticle}?id=${id}`;

/** 工单详情 of a ticket (the bell's link is the same page). */
export const ticketDetailPath = (id: number): string => `${paths.ticketDetail}?id=${id}`;

/**
 * 提交工单 from a page: the in-app path it came from (with its query), an order number and the category to preselect,
 * each only when given.
 */
export function ticketNewPath(about: { from?: string; orderNo?: string; category?: string } = {}): string {
  const query = new URLSearchParams();
  if (about.from) query.set('from', about.from);
  if (about.orderNo) query.set('order_no', about.orderNo);
  if (about.category) query.set('category', about.category);
  const text = query.toString();
  return text ? `${paths.ticketNew}?${text}` : paths.ticketNew;
}

/** 购买次数 of a tool: its order page, at a pack (absent: the first) and a count. */
export function creditOrderPath(tool: string, pack?: number, count?: number): string {
  const query = new URLSearchParams({ tool });
  if (pack) query.set('pack', String(pack));
  if (count) query.set('count', String(count));
  return `${paths.toolsBuy}?${query.toString()}`;
}

/** Strips the basename from a browser pathname: '/usercenter/news' -> '/news'. */
export function stripBasename(pathname: string): string {
  if (pathname === BASENAME) return '/';
  if (pathname.startsWith(`${BASENAME}/`)) return pathname.slice(BASENAME.length);
  return pathname;
}

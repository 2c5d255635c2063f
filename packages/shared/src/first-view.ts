// The GET calls each signed-in page makes first, which the server answers inside the page (page-answers.ts): they
// must be the calls the page's API functions make, path and query alike (e2e/specs/first-view.spec.ts checks it).
import { ACCOUNT_API } from './account.js';
import {
  AUTH_API,
  HOME_API,
  HOME_STATS_API,
  POLICY_ITEM_API,
  POLICY_TOOLS_API,
  SUBSCRIBE_API,
} from './api-paths.js';
import { CARDS_API } from './cards.js';
import { COMMERCE_API } from './commerce.js';
import { CUSTOMER_BOOK_API } from './customer-book.js';
import type { RuntimeConfig } from './runtime-config.js';
import { TOOLS_API } from './tools.js';

/** A call of a page's first view: its path and query, as the page sends them. */
export interface FirstCall {
  path: string;
  params?: Readonly<Record<string, string | number>>;
}

/** What every signed-in page asks first: the session's user and its menus. */
export const SESSION_CALLS: readonly FirstCall[] = [{ path: AUTH_API.info }, { path: AUTH_API.menus }];

const FIRST_PAGE = { page: 1, size: 10 } as const;
const customerPicker: FirstCall = { path: POLICY_TOOLS_API.customerSearch, params: { q: '' } };
const dashboard: readonly FirstCall[] = [
  { path: HOME_API.cusInfo },
  { path: HOME_API.customerData },
  { path: HOME_API.userInfo },
  { path: HOME_API.categoryCount },
  { path: HOME_API.distributionByIndustry },
  { path: HOME_API.subscribeNews, params: { size: 20 } },
  { path: HOME_API.newPeresult },
  { path: HOME_API.myPublicity },
  { path: HOME_API.subscribeMine, params: { size: 9 } },
];

/**
 * The page's own first calls, by in-app path, when its URL has no query (a query picks another tab, page or filter,
 * which the page then asks for itself). A call missing here is only fetched by the page as before.
 */
export const FIRST_VIEW_CALLS: Readonly<Record<string, readonly FirstCall[]>> = {
  '/': dashboard,
  '/dashboard': dashboard,
  '/customer/list': [
    { path: HOME_API.customers, params: FIRST_PAGE },
    { path: CUSTOMER_BOOK_API.quota },
    { path: CUSTOMER_BOOK_API.tags },
  ],
  '/sub/list': [{ path: SUBSCRIBE_API.subList, params: { activeName: 'tjxm', ...FIRST_PAGE } }],
  '/sub/settings': [{ path: SUBSCRIBE_API.getConfig }],
  '/policy/calendar': [{ path: POLICY_ITEM_API.calendar }],
  '/vip/index': [
    { path: HOME_API.cusInfo },
    { path: COMMERCE_API.planList },
    { path: HOME_STATS_API.setmeal },
    { path: COMMERCE_API.surplus },
    { path: COMMERCE_API.planChange },
  ],
  '/order/list': [{ path: HOME_API.cusInfo }, { path: COMMERCE_API.orderList, params: FIRST_PAGE }],
  '/account/safe': [{ path: ACCOUNT_API.security }],
  '/account/sub': [
    { path: HOME_API.cusInfo },
    { path: ACCOUNT_API.userList, params: FIRST_PAGE },
    { path: ACCOUNT_API.userCount },
    { path: ACCOUNT_API.architecture },
  ],
  '/smart/match/policy/exact': [customerPicker, { path: TOOLS_API.mine }],
  '/smart/match/policy/fast': [customerPicker],
  '/hts/identification/score': [customerPicker, { path: TOOLS_API.mine }],
  '/specialization_new/evaluation/accreditation': [customerPicker, { path: TOOLS_API.mine }],
  '/tools/mine': [{ path: TOOLS_API.mine }],
  '/cards/mine': [{ path: CARDS_API.mine }, { path: CARDS_API.totals }],
  '/cards/shop': [{ path: CARDS_API.shop }],
};

/**
 * What the server's render of a signed-in first view takes (apps/web/src/entry-server.tsx, run by the server's
 * plugins/page-render.ts): the page, its session and the answers of its first calls.
 */
export interface FirstViewInput {
  /** The page's URL: its path (with the basename) and query, as the browser has it. */
  url: string;
  /** The session token of the page request's cookie. */
  token: string;
  /** The answers of the page's first calls, keyed by answerKey. */
  answers: Readonly<Record<string, unknown>>;
  config: RuntimeConfig;
  /** Whether to draw the phone layout (the request's client hints or user agent say it is a phone). */
  phone: boolean;
}

/** The rendered first view. */
export interface FirstView {
  /** The markup of #root. */
  html: string;
  /** antd's styles for that markup, as `<style>` elements for the head. */
  styles: string;
}

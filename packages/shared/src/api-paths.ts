// Paths of the dashboard, customer, policy, subscription and funding calls (exactly as docs/requirements.md §7 writes them),
// and the data each answers; docs/api.md gives the meaning of each call.
import type {
  BusinessSituation,
  CompanyInfo,
  CustomerDetail,
  CustomerItem,
  CustomerSummary,
  DistributionItem,
  GrowthItem,
  HtsGrade,
  IpInfo,
} from './customers.js';
import type { FundingDeleted, FundingRow, FundingSummaryRow } from './funding.js';
import type { CusInfo, MemberUserInfo, SetmealInfo } from './member.js';
import type { Page, PagedSuccess } from './paging.js';
import type {
  CategoryCount,
  DeptCount,
  NewsItem,
  OwnPublicityItem,
  PublicityItem,
  RecommendedProject,
} from './policy.js';
import type { SubscriptionItem } from './subscriptions.js';

/** Fills the `{name}` of a path as docs/requirements.md §7 writes it: fillPath('/api/users/{id}/', 12) -> '/api/users/12/'. */
export function fillPath(path: string, id: number | string): string {
  return path.replace(/\{\w+\}/, encodeURIComponent(String(id)));
}

/** Paths, exactly as docs/requirements.md §7 writes them; GET unless the note says POST. */
export const HOME_API = {
  // member management family
  cusInfo: '/api/ccw/member/management/getCusInfo/',
  userInfo: '/api/ccw/member/management/getUserInfo/',
  distributionByIndustry: '/api/ccw/member/management/getDistributionByIndustry/',
  /** Query: optional citycode (default: the cityinfo city the client sends, else the member's city). */
  distributionByArea: '/api/ccw/member/management/getDistributionByArea/',
  customerData: '/api/ccw/member/management/getCustomerdata/',
  myPublicity: '/api/ccw/member/management/getMyPublicity/',
  mySubscribe: '/api/ccw/member/management/getMySubscribe/',
  newPeresult: '/api/ccw/member/management/getNewPeresult/',
  /** Query: area, industry_code, industry_codes, is_hightech, type, page, size. */
  customers: '/api/ccw/member/management/getCustomers/',
  companyInfo: '/api/ccw/member/management/getCompanyInfo/',
  publicity: '/api/ccw/member/management/getPublicity/',
  patents: '/api/ccw/member/management/getPatents/',
  cusData: '/api/ccw/member/management/getCusData/',
  cusAllInfo: '/api/ccw/member/management/getCusAllInfo/',
  grade: '/api/ccw_crm/hts/getGrade/',
  // home statistics family
  categoryCount: '/account/userhometj/GetCategoryCountByUserName/',
  /** Query: page, size. Response: PagedSuccess<NewsItem>. */
  newsListMore: '/account/userhometj/getnewslistmore/',
  /** Query: page, size. Response: PagedSuccess<OwnPublicityItem>. */
  publicityMore: '/account/userhometj/GetPublicityNewsByCompanyMore/',
  // subscriptions
  subscribeMine: '/api/ccw/subscribe/getMySubscribe/',
  /** The latest-releases list (docs/requirements.md §7 "Latest news list (getNews)"). */
  subscribeNews: '/api/ccw/subscribe/getNews/',
  subscribeNewPeresult: '/api/ccw/subscribe/getNewPeresult/',
  subscribeMyPublicity: '/api/ccw/subscribe/getMyPublicity/',
  // tools and funding
  fundingSummary: '/tools/api/GetAmountSummaryByCompany/',
  /** Query: page, size. */
  fundingList: '/tools/api/GetPublicityListByUser/',
  /** POST form: id (edit) or none (add), projectName, depName, amount. */
  fundingSave: '/tools/api/SavePublicity/',
  /** POST form: ids as a comma string. */
  fundingDelete: '/tools/api/DelPublicityListById/',
} as const;

/** The other GET paths of docs/requirements.md §7 that the dashboard family answers (same data as their HOME_API twins). */
export const HOME_STATS_API = {
  /** = HOME_API.subscribeNews: NewsItem[]. Query: size. */
  newsList: '/account/userhometj/GetNewsList/',
  /** = HOME_API.myPublicity: OwnPublicityItem[] (first 5). */
  publicityByCompany: '/account/userhometj/GetPublicityNewsByCompany/',
  /** = HOME_API.customers: Page<CustomerItem>. */
  customers: '/account/userhometj/getCustomers/',
  /** = HOME_API.cusAllInfo: CustomerDetail. Query: id (customer). */
  fenxiData: '/account/userhometj/GetFenxiDataById/',
  /** = HOME_API.distributionByIndustry: DistributionItem[]. */
  industry: '/account/userhometj/GetIndustryByUserId/',
  /** = HOME_API.customerData: CustomerSummary. */
  customerData: '/account/userhometj/GetCustomerdata/',
  /** = HOME_API.distributionByArea: DistributionItem[]. Query: optional citycode. */
  areaCount: '/account/userhometj/GetAreaCountBytCategory/',
  /** GrowthItem[]: customers added per month, the last 12 months. */
  growthRate: '/account/userhometj/GetGrowthRate/',
  /** IpInfo of one customer. Query: id (or customerId). */
  patentByCustomer: '/account/userhometj/GetPatentBycustomerId/',
  /** = HOME_API.fundingSummary: FundingSummaryRow[]. */
  deptAmount: '/account/userhometj/GetDeptAmountByName/',
  /** DeptCount[]: policy items of the member's region per issuing department, the last 12 months. */
  deptCount: '/account/userhometj/GetDeptCountByUserName/',
  /** BusinessSituation: customers by registered capital and by age. */
  businessSituation: '/account/userhometj/GetBusinessSituation/',
  /** = HOME_API.cusInfo: CusInfo. */
  cusInfo: '/account/userhometj/GetCusInfo/',
  /** SetmealInfo: the member's current plan; HTTP 403 for a sub-account. */
  setmeal: '/account/userhometj/GetSetmeal/',
} as const;

/**
 * The customer list's .xlsx export (a blob; query: CustomersExportQuery). docs/requirements.md §7 names no path for it; it sits
 * beside getCustomers in the member-management family (docs/decisions.md, "My customers").
 */
export const CUSTOMER_EXPORT_API = '/api/ccw/member/management/exportCustomers/';

/** The data of every call, by HOME_API / HOME_STATS_API key (the envelope's `data`). */
export interface HomeApiData {
  cusInfo: CusInfo;
  userInfo: MemberUserInfo;
  distributionByIndustry: DistributionItem[];
  distributionByArea: DistributionItem[];
  customerData: CustomerSummary;
  myPublicity: OwnPublicityItem[];
  mySubscribe: SubscriptionItem[];
  newPeresult: RecommendedProject[];
  customers: Page<CustomerItem>;
  companyInfo: CompanyInfo;
  publicity: PublicityItem[];
  patents: IpInfo;
  cusData: CustomerItem;
  cusAllInfo: CustomerDetail;
  grade: HtsGrade;
  categoryCount: CategoryCount[];
  newsListMore: PagedSuccess<NewsItem>;
  publicityMore: PagedSuccess<OwnPublicityItem>;
  subscribeMine: SubscriptionItem[];
  subscribeNews: NewsItem[];
  subscribeNewPeresult: RecommendedProject[];
  subscribeMyPublicity: OwnPublicityItem[];
  fundingSummary: FundingSummaryRow[];
  fundingList: Page<FundingRow>;
  /** POST: the saved row. */
  fundingSave: FundingRow;
  /** POST */
  fundingDelete: FundingDeleted;
  growthRate: GrowthItem[];
  deptCount: DeptCount[];
  businessSituation: BusinessSituation;
  setmeal: SetmealInfo;
}

/** 我的订阅 and 推送设置 (docs/requirements.md §7 "Subscriptions"); `subList` is not shown there (docs/api.md). */
export const SUBSCRIBE_API = {
  /** Query: activeName, page, size, title, mainid. Response: Page of the tab's rows. */
  subList: '/api/ccw/subscribe/getSubList/',
  /** Blob (.xlsx). Query: activeName, title, mainid. */
  export: '/api/ccw/subscribe/export/',
  /** Query: pid (a recommended project's mid), page, size, mainid. Response: Page<CustomerItem>. */
  cusByPid: '/api/ccw/subscribe/getCusByPid/',
  getConfig: '/api/ccw/config/getConfig/',
  /** POST form: the PushSettings fields (lists comma-separated). */
  updateConfig: '/api/ccw/config/updateConfig/',
  /** Query: name (part of a company name, optional), page, size. Response: Page<PublicityItem>. */
  publicityList: '/api/ccw_crm/publicity/getPublicityList/',
  /** Query: name (the full company name), page, size. Response: Page<PublicityItem>. */
  publicityByName: '/api/ccw_crm/publicity/getPublicityByName/',
  /** Blob (.xlsx) of 我的公示. Query: title, mainid. */
  publicityExport: '/api/ccw/project/publicity/export',
} as const;

/**
 * The policy tools (not in docs/requirements.md §7, so named in its style; docs/api.md lists them). getGrade stays HOME_API.grade.
 * VIP (level 20+): facts, htsScore, smeEvaluation, matchExact, matchExport; any signed-in member: customerSearch,
 * matchFast.
 */
export const POLICY_TOOLS_API = {
  /** GET, query q: the member's customers whose name contains q (the picker), at most 20. */
  customerSearch: '/api/ccw_crm/tools/customers/',
  /** GET, query id: a customer's prefill, saved answers and both merged. */
  facts: '/api/ccw_crm/tools/facts/',
  /** POST JSON { customer_id | company_name, answers, save }: the 高企 score. */
  htsScore: '/api/ccw_crm/hts/score/',
  /** POST JSON { customer_id | company_name, answers, save }: the 创新型 / 专精特新 / 小巨人 evaluation. */
  smeEvaluation: '/api/ccw_crm/specialization/evaluate/',
  /** POST JSON { customer_id | company_name }: open policy items matched from what the platform knows. */
  matchFast: '/api/ccw_crm/policy/match/fast/',
  /** POST JSON { customer_id | company_name, answers, save }: open policy items matched from the answers. */
  matchExact: '/api/ccw_crm/policy/match/exact/',
  /** GET, query id: the exact match of a customer's saved answers as .xlsx. */
  matchExport: '/api/ccw_crm/policy/match/export/',
  /** GET, query name: the answers saved for a typed company name (none saved: blank). */
  companyFacts: '/api/ccw_crm/tools/facts/company/',
  /** POST JSON { customer_id | company_name }: deletes the answers saved for it. */
  clearFacts: '/api/ccw_crm/tools/facts/clear/',
  /** GET, query q: open policy items whose title contains q (the policy picker), at most 20. */
  openItems: '/api/ccw_crm/policy/match/items/',
  /** GET, query id, status?, page, size: the member's customers matching one open policy item. */
  matchCustomers: '/api/ccw_crm/policy/match/customers/',
  /** GET, query id, status?: the same customers as .xlsx. */
  matchCustomersExport: '/api/ccw_crm/policy/match/customers/export/',
} as const;

/**
 * One policy item and the member's 收藏 and 申报日历 (not in docs/requirements.md §7, so named in its style; docs/api.md lists them).
 * Any signed-in member; a sub-account reads and writes its main account's favourites.
 */
export const POLICY_ITEM_API = {
  /** GET, query id: the item, whether it is a favourite, and the member's matching customers (first 20, total). */
  detail: '/api/ccw/policy/detail/',
  /** GET, query page, size: the favourites, newest first. POST JSON { id }: adds one. */
  favourites: '/api/ccw/policy/favourites/',
  /** POST JSON { id }: removes one. */
  favouriteRemove: '/api/ccw/policy/favourites/remove/',
  /** GET, query month (YYYY-MM, default this month): open items of the subscriptions and favourites by deadline. */
  calendar: '/api/ccw/policy/calendar/',
  /** GET, query id, q?, mine? (1), page, size: a 公示公告's 公示名单 (PublicityRow), the member's customers marked. */
  publicity: '/api/ccw/policy/publicity/',
} as const;

/**
 * The login family: sign-in, sign-out, the session's user and menus, registration, password recovery, the SMS codes
 * and the slider captcha. Each is written as the web app requests it (docs/requirements.md §7 writes some without the leading
 * slash: they are relative to the API root); the server mounts `rootPath()` of it.
 */
export const AUTH_API = {
  /** POST: password or SMS sign-in. */
  login: 'auth/login/',
  /** POST: ends the session. */
  logout: 'auth/logout',
  /** GET: the signed-in user (UserInfo). */
  info: 'auth/info/',
  /** GET: the menus of the signed-in user. */
  menus: 'auth/build/menus/',
  /** POST: a new account. */
  register: '/auth/register/',
  /** POST: resets the password with an SMS code. */
  findPassword: 'api/users/findPassword/',
  /** GET, query phone: the SMS code of registration. */
  registerSms: '/api/register/message/',
  /** GET, query phone: the SMS code of sign-in. */
  loginSms: '/api/message/',
  /** GET, query phone and purpose: the SMS code of another purpose. */
  purposeSms: '/api/login/message/',
  /** GET a puzzle, POST an answer. */
  sliderCode: 'api/slider_code/',
} as const;

/** A path of docs/requirements.md §7 as mounted on the server: with its leading slash. */
export const rootPath = (path: string): string => (path.startsWith('/') ? path : `/${path}`);

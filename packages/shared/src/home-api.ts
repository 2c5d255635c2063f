// Contract of the dashboard and content calls (SPEC.md §3 field names, §7 paths), shared by server and web.

import type { CusInfo } from './api.js';

/** GET paths, exactly as SPEC.md §7 writes them. */
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
  /** The latest-releases list (SPEC.md §7 "Latest news list (getNews)"). */
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

/** Customer summary (SPEC.md §3 "fwskh"). */
export interface CustomerSummary {
  /** All customers of the member. */
  member_count: number;
  /** Customers with the high-tech enterprise qualification. */
  high_tech_count: number;
  /** Customers that match at least one open declaration notice (申报). */
  sb_count: number;
  /** Customers named in a public-notice announcement (公示). */
  gs_count: number;
  /** Customers matched by policy news (政策) of their industry and region. */
  zc_count: number;
}

/** Distribution items (SPEC.md §3): industry code or area code, its name, the customer count. */
export interface DistributionItem {
  key: string;
  keyname: string;
  count: number;
}

/** Policy item categories counted on the dashboard. */
export type PolicyCategory = 'sbtz' | 'gsgg' | 'zcdt';

/** One category's count (申报通知 sbtz, 公示公告 gsgg, 政策动态 zcdt) with the items of the last 24 hours. */
export interface CategoryCount {
  key: PolicyCategory;
  keyname: string;
  count: number;
  /** Items published in the last 24 hours (the 24h marker). */
  count_24h: number;
}

/** Recommended project (SPEC.md §3). */
export interface RecommendedProject {
  mid: number;
  name: string;
  dept_name: string;
  start_time: string;
  /** Customers of the member that match it. */
  count: number;
}

/** Own publicity item (SPEC.md §3). */
export interface OwnPublicityItem {
  id: number;
  title: string;
  title2: string;
  dept_name: string;
  publish_time: string;
}

/** Publicity/news item (SPEC.md §3). */
export interface PublicityItem {
  identityid: string;
  title: string;
  companyname: string;
  dept: string;
  publishtime: string;
  qualification: string;
}

export interface SubscriptionItem {
  id: number;
  title: string;
}

export interface NewsItem {
  id: number;
  title: string;
  publish_time: string;
  /** Public detail page id: /news/detail?guid= */
  guid?: string;
}

/** Company info (SPEC.md §3). */
export interface CompanyInfo {
  cus_name: string;
  heightnumber: number;
  cus_count: number;
  reg_capital: string;
  reg_time: string;
  area_name: string;
}

/** IP info (SPEC.md §3). */
export interface IpInfo {
  ipcount1: number;
  ipcount2: number;
  fmzl_count: number;
  rjzzq_count: number;
  syxx_count: number;
  wg_count: number;
}

/** Funding record as a list row (SPEC.md §3). Amount in 万元. */
export interface FundingRow {
  id: number;
  projectname: string;
  depname: string;
  amount: number;
}

/** Funding chart row (SPEC.md §3). */
export interface FundingSummaryRow {
  dept_name: string;
  amount: number;
  count: number;
}

/** A page of a list that can grow (ARCHITECTURE.md §4). */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/** The two "more" calls answer data.success and a list (SPEC.md §7). */
export interface PagedSuccess<T> extends Page<T> {
  success: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Appended with the server side of the dashboard (issue 4): the remaining calls of SPEC.md §7 and the types
// of the calls above that had none. docs/api-content.md gives the meaning of each call.

/** The other GET paths of SPEC.md §7 that the dashboard family answers (same data as their HOME_API twins). */
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

/** A customer company of the member (getCustomers rows, getCusData). Amounts in 万元. */
export interface CustomerItem {
  id: number;
  cus_name: string;
  /** GB/T 4754 section letter. */
  industry_code: string;
  industry_name: string;
  city_code: string;
  city_name: string;
  /** District code (the city code for cities without districts). */
  area_code: string;
  area_name: string;
  is_hightech: boolean;
  /** Registered capital, 万元. */
  reg_capital: number;
  /** Registration date, YYYY-MM-DD. */
  reg_time: string;
  /** When the member added it (ISO-8601 UTC). */
  created_at: string;
}

/**
 * The dashboard's customer counts the customer list can show (getCustomers `type`): sb the customers an open
 * declaration notice matches (sb_count), gs those named in a public notice (gs_count), zc those recent policy news
 * matches (zc_count).
 */
export const CUSTOMER_LIST_TYPES = ['sb', 'gs', 'zc'] as const;
export type CustomerListType = (typeof CUSTOMER_LIST_TYPES)[number];

/** Query of getCustomers: every filter optional, all of them must hold; page >= 1, size 1..100 (default 10). */
export interface CustomersQuery {
  /** A city code or a district code of regions.ts. */
  area?: string;
  industry_code?: string;
  /** Any of these GB/T 4754 sections, comma-separated (`'C,I'`), at most INDUSTRY_CODES_MAX. */
  industry_codes?: string;
  is_hightech?: 0 | 1;
  /** Only the customers of one dashboard count; its `total` then equals that count when no other filter is set. */
  type?: CustomerListType;
  page?: number;
  size?: number;
}

/** getUserInfo: who the member is, for the dashboard header. */
export interface MemberUserInfo {
  user_id: number;
  username: string;
  company_name: string;
  avatar: string;
  level: number;
  level_name: string;
  is_sub: boolean;
  gid: number | null;
  expired_time: string | null;
  /** Whole days until expiry (0 once expired), null without expiry. */
  days_left: number | null;
  /** The member's city (default area of the region chart). */
  citycode: string;
  cityname: string;
}

/** GetSetmeal: the plan that applies to the member. */
export interface SetmealInfo {
  gid: number | null;
  /** Plan name, or the level name for a member without a plan id. */
  name: string;
  level: number;
  level_name: string;
  expired_time: string | null;
  days_left: number | null;
  expired: boolean;
}

/** GetGrowthRate: customers added in one month (Asia/Shanghai) and the change on the month before. */
export interface GrowthItem {
  /** YYYY-MM */
  month: string;
  count: number;
  /** Month-on-month change in percent (2 decimals); null when the month before had none. */
  rate: number | null;
}

/** GetDeptCountByUserName row. */
export interface DeptCount {
  dept_name: string;
  count: number;
}

/** GetBusinessSituation: the member's customers by registered capital band and by years since registration. */
export interface BusinessSituation {
  capital: DistributionItem[];
  age: DistributionItem[];
}

/** One part of the high-tech enterprise self-assessment (高新技术企业认定评分). */
export interface HtsGradeItem {
  name: string;
  score: number;
  max: number;
}

/** getGrade: a customer's high-tech enterprise score (100 points, 71 to pass) and grade A-D. */
export interface HtsGrade {
  customer_id: number;
  cus_name: string;
  score: number;
  grade: 'A' | 'B' | 'C' | 'D';
  /** What the grade means, e.g. 达标，可申报. */
  conclusion: string;
  items: HtsGradeItem[];
}

/** getCusAllInfo / GetFenxiDataById: everything about one customer. */
export interface CustomerDetail {
  customer: CustomerItem;
  ip: IpInfo;
  grade: HtsGrade;
  /** Public-notice items naming the customer, newest first (at most 20). */
  publicity: PublicityItem[];
}

/** POST DelPublicityListById data. */
export interface FundingDeleted {
  deleted: number;
}

/** The data of every GET call, by HOME_API / HOME_STATS_API key (the envelope's `data`). */
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

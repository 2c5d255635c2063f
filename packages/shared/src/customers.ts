// The member's customer companies: the list and its query, one customer's detail and high-tech grade, and the
// counts and distributions the dashboard draws from them (SPEC.md §3).
import type { PublicityItem, RecommendedProject } from './policy.js';

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

/** Columns the customer list sorts by (getCustomers `sort`); created_at (newest first) by default. */
export const CUSTOMER_SORTS = ['created_at', 'reg_time', 'reg_capital'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

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
  /** Part of the company name (at most CUSTOMER_KEYWORD_MAX characters). */
  name?: string;
  /** Registration date range, YYYY-MM-DD, both ends included. */
  reg_start?: string;
  reg_end?: string;
  /** Registered capital range in 万元, both ends included. */
  capital_min?: number;
  capital_max?: number;
  sort?: CustomerSort;
  /** desc by default. */
  order?: SortOrder;
  page?: number;
  size?: number;
}

/** The customer export's query: the list's filters and order without paging. */
export type CustomersExportQuery = Omit<CustomersQuery, 'page' | 'size'>;

/** An open project a customer matches (its region and industry are in the project's scope). */
export type CustomerProject = Omit<RecommendedProject, 'count'>;

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

/** GetGrowthRate: customers added in one month (Asia/Shanghai) and the change on the month before. */
export interface GrowthItem {
  /** YYYY-MM */
  month: string;
  count: number;
  /** Month-on-month change in percent (2 decimals); null when the month before had none. */
  rate: number | null;
}

/** GetBusinessSituation: the member's customers by registered capital band and by years since registration. */
export interface BusinessSituation {
  capital: DistributionItem[];
  age: DistributionItem[];
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
  /** Qualifications: 高新技术企业 when it holds one, then those its public notices name. */
  qualifications: string[];
  /** Open projects (started in the last 180 days) whose scope covers the customer, newest first (at most 10). */
  projects: CustomerProject[];
}

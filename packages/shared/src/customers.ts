// The member's customer companies: the list and its query, one customer's detail and high-tech grade, and the
// counts and distributions the dashboard draws from them (docs/requirements.md §3).
import { z } from 'zod';
import { publicityItemSchema, recommendedProjectSchema } from './policy.js';

/** A customer company of the member (getCustomers rows, getCusData). Amounts in 万元. */
export const customerItemSchema = z.object({
  id: z.number(),
  cus_name: z.string(),
  /** GB/T 4754 section letter. */
  industry_code: z.string(),
  industry_name: z.string(),
  city_code: z.string(),
  city_name: z.string(),
  /** District code (the city code for cities without districts). */
  area_code: z.string(),
  area_name: z.string(),
  is_hightech: z.boolean(),
  /** Registered capital, 万元. */
  reg_capital: z.number(),
  /** Registration date, YYYY-MM-DD. */
  reg_time: z.string(),
  /** When the member added it (ISO-8601 UTC). */
  created_at: z.string(),
  /** The member's tags on it (the list and the detail answer them; other calls leave them out). */
  tags: z.array(z.string()).optional(),
});
export type CustomerItem = z.infer<typeof customerItemSchema>;

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
  /** Only the customers carrying this tag of the member's. */
  tag?: string;
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
export const customerProjectSchema = recommendedProjectSchema.omit({ count: true });
export type CustomerProject = z.infer<typeof customerProjectSchema>;

/** Customer summary (docs/requirements.md §3 "fwskh"). */
export const customerSummarySchema = z.object({
  /** All customers of the member. */
  member_count: z.number(),
  /** Customers with the high-tech enterprise qualification. */
  high_tech_count: z.number(),
  /** Customers that match at least one open declaration notice (申报). */
  sb_count: z.number(),
  /** Customers named in a public-notice announcement (公示). */
  gs_count: z.number(),
  /** Customers matched by policy news (政策) of their industry and region. */
  zc_count: z.number(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/** Distribution items (docs/requirements.md §3): industry code or area code, its name, the customer count. */
export const distributionItemSchema = z.object({
  key: z.string(),
  keyname: z.string(),
  count: z.number(),
});
export type DistributionItem = z.infer<typeof distributionItemSchema>;

/** GetGrowthRate: customers added in one month (Asia/Shanghai) and the change on the month before. */
export const growthItemSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  count: z.number(),
  /** Month-on-month change in percent (2 decimals); null when the month before had none. */
  rate: z.number().nullable(),
});
export type GrowthItem = z.infer<typeof growthItemSchema>;

/** GetBusinessSituation: the member's customers by registered capital band and by years since registration. */
export const businessSituationSchema = z.object({
  capital: z.array(distributionItemSchema),
  age: z.array(distributionItemSchema),
});
export type BusinessSituation = z.infer<typeof businessSituationSchema>;

/** Company info (docs/requirements.md §3). */
export const companyInfoSchema = z.object({
  cus_name: z.string(),
  heightnumber: z.number(),
  cus_count: z.number(),
  reg_capital: z.string(),
  reg_time: z.string(),
  area_name: z.string(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;

/** IP info (docs/requirements.md §3). */
export const ipInfoSchema = z.object({
  ipcount1: z.number(),
  ipcount2: z.number(),
  fmzl_count: z.number(),
  rjzzq_count: z.number(),
  syxx_count: z.number(),
  wg_count: z.number(),
});
export type IpInfo = z.infer<typeof ipInfoSchema>;

/** One part of the high-tech enterprise self-assessment (高新技术企业认定评分). */
export const htsGradeItemSchema = z.object({
  name: z.string(),
  score: z.number(),
  max: z.number(),
});
export type HtsGradeItem = z.infer<typeof htsGradeItemSchema>;

/** getGrade: a customer's high-tech enterprise score (100 points, 71 to pass) and grade A-D. */
export const htsGradeSchema = z.object({
  customer_id: z.number(),
  cus_name: z.string(),
  score: z.number(),
  grade: z.enum(['A', 'B', 'C', 'D']),
  /** What the grade means, e.g. 达标，可申报. */
  conclusion: z.string(),
  items: z.array(htsGradeItemSchema),
});
export type HtsGrade = z.infer<typeof htsGradeSchema>;

/** getCusAllInfo / GetFenxiDataById: everything about one customer. */
export const customerDetailSchema = z.object({
  customer: customerItemSchema,
  ip: ipInfoSchema,
  grade: htsGradeSchema,
  /** Public-notice items naming the customer, newest first (at most 20). */
  publicity: z.array(publicityItemSchema),
  /** Qualifications: 高新技术企业 when it holds one, then those its public notices name. */
  qualifications: z.array(z.string()),
  /** Open projects (started in the last 180 days) whose scope covers the customer, newest first (at most 10). */
  projects: z.array(customerProjectSchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

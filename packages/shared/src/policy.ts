// Policy items the dashboard lists and counts: declaration notices, public notices, policy news, recommended
// projects and the member's own publicity (SPEC.md §3).

/** Policy item categories counted on the dashboard. */
export type PolicyCategory = 'sbtz' | 'gsgg' | 'zcdt';

/** The categories with their names, in the order the dashboard and the login page show them. */
export const POLICY_CATEGORIES: readonly { key: PolicyCategory; keyname: string }[] = [
  { key: 'sbtz', keyname: '申报通知' },
  { key: 'gsgg', keyname: '公示公告' },
  { key: 'zcdt', keyname: '政策动态' },
];

/** One category's count (申报通知 sbtz, 公示公告 gsgg, 政策动态 zcdt) with the items of the last 24 hours. */
export interface CategoryCount {
  key: PolicyCategory;
  keyname: string;
  count: number;
  /** Items published in the last 24 hours (the 24h marker). */
  count_24h: number;
}

/** GetDeptCountByUserName row: policy items of the member's region per issuing department. */
export interface DeptCount {
  dept_name: string;
  count: number;
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

/** A policy news item of the latest-releases lists. */
export interface NewsItem {
  id: number;
  title: string;
  publish_time: string;
  /** Public detail page id: /news/detail?guid= */
  guid?: string;
}

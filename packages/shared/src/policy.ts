// Policy items the dashboard lists and counts: declaration notices, public notices, policy news, recommended
// projects and the member's own publicity (docs/requirements.md §3). The response shapes are zod schemas, their types inferred.
import { z } from 'zod';

/** Policy item categories counted on the dashboard. */
export const POLICY_CATEGORY_KEYS = ['sbtz', 'gsgg', 'zcdt'] as const;
export type PolicyCategory = (typeof POLICY_CATEGORY_KEYS)[number];

/** The categories with their names, in the order the dashboard and the login page show them. */
export const POLICY_CATEGORIES: readonly { key: PolicyCategory; keyname: string }[] = [
  { key: 'sbtz', keyname: '申报通知' },
  { key: 'gsgg', keyname: '公示公告' },
  { key: 'zcdt', keyname: '政策动态' },
];

/** One category's count (申报通知 sbtz, 公示公告 gsgg, 政策动态 zcdt) with the items of the last 24 hours. */
export const categoryCountSchema = z.object({
  key: z.enum(POLICY_CATEGORY_KEYS),
  keyname: z.string(),
  count: z.number(),
  /** Items published in the last 24 hours (the 24h marker). */
  count_24h: z.number(),
});
export type CategoryCount = z.infer<typeof categoryCountSchema>;

/** GetDeptCountByUserName row: policy items of the member's region per issuing department. */
export const deptCountSchema = z.object({
  dept_name: z.string(),
  count: z.number(),
});
export type DeptCount = z.infer<typeof deptCountSchema>;

/** Recommended project (docs/requirements.md §3). */
export const recommendedProjectSchema = z.object({
  mid: z.number(),
  name: z.string(),
  dept_name: z.string(),
  start_time: z.string(),
  /** Customers of the member that match it. */
  count: z.number(),
  /** Its 申报通知 (the policy item whose page opens for it), or null when none is known. */
  item_id: z.number().nullable(),
});
export type RecommendedProject = z.infer<typeof recommendedProjectSchema>;

/** Own publicity item (docs/requirements.md §3). */
export const ownPublicityItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  title2: z.string(),
  dept_name: z.string(),
  publish_time: z.string(),
  /** Its 公示公告 (the policy item whose page opens for it), or null when none is known. */
  item_id: z.number().nullable(),
});
export type OwnPublicityItem = z.infer<typeof ownPublicityItemSchema>;

/** Publicity/news item (docs/requirements.md §3). */
export const publicityItemSchema = z.object({
  identityid: z.string(),
  title: z.string(),
  companyname: z.string(),
  dept: z.string(),
  publishtime: z.string(),
  qualification: z.string(),
  /** The 公示公告 whose 公示名单 names the company (the policy item whose page opens for it), or null. */
  item_id: z.number().nullable(),
});
export type PublicityItem = z.infer<typeof publicityItemSchema>;

/** A policy news item of the latest-releases lists. */
export const newsItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  publish_time: z.string(),
  /** Public detail page id: /news/detail?guid= */
  guid: z.string().optional(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

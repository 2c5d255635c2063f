// Response shapes of the dashboard statistics (SPEC.md §3 field names).
import type {
  BusinessSituation,
  CategoryCount,
  CustomerSummary,
  DeptCount,
  DistributionItem,
  GrowthItem,
  RecommendedProject,
} from '@uc/shared';
import { z } from 'zod';

export const distributionItemSchema = z.object({
  key: z.string(),
  keyname: z.string(),
  count: z.number(),
}) satisfies z.ZodType<DistributionItem>;

export const customerSummarySchema = z.object({
  member_count: z.number(),
  high_tech_count: z.number(),
  sb_count: z.number(),
  gs_count: z.number(),
  zc_count: z.number(),
}) satisfies z.ZodType<CustomerSummary>;

export const categoryCountSchema = z.object({
  key: z.enum(['sbtz', 'gsgg', 'zcdt']),
  keyname: z.string(),
  count: z.number(),
  count_24h: z.number(),
}) satisfies z.ZodType<CategoryCount>;

export const recommendedProjectSchema = z.object({
  mid: z.number(),
  name: z.string(),
  dept_name: z.string(),
  start_time: z.string(),
  count: z.number(),
}) satisfies z.ZodType<RecommendedProject>;

export const growthItemSchema = z.object({
  month: z.string(),
  count: z.number(),
  rate: z.number().nullable(),
}) satisfies z.ZodType<GrowthItem>;

export const deptCountSchema = z.object({
  dept_name: z.string(),
  count: z.number(),
}) satisfies z.ZodType<DeptCount>;

export const businessSituationSchema = z.object({
  capital: z.array(distributionItemSchema),
  age: z.array(distributionItemSchema),
}) satisfies z.ZodType<BusinessSituation>;

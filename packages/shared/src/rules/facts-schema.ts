// The questionnaire's answers as a request carries them: every field optional, every number bounded, every message
// Chinese. Unknown fields are dropped.
import { z } from 'zod';
import { MSG } from '../messages.js';
import {
  CHUANGKE_RANKS,
  JUDGED_BANDS,
  KEY_FIELD_KINDS,
  QUALITY_ITEMS,
  RD_INSTITUTE_LEVELS,
  RD_ORG_CLAUSES,
  SCI_AWARD_LEVELS,
} from './facts.js';

/** 万元 amounts up to 1,000 亿元; counts up to a million. */
const AMOUNT_MAX = 10_000_000;
const COUNT_MAX = 1_000_000;

const amountYear = z
  .number({ error: MSG.policyNumberInvalid })
  .finite(MSG.policyNumberInvalid)
  .min(-AMOUNT_MAX, MSG.policyNumberInvalid)
  .max(AMOUNT_MAX, MSG.policyNumberInvalid)
  .nullable();
const nonNegativeYear = z
  .number({ error: MSG.policyNumberInvalid })
  .finite(MSG.policyNumberInvalid)
  .min(0, MSG.policyNumberInvalid)
  .max(AMOUNT_MAX, MSG.policyNumberInvalid)
  .nullable();
const nonNegative = nonNegativeYear.optional();
const count = z
  .number({ error: MSG.policyCountInvalid })
  .int(MSG.policyCountInvalid)
  .min(0, MSG.policyCountInvalid)
  .max(COUNT_MAX, MSG.policyCountInvalid)
  .nullable()
  .optional();
const percent = z
  .number({ error: MSG.policyPercentInvalid })
  .finite(MSG.policyPercentInvalid)
  .min(0, MSG.policyPercentInvalid)
  .max(100, MSG.policyPercentInvalid)
  .nullable()
  .optional();
const flag = z.boolean({ error: MSG.policyChoiceInvalid }).nullable().optional();
const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: MSG.policyChoiceInvalid }).nullable().optional();
const years = z.tuple([amountYear, amountYear, amountYear], { error: MSG.policyYearsInvalid }).optional();
const nonNegativeYears = z
  .tuple([nonNegativeYear, nonNegativeYear, nonNegativeYear], { error: MSG.policyYearsInvalid })
  .optional();

/** YYYY-MM-DD of a real calendar day between 1900 and 2100. */
const date = z
  .string({ error: MSG.policyDateInvalid })
  .max(10, MSG.policyDateInvalid)
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.policyDateInvalid)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return (
      !Number.isNaN(d.getTime()) &&
      d.toISOString().slice(0, 10) === v &&
      v >= '1900-01-01' &&
      v <= '2100-12-31'
    );
  }, MSG.policyDateInvalid)
  .nullable()
  .optional();
const code = z
  .string({ error: MSG.policyChoiceInvalid })
  .max(12, MSG.policyChoiceInvalid)
  .regex(/^[0-9A-Z]+$/, MSG.policyChoiceInvalid)
  .nullable()
  .optional();

export const companyFactsSchema = z
  .object(
    {
      reg_time: date,
      industry_code: code,
      area_code: code,
      is_hightech: flag,
      ip_class1: count,
      ip_class2: count,
      is_sme: flag,
      good_standing: flag,
      no_major_incident: flag,
      staff_total: count,
      staff_tech: count,
      staff_rd: count,
      revenue: nonNegativeYears,
      main_revenue: nonNegativeYears,
      net_assets: years,
      rd_expense: nonNegativeYears,
      rd_domestic_pct: percent,
      hightech_income_pct: percent,
      debt_ratio_pct: z
        .number({ error: MSG.policyNumberInvalid })
        .finite(MSG.policyNumberInvalid)
        .min(0, MSG.policyNumberInvalid)
        .max(1000, MSG.policyNumberInvalid)
        .nullable()
        .optional(),
      net_profit_pct: z
        .number({ error: MSG.policyNumberInvalid })
        .finite(MSG.policyNumberInvalid)
        .min(-1000, MSG.policyNumberInvalid)
        .max(100, MSG.policyNumberInvalid)
        .nullable()
        .optional(),
      equity_2y: nonNegative,
      equity_3y: nonNegative,
      ip_class1_self: count,
      ip_high_value: count,
      ip_class1_applied: count,
      ip_acquisition: choice(['self', 'transfer'] as const),
      tech_advancement: choice(JUDGED_BANDS),
      core_support: choice(JUDGED_BANDS),
      standards: flag,
      conversions_3y: count,
      rd_org: z
        .array(z.enum(RD_ORG_CLAUSES, { error: MSG.policyChoiceInvalid }), { error: MSG.policyChoiceInvalid })
        .max(RD_ORG_CLAUSES.length, MSG.policyChoiceInvalid)
        .nullable()
        .optional(),
      in_hightech_field: flag,
      innovation_honour: flag,
      sci_award: choice(SCI_AWARD_LEVELS),
      sci_award_rank: z
        .number({ error: MSG.policyCountInvalid })
        .int(MSG.policyCountInvalid)
        .min(1, MSG.policyCountInvalid)
        .max(1000, MSG.policyCountInvalid)
        .nullable()
        .optional(),
      rd_institute: choice(RD_INSTITUTE_LEVELS),
      chuangke: choice(CHUANGKE_RANKS),
      niche_years: z
        .number({ error: MSG.policyNumberInvalid })
        .finite(MSG.policyNumberInvalid)
        .min(0, MSG.policyNumberInvalid)
        .max(200, MSG.policyNumberInvalid)
        .nullable()
        .optional(),
      strategic_emerging: flag,
      key_field: choice(KEY_FIELD_KINDS),
      digital_level: z
        .number({ error: MSG.policyChoiceInvalid })
        .int(MSG.policyChoiceInvalid)
        .min(1, MSG.policyChoiceInvalid)
        .max(4, MSG.policyChoiceInvalid)
        .nullable()
        .optional(),
      quality: z
        .array(z.enum(QUALITY_ITEMS, { error: MSG.policyChoiceInvalid }), { error: MSG.policyChoiceInvalid })
        .max(QUALITY_ITEMS.length, MSG.policyChoiceInvalid)
        .nullable()
        .optional(),
      featured_points: z
        .number({ error: MSG.policyFeaturedInvalid })
        .finite(MSG.policyFeaturedInvalid)
        .min(0, MSG.policyFeaturedInvalid)
        .max(15, MSG.policyFeaturedInvalid)
        .nullable()
        .optional(),
      info_system: flag,
      market_share_pct: percent,
      key_product_field: flag,
    },
    { error: MSG.policyAnswersInvalid },
  )
  .refine(
    (f) =>
      f.staff_tech === null ||
      f.staff_tech === undefined ||
      f.staff_total === null ||
      f.staff_total === undefined ||
      f.staff_tech <= f.staff_total,
    { message: MSG.policyStaffInvalid, path: ['staff_tech'] },
  )
  .refine(
    (f) =>
      f.staff_rd === null ||
      f.staff_rd === undefined ||
      f.staff_total === null ||
      f.staff_total === undefined ||
      f.staff_rd <= f.staff_total,
    { message: MSG.policyStaffInvalid, path: ['staff_rd'] },
  );

export type CompanyFactsInput = z.infer<typeof companyFactsSchema>;

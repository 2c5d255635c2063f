// Response schemas of the policy tools. The evaluations are the rules' own shapes (@uc/shared rules/), sent as built.
import {
  type CompanyFacts,
  type CompanyFactsResult,
  type CustomerFacts,
  customerItemSchema,
  type HtsScoreResult,
  type OpenPolicyItem,
  type PolicyCustomersResult,
  type PolicyMatchResult,
  type SmeEvaluationResult,
  USE_COSTS,
} from '@uc/shared';
import { z } from 'zod';

const subjectSchema = z.object({ customer_id: z.number().nullable(), cus_name: z.string() });
/** What the evaluation cost: none, one usage credit, or nothing since its result is not complete (资料待补充). */
const costSchema = z.enum(USE_COSTS);
/**
 * The questionnaire's fields (CompanyFacts, 46 of them, each a number, flag, choice or list): described as an open
 * object, since the request schema (companyFactsSchema) is where each field is checked.
 */
const factsSchema = z.record(z.string(), z.unknown()) as unknown as z.ZodType<CompanyFacts, CompanyFacts>;

const conditionSchema = z.object({
  key: z.string(),
  name: z.string(),
  status: z.enum(['pass', 'fail', 'unknown']),
  detail: z.string(),
  basis: z.string(),
});
const indicatorSchema = z.object({
  key: z.string(),
  name: z.string(),
  max: z.number(),
  score: z.number(),
  score_max: z.number(),
  band: z.string().nullable(),
  detail: z.string(),
  basis: z.string(),
  known: z.boolean(),
});
const itemSchema = z.object({
  key: z.string(),
  name: z.string(),
  max: z.number(),
  score: z.number(),
  score_max: z.number(),
  indicators: z.array(indicatorSchema),
});

export const customerFactsSchema = z.object({
  customer: customerItemSchema,
  prefill: factsSchema,
  saved: z.boolean(),
  facts: factsSchema,
}) satisfies z.ZodType<unknown, CustomerFacts>;

export const htsScoreSchema = z.object({
  subject: subjectSchema,
  as_of: z.string(),
  facts: factsSchema,
  evaluation: z.object({
    total: z.number(),
    total_max: z.number(),
    line: z.number(),
    items: z.array(itemSchema),
    conditions: z.array(conditionSchema),
    status: z.enum(['pass', 'fail', 'unknown']),
    advice: z.array(z.string()),
  }),
  cost: costSchema,
}) satisfies z.ZodType<unknown, HtsScoreResult>;

const levelSchema = z.object({
  key: z.enum(['innovative', 'specialized', 'giant']),
  name: z.string(),
  total: z.number().nullable(),
  line: z.number().nullable(),
  items: z.array(itemSchema),
  conditions: z.array(conditionSchema),
  direct: z.array(conditionSchema),
  status: z.enum(['pass', 'fail', 'unknown']),
});

export const smeEvaluationSchema = z.object({
  subject: subjectSchema,
  as_of: z.string(),
  facts: factsSchema,
  evaluation: z.object({
    levels: z.array(levelSchema),
    reached: z.enum(['innovative', 'specialized', 'giant']).nullable(),
    next: z
      .object({
        key: z.enum(['innovative', 'specialized', 'giant']),
        name: z.string(),
        gaps: z.array(z.string()),
      })
      .nullable(),
  }),
  cost: costSchema,
}) satisfies z.ZodType<unknown, SmeEvaluationResult>;

const outcomeSchema = z.object({
  key: z.string(),
  name: z.string(),
  status: z.enum(['pass', 'fail', 'unknown']),
  detail: z.string(),
});

export const policyMatchSchema = z.object({
  subject: subjectSchema,
  as_of: z.string(),
  counts: z.object({ 完全匹配: z.number(), 部分匹配: z.number(), 不匹配: z.number() }),
  items: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      dept_name: z.string(),
      publish_time: z.string(),
      end_time: z.string(),
      programme: z.string().nullable(),
      level: z.enum(['完全匹配', '部分匹配', '不匹配']),
      met: z.array(outcomeSchema),
      missing: z.array(outcomeSchema),
      unknown: z.array(outcomeSchema),
    }),
  ),
  cost: costSchema,
}) satisfies z.ZodType<unknown, PolicyMatchResult>;

export const companyFactsResultSchema = z.object({
  company_name: z.string(),
  saved: z.boolean(),
  facts: factsSchema,
}) satisfies z.ZodType<unknown, CompanyFactsResult>;

export const openPolicyItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  dept_name: z.string(),
  end_time: z.string(),
  programme: z.string().nullable(),
}) satisfies z.ZodType<unknown, OpenPolicyItem>;

const levelEnum = z.enum(['完全匹配', '部分匹配', '不匹配']);

export const policyCustomersSchema = z.object({
  item: openPolicyItemSchema,
  as_of: z.string(),
  counts: z.object({ 完全匹配: z.number(), 部分匹配: z.number(), 不匹配: z.number() }),
  list: z.array(
    z.object({
      customer: customerItemSchema,
      answered: z.boolean(),
      level: levelEnum,
      met: z.array(outcomeSchema),
      missing: z.array(outcomeSchema),
      unknown: z.array(outcomeSchema),
    }),
  ),
  total: z.number(),
  page: z.number(),
  size: z.number(),
}) satisfies z.ZodType<unknown, PolicyCustomersResult>;

// What the policy tools answer: the subject assessed, the evaluations of rules/ and the policy match list. Each answer
// is a zod schema (the server's response schema) with its type inferred beside it; the evaluations are described
// field by field as rules/ builds them, and checked against the rules' own types so the two cannot drift apart.
import { z } from 'zod';
import { customerItemSchema } from './customers.js';
import type { CompanyFacts } from './rules/facts.js';
import type { HtsEvaluation } from './rules/hightech.js';
import type { ConditionOutcome, MatchLevel } from './rules/policy-match.js';
import type { RuleCondition, ScoredIndicator, ScoredItem } from './rules/scoring.js';
import type { LevelEvaluation, SmeEvaluation } from './rules/sme.js';

/**
 * What an evaluation cost the member: `credit` one usage credit of the tool; `incomplete` nothing, since its result
 * waits for answers the member has not given (资料待补充); `none` nothing, the member's level includes the tool (or
 * the call is free, as 快速匹配).
 */
export type UseCost = 'none' | 'credit' | 'incomplete';
export const USE_COSTS = ['none', 'credit', 'incomplete'] as const satisfies readonly UseCost[];

/** A 高企评分 reached its conclusion: no condition or score is left waiting for an answer (资料待补充). */
export const htsComplete = (evaluation: Pick<HtsEvaluation, 'status'>): boolean =>
  evaluation.status !== 'unknown';

/**
 * A 梯度 evaluation reached its conclusion: every level is reached, or the first one not reached is decided (not left
 * waiting for an answer), so the highest level reached is known.
 */
export function smeComplete(evaluation: SmeEvaluation): boolean {
  const next = evaluation.next;
  if (next === null) return true;
  return evaluation.levels.find((level) => level.key === next.key)?.status !== 'unknown';
}

/** Whom a result is about: one of the member's customers, or a company typed in (customer_id null). */
const subjectSchema = z.object({ customer_id: z.number().nullable(), cus_name: z.string() });
export type AssessmentSubject = z.infer<typeof subjectSchema>;

/** What the evaluation cost: none, one usage credit, or nothing since its result is not complete (资料待补充). */
const costSchema = z.enum(USE_COSTS);

/**
 * The questionnaire's fields (CompanyFacts, 46 of them, each a number, flag, choice or list): described as an open
 * object, since the request schema (companyFactsSchema) is where each field is checked.
 */
const factsSchema = z.record(z.string(), z.unknown()) as unknown as z.ZodType<CompanyFacts, CompanyFacts>;

const statusSchema = z.enum(['pass', 'fail', 'unknown']);

const conditionSchema = z.object({
  key: z.string(),
  name: z.string(),
  status: statusSchema,
  detail: z.string(),
  basis: z.string(),
}) satisfies z.ZodType<RuleCondition>;

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
}) satisfies z.ZodType<ScoredIndicator>;

const itemSchema = z.object({
  key: z.string(),
  name: z.string(),
  max: z.number(),
  score: z.number(),
  score_max: z.number(),
  indicators: z.array(indicatorSchema),
}) satisfies z.ZodType<ScoredItem>;

/** GET facts: what the platform knows (prefill), whether answers were saved, and both merged. */
export const customerFactsSchema = z.object({
  customer: customerItemSchema,
  prefill: factsSchema,
  saved: z.boolean(),
  facts: factsSchema,
});
export type CustomerFacts = z.infer<typeof customerFactsSchema>;

const htsEvaluationSchema = z.object({
  total: z.number(),
  total_max: z.number(),
  line: z.number(),
  items: z.array(itemSchema),
  conditions: z.array(conditionSchema),
  status: statusSchema,
  advice: z.array(z.string()),
}) satisfies z.ZodType<HtsEvaluation>;

export const htsScoreResultSchema = z.object({
  subject: subjectSchema,
  /** YYYY-MM-DD (Asia/Shanghai) the rules were applied on. */
  as_of: z.string(),
  facts: factsSchema,
  evaluation: htsEvaluationSchema,
  cost: costSchema,
});
export type HtsScoreResult = z.infer<typeof htsScoreResultSchema>;

const smeLevelKeySchema = z.enum(['innovative', 'specialized', 'giant']);

const levelSchema = z.object({
  key: smeLevelKeySchema,
  name: z.string(),
  total: z.number().nullable(),
  line: z.number().nullable(),
  items: z.array(itemSchema),
  conditions: z.array(conditionSchema),
  direct: z.array(conditionSchema),
  status: statusSchema,
}) satisfies z.ZodType<LevelEvaluation>;

const smeEvaluationSchema = z.object({
  levels: z.array(levelSchema),
  reached: smeLevelKeySchema.nullable(),
  next: z.object({ key: smeLevelKeySchema, name: z.string(), gaps: z.array(z.string()) }).nullable(),
}) satisfies z.ZodType<SmeEvaluation>;

export const smeEvaluationResultSchema = z.object({
  subject: subjectSchema,
  as_of: z.string(),
  facts: factsSchema,
  evaluation: smeEvaluationSchema,
  cost: costSchema,
});
export type SmeEvaluationResult = z.infer<typeof smeEvaluationResultSchema>;

const matchLevelSchema = z.enum(['完全匹配', '部分匹配', '不匹配']) satisfies z.ZodType<MatchLevel>;
const countsSchema = z.object({ 完全匹配: z.number(), 部分匹配: z.number(), 不匹配: z.number() });

const outcomeSchema = z.object({
  key: z.string(),
  name: z.string(),
  status: statusSchema,
  detail: z.string(),
}) satisfies z.ZodType<ConditionOutcome>;

/** A policy's match level and its conditions met, missing and undecided, as both match lists end their rows. */
const matchFields = {
  level: matchLevelSchema,
  met: z.array(outcomeSchema),
  missing: z.array(outcomeSchema),
  unknown: z.array(outcomeSchema),
};

export const policyMatchItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  dept_name: z.string(),
  publish_time: z.string(),
  /** The declaration deadline (ISO-8601 UTC). */
  end_time: z.string(),
  /** The programme whose conditions apply, or null (scope only). */
  programme: z.string().nullable(),
  ...matchFields,
});
export type PolicyMatchItem = z.infer<typeof policyMatchItemSchema>;

export const policyMatchResultSchema = z.object({
  subject: subjectSchema,
  as_of: z.string(),
  counts: countsSchema,
  /** 完全匹配 first, then 部分匹配 by fewest gaps, each by nearest deadline; 不匹配 left out. */
  items: z.array(policyMatchItemSchema),
  cost: costSchema,
});
export type PolicyMatchResult = z.infer<typeof policyMatchResultSchema>;

/** The longest list a match returns. */
export const POLICY_MATCH_LIMIT = 200;

/** GET company facts: the answers saved for a typed company name (blank when none). */
export const companyFactsResultSchema = z.object({
  company_name: z.string(),
  saved: z.boolean(),
  facts: factsSchema,
});
export type CompanyFactsResult = z.infer<typeof companyFactsResultSchema>;

/** An open declaration item as the policy picker lists it. */
export const openItemSchema = z.object({
  id: z.number(),
  title: z.string(),
  dept_name: z.string(),
  end_time: z.string(),
  programme: z.string().nullable(),
});
export type OpenPolicyItem = z.infer<typeof openItemSchema>;

/** The levels a customer match list can be filtered on (不匹配 is never listed). */
export const CUSTOMER_MATCH_LEVELS = ['完全匹配', '部分匹配'] as const;

/** One customer against one policy item: its level and the conditions met, missing and undecided. */
const policyCustomerMatchSchema = z.object({
  customer: customerItemSchema,
  /** Whether saved answers were used (otherwise only what the platform knows). */
  answered: z.boolean(),
  ...matchFields,
});
export type PolicyCustomerMatch = z.infer<typeof policyCustomerMatchSchema>;

/** GET match customers: the item, the totals per level, and one page (完全匹配 first, then by fewest gaps). */
export const policyCustomersResultSchema = z.object({
  item: openItemSchema,
  as_of: z.string(),
  counts: countsSchema,
  list: z.array(policyCustomerMatchSchema),
  total: z.number(),
  page: z.number(),
  size: z.number(),
});
export type PolicyCustomersResult = z.infer<typeof policyCustomersResultSchema>;

/** GET facts and GET match export: one of the member's customers. */
export interface PolicyCustomerQuery {
  id: number;
}

/** GET customers and GET match items: the names or titles containing q. */
export interface PolicySearchQuery {
  q?: string;
}

/** GET company facts: a typed company name. */
export interface CompanyFactsQuery {
  name: string;
}

/** Whom a call is about: one of the member's customers, or a typed company name (POST facts clear, POST match fast). */
export type PolicySubjectBody = { customer_id: number } | { company_name: string };

/** POST an assessment (高企评分, 专精特新评测, 精准匹配): whom, and the answers when given. */
export type AssessmentBody = PolicySubjectBody & { answers?: Partial<CompanyFacts> };

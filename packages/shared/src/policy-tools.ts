// What the policy tools answer: the subject assessed, the evaluations of rules/ and the policy match list.
import type { CustomerItem } from './customers.js';
import type { Page } from './paging.js';
import type { CompanyFacts } from './rules/facts.js';
import type { HtsEvaluation } from './rules/hightech.js';
import type { ConditionOutcome, MatchLevel } from './rules/policy-match.js';
import type { SmeEvaluation } from './rules/sme.js';

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
export interface AssessmentSubject {
  customer_id: number | null;
  cus_name: string;
}

/** GET facts: what the platform knows (prefill), whether answers were saved, and both merged. */
export interface CustomerFacts {
  customer: CustomerItem;
  prefill: CompanyFacts;
  saved: boolean;
  facts: CompanyFacts;
}

export interface HtsScoreResult {
  subject: AssessmentSubject;
  /** YYYY-MM-DD (Asia/Shanghai) the rules were applied on. */
  as_of: string;
  facts: CompanyFacts;
  evaluation: HtsEvaluation;
  cost: UseCost;
}

export interface SmeEvaluationResult {
  subject: AssessmentSubject;
  as_of: string;
  facts: CompanyFacts;
  evaluation: SmeEvaluation;
  cost: UseCost;
}

export interface PolicyMatchItem {
  id: number;
  title: string;
  dept_name: string;
  publish_time: string;
  /** The declaration deadline (ISO-8601 UTC). */
  end_time: string;
  /** The programme whose conditions apply, or null (scope only). */
  programme: string | null;
  level: MatchLevel;
  met: ConditionOutcome[];
  missing: ConditionOutcome[];
  unknown: ConditionOutcome[];
}

export interface PolicyMatchResult {
  subject: AssessmentSubject;
  as_of: string;
  counts: Record<MatchLevel, number>;
  /** 完全匹配 first, then 部分匹配 by fewest gaps, each by nearest deadline; 不匹配 left out. */
  items: PolicyMatchItem[];
  cost: UseCost;
}

/** The longest list a match returns. */
export const POLICY_MATCH_LIMIT = 200;

/** GET company facts: the answers saved for a typed company name (blank when none). */
export interface CompanyFactsResult {
  company_name: string;
  saved: boolean;
  facts: CompanyFacts;
}

/** An open declaration item as the policy picker lists it. */
export interface OpenPolicyItem {
  id: number;
  title: string;
  dept_name: string;
  end_time: string;
  programme: string | null;
}

/** The levels a customer match list can be filtered on (不匹配 is never listed). */
export const CUSTOMER_MATCH_LEVELS = ['完全匹配', '部分匹配'] as const;

/** One customer against one policy item: its level and the conditions met, missing and undecided. */
export interface PolicyCustomerMatch {
  customer: CustomerItem;
  /** Whether saved answers were used (otherwise only what the platform knows). */
  answered: boolean;
  level: MatchLevel;
  met: ConditionOutcome[];
  missing: ConditionOutcome[];
  unknown: ConditionOutcome[];
}

/** GET match customers: the item, the totals per level, and one page (完全匹配 first, then by fewest gaps). */
export interface PolicyCustomersResult extends Page<PolicyCustomerMatch> {
  item: OpenPolicyItem;
  as_of: string;
  counts: Record<MatchLevel, number>;
}

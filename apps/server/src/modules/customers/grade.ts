// A customer's facts as the policy tools see them (what the platform knows, under the member's saved answers) and
// its high-tech enterprise grade, from the official rules (@uc/shared rules/hightech.ts), so getGrade and the 高企评分
// page give the same numbers.
import {
  type CompanyFacts,
  companyFactsSchema,
  emptyFacts,
  evaluateHightech,
  type HtsEvaluation,
  type HtsGrade,
  mergeFacts,
  parseJson,
} from '@uc/shared';
import type { CustomerRow } from './repo.js';

/** The customer columns the platform's facts come from. */
export type PrefillRow = Pick<
  CustomerRow,
  'reg_time' | 'industry_code' | 'area_code' | 'is_hightech' | 'ipcount1' | 'ipcount2'
>;

/**
 * Writes what the platform knows of a customer into `target` (every other field left as it is): one facts object can
 * be reused for many customers when they are matched in bulk.
 */
export function prefillInto(target: CompanyFacts, row: PrefillRow): CompanyFacts {
  target.reg_time = row.reg_time;
  target.industry_code = row.industry_code;
  target.area_code = row.area_code;
  target.is_hightech = Number(row.is_hightech) === 1;
  target.ip_class1 = Number(row.ipcount1);
  target.ip_class2 = Number(row.ipcount2);
  return target;
}

/** The 梯度 qualifications held, from the qualification names of the notices naming a customer (none: not held). */
export function heldOf(names: ReadonlySet<string> | undefined) {
  return {
    innovative: names?.has('创新型中小企业') ?? false,
    specialized: names?.has('专精特新中小企业') ?? false,
    giant: names?.has('专精特新"小巨人"企业') ?? false,
  };
}

/** What the platform knows of a customer, before any answer. */
export function prefillOf(row: PrefillRow): CompanyFacts {
  return prefillInto(emptyFacts(), row);
}

/** Saved answers (JSON) over the prefill; unreadable answers count as none. */
export function factsOf(row: PrefillRow, saved: string | null): CompanyFacts {
  return mergeFacts(prefillOf(row), parseJson(saved, companyFactsSchema) ?? {});
}

function conclusionOf(evaluation: HtsEvaluation): string {
  if (evaluation.status === 'pass') return '达标，可申报';
  const failed = evaluation.conditions.filter((c) => c.status === 'fail' && c.key !== 'innovation_score');
  if (failed.length > 0) return `未满足认定条件：${failed.map((c) => c.name).join('；')}`;
  if (evaluation.status === 'unknown')
    return `资料待补充，当前可确认${evaluation.total}分（最高可达${evaluation.total_max}分）`;
  return evaluation.total_max >= evaluation.line ? '接近达标，建议培育' : '差距较大，建议长期培育';
}

/** getGrade: the evaluation folded into the grade shape of docs/requirements.md §3 / §7 (score, grade A-D, four items). */
export function gradeOf(row: CustomerRow, saved: string | null, asOf: string): HtsGrade {
  const evaluation = evaluateHightech(factsOf(row, saved), asOf);
  const score = evaluation.total;
  const grade = score >= 85 ? 'A' : score >= evaluation.line ? 'B' : score >= 60 ? 'C' : 'D';
  return {
    customer_id: row.id,
    cus_name: row.name,
    score,
    grade,
    conclusion: conclusionOf(evaluation),
    items: evaluation.items.map((item) => ({ name: item.name, score: item.score, max: item.max })),
  };
}

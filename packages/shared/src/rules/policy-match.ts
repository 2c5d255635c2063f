// Policy matching: the structured conditions of a policy item and whether a company meets them. A condition the
// company's answers do not decide is "待确认", never a pass. Pure: no I/O, no clock.
import { z } from 'zod';
import { type CompanyFacts, ratioPct, yearsBetween } from './facts.js';
import type { ConditionStatus } from './scoring.js';

/** Qualifications a policy may ask for or exclude. */
export const QUALIFICATIONS = ['hightech', 'innovative', 'specialized', 'giant'] as const;
export type Qualification = (typeof QUALIFICATIONS)[number];

export const QUALIFICATION_NAMES: Record<Qualification, string> = {
  hightech: '高新技术企业',
  innovative: '创新型中小企业',
  specialized: '专精特新中小企业',
  giant: '专精特新"小巨人"企业',
};

const bound = z.number().finite().optional();

/** What a policy item asks; every field optional. Amounts in 万元, ratios in %. */
export const policyConditionsSchema = z.object({
  /** Must hold (e.g. 高企 rewards). */
  requires: z.array(z.enum(QUALIFICATIONS)).optional(),
  /** Must not hold yet (e.g. a first recognition). */
  excludes: z.array(z.enum(QUALIFICATIONS)).optional(),
  sme_only: z.boolean().optional(),
  staff_min: bound,
  staff_max: bound,
  revenue_min: bound,
  revenue_max: bound,
  rd_ratio_min: bound,
  ip_class1_min: bound,
  /** Ⅰ类 and Ⅱ类 together. */
  ip_total_min: bound,
  age_min_years: bound,
  age_max_years: bound,
});
export type PolicyConditions = z.infer<typeof policyConditionsSchema>;

/** The item's place and industry (null: anywhere / any industry), as policy_items stores them. */
export interface PolicyScope {
  city_code: string | null;
  area_code: string | null;
  industry_code: string | null;
}

export type MatchLevel = '完全匹配' | '部分匹配' | '不匹配';

export interface ConditionOutcome {
  key: string;
  name: string;
  status: ConditionStatus;
  detail: string;
}

export interface MatchOutcome {
  level: MatchLevel;
  met: ConditionOutcome[];
  missing: ConditionOutcome[];
  /** Not decided by what is known. */
  unknown: ConditionOutcome[];
}

/** Qualifications the company holds, as far as known (null: not known). */
export type HeldQualifications = Partial<Record<Qualification, boolean | null>>;

export interface MatchSubject {
  facts: CompanyFacts;
  /** The company's city (the area code folds into it). */
  city_code: string | null;
  held: HeldQualifications;
  /** YYYY-MM-DD */
  asOf: string;
}

function outcome(
  key: string,
  name: string,
  known: boolean,
  passes: boolean,
  detail: string,
): ConditionOutcome {
  return { key, name, status: known ? (passes ? 'pass' : 'fail') : 'unknown', detail };
}

const num = (v: number | null | undefined) => (v === null || v === undefined ? '-' : String(v));

/** Every condition of an item checked against the company. Scope first: outside it the item is 不匹配. */
export function matchPolicy(
  scope: PolicyScope,
  conditions: PolicyConditions,
  subject: MatchSubject,
): MatchOutcome {
  const { facts: f } = subject;
  const scopeChecks: ConditionOutcome[] = [];
  if (scope.city_code !== null) {
    scopeChecks.push(
      outcome(
        'region',
        '注册地区',
        subject.city_code !== null,
        subject.city_code === scope.city_code,
        '须在政策适用城市注册',
      ),
    );
  }
  if (scope.area_code !== null) {
    scopeChecks.push(
      outcome(
        'district',
        '注册区县',
        f.area_code !== null,
        f.area_code === scope.area_code,
        '须在政策适用区县注册',
      ),
    );
  }
  if (scope.industry_code !== null) {
    scopeChecks.push(
      outcome(
        'industry',
        '所属行业',
        f.industry_code !== null,
        f.industry_code === scope.industry_code,
        `须属于行业门类${scope.industry_code}`,
      ),
    );
  }
  const checks: ConditionOutcome[] = [];
  for (const q of conditions.requires ?? []) {
    const held = subject.held[q];
    checks.push(
      outcome(
        `requires_${q}`,
        `已获${QUALIFICATION_NAMES[q]}资质`,
        held !== null && held !== undefined,
        held === true,
        held ? '已获' : '未获或未知',
      ),
    );
  }
  for (const q of conditions.excludes ?? []) {
    const held = subject.held[q];
    checks.push(
      outcome(
        `excludes_${q}`,
        `尚未获得${QUALIFICATION_NAMES[q]}资质`,
        held !== null && held !== undefined,
        held === false,
        held ? '已获得' : '尚未获得',
      ),
    );
  }
  if (conditions.sme_only)
    checks.push(
      outcome('sme', '属于中小企业', f.is_sme !== null, f.is_sme === true, f.is_sme ? '是' : '否或未知'),
    );
  if (conditions.staff_min !== undefined || conditions.staff_max !== undefined) {
    const s = f.staff_total;
    const lo = conditions.staff_min ?? 0;
    const hi = conditions.staff_max ?? Number.POSITIVE_INFINITY;
    checks.push(
      outcome(
        'staff',
        `职工人数${conditions.staff_min ?? ''}${conditions.staff_max !== undefined ? `-${conditions.staff_max}` : '人以上'}`,
        s !== null,
        s !== null && s >= lo && s <= hi,
        `职工${num(s)}人`,
      ),
    );
  }
  if (conditions.revenue_min !== undefined || conditions.revenue_max !== undefined) {
    const r = f.revenue[2];
    const lo = conditions.revenue_min ?? 0;
    const hi = conditions.revenue_max ?? Number.POSITIVE_INFINITY;
    const band = conditions.revenue_max !== undefined ? `${lo}-${hi}万元` : `${lo}万元以上`;
    checks.push(
      outcome(
        'revenue',
        `上年度营业收入${band}`,
        r !== null,
        r !== null && r >= lo && r <= hi,
        `营业收入${num(r)}万元`,
      ),
    );
  }
  if (conditions.rd_ratio_min !== undefined) {
    const ratio = ratioPct(f.rd_expense[2], f.revenue[2]);
    checks.push(
      outcome(
        'rd_ratio',
        `研发费用占营业收入不低于${conditions.rd_ratio_min}%`,
        ratio !== null,
        (ratio ?? 0) >= conditions.rd_ratio_min,
        `占比${ratio === null ? '-' : `${ratio}%`}`,
      ),
    );
  }
  if (conditions.ip_class1_min !== undefined) {
    checks.push(
      outcome(
        'ip_class1',
        `Ⅰ类知识产权${conditions.ip_class1_min}项以上`,
        f.ip_class1 !== null,
        (f.ip_class1 ?? 0) >= conditions.ip_class1_min,
        `Ⅰ类${num(f.ip_class1)}项`,
      ),
    );
  }
  if (conditions.ip_total_min !== undefined) {
    const total = f.ip_class1 === null || f.ip_class2 === null ? null : f.ip_class1 + f.ip_class2;
    checks.push(
      outcome(
        'ip_total',
        `知识产权${conditions.ip_total_min}项以上`,
        total !== null,
        (total ?? 0) >= conditions.ip_total_min,
        `共${num(total)}项`,
      ),
    );
  }
  if (conditions.age_min_years !== undefined || conditions.age_max_years !== undefined) {
    const age = f.reg_time === null ? null : yearsBetween(f.reg_time, subject.asOf);
    const lo = conditions.age_min_years ?? 0;
    const hi = conditions.age_max_years ?? Number.POSITIVE_INFINITY;
    const name = conditions.age_max_years !== undefined ? `成立${lo}-${hi}年` : `成立${lo}年以上`;
    checks.push(
      outcome('age', name, age !== null, age !== null && age >= lo && age <= hi, `成立${num(age)}年`),
    );
  }
  const all = [...scopeChecks, ...checks];
  const met = all.filter((c) => c.status === 'pass');
  const missing = all.filter((c) => c.status === 'fail');
  const unknown = all.filter((c) => c.status === 'unknown');
  const outOfScope = scopeChecks.some((c) => c.status === 'fail');
  const level: MatchLevel = outOfScope
    ? '不匹配'
    : missing.length === 0 && unknown.length === 0
      ? '完全匹配'
      : missing.length === 0 || met.length > 0
        ? '部分匹配'
        : '不匹配';
  return { level, met, missing, unknown };
}

/** 完全匹配 first, then 部分匹配 with fewer missing and unknown conditions, then 不匹配. */
export function matchRank(o: MatchOutcome): number {
  const base = o.level === '完全匹配' ? 0 : o.level === '部分匹配' ? 1000 : 1_000_000;
  return base + o.missing.length * 10 + o.unknown.length;
}

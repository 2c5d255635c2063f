import { describe, expect, it } from 'vitest';
import { EXAMPLE_AS_OF, EXAMPLE_SOFTWARE } from './examples.js';
import { type CompanyFacts, emptyFacts } from './facts.js';
import {
  type MatchSubject,
  matchPolicy,
  matchRank,
  type PolicyConditions,
  type PolicyScope,
} from './policy-match.js';

const everywhere: PolicyScope = { city_code: null, area_code: null, industry_code: null };
const subject = (
  over: Partial<CompanyFacts> = {},
  held: MatchSubject['held'] = { hightech: false },
): MatchSubject => ({
  facts: { ...EXAMPLE_SOFTWARE, ...over },
  city_code: '440300',
  held,
  asOf: EXAMPLE_AS_OF,
});
const level = (conditions: PolicyConditions, s = subject(), scope = everywhere) =>
  matchPolicy(scope, conditions, s).level;

describe('matchPolicy, one condition kind at a time', () => {
  it('region and district: outside the scope is 不匹配', () => {
    expect(level({}, subject(), { ...everywhere, city_code: '440300' })).toBe('完全匹配');
    expect(level({}, subject(), { ...everywhere, city_code: '440100' })).toBe('不匹配');
    expect(level({}, subject(), { ...everywhere, city_code: '440300', area_code: '440305' })).toBe(
      '完全匹配',
    );
    expect(level({}, subject(), { ...everywhere, city_code: '440300', area_code: '440306' })).toBe('不匹配');
  });
  it('industry', () => {
    expect(level({}, subject(), { ...everywhere, industry_code: 'I' })).toBe('完全匹配');
    expect(level({}, subject(), { ...everywhere, industry_code: 'C' })).toBe('不匹配');
  });
  it('qualification held or required, and not yet held', () => {
    expect(level({ requires: ['hightech'] }, subject({}, { hightech: true }))).toBe('完全匹配');
    expect(level({ requires: ['hightech'] }, subject({}, { hightech: false }))).toBe('不匹配');
    expect(level({ requires: ['hightech'], ip_total_min: 1 }, subject({}, { hightech: false }))).toBe(
      '部分匹配',
    );
    expect(level({ excludes: ['hightech'] }, subject({}, { hightech: false }))).toBe('完全匹配');
    expect(level({ requires: ['specialized'] }, subject({}, {}))).toBe('部分匹配');
  });
  it('size and revenue bands', () => {
    expect(level({ staff_min: 10, staff_max: 120 })).toBe('完全匹配');
    expect(level({ staff_max: 119, ip_total_min: 1 })).toBe('部分匹配');
    expect(level({ revenue_min: 7800 })).toBe('完全匹配');
    expect(level({ revenue_min: 7801, ip_total_min: 1 })).toBe('部分匹配');
    expect(level({ revenue_max: 7799, ip_total_min: 1 })).toBe('部分匹配');
    expect(level({ sme_only: true })).toBe('完全匹配');
  });
  it('R&D ratio, IP counts, age', () => {
    expect(level({ rd_ratio_min: 5 })).toBe('完全匹配');
    expect(level({ rd_ratio_min: 6, ip_total_min: 1 })).toBe('部分匹配');
    expect(level({ ip_class1_min: 2 })).toBe('完全匹配');
    expect(level({ ip_class1_min: 3, ip_total_min: 8 })).toBe('部分匹配');
    expect(level({ age_min_years: 8 })).toBe('完全匹配');
    expect(level({ age_min_years: 9, ip_total_min: 1 })).toBe('部分匹配');
    expect(level({ age_max_years: 5, ip_total_min: 1 })).toBe('部分匹配');
  });
  it('what the platform does not know is 待确认, never met', () => {
    const unknown = matchPolicy(
      everywhere,
      { rd_ratio_min: 3, revenue_min: 100 },
      { ...subject(), facts: emptyFacts() },
    );
    expect(unknown.level).toBe('部分匹配');
    expect(unknown.unknown.map((c) => c.key)).toEqual(['revenue', 'rd_ratio']);
    expect(unknown.met).toEqual([]);
  });
  it('ranks full matches first, then fewer gaps', () => {
    const full = matchPolicy(everywhere, {}, subject());
    const partial = matchPolicy(everywhere, { revenue_min: 9000, ip_total_min: 1 }, subject());
    const none = matchPolicy({ ...everywhere, industry_code: 'C' }, {}, subject());
    expect(matchRank(full)).toBeLessThan(matchRank(partial));
    expect(matchRank(partial)).toBeLessThan(matchRank(none));
  });
});

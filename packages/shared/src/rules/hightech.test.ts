import { describe, expect, it } from 'vitest';
import { EXAMPLE_AS_OF, EXAMPLE_SOFTWARE, EXAMPLE_YOUNG } from './examples.js';
import { type CompanyFacts, emptyFacts, RD_ORG_CLAUSES } from './facts.js';
import {
  evaluateHightech,
  growthRatePct,
  HTS_PASS_LINE,
  ipQuantityBand,
  requiredRdRatio,
} from './hightech.js';

const facts = (over: Partial<CompanyFacts>): CompanyFacts => ({ ...EXAMPLE_SOFTWARE, ...over });
const indicator = (f: CompanyFacts, key: string) =>
  evaluateHightech(f, EXAMPLE_AS_OF)
    .items.flatMap((i) => i.indicators)
    .find((i) => i.key === key);
const condition = (f: CompanyFacts, key: string) =>
  evaluateHightech(f, EXAMPLE_AS_OF).conditions.find((c) => c.key === key)?.status;

describe('高企 知识产权 (工作指引)', () => {
  it.each([
    [1, 0, 'A', 7, 8],
    [0, 5, 'B', 5, 6],
    [0, 4, 'C', 3, 4],
    [0, 3, 'C', 3, 4],
    [0, 2, 'D', 1, 2],
    [0, 1, 'D', 1, 2],
    [0, 0, 'E', 0, 0],
  ])('数量: Ⅰ类%i Ⅱ类%i -> %s (%i-%i)', (c1, c2, band, low, high) => {
    expect(ipQuantityBand(c1, c2)).toMatchObject({ band, points: [low, high] });
  });

  it.each([
    ['A', 7, 8],
    ['B', 5, 6],
    ['C', 3, 4],
    ['D', 1, 2],
    ['E', 0, 0],
  ] as const)('技术的先进程度 %s -> %i-%i', (band, low, high) => {
    expect(indicator(facts({ tech_advancement: band }), 'tech_advancement')).toMatchObject({
      score: low,
      score_max: high,
    });
    expect(indicator(facts({ core_support: band }), 'core_support')).toMatchObject({
      score: low,
      score_max: high,
    });
  });

  it('获得方式: 自主研发 1-6, 仅受让 1-3, 无知识产权 0', () => {
    expect(indicator(facts({ ip_acquisition: 'self' }), 'ip_acquisition')).toMatchObject({
      score: 1,
      score_max: 6,
    });
    expect(indicator(facts({ ip_acquisition: 'transfer' }), 'ip_acquisition')).toMatchObject({
      score: 1,
      score_max: 3,
    });
    expect(indicator(facts({ ip_class1: 0, ip_class2: 0 }), 'ip_acquisition')).toMatchObject({
      score: 0,
      score_max: 0,
    });
  });

  it('参与标准制定 is a bonus of 1-2 and the item stays within 30', () => {
    expect(indicator(facts({ standards: true }), 'standards')).toMatchObject({ score: 1, score_max: 2 });
    expect(indicator(facts({ standards: false }), 'standards')).toMatchObject({ score: 0, score_max: 0 });
    const best = evaluateHightech(facts({ tech_advancement: 'A', ip_acquisition: 'self' }), EXAMPLE_AS_OF)
      .items[0];
    expect(best?.score_max).toBe(30);
  });
});

describe('高企 科技成果转化能力 by yearly average', () => {
  it.each([
    [15, 'A', 25, 30],
    [14, 'B', 19, 24],
    [12, 'B', 19, 24],
    [11, 'C', 13, 18],
    [9, 'C', 13, 18],
    [6, 'D', 7, 12],
    [5, 'E', 1, 6],
    [3, 'E', 1, 6],
    [2, 'F', 0, 0],
    [0, 'F', 0, 0],
  ])('%i in three years -> %s', (n, band, low, high) => {
    expect(indicator(facts({ conversions_3y: n }), 'conversions')).toMatchObject({
      band,
      score: low,
      score_max: high,
    });
  });

  it('counts the actual years when the company is younger than three years', () => {
    // Registered 2024-06-01: two whole years by 2026-11-24, 4 conversions -> 2 a year -> D.
    expect(indicator(facts({ reg_time: '2024-06-01', conversions_3y: 4 }), 'conversions')).toMatchObject({
      band: 'D',
    });
  });
});

describe('高企 研究开发组织管理水平', () => {
  it('splits each part evenly over its clauses', () => {
    const all = evaluateHightech(
      facts({
        rd_org: [...RD_ORG_CLAUSES],
      }),
      EXAMPLE_AS_OF,
    ).items[2];
    expect(all?.score).toBe(20);
    const none = evaluateHightech(facts({ rd_org: [] }), EXAMPLE_AS_OF).items[2];
    expect(none?.score).toBe(0);
    expect(indicator(facts({ rd_org: ['system'] }), 'rd_org_1')?.score).toBe(2);
    expect(indicator(facts({ rd_org: ['institute'] }), 'rd_org_2')?.score).toBe(3);
    expect(indicator(facts({ rd_org: ['platform'] }), 'rd_org_3')?.score).toBe(2);
    expect(indicator(facts({ rd_org: ['talent'] }), 'rd_org_4')?.score).toBe(1);
  });
});

describe('高企 企业成长性', () => {
  it('computes 1/2 × (A2/A1 + A3/A2) − 1', () => {
    expect(growthRatePct([100, 120, 144])).toBe(20);
    expect(growthRatePct([0, 100, 150])).toBe(50);
    expect(growthRatePct([100, 0, 150])).toBeNull();
    expect(growthRatePct([100, null, 150])).toBe('unknown');
  });

  it.each([
    [[100, 135, 182.25], 'A', 9, 10],
    [[100, 125, 156.25], 'B', 7, 8],
    [[100, 115, 132.25], 'C', 5, 6],
    [[100, 105, 110.25], 'D', 3, 4],
    [[100, 101, 102.01], 'E', 1, 2],
    [[100, 100, 100], 'F', 0, 0],
    [[100, 90, 81], 'F', 0, 0],
  ] as const)('net assets %j -> %s', (values, band, low, high) => {
    const f = facts({ net_assets: [...values] as [number, number, number] });
    expect(indicator(f, 'net_asset_growth')).toMatchObject({ band, score: low, score_max: high });
  });

  it('a second year of zero scores 0', () => {
    expect(indicator(facts({ revenue: [100, 0, 100] }), 'sales_growth')).toMatchObject({
      score: 0,
      band: 'F',
    });
  });
});

describe('高企 hard conditions (管理办法 第十一条)', () => {
  it('注册成立一年以上: 365 days', () => {
    expect(condition(facts({ reg_time: '2025-11-24' }), 'registered')).toBe('pass');
    expect(condition(facts({ reg_time: '2025-11-25' }), 'registered')).toBe('fail');
    expect(condition(facts({ reg_time: null }), 'registered')).toBe('unknown');
  });
  it('own IP', () => {
    expect(condition(facts({ ip_class1: 0, ip_class2: 1 }), 'own_ip')).toBe('pass');
    expect(condition(facts({ ip_class1: 0, ip_class2: 0 }), 'own_ip')).toBe('fail');
  });
  it('高新技术领域', () => {
    expect(condition(facts({ in_hightech_field: false }), 'field')).toBe('fail');
    expect(condition(facts({ in_hightech_field: null }), 'field')).toBe('unknown');
  });
  it('科技人员 ≥ 10 %', () => {
    expect(condition(facts({ staff_total: 100, staff_tech: 10 }), 'tech_staff')).toBe('pass');
    expect(condition(facts({ staff_total: 100, staff_tech: 9 }), 'tech_staff')).toBe('fail');
  });
  it('R&D ratio by the latest revenue: 5 % up to 5,000万, 4 % up to 2亿, 3 % above', () => {
    expect(requiredRdRatio(5000)).toBe(5);
    expect(requiredRdRatio(5000.01)).toBe(4);
    expect(requiredRdRatio(20000)).toBe(4);
    expect(requiredRdRatio(20001)).toBe(3);
    expect(condition(facts({ revenue: [1000, 1000, 1000], rd_expense: [50, 50, 50] }), 'rd_ratio')).toBe(
      'pass',
    );
    expect(condition(facts({ revenue: [1000, 1000, 1000], rd_expense: [49, 50, 50] }), 'rd_ratio')).toBe(
      'fail',
    );
    expect(
      condition(facts({ revenue: [10000, 10000, 10000], rd_expense: [400, 400, 400] }), 'rd_ratio'),
    ).toBe('pass');
    expect(
      condition(facts({ revenue: [30000, 30000, 30000], rd_expense: [900, 900, 900] }), 'rd_ratio'),
    ).toBe('pass');
    expect(
      condition(facts({ revenue: [30000, 30000, 30000], rd_expense: [899, 900, 900] }), 'rd_ratio'),
    ).toBe('fail');
  });
  it('境内研发 ≥ 60 %, 高新收入 ≥ 60 %, no incident', () => {
    expect(condition(facts({ rd_domestic_pct: 60 }), 'rd_domestic')).toBe('pass');
    expect(condition(facts({ rd_domestic_pct: 59.9 }), 'rd_domestic')).toBe('fail');
    expect(condition(facts({ hightech_income_pct: 60 }), 'hightech_income')).toBe('pass');
    expect(condition(facts({ hightech_income_pct: 59.99 }), 'hightech_income')).toBe('fail');
    expect(condition(facts({ no_major_incident: false }), 'no_incident')).toBe('fail');
  });
  it('the score line is 71 (70 以上, 不含 70)', () => {
    expect(HTS_PASS_LINE).toBe(71);
    expect(condition(EXAMPLE_SOFTWARE, 'innovation_score')).toBe('pass');
    // One point less: 技术先进程度 C (3) instead of B (5) -> 69.
    expect(condition(facts({ tech_advancement: 'C' }), 'innovation_score')).toBe('fail');
  });
});

describe('高企 worked examples (docs/policy-rules.md)', () => {
  it('示例一: 21 + 19 + 17 + 14 = 71, every condition met', () => {
    // 知识产权 5 (B) + 7 (A) + 7 (Ⅰ类 ≥ 1) + 1 (自主研发) + 1 (标准) = 21
    // 成果转化 14 / 3 = 4.67 a year -> B 19
    // 组织管理 6 + 6 + floor(4 × 1/2) = 2 + floor(4 × 3/4) = 3 -> 17
    // 成长性 净资产 (2600/2000 + 3380/2600)/2 − 1 = 30 % -> B 7; 销售 (6000/5000 + 7800/6000)/2 − 1 = 25 % -> B 7
    const result = evaluateHightech(EXAMPLE_SOFTWARE, EXAMPLE_AS_OF);
    expect(result.items.map((i) => i.score)).toEqual([21, 19, 17, 14]);
    expect(result.total).toBe(71);
    expect(result.total_max).toBe(87);
    expect(result.status).toBe('pass');
  });

  it('示例二: 10 + 7 + 4 + 5 = 26; registered 358 days, 5 % technical staff, 50 % high-tech income fail', () => {
    // 知识产权 3 (C) + 3 (C) + 3 (Ⅱ类 3 项) + 1 + 0 = 10
    // 成果转化 operating under a year counts one year: 2 a year -> D 7
    // 组织管理 floor(6 × 2/3) = 4
    // 成长性 净资产 first year 0 -> 600/500 − 1 = 20 % -> C 5; 销售 800/800 − 1 = 0 -> F 0
    const result = evaluateHightech(EXAMPLE_YOUNG, EXAMPLE_AS_OF);
    expect(result.items.map((i) => i.score)).toEqual([10, 7, 4, 5]);
    expect(result.total).toBe(26);
    expect(result.status).toBe('fail');
    const failed = result.conditions.filter((c) => c.status === 'fail').map((c) => c.key);
    expect(failed).toEqual(['registered', 'tech_staff', 'hightech_income', 'innovation_score']);
    // R&D 100 / 1600 = 6.25 % of revenue ≤ 5,000万 (5 % asked).
    expect(result.conditions.find((c) => c.key === 'rd_ratio')?.status).toBe('pass');
  });

  it('nothing known: 0 sure points, 100 possible, status unknown', () => {
    const result = evaluateHightech(emptyFacts(), EXAMPLE_AS_OF);
    expect(result.total).toBe(0);
    expect(result.total_max).toBe(100);
    expect(result.status).toBe('unknown');
  });
});

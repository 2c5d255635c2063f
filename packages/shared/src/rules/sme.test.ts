import { describe, expect, it } from 'vitest';
import { EXAMPLE_SOFTWARE } from './examples.js';
import type { CompanyFacts } from './facts.js';
import {
  evaluateGiant,
  evaluateInnovative,
  evaluateSme,
  evaluateSpecialized,
  twoYearGrowthPct,
} from './sme.js';

const facts = (over: Partial<CompanyFacts>): CompanyFacts => ({ ...EXAMPLE_SOFTWARE, ...over });
const points = (level: ReturnType<typeof evaluateInnovative>, key: string) =>
  level.items.flatMap((i) => i.indicators).find((i) => i.key === key)?.score;
const innovative = (over: Partial<CompanyFacts>, key: string) => points(evaluateInnovative(facts(over)), key);
const specialized = (over: Partial<CompanyFacts>, key: string) =>
  points(evaluateSpecialized(facts(over)), key);

/** A company meeting 专精特新's conditions on fewer than 60 points. */
const LOW_SPECIALIZED: Partial<CompanyFacts> = {
  featured_points: 0,
  rd_institute: 'none',
  quality: [],
  net_profit_pct: 0,
  key_field: 'none',
  digital_level: 1,
  niche_years: 2,
  strategic_emerging: false,
};

describe('创新型中小企业 indicators (附件1)', () => {
  it.each([
    [{ ip_high_value: 1 }, 20],
    [{ ip_high_value: 0, ip_class1_self: 1 }, 15],
    [{ ip_high_value: 0, ip_class1_self: 0, ip_class1: 1 }, 10],
    [{ ip_high_value: 0, ip_class1_self: 0, ip_class1: 0, ip_class2: 1 }, 5],
    [{ ip_high_value: 0, ip_class1_self: 0, ip_class1: 0, ip_class2: 0 }, 0],
  ])('知识产权 %j -> %i', (over, expected) => expect(innovative(over, 'ip')).toBe(expected));

  it.each([
    [5, 20],
    [4.99, 15],
    [3, 15],
    [2, 10],
    [1, 5],
    [0.99, 0],
  ])('研发费用占比 %f%% -> %i', (ratio, expected) =>
    expect(
      innovative({ revenue: [null, null, 10000], rd_expense: [null, null, ratio * 100] }, 'rd_ratio'),
    ).toBe(expected),
  );

  it.each([
    [115, 20],
    [114.9, 15],
    [110, 15],
    [105, 10],
    [100, 5],
    [99.9, 0],
  ])('主营业务收入 100 -> %f -> %i', (last, expected) =>
    expect(innovative({ main_revenue: [null, 100, last] }, 'main_growth')).toBe(expected),
  );

  it.each([
    [55, 10],
    [55.1, 5],
    [74.9, 5],
    [75, 0],
  ])('资产负债率 %f%% -> %i', (debt, expected) =>
    expect(innovative({ debt_ratio_pct: debt }, 'debt')).toBe(expected),
  );

  it.each([
    [70, 20],
    [69.9, 15],
    [60, 15],
    [55, 10],
    [50, 5],
    [49.9, 0],
  ])('主营业务收入占比 %f%% -> %i', (share, expected) =>
    expect(
      innovative({ revenue: [null, null, 1000], main_revenue: [null, 900, share * 10] }, 'main_share'),
    ).toBe(expected),
  );

  it('主导产品领域: 战略性新兴产业 10, 其他 5', () => {
    expect(innovative({ strategic_emerging: true }, 'field')).toBe(10);
    expect(innovative({ strategic_emerging: false }, 'field')).toBe(5);
  });

  it('needs 60 points with 创新能力 ≥ 20, 成长性 ≥ 15, 专业化 ≥ 15, or one direct condition', () => {
    // 创新能力 below 20: IP 0, R&D ratio < 1 % -> fails although the total may be 60.
    const weak = facts({ ip_class1: 0, ip_class2: 0, ip_class1_self: 0, rd_expense: [null, null, 10] });
    expect(evaluateInnovative(weak).status).toBe('fail');
    expect(evaluateInnovative({ ...weak, is_hightech: true }).status).toBe('pass');
    expect(evaluateInnovative({ ...weak, equity_3y: 500 }).status).toBe('pass');
    expect(evaluateInnovative({ ...weak, equity_3y: 499 }).status).toBe('fail');
    expect(evaluateInnovative({ ...weak, rd_institute: 'provincial' }).status).toBe('pass');
    expect(evaluateInnovative({ ...weak, sci_award: 'provincial' }).status).toBe('pass');
    expect(evaluateInnovative({ ...weak, is_sme: false, is_hightech: true }).status).toBe('fail');
  });
});

describe('专精特新中小企业 indicators (附件2)', () => {
  it.each([
    [80, 5],
    [79.9, 3],
    [70, 3],
    [60, 1],
    [59.9, 0],
  ])('主营业务收入占比 %f%% -> %i', (share, expected) =>
    expect(
      specialized({ revenue: [null, null, 1000], main_revenue: [100, 110, share * 10] }, 'main_share'),
    ).toBe(expected),
  );

  it('近2年主营业务收入平均增长率 is the mean of the two yearly rates', () => {
    expect(twoYearGrowthPct([100, 110, 121])).toBeCloseTo(10, 9);
    expect(specialized({ main_revenue: [100, 110, 121] }, 'main_growth')).toBe(10);
    expect(specialized({ main_revenue: [100, 108, 116.64] }, 'main_growth')).toBe(8);
    expect(specialized({ main_revenue: [100, 106, 112.36] }, 'main_growth')).toBe(6);
    expect(specialized({ main_revenue: [100, 104, 108.16] }, 'main_growth')).toBe(4);
    expect(specialized({ main_revenue: [100, 100, 100] }, 'main_growth')).toBe(2);
    expect(specialized({ main_revenue: [100, 99, 98] }, 'main_growth')).toBe(0);
  });

  it('细分市场年限: 1 point per 2 full years, at most 5', () => {
    expect(specialized({ niche_years: 1.9 }, 'niche_years')).toBe(0);
    expect(specialized({ niche_years: 2 }, 'niche_years')).toBe(1);
    expect(specialized({ niche_years: 9.9 }, 'niche_years')).toBe(4);
    expect(specialized({ niche_years: 12 }, 'niche_years')).toBe(5);
  });

  it('主导产品领域, 数字化, 质量管理', () => {
    expect(specialized({ key_field: 'chain' }, 'key_field')).toBe(5);
    expect(specialized({ key_field: 'basic' }, 'key_field')).toBe(3);
    expect(specialized({ key_field: 'none' }, 'key_field')).toBe(0);
    expect(specialized({ digital_level: 3 }, 'digital')).toBe(5);
    expect(specialized({ digital_level: 2 }, 'digital')).toBe(3);
    expect(specialized({ digital_level: 1 }, 'digital')).toBe(0);
    expect(specialized({ quality: [] }, 'quality')).toBe(0);
    expect(specialized({ quality: ['award'] }, 'quality')).toBe(3);
    expect(specialized({ quality: ['award', 'iso'] }, 'quality')).toBe(5);
  });

  it.each([
    [10, 10],
    [9.99, 8],
    [8, 8],
    [6, 6],
    [4, 4],
    [2, 2],
    [1.99, 0],
  ])('净利润率 %f%% -> %i', (rate, expected) =>
    expect(specialized({ net_profit_pct: rate }, 'net_profit')).toBe(expected),
  );

  it.each([
    [50, 5],
    [50.1, 3],
    [60, 3],
    [65, 1],
    [70, 0],
  ])('资产负债率 %f%% -> %i', (debt, expected) =>
    expect(specialized({ debt_ratio_pct: debt }, 'debt')).toBe(expected),
  );

  it('研发费用投入: the better of the amount band and the ratio band', () => {
    const at = (rd: number, revenue: number) =>
      specialized({ rd_expense: [null, null, rd], revenue: [null, null, revenue] }, 'rd_input');
    expect(at(500, 100000)).toBe(10);
    expect(at(499, 100000)).toBe(8);
    expect(at(300, 100000)).toBe(6);
    expect(at(200, 100000)).toBe(4);
    expect(at(100, 100000)).toBe(2);
    expect(at(99, 100000)).toBe(0);
    expect(at(50, 500)).toBe(10);
    expect(at(40, 500)).toBe(8);
    expect(at(15, 500)).toBe(2);
    expect(at(14, 500)).toBe(0);
  });

  it('研发人员占比 and 研发机构', () => {
    const staff = (rd: number) => specialized({ staff_total: 100, staff_rd: rd }, 'rd_staff');
    expect([staff(20), staff(19), staff(10), staff(5), staff(4)]).toEqual([5, 3, 3, 1, 0]);
    const inst = (level: CompanyFacts['rd_institute']) => specialized({ rd_institute: level }, 'institute');
    expect([inst('national'), inst('provincial'), inst('city'), inst('below_city'), inst('none')]).toEqual([
      10, 8, 4, 2, 0,
    ]);
  });

  it('认定条件: 细分市场 2 年, 研发 100 万 and 3 %, 营业收入 1000 万 or 融资 2000 万', () => {
    const status = (over: Partial<CompanyFacts>, key: string) =>
      evaluateSpecialized(facts(over)).conditions.find((c) => c.key === key)?.status;
    expect(status({ niche_years: 2 }, 'niche')).toBe('pass');
    expect(status({ niche_years: 1.9 }, 'niche')).toBe('fail');
    expect(status({ rd_expense: [null, null, 100], revenue: [null, null, 3000] }, 'rd')).toBe('pass');
    expect(status({ rd_expense: [null, null, 99], revenue: [null, null, 3000] }, 'rd')).toBe('fail');
    expect(status({ rd_expense: [null, null, 100], revenue: [null, null, 4000] }, 'rd')).toBe('fail');
    expect(status({ revenue: [null, null, 1000] }, 'revenue')).toBe('pass');
    expect(
      status({ revenue: [null, null, 999], rd_expense: [null, null, 100], equity_2y: 2000 }, 'revenue'),
    ).toBe('pass');
    expect(status({ revenue: [null, null, 999], equity_2y: 1999 }, 'revenue')).toBe('fail');
  });

  it('direct conditions replace the 60-point line', () => {
    const low = facts(LOW_SPECIALIZED);
    expect(evaluateSpecialized(low).total).toBeLessThan(60);
    expect(evaluateSpecialized(low).status).toBe('fail');
    expect(evaluateSpecialized({ ...low, sci_award: 'provincial', sci_award_rank: 3 }).status).toBe('pass');
    expect(evaluateSpecialized({ ...low, sci_award: 'provincial', sci_award_rank: 4 }).status).toBe('fail');
    expect(evaluateSpecialized({ ...low, sci_award: 'national', sci_award_rank: 5 }).status).toBe('pass');
    expect(evaluateSpecialized({ ...low, rd_expense: [null, 1000, 1000] }).status).toBe('pass');
    expect(evaluateSpecialized({ ...low, equity_2y: 6000 }).status).toBe('pass');
    expect(evaluateSpecialized({ ...low, chuangke: 'top500' }).status).toBe('pass');
  });
});

describe('专精特新"小巨人" conditions (附件3)', () => {
  const status = (over: Partial<CompanyFacts>, key: string) =>
    evaluateGiant(facts(over)).conditions.find((c) => c.key === key)?.status;
  it('专业化: 3 years, 70 % main revenue, 5 % growth', () => {
    expect(status({ niche_years: 3 }, 'giant_niche')).toBe('pass');
    expect(status({ niche_years: 2.9 }, 'giant_niche')).toBe('fail');
    expect(status({ revenue: [null, null, 100], main_revenue: [90, 95, 70] }, 'giant_main_share')).toBe(
      'pass',
    );
    expect(status({ revenue: [null, null, 100], main_revenue: [90, 95, 69] }, 'giant_main_share')).toBe(
      'fail',
    );
    expect(status({ main_revenue: [100, 105, 110.25] }, 'giant_growth')).toBe('pass');
    expect(status({ main_revenue: [100, 104, 108] }, 'giant_growth')).toBe('fail');
  });
  it('精细化 and 特色化', () => {
    expect(status({ debt_ratio_pct: 70 }, 'giant_debt')).toBe('pass');
    expect(status({ debt_ratio_pct: 70.1 }, 'giant_debt')).toBe('fail');
    expect(status({ info_system: false }, 'giant_info')).toBe('fail');
    expect(status({ quality: ['brand'] }, 'giant_cert')).toBe('fail');
    expect(status({ market_share_pct: 10 }, 'giant_share')).toBe('pass');
    expect(status({ market_share_pct: 9.9 }, 'giant_share')).toBe('fail');
    expect(status({ quality: ['iso'] }, 'giant_brand')).toBe('fail');
  });
  it('创新能力: R&D by revenue band, institute, 2 applied Ⅰ类 IP; or a direct route', () => {
    const rich = { rd_institute: 'city' as const, ip_class1_applied: 2 };
    // ≥ 1 亿: both years ≥ 3 %.
    expect(
      status({ ...rich, revenue: [null, 10000, 10000], rd_expense: [null, 300, 300] }, 'giant_innovation'),
    ).toBe('pass');
    expect(
      status({ ...rich, revenue: [null, 10000, 10000], rd_expense: [null, 299, 300] }, 'giant_innovation'),
    ).toBe('fail');
    // 5000 万 - 1 亿: ≥ 6 %.
    expect(
      status({ ...rich, revenue: [null, 5000, 5000], rd_expense: [null, 300, 300] }, 'giant_innovation'),
    ).toBe('pass');
    expect(
      status({ ...rich, revenue: [null, 5000, 5000], rd_expense: [null, 299, 300] }, 'giant_innovation'),
    ).toBe('fail');
    // < 5000 万: 融资 8000 万, 研发 3000 万, 研发人员 50 %.
    const small = {
      ...rich,
      revenue: [null, 4000, 4000] as [null, number, number],
      rd_expense: [null, 1500, 1500] as [null, number, number],
      staff_total: 100,
      staff_rd: 50,
    };
    expect(status({ ...small, equity_2y: 8000 }, 'giant_innovation')).toBe('pass');
    expect(status({ ...small, equity_2y: 7999 }, 'giant_innovation')).toBe('fail');
    expect(
      status(
        { ...rich, ip_class1_applied: 1, revenue: [null, 10000, 10000], rd_expense: [null, 300, 300] },
        'giant_innovation',
      ),
    ).toBe('fail');
    expect(
      status({ ip_class1_applied: 0, sci_award: 'national', sci_award_rank: 3 }, 'giant_innovation'),
    ).toBe('pass');
    expect(
      status(
        { ip_class1_applied: 0, sci_award: 'national', sci_award_rank: 4, chuangke: 'top500' },
        'giant_innovation',
      ),
    ).toBe('fail');
    expect(status({ ip_class1_applied: 0, chuangke: 'top50' }, 'giant_innovation')).toBe('pass');
  });
  it('链 and 品', () => {
    expect(status({ key_field: 'chain' }, 'giant_chain')).toBe('pass');
    expect(status({ key_field: 'basic' }, 'giant_chain')).toBe('fail');
    expect(status({ key_product_field: false }, 'giant_field')).toBe('fail');
  });
});

describe('the gaps to the next level', () => {
  // 创新能力 below 20, so the score line fails; the level is missed on another condition.
  const weak = facts({ ip_class1: 0, ip_class2: 0, ip_class1_self: 0, rd_expense: [null, null, 10] });
  const gapsOf = (f: CompanyFacts) => evaluateSme(f).next;

  it('do not list the score line when a direct condition is met', () => {
    const next = gapsOf({ ...weak, is_hightech: true, is_sme: null });
    expect(next?.key).toBe('innovative');
    expect(next?.gaps).toEqual(['符合《中小企业划型标准规定》的中小企业（待补充）']);
    // The level's own list still shows the score as it is, next to the direct condition that replaces it.
    const level = evaluateSme({ ...weak, is_hightech: true, is_sme: null }).levels[0];
    expect(level?.conditions.find((c) => c.key === 'score')?.status).toBe('fail');
    expect(level?.direct.find((c) => c.key === 'honour')?.status).toBe('pass');
  });

  it('list the score line while no direct condition is met', () => {
    const next = gapsOf({ ...weak, is_sme: null });
    expect(next?.gaps).toHaveLength(2);
    expect(next?.gaps[1]).toMatch(
      /^评价得分达到60分以上（创新能力≥20分、成长性≥15分、专业化≥15分）（不满足：/,
    );
  });

  it('do the same for 专精特新: a met direct condition takes the score line off the gaps', () => {
    // Below 60 points, met by 股权融资 6000万元 (a direct condition), missed on 细分市场 (1 year).
    const next = gapsOf(facts({ ...LOW_SPECIALIZED, niche_years: 1, equity_2y: 6000 }));
    expect(next?.key).toBe('specialized');
    expect(next?.gaps).toEqual(['从事特定细分市场时间达到2年以上（不满足：1年）']);
  });
});

describe('梯度 worked example (示例一, docs/policy-rules.md)', () => {
  it('创新型 35 + 30 + 30 = 95; 专精特新 21 + 21 + 8 + 25 = 75; 小巨人 not reached', () => {
    // 创新型: IP 自主研发Ⅰ类 15 + R&D 400/7800 = 5.13 % 20 | growth 7000/5600 − 1 = 25 % 20 + debt 48 % 10 |
    //         战略性新兴 10 + main share 7000/7800 = 89.7 % 20
    const innovative = evaluateInnovative(EXAMPLE_SOFTWARE);
    expect(innovative.items.map((i) => i.score)).toEqual([35, 30, 30]);
    expect(innovative.total).toBe(95);
    expect(innovative.status).toBe('pass');
    // 专精特新: 专业化 5 + 10 (avg of 24.4 % and 25 %) + 3 (6 years) + 3 (六基) = 21
    //           精细化 3 (二级) + 5 (2 items, capped) + 8 (9 %) + 5 (48 %) = 21
    //           特色化 8; 创新能力 8 + 8 (400万 is in 400-500万, better than 5.13 % -> 4) + 5 (25 %) + 4 (市级) = 25
    const special = evaluateSpecialized(EXAMPLE_SOFTWARE);
    expect(special.items.map((i) => i.score)).toEqual([21, 21, 8, 25]);
    expect(special.total).toBe(75);
    expect(special.status).toBe('pass');
    const all = evaluateSme(EXAMPLE_SOFTWARE);
    expect(all.reached).toBe('specialized');
    expect(all.next?.key).toBe('giant');
    const failed = evaluateGiant(EXAMPLE_SOFTWARE)
      .conditions.filter((c) => c.status === 'fail')
      .map((c) => c.key);
    // 6 % market share; R&D 330/6000 = 5.5 % < 6 % and one applied Ⅰ类 IP; 六基 rather than 补短板.
    expect(failed).toEqual(['giant_share', 'giant_innovation', 'giant_chain']);
  });
});

// Unit tests of the pure helpers behind the dashboard: summary aggregation, facets, the grade, the PRNG, id lists.
import { describe, expect, it } from 'vitest';
import { mulberry32, seedOf } from '../src/db/seed/content/prng.js';
import {
  areaItems,
  type Combo,
  comboInFilter,
  countInScope,
  countMatching,
  industryItems,
  inScope,
  matchingCombos,
  restrictionOf,
  totalOf,
} from '../src/modules/home/aggregate.js';
import { facetDeltas, statsDeltas } from '../src/modules/home/customers-repo.js';
import {
  ageDistribution,
  capitalBand,
  capitalDistribution,
  growthOf,
  lastMonths,
  shanghaiMonth,
} from '../src/modules/home/facets.js';
import { gradeOf } from '../src/modules/home/grade.js';
import { areaFilter } from '../src/modules/home/service.js';
import { idsField } from '../src/modules/tools/routes.js';
import { customer } from './content-fixtures.js';

const combo = (city: string, area: string, industry: string, customers: number): Combo => ({
  city_code: city,
  area_code: area,
  industry_code: industry,
  customers,
});

const COMBOS = [
  combo('440300', '440305', 'C', 10),
  combo('440300', '440305', 'I', 5),
  combo('440300', '440304', 'C', 3),
  combo('440100', '440106', 'F', 2),
  combo('441900', '441900', 'I', 7),
];

describe('summary aggregation', () => {
  it('matches a scope where every named part is equal and null means all', () => {
    const c = COMBOS[0] as Combo;
    const scope = (city: string | null, area: string | null, industry: string | null) => ({
      city_code: city,
      area_code: area,
      industry_code: industry,
    });
    expect(inScope(scope(null, null, null), c)).toBe(true);
    expect(inScope(scope('440300', null, null), c)).toBe(true);
    expect(inScope(scope('440300', '440305', 'C'), c)).toBe(true);
    expect(inScope(scope('440300', '440304', null), c)).toBe(false);
    expect(inScope(scope(null, null, 'I'), c)).toBe(false);
    expect(inScope(scope('440100', null, 'C'), c)).toBe(false);
  });

  it('counts each customer once however many scopes match it', () => {
    const scope = (city: string | null, area: string | null, industry: string | null) => ({
      city_code: city,
      area_code: area,
      industry_code: industry,
    });
    expect(countMatching(COMBOS, [])).toBe(0);
    expect(countMatching(COMBOS, [scope('440300', null, 'C')])).toBe(13);
    expect(
      countMatching(COMBOS, [
        scope('440300', null, 'C'),
        scope(null, null, 'C'),
        scope('440300', '440305', null),
      ]),
    ).toBe(18);
    expect(countMatching(COMBOS, [scope(null, null, null)])).toBe(27);
    expect(countMatching(COMBOS, [scope('440100', '440106', 'I')])).toBe(0);
    expect(countInScope(COMBOS, scope(null, null, 'I'))).toBe(12);
    expect(countInScope(COMBOS, scope('440300', '440305', null))).toBe(15);
    expect(countInScope(COMBOS, scope('440300', null, 'K'))).toBe(0);
    expect(countInScope(COMBOS, scope(null, null, null))).toBe(27);
  });

  it('selects the matching combos as SQL can test them, with the list totals of a filter', () => {
    const scope = (city: string | null, area: string | null, industry: string | null) => ({
      city_code: city,
      area_code: area,
      industry_code: industry,
    });
    const withHightech = COMBOS.map((c, i) => ({ ...c, hightech: i }));
    const matching = matchingCombos(withHightech, [scope('440300', null, 'C'), scope('441900', null, null)]);
    expect(matching.map((c) => `${c.area_code}${c.industry_code}`)).toEqual([
      '440305C',
      '440304C',
      '441900I',
    ]);
    // Every C combo matches: the whole industry; only one of the two I combos: its district.
    expect(restrictionOf(matching, COMBOS)).toEqual({
      industries: ['C'],
      districts: [{ industry_code: 'I', area_codes: ['441900'] }],
    });
    expect(restrictionOf(COMBOS, COMBOS)).toBeNull();
    expect(restrictionOf([], COMBOS)).toEqual({ industries: [], districts: [] });
    expect(totalOf(matching, {})).toBe(20);
    expect(totalOf(matching, { is_hightech: true })).toBe(0 + 2 + 4);
    expect(totalOf(matching, { is_hightech: false })).toBe(20 - 6);
    expect(totalOf(matching, { city_code: '440300', area_code: '440304' })).toBe(3);
    expect(totalOf(matching, { industry_codes: ['I', 'F'] })).toBe(7);
    expect(totalOf(matching, { industry_code: 'C', industry_codes: ['I'] })).toBe(0);
    expect(comboInFilter(COMBOS[3] as Combo, { city_code: '440100', industry_codes: ['F', 'C'] })).toBe(true);
    expect(comboInFilter(COMBOS[3] as Combo, { city_code: '440300' })).toBe(false);
  });

  it('names and orders distributions, largest first, empty groups left out', () => {
    expect(
      industryItems([
        { key: 'F', count: 2 },
        { key: 'I', count: 12 },
        { key: 'C', count: 12 },
        { key: 'A', count: 0 },
      ]),
    ).toEqual([
      { key: 'C', keyname: '制造业', count: 12 },
      { key: 'I', keyname: '信息传输、软件和信息技术服务业', count: 12 },
      { key: 'F', keyname: '批发和零售业', count: 2 },
    ]);
    expect(
      areaItems(
        [
          { key: '440304', count: 3 },
          { key: '440305', count: 15 },
        ],
        '440300',
      ),
    ).toEqual([
      { key: '440305', keyname: '南山区', count: 15 },
      { key: '440304', keyname: '福田区', count: 3 },
    ]);
    expect(areaItems([{ key: '441900', count: 7 }], '441900')).toEqual([
      { key: '441900', keyname: '东莞市', count: 7 },
    ]);
  });

  it('reads the area query as a city or a district', () => {
    expect(areaFilter(undefined)).toEqual({});
    expect(areaFilter('440300')).toEqual({ city_code: '440300' });
    expect(areaFilter('440305')).toEqual({ city_code: '440300', area_code: '440305' });
    expect(areaFilter('441900')).toEqual({ city_code: '441900' });
  });

  it('turns a batch of customers into one increment per member, district and industry', () => {
    const rows = [
      customer(1, { is_hightech: 1, fmzl_count: 2, created_at: '2026-10-31T16:30:00.000Z' }),
      customer(1, { reg_capital_hundredths: 5000_00 }),
      customer(2),
    ];
    expect(
      statsDeltas(rows).map((d) => [
        d.user_id,
        d.area_code,
        d.industry_code,
        d.customers,
        d.hightech,
        d.fmzl_count,
      ]),
    ).toEqual([
      [1, '440305', 'C', 2, 1, 2],
      [2, '440305', 'C', 1, 0, 0],
    ]);
    const facets = facetDeltas(rows.slice(0, 2));
    // 16:30 UTC on 31 October is already November in Shanghai.
    expect(facets.find((f) => f.facet === 'month' && f.key === '2026-11')?.count).toBeGreaterThanOrEqual(1);
    expect(facets.filter((f) => f.facet === 'capital').map((f) => [f.key, f.count])).toEqual([
      ['100-500', 1],
      ['gte5000', 1],
    ]);
  });
});

describe('facets', () => {
  it('reads months in Asia/Shanghai and walks back across years', () => {
    expect(shanghaiMonth('2026-12-31T16:00:00.000Z')).toBe('2027-01');
    expect(shanghaiMonth('2026-12-31T15:59:59.999Z')).toBe('2026-12');
    expect(lastMonths(new Date('2026-02-10T00:00:00Z'), 4)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });

  it('computes month-on-month growth, null after an empty month', () => {
    const counts = new Map([
      ['2025-12', 4],
      ['2026-01', 2],
      ['2026-02', 3],
    ]);
    expect(growthOf(counts, new Date('2026-03-05T00:00:00Z'), 3)).toEqual([
      { month: '2026-01', count: 2, rate: -50 },
      { month: '2026-02', count: 3, rate: 50 },
      { month: '2026-03', count: 0, rate: -100 },
    ]);
    expect(growthOf(new Map([['2026-03', 1]]), new Date('2026-03-05T00:00:00Z'), 2)).toEqual([
      { month: '2026-02', count: 0, rate: null },
      { month: '2026-03', count: 1, rate: null },
    ]);
    expect(
      growthOf(
        new Map([
          ['2026-02', 3],
          ['2026-03', 4],
        ]),
        new Date('2026-03-05T00:00:00Z'),
        1,
      ),
    ).toEqual([{ month: '2026-03', count: 4, rate: 33.33 }]);
  });

  it('bands capital and age', () => {
    expect([0, 99_99, 100_00, 499_99, 500_00, 1000_00, 4999_99, 5000_00].map(capitalBand)).toEqual([
      'lt100',
      'lt100',
      '100-500',
      '100-500',
      '500-1000',
      '1000-5000',
      '1000-5000',
      'gte5000',
    ]);
    expect(capitalDistribution(new Map([['lt100', 2]])).map((d) => d.count)).toEqual([2, 0, 0, 0, 0]);
    const ages = ageDistribution(
      new Map([
        ['2026', 1],
        ['2024', 2],
        ['2023', 3],
        ['2021', 4],
        ['2016', 5],
      ]),
      new Date('2026-06-01T00:00:00Z'),
    );
    expect(ages.map((d) => [d.key, d.count])).toEqual([
      ['lt3', 3],
      ['3-5', 3],
      ['5-10', 4],
      ['gte10', 5],
    ]);
  });
});

describe('high-tech grade', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const base = {
    id: 1,
    name: '深圳市测试电子有限公司',
    industry_code: 'C',
    is_hightech: 0,
    reg_capital_hundredths: 100_00,
    reg_time: '2020-01-01',
    ipcount1: 0,
    ipcount2: 0,
  };

  it('scores a strong company A and a company without IP D', () => {
    const strong = gradeOf(
      { ...base, is_hightech: 1, ipcount1: 5, ipcount2: 20, reg_capital_hundredths: 2000_00 },
      now,
    );
    expect(strong.items.map((i) => i.score)).toEqual([30, 30, 18, 20]);
    expect(strong).toMatchObject({ score: 98, grade: 'A', conclusion: '优秀，可申报' });
    const weak = gradeOf(base, now);
    expect(weak.items.map((i) => i.score)).toEqual([0, 6, 14, 14]);
    expect(weak).toMatchObject({ score: 34, grade: 'D' });
  });

  it('needs a year of operation for growth, and stays within each part’s maximum', () => {
    const young = gradeOf({ ...base, reg_time: '2026-06-01', ipcount1: 1, ipcount2: 3 }, now);
    expect(young.items[3]?.score).toBe(0);
    const capped = gradeOf({ ...base, ipcount1: 50, ipcount2: 50 }, now);
    for (const item of capped.items) expect(item.score).toBeLessThanOrEqual(item.max);
  });
});

describe('prng', () => {
  it('is deterministic and spreads evenly', () => {
    const a = mulberry32(seedOf('demo'));
    const b = mulberry32(seedOf('demo'));
    const draws = Array.from({ length: 1000 }, () => a.next());
    expect(draws).toEqual(Array.from({ length: 1000 }, () => b.next()));
    expect(draws.every((d) => d >= 0 && d < 1)).toBe(true);
    expect(draws.reduce((s, d) => s + d, 0) / draws.length).toBeCloseTo(0.5, 1);
    const rng = mulberry32(1);
    expect(rng.hex(32)).toMatch(/^[0-9a-f]{32}$/);
    const picks = new Set(Array.from({ length: 200 }, () => rng.int(1, 3)));
    expect([...picks].sort()).toEqual([1, 2, 3]);
    expect(rng.fork(1).next()).not.toBe(rng.fork(1).next());
  });
});

describe('funding ids', () => {
  it('parses a comma string, numbers and arrays; rejects the rest', () => {
    expect(idsField.parse('3,5,8')).toEqual([3, 5, 8]);
    expect(idsField.parse(' 3 , 3 ')).toEqual([3]);
    expect(idsField.parse(7)).toEqual([7]);
    expect(idsField.parse(['4', 9])).toEqual([4, 9]);
    for (const bad of ['', '  ', 'a', '3,', '1.5', '0', null, {}])
      expect(idsField.safeParse(bad).success).toBe(false);
  });
});

// The dashboard's pure figures: named distributions, months in Asia/Shanghai, growth, capital and age bands.
import { shanghaiMonth } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { capitalBand } from '../../src/db/customer-facets.js';
import {
  ageDistribution,
  areaItems,
  capitalDistribution,
  growthOf,
  industryItems,
  lastMonths,
} from '../../src/modules/dashboard/figures.js';

describe('distributions', () => {
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

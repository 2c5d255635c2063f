// The high-tech enterprise pre-assessment of one customer.
import { describe, expect, it } from 'vitest';
import { gradeOf } from '../../src/modules/customers/grade.js';

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

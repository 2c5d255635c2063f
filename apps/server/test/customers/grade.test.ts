// getGrade from the official rules: the platform's prefill alone, then the member's saved answers over it.
import { EXAMPLE_AS_OF, EXAMPLE_SOFTWARE } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { gradeOf, prefillOf } from '../../src/modules/customers/grade.js';
import type { CustomerRow } from '../../src/modules/customers/repo.js';

const row: CustomerRow = {
  id: 1,
  user_id: 1,
  company_id: 1,
  name: '深圳市测试软件有限公司',
  industry_code: 'I',
  city_code: '440300',
  area_code: '440305',
  is_hightech: 0,
  reg_capital_hundredths: 100_00,
  reg_time: '2018-03-01',
  ipcount1: 2,
  ipcount2: 6,
  fmzl_count: 2,
  rjzzq_count: 6,
  syxx_count: 0,
  wg_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('high-tech grade', () => {
  it('prefills what the platform knows', () => {
    expect(prefillOf(row)).toMatchObject({
      reg_time: '2018-03-01',
      ip_class1: 2,
      ip_class2: 6,
      is_hightech: false,
    });
  });

  it('without answers promises only the IP count it knows (Ⅰ类 ≥ 1: 7 points) and asks for the rest', () => {
    const grade = gradeOf(row, null, EXAMPLE_AS_OF);
    expect(grade.items.map((i) => [i.name, i.score, i.max])).toEqual([
      ['知识产权', 7, 30],
      ['科技成果转化能力', 0, 30],
      ['研究开发组织管理水平', 0, 20],
      ['企业成长性', 0, 20],
    ]);
    expect(grade).toMatchObject({ score: 7, grade: 'D' });
    expect(grade.conclusion).toContain('资料待补充');
  });

  it('with the saved answers of worked example 1 gives 71, grade B, 达标', () => {
    const grade = gradeOf(row, JSON.stringify(EXAMPLE_SOFTWARE), EXAMPLE_AS_OF);
    expect(grade.items.map((i) => i.score)).toEqual([21, 19, 17, 14]);
    expect(grade).toMatchObject({ score: 71, grade: 'B', conclusion: '达标，可申报' });
  });

  it('ignores unreadable saved answers', () => {
    expect(gradeOf(row, '{not json', EXAMPLE_AS_OF).score).toBe(7);
  });
});

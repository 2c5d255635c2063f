import { describe, expect, it } from 'vitest';
import { areaOptions, areaPath, fromFormValues, toFormValues } from './filter-form';
import { sortOrderOf, withSort } from './sort';

describe('customer filter form', () => {
  it('gives the form the URL filters and takes them back unchanged', () => {
    const filters = {
      name: '科技',
      area: '440305',
      industry_code: 'C',
      is_hightech: 1 as const,
      type: 'gs' as const,
      reg_start: '2020-01-01',
      reg_end: '2020-12-31',
      capital_min: '100.5',
      capital_max: '2000',
      sort: 'reg_capital' as const,
      order: 'asc' as const,
    };
    const values = toFormValues(filters);
    expect(values.area).toEqual(['440300', '440305']);
    expect(values.industries).toEqual(['C']);
    expect(values.capital_min).toBe(100.5);
    expect(fromFormValues(values, filters)).toEqual({ ...filters, industry_codes: undefined });
  });

  it('writes a chosen industry list as industry_codes', () => {
    expect(fromFormValues({ industries: ['C', 'I'] }, { industry_code: 'C' })).toMatchObject({
      industry_code: undefined,
      industry_codes: ['C', 'I'],
    });
  });

  it('puts the cityinfo city first and finds a city by its path', () => {
    expect(areaOptions('440300')[0]?.value).toBe('440300');
    expect(areaPath('440300')).toEqual(['440300', '440300']);
    expect(areaPath('999999')).toBeUndefined();
  });
});

describe('customer table sort', () => {
  it('shows 添加时间 newest first when the URL names no order', () => {
    expect(sortOrderOf({}, 'created_at')).toBe('descend');
    expect(sortOrderOf({}, 'reg_capital')).toBeNull();
    expect(sortOrderOf({ sort: 'reg_capital', order: 'asc' }, 'reg_capital')).toBe('ascend');
  });

  it('writes the column the table sorts by, or none', () => {
    expect(withSort({ type: 'gs' }, 'reg_time', 'ascend')).toEqual({
      type: 'gs',
      sort: 'reg_time',
      order: 'asc',
    });
    expect(withSort({ sort: 'reg_time', order: 'asc' }, 'reg_time', null)).toEqual({
      sort: undefined,
      order: undefined,
    });
  });
});

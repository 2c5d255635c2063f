import { describe, expect, it } from 'vitest';
import { hasFilters, readFilters, toQuery, writeFilters } from './filters';

describe('customer list filters in the URL', () => {
  it('reads every dashboard link as the list query it stands for', () => {
    expect(readFilters(new URLSearchParams('is_hightech=1'))).toEqual({ is_hightech: 1 });
    expect(readFilters(new URLSearchParams('type=gs'))).toEqual({ type: 'gs' });
    expect(readFilters(new URLSearchParams('industry_code=C'))).toEqual({ industry_code: 'C' });
    expect(readFilters(new URLSearchParams('industry_codes=C,I&industry_codes=C'))).toEqual({
      industry_codes: ['C', 'I'],
    });
    expect(readFilters(new URLSearchParams('area=440305&sort=reg_capital&order=asc'))).toEqual({
      area: '440305',
      sort: 'reg_capital',
      order: 'asc',
    });
  });

  it('keeps a tag of up to 10 characters', () => {
    expect(readFilters(new URLSearchParams('tag=%20重点客户%20'))).toEqual({ tag: '重点客户' });
    expect(readFilters(new URLSearchParams('tag=一二三四五六七八九十十一'))).toEqual({});
    expect(writeFilters(new URLSearchParams('page=2'), { tag: '重点' }).toString()).toBe(
      new URLSearchParams({ tag: '重点' }).toString(),
    );
  });

  it('drops what does not parse instead of failing the page', () => {
    expect(
      readFilters(
        new URLSearchParams(
          'is_hightech=2&type=xx&industry_code=Z&industry_codes=Z&area=abc&reg_start=2024/01/01&capital_min=-5&sort=name&order=up&name=%20',
        ),
      ),
    ).toEqual({});
  });

  it('writes the filters back, the page to the first, other keys kept', () => {
    const next = writeFilters(new URLSearchParams('page=3&size=20&type=sb'), {
      is_hightech: 1,
      industry_codes: ['C', 'I'],
      capital_min: '100.5',
      name: '科技',
    });
    expect(next.get('page')).toBeNull();
    expect(next.get('size')).toBe('20');
    expect(next.get('type')).toBeNull();
    expect(next.get('industry_codes')).toBe('C,I');
    expect(next.get('capital_min')).toBe('100.5');
    expect(readFilters(next)).toEqual({
      is_hightech: 1,
      industry_codes: ['C', 'I'],
      capital_min: '100.5',
      name: '科技',
    });
  });

  it('sends capital as numbers and tells filters from the order', () => {
    expect(toQuery({ capital_min: '100', capital_max: '200.25' })).toEqual({
      capital_min: 100,
      capital_max: 200.25,
    });
    expect(hasFilters({ sort: 'reg_time', order: 'asc' })).toBe(false);
    expect(hasFilters({ type: 'zc' })).toBe(true);
  });
});

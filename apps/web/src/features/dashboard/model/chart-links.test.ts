import { describe, expect, it } from 'vitest';
import { areaListHref, industryListHref } from './chart-links';
import { topSlices } from './chart-options';

const item = (key: string, count: number) => ({ key, keyname: `行业${key}`, count });

describe('chart links', () => {
  const items = ['C', 'I', 'M', 'F', 'A', 'B', 'D'].map((k, i) => item(k, 10 - i));
  const slices = topSlices(items, 4);

  it('opens the list of one industry slice', () => {
    const first = slices[0];
    if (!first) throw new Error('no slice');
    expect(industryListHref(first, slices, items)).toBe('/customer/list?industry_code=C');
  });

  it('opens 其他 as the industries outside the named slices, with the same total', () => {
    const other = slices.find((s) => s.key === '');
    if (!other) throw new Error('no 其他 slice');
    const href = industryListHref(other, slices, [...items, item('E', 0)]);
    expect(href).toBe(`/customer/list?industry_codes=${encodeURIComponent('F,A,B,D')}`);
    expect(other.value).toBe(7 + 6 + 5 + 4);
  });

  it('gives no link for a code the list cannot filter by', () => {
    expect(industryListHref({ key: 'unknown', name: '未知', value: 3 }, slices, items)).toBeNull();
  });

  it('opens the list of a district', () => {
    expect(areaListHref('440305')).toBe('/customer/list?area=440305');
    expect(areaListHref('南山区')).toBeNull();
  });
});

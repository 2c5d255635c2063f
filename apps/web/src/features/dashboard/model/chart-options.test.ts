import { describe, expect, it } from 'vitest';
import {
  areaBarOption,
  fundingBarOption,
  industryPieOption,
  industrySlices,
  topSlices,
} from './chart-options';

const item = (key: string, count: number) => ({ key, keyname: `行业${key}`, count });

describe('chart options', () => {
  it('keeps the largest slices and sums the rest into 其他', () => {
    const items = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'].map((k, i) => item(k, 10 - i));
    const slices = topSlices(items, 4);
    expect(slices).toEqual([
      { key: 'A', name: '行业A', value: 10 },
      { key: 'B', name: '行业B', value: 9 },
      { key: 'C', name: '行业C', value: 8 },
      { key: '', name: '其他', value: 7 + 6 + 5 + 4 + 3 + 2 + 1 },
    ]);
    expect(topSlices([item('A', 0), item('B', 2)])).toEqual([{ key: 'B', name: '行业B', value: 2 }]);
  });

  it('draws districts as horizontal bars, largest on top', () => {
    const option = areaBarOption([item('1', 3), item('2', 9), item('3', 5)]);
    expect(option.yAxis).toMatchObject({ type: 'category', data: ['行业1', '行业3', '行业2'] });
    expect(option.series).toMatchObject([{ type: 'bar', data: [3, 5, 9] }]);
  });

  it('gives each industry slice its colour and share, for the chart and its legend', () => {
    const slices = industrySlices([item('C', 3), item('I', 1)]);
    expect(slices).toEqual([
      { key: 'C', name: '行业C', value: 3, color: '#1668dc', percent: 75 },
      { key: 'I', name: '行业I', value: 1, color: '#13c2c2', percent: 25 },
    ]);
  });

  it('draws funding per department as bars of the amount, largest on top, labelled with the count', () => {
    const option = fundingBarOption([
      { dept_name: '工信局', amount: 120.5, count: 1 },
      { dept_name: '科创委', amount: 50, count: 2 },
    ]);
    expect(option.yAxis).toMatchObject({ type: 'category', data: ['科创委', '工信局'] });
    expect(option.series).toMatchObject([{ name: '资助金额（万元）', type: 'bar', data: [50, 120.5] }]);
  });

  it('escapes member-typed names in the HTML tooltips', () => {
    const planted = '<img src=x onerror=window.__xss=1>';
    const tooltipOf = (option: { tooltip?: unknown }) =>
      (option.tooltip as { formatter: (params: unknown) => string }).formatter;
    const funding = tooltipOf(fundingBarOption([{ dept_name: planted, amount: 1, count: 1 }]));
    expect(funding([{ dataIndex: 0 }])).toBe(
      '&lt;img src=x onerror=window.__xss=1&gt;<br/>资助金额：1 万元<br/>资助项目：1 项',
    );
    const pie = tooltipOf(industryPieOption(industrySlices([{ key: 'x', keyname: planted, count: 2 }])));
    expect(pie({ name: planted, value: 2, percent: 100 })).toBe(
      '&lt;img src=x onerror=window.__xss=1&gt;<br/>2 家（100%）',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { callStatus, periodCalls, productName, todayCalls, usageBarOption } from './usage';

const DAYS = [
  { date: '2026-11-25', calls: 3 },
  { date: '2026-11-26', calls: 0 },
  { date: '2026-11-27', calls: 2 },
];

describe('API usage', () => {
  it('counts today (the last day) and the whole period', () => {
    expect(todayCalls(DAYS)).toBe(2);
    expect(periodCalls(DAYS)).toBe(5);
    expect(todayCalls([])).toBe(0);
  });

  it('draws a bar per day, oldest on the left, labelled MM-DD', () => {
    const option = usageBarOption(DAYS);
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['11-25', '11-26', '11-27'] });
    expect(option.series).toMatchObject([{ type: 'bar', data: [3, 0, 2] }]);
  });

  it('names the products and reads the statuses', () => {
    expect(productName('policy-items')).toBe('标准化政策库');
    expect(productName('hts-score')).toBe('高企评分');
    expect(productName('unknown')).toBe('unknown');
    expect(callStatus(200).text).toBe('成功');
    expect(callStatus(201).text).toBe('成功');
    expect(callStatus(429).text).toBe('次数用完/限流');
    expect(callStatus(400).text).toBe('失败');
    expect(callStatus(500).text).toBe('失败');
  });
});

import { describe, expect, it } from 'vitest';
import { apiBalanceText } from './api-balance';

const NOW = Date.parse('2026-11-25T02:00:00.000Z');

describe('apiBalanceText', () => {
  it('prints the calls left and the package’s expiry', () => {
    const surplus = {
      total: 100_000,
      used: 88_000,
      surplus: 12_000,
      expired_time: '2027-02-28T16:00:00.000Z',
    };
    expect(apiBalanceText(surplus, NOW, '剩余调用 ')).toBe('剩余调用 12,000 次 · 有效期至 2027-03-01');
    expect(apiBalanceText(surplus, NOW)).toBe('12,000 次 · 有效期至 2027-03-01');
  });

  it('says 暂未购买 before the first purchase, and when the calls ran out with the package', () => {
    expect(apiBalanceText({ total: 0, used: 0, surplus: 0, expired_time: null }, NOW)).toBe('暂未购买');
    expect(
      apiBalanceText({ total: 50_000, used: 10, surplus: 0, expired_time: '2026-01-01T00:00:00.000Z' }, NOW),
    ).toBe('0 次 · 已于 2026-01-01 到期');
  });
});

import { describe, expect, it } from 'vitest';
import { levelName, levelTier } from './levels.js';

describe('levelName', () => {
  it.each([
    [0, '游客'],
    [null, '游客'],
    [1, '体验会员'],
    [10, '体验会员'],
    [20, 'VIP地方版'],
    [21, 'VIP高级版'],
    [22, 'VIP专业版'],
    [30, '黄金会员'],
    [40, '铂金会员'],
    [50, '黑金会员'],
    [60, '至尊版会员'],
    [61, '集团版会员'],
    [15, '尊享会员'],
    [99, '尊享会员'],
  ])('level %s is %s', (level, name) => {
    expect(levelName(level)).toBe(name);
  });

  it('maps tiers for badge colours', () => {
    expect(levelTier(22)).toBe('silver');
    expect(levelTier(30)).toBe('gold');
    expect(levelTier(5)).toBe('trial');
    expect(levelTier(0)).toBe('visitor');
  });
});

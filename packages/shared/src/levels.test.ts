import { describe, expect, it } from 'vitest';
import {
  isMemberLevel,
  isTrialLevel,
  isVipLevel,
  isVisitorLevel,
  levelName,
  levelTier,
  renewsFromPlanList,
} from './levels.js';

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

describe('level predicates', () => {
  it('draws the lines of docs/requirements.md §4 and §6', () => {
    expect([0, 1, 10, 11, 19, 20, 61].map(isVisitorLevel)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([0, 1, 10, 11, 19, 20, 61].map(isTrialLevel)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect([0, 1, 10, 11, 19, 20, 61].map(isMemberLevel)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
    expect([0, 1, 10, 11, 19, 20, 61].map(isVipLevel)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    expect([22, 30, 40, 50, 60].map(renewsFromPlanList)).toEqual([false, false, true, true, false]);
  });
});

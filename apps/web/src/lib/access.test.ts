import { describe, expect, it } from 'vitest';
import { computeAccess } from './access';

describe('computeAccess', () => {
  it('visitor', () => {
    expect(computeAccess({ token: '', name: '', level: 0 })).toEqual({
      isLoggedIn: false,
      isVisitor: true,
      isTrial: false,
      isVip: false,
      isSub: false,
      canSeePackages: true,
      showVipMark: true,
    });
  });
  it('a visitor never counts as VIP, whatever level is left in memory', () => {
    expect(computeAccess({ token: '', name: '', level: 50 })).toMatchObject({
      isVip: false,
      showVipMark: true,
    });
  });
  it('trial user (level <= 10)', () => {
    expect(computeAccess({ token: 't', name: 'trialuser', level: 10 })).toMatchObject({
      isLoggedIn: true,
      isTrial: true,
      isVip: false,
      showVipMark: true,
    });
  });
  it('VIP from level 20, VIP mark below 20', () => {
    expect(computeAccess({ token: 't', name: 'u', level: 19 })).toMatchObject({
      isTrial: false,
      isVip: false,
      showVipMark: true,
    });
    expect(computeAccess({ token: 't', name: 'u', level: 20 })).toMatchObject({
      isVip: true,
      showVipMark: false,
    });
    expect(computeAccess({ token: 't', name: 'u', level: 61 })).toMatchObject({
      isVip: true,
      showVipMark: false,
    });
  });
  it('sub-accounts cannot see packages', () => {
    expect(computeAccess({ token: 't', name: 'demosub01', level: 22, isSub: true })).toMatchObject({
      isSub: true,
      canSeePackages: false,
      isVip: true,
    });
  });
  it('the sub-account flag also comes from the auth/info role (the guard has no getCusInfo)', () => {
    expect(
      computeAccess({ token: 't', name: 'u', level: 22, roles: ['member', 'vip', 'sub'] }),
    ).toMatchObject({
      isSub: true,
      canSeePackages: false,
    });
    expect(computeAccess({ token: 't', name: 'u', level: 22, roles: ['member', 'vip'] }).isSub).toBe(false);
    expect(computeAccess({ token: '', name: '', level: 0, roles: ['sub'] }).canSeePackages).toBe(true);
  });
});

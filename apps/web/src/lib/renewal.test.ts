import { describe, expect, it } from 'vitest';
import { canRenew, renewTarget } from './renewal';

describe('renewal (docs/requirements.md §4 "For renewal")', () => {
  it('shows for a main account with a plan id only', () => {
    expect(canRenew({ isSub: false, gid: 13, level: 22 })).toBe(true);
    expect(canRenew({ isSub: true, gid: 13, level: 22 })).toBe(false);
    expect(canRenew({ isSub: false, gid: null, level: 22 })).toBe(false);
    expect(canRenew({ isSub: false, gid: 0, level: 22 })).toBe(false);
  });

  it('leads platinum, black gold and plan-less members to the plan list', () => {
    expect(renewTarget({ isSub: false, gid: 6, level: 40 })).toBe('/vip/index');
    expect(renewTarget({ isSub: false, gid: 6, level: 50 })).toBe('/vip/index');
    expect(renewTarget({ isSub: false, gid: null, level: 22 })).toBe('/vip/index');
  });

  it('leads everyone else to the plan detail in renew mode', () => {
    expect(renewTarget({ isSub: false, gid: 13, level: 22 })).toBe('/taocandetail?gid=13&state=1&isRenew=1');
    expect(renewTarget({ isSub: false, gid: 1, level: 30 })).toBe('/taocandetail?gid=1&state=1&isRenew=1');
    expect(renewTarget({ isSub: false, gid: 11, level: 61 })).toBe('/taocandetail?gid=11&state=1&isRenew=1');
  });
});

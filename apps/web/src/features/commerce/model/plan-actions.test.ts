import { describe, expect, it } from 'vitest';
import { PLANS } from '../testing';
import { planAction, reorderPath } from './plan-actions';

const plan = (gid: number) => PLANS.find((p) => p.gid === gid)!;

describe('planAction', () => {
  it('renews the member’s own plan on its detail page, but not for platinum and black gold', () => {
    expect(planAction(plan(13), { isSub: false, gid: 13, level: 22 })).toEqual({
      kind: 'renew',
      label: '立即续费',
      to: '/taocandetail?gid=13&state=1&isRenew=1',
    });
    // Platinum renews from the list: its plan card is a purchase, not a renewal.
    expect(planAction(plan(6), { isSub: false, gid: 6, level: 40 }).kind).toBe('upgrade');
    expect(planAction(plan(11), { isSub: false, gid: 6, level: 50 }).kind).toBe('upgrade');
  });

  it('sells every plan to experience users and the API package to everyone', () => {
    expect(planAction(plan(1), { isSub: false, gid: null, level: 10 })).toMatchObject({ kind: 'buy' });
    expect(planAction(plan(14), { isSub: false, gid: 13, level: 22 })).toEqual({
      kind: 'buy',
      label: '立即购买',
      to: '/apiorder?gid=14',
    });
  });

  it('upgrades to higher plans and offers nothing below the member’s level', () => {
    expect(planAction(plan(6), { isSub: false, gid: 13, level: 22 }).kind).toBe('upgrade');
    expect(planAction(plan(12), { isSub: false, gid: 13, level: 22 }).kind).toBe('included');
  });
});

describe('reorderPath', () => {
  it('pays an order again on the page it came from', () => {
    const member = { isSub: false, gid: 13, level: 22 };
    expect(reorderPath(13, member)).toBe('/taocandetail?gid=13&state=1&isRenew=1');
    expect(reorderPath(6, member)).toBe('/taocandetail?gid=6&state=2&isRenew=0');
    expect(reorderPath(14, member)).toBe('/apiorder?gid=14');
  });

  it('opens the order page at the order’s quantity', () => {
    const member = { isSub: false, gid: 13, level: 22 };
    expect(reorderPath(13, member, 3)).toBe('/taocandetail?gid=13&state=1&isRenew=1&count=3');
    expect(reorderPath(6, member, 2)).toBe('/taocandetail?gid=6&state=2&isRenew=0&count=2');
    expect(reorderPath(14, member, 5)).toBe('/apiorder?gid=14&count=5');
  });
});

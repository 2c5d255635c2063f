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

  it('upgrades to higher plans and offers the lower ones as a change at the end of the period', () => {
    expect(planAction(plan(6), { isSub: false, gid: 13, level: 22 }).kind).toBe('upgrade');
    expect(planAction(plan(12), { isSub: false, gid: 13, level: 22 })).toEqual({
      kind: 'change',
      label: '到期后切换',
      to: '/taocandetail?gid=12&state=2&isRenew=0',
    });
  });

  it('shows the credit the server quotes for an upgrade, and the scheduled change on the lower cards', () => {
    const member = { isSub: false, gid: null, level: 30 };
    const offer = { gid: 6, kind: 'switch' as const, credit: 12800, min_count: 1, price: 7000 };
    expect(planAction(plan(6), member, { offer })).toEqual({
      kind: 'upgrade',
      label: '立即升级',
      to: '/taocandetail?gid=6&state=2&isRenew=0',
      credit: 12800,
    });
    expect(planAction(plan(13), member, { scheduledGid: 13 })).toEqual({
      kind: 'scheduled',
      label: '到期后生效',
    });
    expect(planAction(plan(1), member, { scheduledGid: 13 })).toEqual({
      kind: 'scheduled',
      label: '已有待生效变更',
    });
    expect(planAction(plan(1), member).kind).toBe('change');
  });

  it('renews a legacy level on its own row, and never sells another legacy row', () => {
    const goldRow = { ...plan(13), gid: 30, name: '黄金会员', level: 30, on_sale: false };
    expect(planAction(goldRow, { isSub: false, gid: null, level: 30 })).toEqual({
      kind: 'renew',
      label: '立即续费',
      to: '/taocandetail?gid=30&state=1&isRenew=1',
    });
    // Platinum (40) renews from the plan list too.
    const platinumRow = { ...goldRow, gid: 40, name: '铂金会员', level: 40 };
    expect(planAction(platinumRow, { isSub: false, gid: 40, level: 40 }).kind).toBe('renew');
    expect(planAction(platinumRow, { isSub: false, gid: null, level: 30 }).kind).toBe('included');
    // Lapsed (the session's level is the trial one): the server's quote still says renew.
    const renewOffer = { gid: 30, kind: 'renew' as const, credit: 0, min_count: 1, price: 12800 };
    expect(planAction(goldRow, { isSub: false, gid: null, level: 10 }, { offer: renewOffer }).kind).toBe(
      'renew',
    );
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

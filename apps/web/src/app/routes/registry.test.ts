import { describe, expect, it } from 'vitest';
import { resolvePage } from './registry';

describe('resolvePage', () => {
  it('gives the shop’s menu keys their own pages, not the placeholder or the 404 page', () => {
    const placeholder = resolvePage('customer/list');
    const missing = resolvePage('no/such/page');
    const keys = [
      'vip/index',
      'taocandetail/index',
      'apiorder/index',
      'paySuccess/index',
      'apiPaySuccess/index',
      'order/list',
      'smart/match/policy/exact',
      'smart/match/policy/fast',
      'hts/identification/score',
      'specialization_new/evaluation/accreditation',
    ];
    const pages = keys.map(resolvePage);
    for (const page of pages) {
      expect(page).not.toBe(placeholder);
      expect(page).not.toBe(missing);
    }
    expect(new Set(pages).size).toBe(keys.length);
  });
});

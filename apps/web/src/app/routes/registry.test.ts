import { describe, expect, it } from 'vitest';
import { resolvePage } from './registry';

describe('resolvePage', () => {
  it('gives every menu key of the seed its own page, none the 404 page', () => {
    const missing = resolvePage('no/such/page');
    const keys = [
      'dashboard/index',
      'account/info',
      'account/safe',
      'account/sub',
      'news/index',
      'publicity/index',
      'vip/index',
      'taocandetail/index',
      'apiorder/index',
      'paySuccess/index',
      'apiPaySuccess/index',
      'order/list',
      'customer/list',
      'sub/list',
      'sub/settings',
      'smart/match/policy/exact',
      'smart/match/policy/fast',
      'hts/identification/score',
      'specialization_new/evaluation/accreditation',
      'invoice/list',
      'api/keys',
      'help/index',
      'help/article',
      'ticket/list',
      'ticket/new',
      'ticket/detail',
    ];
    const pages = keys.map(resolvePage);
    for (const page of pages) expect(page).not.toBe(missing);
    expect(new Set(pages).size).toBe(keys.length);
  });
});

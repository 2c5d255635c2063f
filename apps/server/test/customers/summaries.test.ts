// The increments a batch of new customers makes to the maintained summaries.
import { describe, expect, it } from 'vitest';
import { facetDeltas, statsDeltas } from '../../src/db/customer-summaries-repo.js';
import { customer } from '../support/members.js';

describe('summary maintenance', () => {
  it('turns a batch of customers into one increment per member, district and industry', () => {
    const rows = [
      customer(1, { is_hightech: 1, fmzl_count: 2, created_at: '2026-10-31T16:30:00.000Z' }),
      customer(1, { reg_capital_hundredths: 5000_00 }),
      customer(2),
    ];
    expect(
      statsDeltas(rows).map((d) => [
        d.user_id,
        d.area_code,
        d.industry_code,
        d.customers,
        d.hightech,
        d.fmzl_count,
      ]),
    ).toEqual([
      [1, '440305', 'C', 2, 1, 2],
      [2, '440305', 'C', 1, 0, 0],
    ]);
    const facets = facetDeltas(rows.slice(0, 2));
    // 16:30 UTC on 31 October is already November in Shanghai.
    expect(facets.find((f) => f.facet === 'month' && f.key === '2026-11')?.count).toBeGreaterThanOrEqual(1);
    expect(facets.filter((f) => f.facet === 'capital').map((f) => [f.key, f.count])).toEqual([
      ['100-500', 1],
      ['gte5000', 1],
    ]);
  });
});

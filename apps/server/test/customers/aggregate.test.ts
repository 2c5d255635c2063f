// The pure matching behind the customer figures: scopes against a member's summary rows, list totals, the area query.
import { describe, expect, it } from 'vitest';
import {
  type Combo,
  comboInFilter,
  countInScope,
  countMatching,
  inScope,
  matchingCombos,
  restrictionOf,
  totalOf,
} from '../../src/modules/customers/aggregate.js';
import { areaFilter } from '../../src/modules/customers/service.js';

const combo = (city: string, area: string, industry: string, customers: number): Combo => ({
  city_code: city,
  area_code: area,
  industry_code: industry,
  customers,
});

const COMBOS = [
  combo('440300', '440305', 'C', 10),
  combo('440300', '440305', 'I', 5),
  combo('440300', '440304', 'C', 3),
  combo('440100', '440106', 'F', 2),
  combo('441900', '441900', 'I', 7),
];

describe('summary aggregation', () => {
  it('matches a scope where every named part is equal and null means all', () => {
    const c = COMBOS[0] as Combo;
    const scope = (city: string | null, area: string | null, industry: string | null) => ({
      city_code: city,
      area_code: area,
      industry_code: industry,
    });
    expect(inScope(scope(null, null, null), c)).toBe(true);
    expect(inScope(scope('440300', null, null), c)).toBe(true);
    expect(inScope(scope('440300', '440305', 'C'), c)).toBe(true);
    expect(inScope(scope('440300', '440304', null), c)).toBe(false);
    expect(inScope(scope(null, null, 'I'), c)).toBe(false);
    expect(inScope(scope('440100', null, 'C'), c)).toBe(false);
  });

  it('counts each customer once however many scopes match it', () => {
    const scope = (city: string | null, area: string | null, industry: string | null) => ({
      city_code: city,
      area_code: area,
      industry_code: industry,
    });
    expect(countMatching(COMBOS, [])).toBe(0);
    expect(countMatching(COMBOS, [scope('440300', null, 'C')])).toBe(13);
    expect(
      countMatching(COMBOS, [
        scope('440300', null, 'C'),
        scope(null, null, 'C'),
        scope('440300', '440305', null),
      ]),
    ).toBe(18);
    expect(countMatching(COMBOS, [scope(null, null, null)])).toBe(27);
    expect(countMatching(COMBOS, [scope('440100', '440106', 'I')])).toBe(0);
    expect(countInScope(COMBOS, scope(null, null, 'I'))).toBe(12);
    expect(countInScope(COMBOS, scope('440300', '440305', null))).toBe(15);
    expect(countInScope(COMBOS, scope('440300', null, 'K'))).toBe(0);
    expect(countInScope(COMBOS, scope(null, null, null))).toBe(27);
  });

  it('selects the matching combos as SQL can test them, with the list totals of a filter', () => {
    const scope = (city: string | null, area: string | null, industry: string | null) => ({
      city_code: city,
      area_code: area,
      industry_code: industry,
    });
    const withHightech = COMBOS.map((c, i) => ({ ...c, hightech: i }));
    const matching = matchingCombos(withHightech, [scope('440300', null, 'C'), scope('441900', null, null)]);
    expect(matching.map((c) => `${c.area_code}${c.industry_code}`)).toEqual([
      '440305C',
      '440304C',
      '441900I',
    ]);
    // Every C combo matches: the whole industry; only one of the two I combos: its district.
    expect(restrictionOf(matching, COMBOS)).toEqual({
      industries: ['C'],
      districts: [{ industry_code: 'I', area_codes: ['441900'] }],
    });
    expect(restrictionOf(COMBOS, COMBOS)).toBeNull();
    expect(restrictionOf([], COMBOS)).toEqual({ industries: [], districts: [] });
    expect(totalOf(matching, {})).toBe(20);
    expect(totalOf(matching, { is_hightech: true })).toBe(0 + 2 + 4);
    expect(totalOf(matching, { is_hightech: false })).toBe(20 - 6);
    expect(totalOf(matching, { city_code: '440300', area_code: '440304' })).toBe(3);
    expect(totalOf(matching, { industry_codes: ['I', 'F'] })).toBe(7);
    expect(totalOf(matching, { industry_code: 'C', industry_codes: ['I'] })).toBe(0);
    expect(comboInFilter(COMBOS[3] as Combo, { city_code: '440100', industry_codes: ['F', 'C'] })).toBe(true);
    expect(comboInFilter(COMBOS[3] as Combo, { city_code: '440300' })).toBe(false);
  });

  it('reads the area query as a city or a district', () => {
    expect(areaFilter(undefined)).toEqual({});
    expect(areaFilter('440300')).toEqual({ city_code: '440300' });
    expect(areaFilter('440305')).toEqual({ city_code: '440300', area_code: '440305' });
    expect(areaFilter('441900')).toEqual({ city_code: '441900' });
  });
});

// Pure aggregation over a member's maintained customer summary (one row per district and industry): matches against
// policy scopes and list totals are computed here from at most a few hundred rows, whatever the customer count.
import { INDUSTRIES } from '@uc/shared';
import type { Scope } from '../policy/scope.js';

/** One customer_stats row as the matching needs it: the member's customers of one district and industry. */
export interface Combo {
  city_code: string;
  area_code: string;
  industry_code: string;
  customers: number;
}

/** Whether a scope covers a combo's customers. */
export function inScope(scope: Scope, combo: Combo): boolean {
  return (
    (scope.city_code === null || scope.city_code === combo.city_code) &&
    (scope.area_code === null || scope.area_code === combo.area_code) &&
    (scope.industry_code === null || scope.industry_code === combo.industry_code)
  );
}

/**
 * The combos matched by at least one of the scopes: what sb_count and zc_count count, and what the customer list's
 * `type=sb|zc` lists, so the tile and the list it opens cannot disagree.
 */
export function matchingCombos<T extends Combo>(combos: readonly T[], scopes: readonly Scope[]): T[] {
  return combos.filter((combo) => scopes.some((scope) => inScope(scope, combo)));
}

/** Customers matched by at least one of the scopes (each customer counted once). */
export function countMatching(combos: readonly Combo[], scopes: readonly Scope[]): number {
  let total = 0;
  for (const combo of matchingCombos(combos, scopes)) total += combo.customers;
  return total;
}

/** Customers in one scope (a recommended project's matching companies). */
export function countInScope(combos: readonly Combo[], scope: Scope): number {
  let total = 0;
  for (const combo of combos) if (inScope(scope, combo)) total += combo.customers;
  return total;
}

/** A customer-list filter; every field optional, all of them must hold. */
export interface CustomerFilter {
  city_code?: string;
  area_code?: string;
  industry_code?: string;
  /** Any of these industries (non-empty when present). */
  industry_codes?: readonly string[];
  is_hightech?: boolean;
  /** The row terms no summary holds: a part of the name, registration dates and capital (hundredths of 万元). */
  name?: string;
  reg_start?: string;
  reg_end?: string;
  capital_min?: number;
  capital_max?: number;
}

/** The terms of a filter SQL reads from the customer indexes and the summaries count (region, industry, high-tech). */
export type SummaryFilter = Omit<
  CustomerFilter,
  'name' | 'reg_start' | 'reg_end' | 'capital_min' | 'capital_max'
>;

/** Whether the filter has a term the maintained summaries cannot count (the total then counts rows). */
export function needsRowCount(filter: CustomerFilter): boolean {
  return (
    filter.name !== undefined ||
    filter.reg_start !== undefined ||
    filter.reg_end !== undefined ||
    filter.capital_min !== undefined ||
    filter.capital_max !== undefined
  );
}

/** Whether a combo's customers pass the filter's region and industry terms (is_hightech splits a combo). */
export function comboInFilter(combo: Combo, filter: CustomerFilter): boolean {
  return (
    (filter.city_code === undefined || filter.city_code === combo.city_code) &&
    (filter.area_code === undefined || filter.area_code === combo.area_code) &&
    (filter.industry_code === undefined || filter.industry_code === combo.industry_code) &&
    (filter.industry_codes === undefined || filter.industry_codes.includes(combo.industry_code))
  );
}

/** A combo with its high-tech customers, for list totals that honour is_hightech. */
export interface ComboCounts extends Combo {
  hightech: number;
}

/** Customers of the combos that pass the filter, high-tech split included: a list total without counting rows. */
export function totalOf(combos: readonly ComboCounts[], filter: CustomerFilter): number {
  let total = 0;
  for (const combo of combos) {
    if (!comboInFilter(combo, filter)) continue;
    total +=
      filter.is_hightech === undefined
        ? combo.customers
        : filter.is_hightech
          ? combo.hightech
          : combo.customers - combo.hightech;
  }
  return total;
}

/**
 * Some of a member's combos as SQL can test them: whole industries (every combo of the member in that industry is
 * in the set) and, for the other industries, their districts. Grouping by industry keeps the condition to at most
 * 20 terms whatever the number of combos.
 */
export interface ComboRestriction {
  industries: string[];
  districts: { industry_code: string; area_codes: string[] }[];
}

/** The restriction selecting `subset` among the member's `all` combos; null when it selects them all. */
export function restrictionOf(subset: readonly Combo[], all: readonly Combo[]): ComboRestriction | null {
  if (subset.length >= all.length) return null;
  const areasOf = (combos: readonly Combo[]) => {
    const byIndustry = new Map<string, string[]>();
    for (const { industry_code, area_code } of combos) {
      const areas = byIndustry.get(industry_code);
      if (areas) areas.push(area_code);
      else byIndustry.set(industry_code, [area_code]);
    }
    return byIndustry;
  };
  const available = areasOf(all);
  const restriction: ComboRestriction = { industries: [], districts: [] };
  for (const [industry_code, area_codes] of areasOf(subset)) {
    if (area_codes.length >= (available.get(industry_code)?.length ?? 0)) {
      restriction.industries.push(industry_code);
    } else {
      restriction.districts.push({ industry_code, area_codes: area_codes.sort() });
    }
  }
  restriction.industries.sort();
  restriction.districts.sort((a, b) => a.industry_code.localeCompare(b.industry_code));
  return restriction;
}

export const INDUSTRY_CODES: ReadonlySet<string> = new Set(INDUSTRIES.map((i) => i.code));

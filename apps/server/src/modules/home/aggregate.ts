// Pure aggregation over a member's maintained customer summary (one row per district and industry): the dashboard's
// counts, distributions and matches are computed here from at most a few hundred rows, whatever the customer count.
import { cityByCode, type DistributionItem, INDUSTRIES, industryName } from '@uc/shared';

/** One customer_stats row as the matching needs it: the member's customers of one district and industry. */
export interface Combo {
  city_code: string;
  area_code: string;
  industry_code: string;
  customers: number;
}

/** Who a policy item or a project is for; null means "all" (province-wide, whole city, every industry). */
export interface Scope {
  city_code: string | null;
  area_code: string | null;
  industry_code: string | null;
}

/** Whether a scope covers a combo's customers. */
export function inScope(scope: Scope, combo: Combo): boolean {
  return (
    (scope.city_code === null || scope.city_code === combo.city_code) &&
    (scope.area_code === null || scope.area_code === combo.area_code) &&
    (scope.industry_code === null || scope.industry_code === combo.industry_code)
  );
}

/** Customers matched by at least one of the scopes (each customer counted once). */
export function countMatching(combos: readonly Combo[], scopes: readonly Scope[]): number {
  let total = 0;
  for (const combo of combos) if (scopes.some((scope) => inScope(scope, combo))) total += combo.customers;
  return total;
}

/** Customers in one scope (a recommended project's matching companies). */
export function countInScope(combos: readonly Combo[], scope: Scope): number {
  let total = 0;
  for (const combo of combos) if (inScope(scope, combo)) total += combo.customers;
  return total;
}

/** Largest count first, then by key: a stable order for charts and tests. */
function sorted(
  rows: readonly { key: string; count: number }[],
  name: (key: string) => string,
): DistributionItem[] {
  return rows
    .filter((row) => row.count > 0)
    .map(({ key, count }) => ({ key, keyname: name(key), count }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

/** Customers per GB/T 4754 section, named. */
export function industryItems(rows: readonly { key: string; count: number }[]): DistributionItem[] {
  return sorted(rows, (code) => industryName(code) ?? code);
}

/** Customers per district of one city, named (a city without districts is one item). */
export function areaItems(
  rows: readonly { key: string; count: number }[],
  citycode: string,
): DistributionItem[] {
  const city = cityByCode(citycode);
  const names = new Map<string, string>(city?.districts.map((d) => [d.code, d.name]) ?? []);
  if (city) names.set(city.citycode, city.cityname);
  return sorted(rows, (code) => names.get(code) ?? code);
}

/** A customer-list filter; every field optional. */
export interface CustomerFilter {
  city_code?: string;
  area_code?: string;
  industry_code?: string;
  is_hightech?: boolean;
}

export const INDUSTRY_CODES: ReadonlySet<string> = new Set(INDUSTRIES.map((i) => i.code));

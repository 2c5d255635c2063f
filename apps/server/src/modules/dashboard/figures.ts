// Pure figures of the dashboard from a member's maintained summaries: named distributions, monthly growth, and the
// business situation (capital and age bands).
import { cityByCode, type DistributionItem, type GrowthItem, industryName, shanghaiMonth } from '@uc/shared';
import { CAPITAL_BANDS } from '../../db/customer-facets.js';

type KeyCounts = readonly { key: string; count: number }[];

/** Largest count first, then by key: a stable order for charts and tests. */
function sorted(rows: KeyCounts, name: (key: string) => string): DistributionItem[] {
  return rows
    .filter((row) => row.count > 0)
    .map(({ key, count }) => ({ key, keyname: name(key), count }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

/** Customers per GB/T 4754 section, named. */
export function industryItems(rows: KeyCounts): DistributionItem[] {
  return sorted(rows, (code) => industryName(code) ?? code);
}

/** Customers per district of one city, named (a city without districts is one item). */
export function areaItems(rows: KeyCounts, citycode: string): DistributionItem[] {
  const city = cityByCode(citycode);
  const names = new Map<string, string>(city?.districts.map((d) => [d.code, d.name]) ?? []);
  if (city) names.set(city.citycode, city.cityname);
  return sorted(rows, (code) => names.get(code) ?? code);
}

/** The `count` months ending with the month of `now` (Asia/Shanghai), oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  const [year, month] = shanghaiMonth(now).split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = year * 12 + (month - 1) - i;
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

/** Customers added per month over the last `months` months with the month-on-month change in percent. */
export function growthOf(counts: ReadonlyMap<string, number>, now: Date, months = 12): GrowthItem[] {
  const window = lastMonths(now, months + 1);
  return window.slice(1).map((month, i) => {
    const count = counts.get(month) ?? 0;
    const previous = counts.get(window[i] ?? '') ?? 0;
    const rate = previous === 0 ? null : Math.round(((count - previous) / previous) * 10_000) / 100;
    return { month, count, rate };
  });
}

/** Years since registration: [key, name, lower bound in whole years]. */
const AGE_BANDS = [
  ['lt3', '3年以内', 0],
  ['3-5', '3-5年', 3],
  ['5-10', '5-10年', 5],
  ['gte10', '10年及以上', 10],
] as const;

function ageBand(years: number): string {
  let band: string = AGE_BANDS[0][0];
  for (const [key, , lower] of AGE_BANDS) if (years >= lower) band = key;
  return band;
}

/** The bands in their natural order, empty ones included (a chart's axis stays the same). */
function bandItems(
  bands: readonly (readonly [string, string, number])[],
  counts: ReadonlyMap<string, number>,
): DistributionItem[] {
  return bands.map(([key, keyname]) => ({ key, keyname, count: counts.get(key) ?? 0 }));
}

export function capitalDistribution(counts: ReadonlyMap<string, number>): DistributionItem[] {
  return bandItems(CAPITAL_BANDS, counts);
}

/** Customers by age from their registration years, as of `now`'s year in Asia/Shanghai. */
export function ageDistribution(yearCounts: ReadonlyMap<string, number>, now: Date): DistributionItem[] {
  const currentYear = Number(shanghaiMonth(now).slice(0, 4));
  const counts = new Map<string, number>();
  for (const [year, count] of yearCounts) {
    const band = ageBand(Math.max(0, currentYear - Number(year)));
    counts.set(band, (counts.get(band) ?? 0) + count);
  }
  return bandItems(AGE_BANDS, counts);
}

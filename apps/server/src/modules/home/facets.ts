// The facets maintained per member beside customer_stats (month added, capital band, year registered) and the
// pure figures computed from them: monthly growth and the business situation.
import type { DistributionItem, GrowthItem } from '@uc/shared';

export const FACET = { month: 'month', capital: 'capital', regYear: 'regyear' } as const;
export type Facet = (typeof FACET)[keyof typeof FACET];

/** Times are stored in UTC and shown in Asia/Shanghai (UTC+8, no daylight saving). */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** YYYY-MM of an instant in Asia/Shanghai. */
export function shanghaiMonth(at: string | Date): string {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(ms + SHANGHAI_OFFSET_MS).toISOString().slice(0, 7);
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

/** Registered-capital bands in 万元: [key, name, lower bound in hundredths]. */
export const CAPITAL_BANDS = [
  ['lt100', '100万以下', 0],
  ['100-500', '100-500万', 100_00],
  ['500-1000', '500-1000万', 500_00],
  ['1000-5000', '1000-5000万', 1000_00],
  ['gte5000', '5000万及以上', 5000_00],
] as const;

export function capitalBand(hundredths: number): string {
  let band: string = CAPITAL_BANDS[0][0];
  for (const [key, , lower] of CAPITAL_BANDS) if (hundredths >= lower) band = key;
  return band;
}

/** Years since registration: [key, name, lower bound in whole years]. */
export const AGE_BANDS = [
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

// The facets maintained per member beside customer_stats: month added, registered-capital band, year registered.
// The write side of customers keeps them (customer-summaries-repo.ts); the customers and dashboard modules read them.
export const FACET = { month: 'month', capital: 'capital', regYear: 'regyear' } as const;
export type Facet = (typeof FACET)[keyof typeof FACET];

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

// Where a click on the dashboard's customer charts leads: the customer list filtered to the slice or bar, so the
// list's total is the count the chart showed.
import { type DistributionItem, INDUSTRIES, INDUSTRY_CODES_MAX } from '@uc/shared';
import { paths } from '../../../paths';
import type { Slice } from './chart-options';

const INDUSTRY_SET: ReadonlySet<string> = new Set(INDUSTRIES.map((i) => i.code));
const AREA = /^\d{6}$/;

/**
 * The list of one industry slice (`industry_code=C`), or of 其他 (`industry_codes=` every industry outside the named
 * slices). Null when the slice cannot be filtered to (an unknown code among its industries).
 */
export function industryListHref(
  slice: Slice,
  slices: readonly Slice[],
  items: readonly DistributionItem[],
): string | null {
  const named = new Set(slices.filter((s) => s.key !== '').map((s) => s.key));
  const codes =
    slice.key !== '' ? [slice.key] : items.filter((i) => i.count > 0 && !named.has(i.key)).map((i) => i.key);
  if (codes.length === 0 || codes.length > INDUSTRY_CODES_MAX || !codes.every((c) => INDUSTRY_SET.has(c)))
    return null;
  const query =
    codes.length === 1
      ? new URLSearchParams({ industry_code: codes[0] ?? '' })
      : new URLSearchParams({ industry_codes: codes.join(',') });
  return `${paths.customerList}?${query.toString()}`;
}

/** The list of one district (or of a city without districts): `area=440305`. */
export function areaListHref(areaCode: string): string | null {
  return AREA.test(areaCode) ? `${paths.customerList}?${new URLSearchParams({ area: areaCode })}` : null;
}

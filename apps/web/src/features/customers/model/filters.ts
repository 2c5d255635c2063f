// The customer list's filters as they live in the URL (?is_hightech=1&type=gs&area=440305&tag=重点&...): read
// leniently (an unknown value is dropped, so an old or hand-edited link still opens the list), written back as the
// query the server takes, so every dashboard link opens the list already filtered and a reload keeps it.
import {
  CUSTOMER_LIST_TYPES,
  CUSTOMER_SORTS,
  type CustomerListType,
  type CustomerSort,
  type CustomersExportQuery,
  INDUSTRIES,
  SORT_ORDERS,
  type SortOrder,
  TAG_LIMITS,
} from '@uc/shared';

export interface CustomerFilters {
  area?: string;
  industry_code?: string;
  industry_codes?: string[];
  is_hightech?: 0 | 1;
  type?: CustomerListType;
  name?: string;
  /** One of the member's tags. */
  tag?: string;
  reg_start?: string;
  reg_end?: string;
  capital_min?: string;
  capital_max?: string;
  sort?: CustomerSort;
  order?: SortOrder;
}

/** Every URL key the filters own (page and size belong to the pager). */
export const FILTER_KEYS = [
  'area',
  'industry_code',
  'industry_codes',
  'is_hightech',
  'type',
  'name',
  'tag',
  'reg_start',
  'reg_end',
  'capital_min',
  'capital_max',
  'sort',
  'order',
] as const;

const INDUSTRY_SET: ReadonlySet<string> = new Set(INDUSTRIES.map((i) => i.code));
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const AREA = /^\d{6}$/;

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  (values as readonly string[]).includes(raw ?? '') ? (raw as T) : undefined;
const matching = (pattern: RegExp, raw: string | null): string | undefined =>
  raw !== null && pattern.test(raw) ? raw : undefined;

/** The filters of a URL query; what does not parse is left out. */
export function readFilters(search: URLSearchParams): CustomerFilters {
  const industryCodes = search
    .getAll('industry_codes')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => INDUSTRY_SET.has(v));
  const hightech = search.get('is_hightech');
  const name = search.get('name')?.trim();
  const tag = search.get('tag')?.trim();
  return dropUndefined({
    area: matching(AREA, search.get('area')),
    industry_code: INDUSTRY_SET.has(search.get('industry_code') ?? '')
      ? (search.get('industry_code') ?? undefined)
      : undefined,
    industry_codes: industryCodes.length > 0 ? [...new Set(industryCodes)] : undefined,
    is_hightech: hightech === '1' ? 1 : hightech === '0' ? 0 : undefined,
    type: oneOf(CUSTOMER_LIST_TYPES, search.get('type')),
    name: name ? name.slice(0, 50) : undefined,
    tag: tag && [...tag].length <= TAG_LIMITS.length ? tag : undefined,
    reg_start: matching(DATE, search.get('reg_start')),
    reg_end: matching(DATE, search.get('reg_end')),
    capital_min: matching(AMOUNT, search.get('capital_min')),
    capital_max: matching(AMOUNT, search.get('capital_max')),
    sort: oneOf(CUSTOMER_SORTS, search.get('sort')),
    order: oneOf(SORT_ORDERS, search.get('order')),
  });
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The URL query with `next` as its filters (other keys kept, the page back to the first). */
export function writeFilters(prev: URLSearchParams, next: CustomerFilters): URLSearchParams {
  const search = new URLSearchParams(prev);
  for (const key of FILTER_KEYS) search.delete(key);
  search.delete('page');
  for (const [key, value] of Object.entries(toQuery(next))) search.set(key, String(value));
  return search;
}

/** The server's query (getCustomers and the export) for the filters. */
export function toQuery(filters: CustomerFilters): CustomersExportQuery {
  const { industry_codes, ...rest } = filters;
  return dropUndefined({
    ...rest,
    capital_min: rest.capital_min === undefined ? undefined : Number(rest.capital_min),
    capital_max: rest.capital_max === undefined ? undefined : Number(rest.capital_max),
    industry_codes: industry_codes && industry_codes.length > 0 ? industry_codes.join(',') : undefined,
  });
}

/** The filters the user set, besides the order (for the 重置 button and the empty text). */
export function hasFilters(filters: CustomerFilters): boolean {
  return Object.keys(filters).some((key) => key !== 'sort' && key !== 'order');
}

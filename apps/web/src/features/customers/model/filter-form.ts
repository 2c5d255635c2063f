// The filter form's values and the URL filters they stand for, both ways, and the area cascader's options.
import { CITIES, cityOfArea } from '@uc/shared';
import type { Dayjs } from 'dayjs';
import { dayjs } from '../../../lib/ui/dayjs';
import type { CustomerFilters } from './filters';

export interface FilterFormValues {
  name?: string;
  tag?: string;
  area?: string[];
  industries?: string[];
  is_hightech?: 0 | 1;
  type?: CustomerFilters['type'];
  reg?: [Dayjs | null, Dayjs | null] | null;
  capital_min?: number | null;
  capital_max?: number | null;
}

export interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

/** `firstCity` (the cityinfo city) first, then the others; each city with 全市 and its districts. */
export function areaOptions(firstCity: string): AreaOption[] {
  return [...CITIES]
    .sort((a, b) => Number(b.citycode === firstCity) - Number(a.citycode === firstCity))
    .map((c) => ({
      value: c.citycode,
      label: c.cityname,
      children:
        c.districts.length > 0
          ? [
              { value: c.citycode, label: '全市' },
              ...c.districts.map((d) => ({ value: d.code, label: d.name })),
            ]
          : undefined,
    }));
}

/** The cascader's path of an area code: [city] for a city, [city, district] for a district. */
export function areaPath(area: string | undefined): string[] | undefined {
  if (!area) return undefined;
  const city = cityOfArea(area);
  if (!city) return undefined;
  if (city.citycode === area) return city.districts.length > 0 ? [area, area] : [area];
  return [city.citycode, area];
}

export function toFormValues(f: CustomerFilters): FilterFormValues {
  return {
    name: f.name,
    tag: f.tag,
    area: areaPath(f.area),
    industries: f.industry_codes ?? (f.industry_code ? [f.industry_code] : undefined),
    is_hightech: f.is_hightech,
    type: f.type,
    reg:
      f.reg_start || f.reg_end
        ? [f.reg_start ? dayjs(f.reg_start) : null, f.reg_end ? dayjs(f.reg_end) : null]
        : null,
    capital_min: f.capital_min === undefined ? null : Number(f.capital_min),
    capital_max: f.capital_max === undefined ? null : Number(f.capital_max),
  };
}

export function fromFormValues(v: FilterFormValues, prev: CustomerFilters): CustomerFilters {
  const industries = v.industries ?? [];
  // A single industry the link set stays industry_code (the dashboard's own filter); a choice writes industry_codes.
  const sameSingle =
    prev.industry_code !== undefined && industries.length === 1 && industries[0] === prev.industry_code;
  const amount = (n: number | null | undefined) => (n === null || n === undefined ? undefined : String(n));
  return {
    name: v.name?.trim() || undefined,
    tag: v.tag || undefined,
    area: v.area?.[v.area.length - 1],
    industry_code: sameSingle ? prev.industry_code : undefined,
    industry_codes: !sameSingle && industries.length > 0 ? industries : undefined,
    is_hightech: v.is_hightech,
    type: v.type,
    reg_start: v.reg?.[0]?.format('YYYY-MM-DD'),
    reg_end: v.reg?.[1]?.format('YYYY-MM-DD'),
    capital_min: amount(v.capital_min),
    capital_max: amount(v.capital_max),
    sort: prev.sort,
    order: prev.order,
  };
}

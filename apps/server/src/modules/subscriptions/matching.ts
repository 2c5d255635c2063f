// Which policy items a member's push settings select: one rule, read by the list queries (as SQL terms) and by the
// publisher (in memory, for one new item against every member's settings).
import {
  cityByCode,
  cityOfArea,
  DEFAULT_PUSH_SETTINGS,
  PROVINCE_REGION,
  type PushSettings,
  parseJson,
} from '@uc/shared';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { PushSettingsTable } from '../../db/schema.js';
import type { Scope } from '../policy/scope.js';

/** The regions of the settings as the queries read them: all (none chosen, or the province), cities, districts. */
export interface RegionTerms {
  all: boolean;
  cities: string[];
  /** Districts with their city. */
  districts: { city: string; area: string }[];
}

export function regionTerms(regions: readonly string[]): RegionTerms {
  if (regions.length === 0 || regions.includes(PROVINCE_REGION.code))
    return { all: true, cities: [], districts: [] };
  const cities = regions.filter((code) => cityByCode(code) !== undefined);
  const districts = regions.flatMap((area) => {
    const city = cityOfArea(area);
    // A district of a city already chosen whole adds nothing.
    return city && city.citycode !== area && !cities.includes(city.citycode)
      ? [{ city: city.citycode, area }]
      : [];
  });
  return { all: false, cities, districts };
}

/** Whether an item for `scope` concerns someone in the regions (a province-wide item concerns every city). */
export function inRegions(scope: Pick<Scope, 'city_code' | 'area_code'>, terms: RegionTerms): boolean {
  if (terms.all || scope.city_code === null) return true;
  if (terms.cities.includes(scope.city_code)) return true;
  return terms.districts.some(
    (d) => d.city === scope.city_code && (scope.area_code === null || scope.area_code === d.area),
  );
}

/** A policy item as the matching reads it. */
export interface MatchItem extends Scope {
  type: string;
  title: string;
  dept_name: string;
}

/**
 * Whether the settings select the item: every chosen dimension must hold (an empty one holds for all); an item for
 * every industry suits any industry chosen.
 */
export function itemMatches(item: MatchItem, settings: PushSettings, terms = regionTerms(settings.regions)) {
  return (
    (settings.types.length === 0 || settings.types.includes(item.type)) &&
    inRegions(item, terms) &&
    (settings.departments.length === 0 || settings.departments.includes(item.dept_name)) &&
    (settings.industries.length === 0 ||
      item.industry_code === null ||
      settings.industries.includes(item.industry_code)) &&
    (settings.keywords.length === 0 || settings.keywords.some((k) => item.title.includes(k)))
  );
}

/** Whether the member chose anything at all (an untouched member has no 订阅项目). */
export const hasChoices = (s: PushSettings) =>
  s.regions.length + s.departments.length + s.industries.length + s.types.length + s.keywords.length > 0;

const stringList = z.array(z.string());

/** A stored JSON list (a damaged value reads as empty). */
export const readList = (text: string): string[] => parseJson(text, stringList) ?? [];

/** The settings of a push_settings row. */
export function settingsOf(row: Omit<Selectable<PushSettingsTable>, 'user_id' | 'updated_at'>): PushSettings {
  const channels = readList(row.channels).filter((c): c is PushSettings['channels'][number] =>
    (['site', 'sms', 'email'] as const).some((k) => k === c),
  );
  return {
    ...DEFAULT_PUSH_SETTINGS,
    regions: readList(row.regions),
    departments: readList(row.departments),
    industries: readList(row.industries),
    types: readList(row.types),
    keywords: readList(row.keywords),
    channels,
    quiet_start: row.quiet_start,
    quiet_end: row.quiet_end,
    remind_days: row.remind_days,
  };
}

/** Whether `hhmm` (Asia/Shanghai) falls in the quiet hours; they may run over midnight (22:00 - 08:00). */
export function inQuietHours(
  settings: Pick<PushSettings, 'quiet_start' | 'quiet_end'>,
  hhmm: string,
): boolean {
  const { quiet_start: start, quiet_end: end } = settings;
  if (!start || !end || start === end) return false;
  return start < end ? hhmm >= start && hhmm < end : hhmm >= start || hhmm < end;
}

// The push settings as the form edits them: regions as cascader paths (province / city / district), quiet hours as a
// time range; and back to the PushSettings the server takes.
import {
  CITIES,
  cityOfArea,
  INDUSTRIES,
  PROVINCE_REGION,
  type PushChannel,
  type PushSettings,
} from '@uc/shared';
import type { Dayjs } from 'dayjs';
import { dayjs } from '../../../lib/ui/dayjs';

export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

/** 广东省 > its cities > their districts (a city without districts is a leaf). */
export const REGION_OPTIONS: RegionOption[] = [
  {
    value: PROVINCE_REGION.code,
    label: PROVINCE_REGION.name,
    children: CITIES.map((city) => ({
      value: city.citycode,
      label: city.cityname,
      ...(city.districts.length > 0
        ? { children: city.districts.map((d) => ({ value: d.code, label: d.name })) }
        : {}),
    })),
  },
];

export const INDUSTRY_OPTIONS = INDUSTRIES.map((i) => ({ value: i.code, label: `${i.code} ${i.name}` }));

export interface SettingsFormValues {
  regions: string[][];
  departments: string[];
  industries: string[];
  types: string[];
  keywords: string[];
  channels: PushChannel[];
  quiet: [Dayjs, Dayjs] | null;
  /** 提醒天数 of the 申报提醒 (0: off). */
  remind_days: number;
}

/** The cascader path of a region code. */
export function regionPath(code: string): string[] {
  if (code === PROVINCE_REGION.code) return [code];
  const city = cityOfArea(code);
  if (!city) return [];
  return city.citycode === code ? [PROVINCE_REGION.code, code] : [PROVINCE_REGION.code, city.citycode, code];
}

const HHMM = 'HH:mm';

/**
 * HH:mm (a Shanghai wall-clock time, shown as typed) on a fixed day: only the time of day matters, and a day without
 * a daylight-saving change keeps every HH:mm as it is, whatever the browser's time zone.
 */
const atTime = (hhmm: string): Dayjs => {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return dayjs('2000-01-01T00:00:00').hour(hours).minute(minutes).second(0).millisecond(0);
};

export function toFormValues(settings: PushSettings): SettingsFormValues {
  return {
    regions: settings.regions.map(regionPath).filter((path) => path.length > 0),
    departments: settings.departments,
    industries: settings.industries,
    types: settings.types,
    keywords: settings.keywords,
    channels: settings.channels,
    quiet:
      settings.quiet_start && settings.quiet_end
        ? [atTime(settings.quiet_start), atTime(settings.quiet_end)]
        : null,
    remind_days: settings.remind_days,
  };
}

export function toSettings(values: SettingsFormValues): PushSettings {
  return {
    // The last code of a path is what was chosen (a whole province, city or district).
    regions: values.regions
      .map((path) => path[path.length - 1])
      .filter((code): code is string => Boolean(code)),
    departments: values.departments,
    industries: values.industries,
    types: values.types,
    keywords: values.keywords.map((k) => k.trim()).filter(Boolean),
    channels: values.channels,
    quiet_start: values.quiet ? values.quiet[0].format(HHMM) : '',
    quiet_end: values.quiet ? values.quiet[1].format(HHMM) : '',
    remind_days: values.remind_days,
  };
}

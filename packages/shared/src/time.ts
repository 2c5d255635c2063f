// Time arithmetic shared by both sides: times are stored in UTC and shown in Asia/Shanghai (UTC+8, no daylight saving).

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Asia/Shanghai is UTC+8 all year. */
export const SHANGHAI_OFFSET_MS = 8 * HOUR_MS;

const msOf = (at: string | number | Date): number =>
  typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();

/** The ISO text of an instant moved to Shanghai wall time ('YYYY-MM-DDTHH:mm:ss.sssZ', the Z meaning +08:00). */
const shanghaiIso = (at: string | number | Date): string =>
  new Date(msOf(at) + SHANGHAI_OFFSET_MS).toISOString();

/** YYYY-MM-DD of an instant in Asia/Shanghai. */
export const shanghaiDate = (at: string | number | Date): string => shanghaiIso(at).slice(0, 10);

/** YYYY-MM of an instant in Asia/Shanghai. */
export const shanghaiMonth = (at: string | number | Date): string => shanghaiIso(at).slice(0, 7);

/** YYYY-MM-DD HH:mm of an instant in Asia/Shanghai. */
export const shanghaiMinute = (at: string | number | Date): string =>
  shanghaiIso(at).slice(0, 16).replace('T', ' ');

/** YYYY-MM-DD HH:mm:ss of an instant in Asia/Shanghai (as Alipay writes times). */
export const shanghaiSecond = (at: string | number | Date): string =>
  shanghaiIso(at).slice(0, 19).replace('T', ' ');

/** The year of an instant in Asia/Shanghai. */
export const shanghaiYear = (at: string | number | Date): number => Number(shanghaiIso(at).slice(0, 4));

/**
 * Shanghai dates YYYY-MM-DD (inclusive) as stored UTC bounds: `from` its first instant, `until` the first instant
 * after `to` (a filter reads from <= t < until).
 */
export function shanghaiDayBounds(from?: string, to?: string): { from?: string; until?: string } {
  const dayStart = (date: string) => Date.parse(`${date}T00:00:00+08:00`);
  return {
    ...(from ? { from: new Date(dayStart(from)).toISOString() } : {}),
    ...(to ? { until: new Date(dayStart(to) + DAY_MS).toISOString() } : {}),
  };
}

/**
 * The instant `years` whole years after (before, when negative) `at` on the Asia/Shanghai calendar: the same month and
 * time of day, the day clamped to the month's end (29 February + 1 year = 28 February).
 */
export function shanghaiAddYears(at: string | number | Date, years: number): Date {
  const local = new Date(msOf(at) + SHANGHAI_OFFSET_MS);
  const year = local.getUTCFullYear() + years;
  const month = local.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  local.setUTCFullYear(year, month, Math.min(local.getUTCDate(), lastDay));
  return new Date(local.getTime() - SHANGHAI_OFFSET_MS);
}

/** The Shanghai calendar day of an instant, counted from 1970-01-01: the difference of two is whole days apart. */
export const shanghaiDayNumber = (at: string | number | Date): number =>
  Math.floor((msOf(at) + SHANGHAI_OFFSET_MS) / DAY_MS);

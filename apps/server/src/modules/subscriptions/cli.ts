// `npm run content -- publish --type <sbtz|gsgg|zcdt> --title <text> --dept <department> [--city <code>]
// [--area <code>] [--industry <letter>] [--at <ISO time>] [--end <ISO time>]`: the operator publishes a policy item.
// The running server pushes it to the members whose push settings match within a second (at --at when later).
// Uses the configured database (DATA_DIR or DATABASE_URL).
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { cityByCode, cityOfArea, hasIllegalChars, INDUSTRIES, POLICY_CATEGORIES } from '@uc/shared';
import { runCommand } from '../../db/command.js';
import type { Db } from '../../db/connection.js';
import { insertPublished, type NewPolicyItem } from './repo.js';

const TYPES = POLICY_CATEGORIES.map((c) => c.key);
const USAGE = `Usage:
  npm run content -- publish --type <${TYPES.join('|')}> --title <text> --dept <department>
      [--city <city code>] [--area <district code>] [--industry <GB/T 4754 letter>] [--at <ISO time>] [--end <ISO time>]`;

const TEXT_MAX = 200;
const okText = (v: string | undefined): v is string =>
  v !== undefined && v.trim() !== '' && [...v].length <= TEXT_MAX && !hasIllegalChars(v);
const isoOrUndefined = (v: string | undefined) => {
  if (v === undefined) return undefined;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

/** The item the arguments describe, or the reason they do not describe one. */
export function itemFromArgs(
  values: Record<string, string | undefined>,
  now: Date,
): NewPolicyItem | { error: string } {
  const { type, title, dept, city, area, industry } = values;
  if (!type || !(TYPES as string[]).includes(type))
    return { error: `--type must be one of ${TYPES.join(', ')}` };
  if (!okText(title)) return { error: '--title is required (at most 200 characters)' };
  if (!okText(dept)) return { error: '--dept is required (at most 200 characters)' };
  if (city !== undefined && !cityByCode(city)) return { error: `unknown city code ${city}` };
  const areaCity = area === undefined ? undefined : cityOfArea(area);
  if (area !== undefined && (!areaCity || areaCity.citycode === area))
    return { error: `unknown district code ${area}` };
  if (areaCity && city !== undefined && areaCity.citycode !== city)
    return { error: `district ${area} is not in city ${city}` };
  if (industry !== undefined && !INDUSTRIES.some((i) => i.code === industry))
    return { error: `unknown industry ${industry}` };
  const at = isoOrUndefined(values.at);
  const end = isoOrUndefined(values.end);
  if (at === null || end === null) return { error: '--at and --end take an ISO-8601 time' };
  return {
    type,
    title: title.trim(),
    dept_name: dept.trim(),
    city_code: areaCity?.citycode ?? city ?? null,
    area_code: area ?? null,
    industry_code: industry ?? null,
    publish_time: at ?? now.toISOString(),
    end_time: end ?? null,
  };
}

/** Runs one command; returns the exit code. Output goes to `out` (the console, or a test's buffer). */
export async function runContentCli(
  db: Db,
  argv: string[],
  out: { log(line: string): void; error(line: string): void },
  now: () => Date = () => new Date(),
): Promise<number> {
  let parsed: { values: Record<string, string | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: Object.fromEntries(
        ['type', 'title', 'dept', 'city', 'area', 'industry', 'at', 'end'].map((k) => [
          k,
          { type: 'string' },
        ]),
      ) as Record<string, { type: 'string' }>,
    }) as typeof parsed;
  } catch {
    out.error(USAGE);
    return 2;
  }
  if (parsed.positionals[0] !== 'publish' || parsed.positionals.length !== 1) {
    out.error(USAGE);
    return 2;
  }
  const item = itemFromArgs(parsed.values, now());
  if ('error' in item) {
    out.error(`${item.error}\n${USAGE}`);
    return 2;
  }
  const id = await insertPublished(db, item);
  out.log(`published policy item ${id} (${item.type}) at ${item.publish_time}: ${item.title}`);
  return 0;
}

/** The process entry (the compiled file run by npm). */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCommand((db, argv) => runContentCli(db, argv, console));
}

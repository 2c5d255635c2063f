// Pure, deterministic generators of realistic demo content: the same seed and clock give the same rows.
import { CITIES, DAY_MS, DEFAULT_CITY, HOUR_MS, MINUTE_MS, shanghaiDate } from '@uc/shared';
import type { Insertable } from 'kysely';
import type { NewCustomer } from '../../customer-summaries-repo.js';
import type {
  NewsTable,
  OwnPublicityTable,
  PolicyItemsTable,
  ProjectsTable,
  PublicityItemsTable,
} from '../../schema.js';
import type { Rng } from './prng.js';
import {
  cityDepts,
  cityOf,
  cityShort,
  districtDepts,
  districtName,
  HIGHTECH_PROGRAMME,
  INDUSTRY_PROFILE,
  NEWS_TOPICS,
  POLICY_NEWS,
  PROGRAMMES,
  PROVINCE,
  PROVINCE_DEPTS,
  type Programme,
  TRADE_NAME_CHARS,
} from './vocab.js';

const iso = (ms: number) => new Date(ms).toISOString();
const shanghaiYear = (ms: number) => shanghaiDate(ms).slice(0, 4);

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

const INDUSTRY_WEIGHTS = INDUSTRY_PROFILE.map((p) => [p, p.weight] as const);
const TECH = new Set(['C', 'I', 'M']);

// ---------------------------------------------------------------------------------------------- customers

interface CustomerOptions {
  userId: number;
  count: number;
  now: Date;
  /** [area code, weight] pairs. */
  areas: readonly (readonly [string, number])[];
  /** Customers were added over this many days before `now`, more of them recently. */
  addedOverDays: number;
}

/** A company name: city + 字号 + industry word + 有限公司 (or 股份有限公司 without 市). */
export function companyName(rng: Rng, areaCode: string, words: readonly string[]): string {
  const city = cityOf(areaCode);
  const trade = rng.pick(TRADE_NAME_CHARS) + rng.pick(TRADE_NAME_CHARS);
  const word = rng.pick(words);
  return rng.chance(0.08)
    ? `${cityShort(city)}${trade}${word}股份有限公司`
    : `${city.cityname}${trade}${word}有限公司`;
}

const CAPITAL_WAN: readonly (readonly [number, number])[] = [
  [10, 4],
  [30, 4],
  [50, 8],
  [100, 14],
  [200, 12],
  [300, 10],
  [500, 14],
  [800, 5],
  [1000, 12],
  [1200, 2],
  [2000, 5],
  [3000, 4],
  [5000, 4],
  [10000, 2],
  [20000, 1],
];

/** Years since registration, young companies more often. */
const AGE_YEARS: readonly (readonly [readonly [number, number], number])[] = [
  [[0.2, 3], 35],
  [[3, 5], 20],
  [[5, 10], 28],
  [[10, 22], 17],
];

/** A customer as the generators make it: the registry company it refers to is created with it (registry.ts). */
export type CustomerSeed = Omit<NewCustomer, 'company_id'>;

export function generateCustomer(rng: Rng, options: Omit<CustomerOptions, 'count'>): CustomerSeed {
  const nowMs = options.now.getTime();
  const area = rng.weighted(options.areas);
  const city = cityOf(area);
  const industry = rng.weighted(INDUSTRY_WEIGHTS);
  const tech = TECH.has(industry.code);
  const hightech = rng.chance(tech ? 0.42 : 0.06);

  // Added more often recently: the square root skews the draw towards `now`.
  const addedMs = nowMs - Math.floor(options.addedOverDays * DAY_MS * (1 - Math.sqrt(rng.next())));
  const [minAge, maxAge] = rng.weighted(AGE_YEARS);
  const ageMs = (minAge + rng.next() * (maxAge - minAge)) * 365.25 * DAY_MS;
  const registeredMs = Math.min(nowMs - ageMs, addedMs - 30 * DAY_MS);

  let capitalWan = rng.weighted(CAPITAL_WAN);
  if (hightech && capitalWan < 300 && rng.chance(0.5)) capitalWan *= 5;
  const capitalHundredths = capitalWan * 100 + (rng.chance(0.05) ? rng.int(1, 99) * 10 : 0);

  const fmzl = hightech ? rng.int(1, 12) : rng.chance(0.25) ? rng.int(1, 3) : 0;
  const syxx = hightech ? rng.int(3, 30) : rng.int(0, 8);
  const wg = hightech ? rng.int(0, 8) : rng.int(0, 4);
  const rjzzq =
    industry.code === 'I' ? rng.int(hightech ? 5 : 0, hightech ? 40 : 15) : rng.int(0, hightech ? 12 : 3);
  const otherClassOne = rng.chance(0.05) ? 1 : 0;

  return {
    user_id: options.userId,
    name: companyName(rng, area, industry.words),
    industry_code: industry.code,
    city_code: city.citycode,
    area_code: area,
    is_hightech: hightech ? 1 : 0,
    reg_capital_hundredths: capitalHundredths,
    reg_time: shanghaiDate(registeredMs),
    ipcount1: fmzl + otherClassOne,
    ipcount2: syxx + wg + rjzzq,
    fmzl_count: fmzl,
    rjzzq_count: rjzzq,
    syxx_count: syxx,
    wg_count: wg,
    created_at: iso(addedMs),
  };
}

/** `count` customers of one member, oldest first (the order they were added in). */
export function generateCustomers(rng: Rng, options: CustomerOptions): CustomerSeed[] {
  const rows: CustomerSeed[] = [];
  for (let i = 0; i < options.count; i++) rows.push(generateCustomer(rng, options));
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

// ------------------------------------------------------------------------------------------------ regions

/** Where a policy item or project applies, its title's region name, and who issues it. */
interface Placement {
  city_code: string | null;
  area_code: string | null;
  region: string;
  depts: readonly string[];
}

const DEPT_FAMILY_INDEX: Record<Programme['dept'], number> = {
  science: 0,
  industry: 1,
  commerce: 2,
  market: 4,
};

function place(rng: Rng, bias: 'local' | 'any'): Placement {
  const level = rng.weighted<'province' | 'shenzhen' | 'shenzhen-district' | 'city' | 'district'>([
    ['province', 15],
    ['shenzhen', bias === 'local' ? 55 : 45],
    ['shenzhen-district', 15],
    ['city', bias === 'local' ? 10 : 17],
    ['district', bias === 'local' ? 5 : 8],
  ]);
  if (level === 'province')
    return { city_code: null, area_code: null, region: PROVINCE, depts: PROVINCE_DEPTS };
  const shenzhen = CITIES.find((c) => c.citycode === DEFAULT_CITY.citycode) ?? CITIES[0];
  const others = CITIES.filter((c) => c.citycode !== DEFAULT_CITY.citycode);
  const city = level.startsWith('shenzhen') ? shenzhen : rng.pick(others);
  if (!city) throw new Error('regions.ts has no cities');
  if ((level === 'shenzhen-district' || level === 'district') && city.districts.length > 0) {
    const district = rng.pick(city.districts);
    return {
      city_code: city.citycode,
      area_code: district.code,
      region: `${city.cityname}${district.name}`,
      depts: districtDepts(district.code),
    };
  }
  return {
    city_code: city.citycode,
    area_code: null,
    region: city.cityname,
    depts: cityDepts(city.citycode),
  };
}

function deptFor(placement: Placement, family: Programme['dept']): string {
  const { depts } = placement;
  return (
    depts[DEPT_FAMILY_INDEX[family]] ?? depts[family === 'market' ? 0 : 1] ?? depts[0] ?? PROVINCE_DEPTS[0]
  );
}

// ------------------------------------------------------------------------------------------ policy items

interface PolicyOptions {
  now: Date;
  count: number;
  /** Items of each type published in the last 24 hours, all visible to a Shenzhen member. */
  recentPerType: number;
  /** Spread of the others over this many days before the last 24 hours. */
  overDays: number;
}

const TYPE_WEIGHTS = [
  ['sbtz', 35],
  ['gsgg', 30],
  ['zcdt', 35],
] as const;

function policyItem(
  rng: Rng,
  type: 'sbtz' | 'gsgg' | 'zcdt',
  publishedMs: number,
  placement: Placement,
): Insertable<PolicyItemsTable> {
  const year = shanghaiYear(publishedMs);
  const programme = rng.pick(PROGRAMMES);
  const values = { year, region: placement.region, batch: String(rng.int(1, 3)) };
  const base = {
    type,
    city_code: placement.city_code,
    area_code: placement.area_code,
    publish_time: iso(publishedMs),
  };
  if (type === 'zcdt') {
    // Policy news mostly concerns one sector; the general ones are local (district or another city).
    const general = placement.area_code !== null && rng.chance(0.3);
    return {
      ...base,
      title: fill(rng.pick(POLICY_NEWS), values),
      dept_name: deptFor(placement, rng.pick(['science', 'industry', 'commerce'] as const)),
      industry_code: general ? null : rng.weighted(INDUSTRY_WEIGHTS).code,
      end_time: null,
    };
  }
  const industry = placement.area_code !== null && rng.chance(0.1) ? null : rng.pick(programme.industries);
  return {
    ...base,
    title: fill(type === 'sbtz' ? programme.notice : programme.publicity, values),
    dept_name: deptFor(placement, programme.dept),
    industry_code: industry ?? null,
    // Declarations stay open one to four weeks.
    end_time: type === 'sbtz' ? iso(publishedMs + rng.int(7, 28) * DAY_MS) : null,
  };
}

/** Policy items, newest first: `recentPerType` of each type in the last 24 hours, the rest spread over `overDays`. */
export function generatePolicyItems(rng: Rng, options: PolicyOptions): Insertable<PolicyItemsTable>[] {
  const nowMs = options.now.getTime();
  const items: Insertable<PolicyItemsTable>[] = [];
  for (const [type] of TYPE_WEIGHTS) {
    for (let i = 0; i < options.recentPerType; i++) {
      const publishedMs = nowMs - rng.int(5, 23 * 60) * MINUTE_MS;
      // Recent items are Shenzhen's or province-wide, so the demo member's 24h markers show them.
      const placement: Placement = rng.chance(0.8)
        ? cityLevel(DEFAULT_CITY.citycode)
        : { city_code: null, area_code: null, region: PROVINCE, depts: PROVINCE_DEPTS };
      items.push(policyItem(rng, type, publishedMs, placement));
    }
  }
  for (let i = items.length; i < options.count; i++) {
    const publishedMs = nowMs - DAY_MS - rng.int(60, options.overDays * 24 * 60) * MINUTE_MS;
    items.push(policyItem(rng, rng.weighted(TYPE_WEIGHTS), publishedMs, place(rng, 'local')));
  }
  return items.sort((a, b) => b.publish_time.localeCompare(a.publish_time));
}

function cityLevel(citycode: string): Placement {
  return {
    city_code: citycode,
    area_code: null,
    region: cityOf(citycode).cityname,
    depts: cityDepts(citycode),
  };
}

// --------------------------------------------------------------------------------------------- projects

export function generateProjects(
  rng: Rng,
  options: { now: Date; count: number; overDays: number },
): Insertable<ProjectsTable>[] {
  const nowMs = options.now.getTime();
  const projects: Insertable<ProjectsTable>[] = [];
  for (let i = 0; i < options.count; i++) {
    const startMs = nowMs - rng.int(1, options.overDays * 24) * HOUR_MS;
    const programme = rng.pick(PROGRAMMES);
    const placement = place(rng, 'any');
    projects.push({
      name: fill(programme.project, { year: shanghaiYear(startMs), region: placement.region }),
      dept_name: deptFor(placement, programme.dept),
      city_code: placement.city_code,
      area_code: placement.area_code,
      industry_code: rng.chance(0.15) ? null : rng.pick(programme.industries),
      start_time: iso(startMs),
      end_time: iso(startMs + rng.int(30, 90) * DAY_MS),
    });
  }
  return projects.sort((a, b) => a.start_time.localeCompare(b.start_time));
}

// ------------------------------------------------------------------------------------------- publicity

/** A public-notice entry naming a company; linked to the customer when it is one. */
export function publicityFor(
  rng: Rng,
  company: { name: string; area_code: string; is_hightech: number; industry_code: string },
  publishedMs: number,
  link: { customer_id: number; user_id: number } | null,
): Insertable<PublicityItemsTable> {
  const programme = company.is_hightech
    ? HIGHTECH_PROGRAMME
    : (PROGRAMMES.find((p) => p.industries.includes(company.industry_code) && rng.chance(0.5)) ??
      rng.pick(PROGRAMMES));
  const city = cityOf(company.area_code);
  const district = districtName(company.area_code);
  const placement: Placement =
    district && rng.chance(0.4)
      ? {
          city_code: city.citycode,
          area_code: company.area_code,
          region: `${city.cityname}${district}`,
          depts: districtDepts(company.area_code),
        }
      : cityLevel(city.citycode);
  return {
    identityid: `GS${shanghaiDate(publishedMs).replaceAll('-', '')}${rng.hex(12).toUpperCase()}`,
    title: fill(programme.publicity, {
      year: shanghaiYear(publishedMs),
      region: placement.region,
      batch: String(rng.int(1, 3)),
    }),
    companyname: company.name,
    dept: deptFor(placement, programme.dept),
    publishtime: iso(publishedMs),
    qualification: programme.qualification,
    customer_id: link?.customer_id ?? null,
    user_id: link?.user_id ?? null,
  };
}

/** The member's own publicity items (我的公示): public notices naming the member's own company. */
export function generateOwnPublicity(
  rng: Rng,
  options: { now: Date; count: number; userId: number; companyName: string; areaCode: string },
): Insertable<OwnPublicityTable>[] {
  const nowMs = options.now.getTime();
  const city = cityOf(options.areaCode);
  const district = districtName(options.areaCode);
  // Notices about the member's own company come from its district, its city or the province.
  const placements: (readonly [Placement, number])[] = [
    [cityLevel(city.citycode), 5],
    [{ city_code: null, area_code: null, region: PROVINCE, depts: PROVINCE_DEPTS }, 2],
  ];
  if (district) {
    placements.push([
      {
        city_code: city.citycode,
        area_code: options.areaCode,
        region: `${city.cityname}${district}`,
        depts: districtDepts(options.areaCode),
      },
      3,
    ]);
  }
  const rows: Insertable<OwnPublicityTable>[] = [];
  for (let i = 0; i < options.count; i++) {
    const publishedMs = nowMs - (i * 27 + rng.int(1, 20)) * DAY_MS - rng.int(0, 23) * HOUR_MS;
    const programme = rng.pick(PROGRAMMES);
    const placement = rng.weighted(placements);
    const values = {
      year: shanghaiYear(publishedMs),
      region: placement.region,
      batch: String(rng.int(1, 3)),
    };
    rows.push({
      user_id: options.userId,
      title: fill(programme.publicity, values),
      title2: `${programme.qualification}：${options.companyName}`,
      dept_name: deptFor(placement, programme.dept),
      publish_time: iso(publishedMs),
    });
  }
  return rows;
}

// -------------------------------------------------------------------------------------------------- news

export function generateNews(rng: Rng, options: { now: Date; count: number }): Insertable<NewsTable>[] {
  const nowMs = options.now.getTime();
  const rows: Insertable<NewsTable>[] = [];
  for (let i = 0; i < options.count; i++) {
    // One or two a day, the newest a few hours old.
    const publishedMs = nowMs - (i * 36 + rng.int(1, 30)) * HOUR_MS - rng.int(0, 59) * MINUTE_MS;
    const topic = rng.pick(NEWS_TOPICS);
    const placement = rng.chance(0.5) ? cityLevel(DEFAULT_CITY.citycode) : place(rng, 'local');
    const source = deptFor(placement, rng.pick(['science', 'industry', 'commerce'] as const));
    const values = { year: shanghaiYear(publishedMs), region: placement.region, dept: source };
    rows.push({
      guid: rng.hex(32),
      title: fill(topic.title, values),
      source,
      // HTML as the console's editor writes it: one <p> a paragraph (generated text holds no markup characters).
      content: topic.paragraphs.map((p) => `<p>${fill(p, values)}</p>`).join(''),
      publish_time: iso(publishedMs),
    });
  }
  return rows;
}

// Seeds the demo content on first start (docs/architecture.md §6): customers for demouser, goldvip01 and payper01, policy items,
// projects, publicity, news, subscriptions and funding records, relative to the seed time, in one transaction.
import { DAY_MS, fundingAmount, HOUR_MS } from '@uc/shared';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { FileStore } from '../../../lib/file-store.js';
import type { Db } from '../../connection.js';
import { linkNotices } from '../../migrations/notice-links.js';
import { indexAllNotices } from '../../notice-search-repo.js';
import type { Database } from '../../schema.js';
import {
  companyName,
  generateCustomers,
  generateNews,
  generateOwnPublicity,
  generatePolicyItems,
  generateProjects,
  publicityFor,
} from './generate.js';
import { seedNoticeContent } from './notice-content.js';
import { mulberry32, type Rng } from './prng.js';
import { insertSeededCustomers, seedRegistry, serialCodes } from './registry.js';
import { seedScheduledItems } from './scheduled.js';
import {
  AREA_WEIGHTS,
  DEMO_FUNDING,
  GUANGZHOU_AREA_WEIGHTS,
  INDUSTRY_PROFILE,
  SUBSCRIPTION_TITLES,
} from './vocab.js';

/** The fixed seed of the demo data: every installation gets the same content (relative to its seed time). */
const DEMO_SEED = 20_261_122;

export const DEMO_SIZES = {
  demouserCustomers: 360,
  goldCustomers: 80,
  payperCustomers: 12,
  policyItems: 3_000,
  /** Per type, in the last 24 hours. */
  recentPerType: 12,
  projects: 240,
  /** Public-notice entries of companies that are nobody's customers. */
  otherPublicity: 400,
  ownPublicity: 12,
  /** Registry companies that are nobody's customers. */
  registryCompanies: 3_000,
  news: 80,
} as const;

const ROWS_PER_INSERT = 500;

/** The demo members' own companies (getCompanyInfo). */
const PROFILES: Record<
  string,
  { reg_capital_hundredths: number; reg_time: string; area_code: string; industry_code: string }
> = {
  demouser: {
    reg_capital_hundredths: 1000_00,
    reg_time: '2016-05-18',
    area_code: '440305',
    industry_code: 'L',
  },
  goldvip01: {
    reg_capital_hundredths: 500_00,
    reg_time: '2012-09-06',
    area_code: '440106',
    industry_code: 'L',
  },
  trialuser: {
    reg_capital_hundredths: 200_00,
    reg_time: '2019-03-12',
    area_code: '440305',
    industry_code: 'M',
  },
  payper01: {
    reg_capital_hundredths: 300_00,
    reg_time: '2018-07-02',
    area_code: '440305',
    industry_code: 'L',
  },
  nophone01: {
    reg_capital_hundredths: 1200_00,
    reg_time: '2014-11-20',
    area_code: '441900',
    industry_code: 'C',
  },
};

async function insertAll<T extends keyof Database>(
  trx: Transaction<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<number> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    // Kysely cannot relate a generic table's Insertable to its values() parameter; the signature above checks it.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + ROWS_PER_INSERT) as never)
      .execute();
  }
  return rows.length;
}

async function newsIsEmpty(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('news').select('id').limit(1).executeTakeFirst()) === undefined;
}

/** Customers of one member with public notices naming some of them (hightech ones more often). */
async function seedCustomers(
  trx: Transaction<Database>,
  rng: Rng,
  userId: number,
  count: number,
  areas: typeof AREA_WEIGHTS,
  now: Date,
): Promise<number> {
  const customers = generateCustomers(rng, { userId, count, now, areas, addedOverDays: 3 * 365 });
  const ids = await insertSeededCustomers(trx, customers, serialCodes('D', userId * 100_000));
  const publicity = customers.flatMap((customer, i) => {
    const id = ids[i];
    if (id === undefined || !rng.chance(customer.is_hightech ? 0.3 : 0.08)) return [];
    const publishedMs = now.getTime() - rng.int(1, 365) * DAY_MS - rng.int(0, 86_399) * 1000;
    return [publicityFor(rng, customer, publishedMs, { customer_id: id, user_id: userId })];
  });
  return count + (await insertAll(trx, 'publicity_items', publicity));
}

async function fill(
  trx: Transaction<Database>,
  users: Map<string, { id: number; company_name: string }>,
  now: Date,
  newItemsAfterSeconds: number,
  files: FileStore | undefined,
) {
  const root = mulberry32(DEMO_SEED);
  const nowMs = now.getTime();
  let rows = 0;

  // News first: its unique guids make a second, concurrent seeder fail fast and roll back.
  rows += await insertAll(trx, 'news', generateNews(root.fork(1), { now, count: DEMO_SIZES.news }));
  rows += await insertAll(
    trx,
    'policy_items',
    generatePolicyItems(root.fork(2), {
      now,
      count: DEMO_SIZES.policyItems,
      recentPerType: DEMO_SIZES.recentPerType,
      overDays: 180,
    }),
  );
  rows += await insertAll(
    trx,
    'projects',
    generateProjects(root.fork(3), { now, count: DEMO_SIZES.projects, overDays: 365 }),
  );

  const others = root.fork(4);
  const industries = INDUSTRY_PROFILE.map((p) => [p, p.weight] as const);
  const otherPublicity = Array.from({ length: DEMO_SIZES.otherPublicity }, () => {
    const area = others.weighted(AREA_WEIGHTS);
    const industry = others.weighted(industries);
    const company = {
      name: companyName(others, area, industry.words),
      area_code: area,
      is_hightech: others.chance(0.4) ? 1 : 0,
      industry_code: industry.code,
    };
    return publicityFor(others, company, nowMs - others.int(1, 365 * 24) * HOUR_MS, null);
  });
  rows += await insertAll(trx, 'publicity_items', otherPublicity);

  const demo = users.get('demouser');
  if (demo) {
    rows += await seedCustomers(trx, root.fork(5), demo.id, DEMO_SIZES.demouserCustomers, AREA_WEIGHTS, now);
    rows += await insertAll(
      trx,
      'own_publicity',
      generateOwnPublicity(root.fork(6), {
        now,
        count: DEMO_SIZES.ownPublicity,
        userId: demo.id,
        companyName: demo.company_name,
        areaCode: PROFILES.demouser?.area_code ?? '440305',
      }),
    );
    rows += await insertAll(
      trx,
      'subscriptions',
      SUBSCRIPTION_TITLES.map((title, i) => ({
        user_id: demo.id,
        title,
        created_at: new Date(nowMs - (i * 9 + 2) * DAY_MS).toISOString(),
      })),
    );
    rows += await insertAll(
      trx,
      'funding_records',
      DEMO_FUNDING.map(([project_name, dep_name, amount], i) => {
        const at = new Date(nowMs - (DEMO_FUNDING.length - i) * 17 * DAY_MS).toISOString();
        return {
          user_id: demo.id,
          project_name,
          dep_name,
          amount_hundredths: fundingAmount.toHundredths(Number(amount)),
          created_at: at,
          updated_at: at,
        };
      }),
    );
  }
  const gold = users.get('goldvip01');
  if (gold) {
    rows += await seedCustomers(
      trx,
      root.fork(7),
      gold.id,
      DEMO_SIZES.goldCustomers,
      GUANGZHOU_AREA_WEIGHTS,
      now,
    );
  }
  const payper = users.get('payper01');
  if (payper) {
    rows += await seedCustomers(trx, root.fork(8), payper.id, DEMO_SIZES.payperCustomers, AREA_WEIGHTS, now);
  }
  const profiles = [...users].flatMap(([name, user]) => {
    const profile = PROFILES[name];
    return profile ? [{ user_id: user.id, ...profile }] : [];
  });
  rows += await insertAll(trx, 'member_profiles', profiles);
  // The notices the projects and own publicity belong to, found as the migration finds them for older rows.
  await linkNotices(trx);
  // The registry's companies nobody holds yet: what a member finds and adds (企业库).
  rows += await seedRegistry(trx, root.fork(9), DEMO_SIZES.registryCompanies, now);
  const demouser = users.get('demouser');
  if (demouser && newItemsAfterSeconds > 0)
    rows += await seedScheduledItems(trx, demouser.id, now, newItemsAfterSeconds);
  // Bodies, 文号, 原文链接, attachments and 公示名单 of the notices.
  rows += await seedNoticeContent(trx, root.fork(10), now, files);
  // The search index of every notice seeded (scheduled ones are found once their time comes).
  await indexAllNotices(trx);
  return rows;
}

/**
 * Seeds the demo content once, after the demo accounts: nothing when they are missing or content exists. With
 * `newItemsAfterSeconds` > 0, demouser gets push settings and new items scheduled that far apart after `now`.
 * When another instance seeds at the same time, a unique key rolls this one back and the other's data stands.
 */
export async function seedDemoContent(
  db: Db,
  now: Date,
  newItemsAfterSeconds = 0,
  files?: FileStore,
): Promise<number> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'company_name'])
    .where('username', 'in', Object.keys(PROFILES))
    .where('is_sub', '=', 0)
    .execute();
  const users = new Map(rows.map((u) => [u.username, u]));
  if (!users.has('demouser') || !(await newsIsEmpty(db))) return 0;
  try {
    return await db
      .transaction()
      .execute(async (trx) =>
        (await newsIsEmpty(trx)) ? fill(trx, users, now, newItemsAfterSeconds, files) : 0,
      );
  } catch (error) {
    if (await newsIsEmpty(db)) throw error;
    return 0;
  }
}

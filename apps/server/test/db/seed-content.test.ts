// The demo content seeded on first start, its determinism, the benchmark grower, and the maintained aggregates.
import {
  type CategoryCount,
  type CustomerSummary,
  DAY_MS,
  type DistributionItem,
  type FundingRow,
  HOME_API,
  type NewsItem,
  type OwnPublicityItem,
  type Page,
  type PagedSuccess,
  type RecommendedProject,
  type SubscriptionItem,
} from '@uc/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SIZES, seedDemoContent } from '../../src/db/seed/content/demo.js';
import { generateCustomers, generateNews, generatePolicyItems } from '../../src/db/seed/content/generate.js';
import { growCustomers } from '../../src/db/seed/content/grow.js';
import { mulberry32 } from '../../src/db/seed/content/prng.js';
import { AREA_WEIGHTS } from '../../src/db/seed/content/vocab.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { type DemoName, login } from '../support/login.js';
import { getData, type TestMember } from '../support/members.js';

let t: TestApp;
const members = new Map<DemoName, TestMember>();

async function as(name: DemoName): Promise<TestMember> {
  let member = members.get(name);
  if (!member) {
    member = { id: 0, username: name, token: await login(t.app, name) };
    members.set(name, member);
  }
  return member;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every maintained aggregate equals what a count over the customer rows gives. */
async function expectAggregatesConsistent() {
  const stats = await t.db
    .selectFrom('customer_stats')
    .select(['user_id', 'area_code', 'industry_code', 'customers', 'hightech', 'fmzl_count', 'ipcount2'])
    .where('customers', '>', 0)
    .orderBy('user_id')
    .orderBy('area_code')
    .orderBy('industry_code')
    .execute();
  const counted = await t.db
    .selectFrom('customers')
    .select((eb) => [
      'user_id',
      'area_code',
      'industry_code',
      eb.fn.countAll<number>().as('customers'),
      eb.fn.sum<number>('is_hightech').as('hightech'),
      eb.fn.sum<number>('fmzl_count').as('fmzl_count'),
      eb.fn.sum<number>('ipcount2').as('ipcount2'),
    ])
    .groupBy(['user_id', 'area_code', 'industry_code'])
    .orderBy('user_id')
    .orderBy('area_code')
    .orderBy('industry_code')
    .execute();
  const numeric = (rows: Record<string, unknown>[]) =>
    rows.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k.endsWith('_code') ? v : Number(v)])),
    );
  expect(numeric(stats)).toEqual(numeric(counted));
  const months = await t.db
    .selectFrom('customer_facets')
    .select((eb) => eb.fn.sum<number>('count').as('n'))
    .where('facet', '=', 'month')
    .executeTakeFirstOrThrow();
  const rows = await t.db
    .selectFrom('customers')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  expect(Number(months.n)).toBe(Number(rows.n));
}

describe('demo content (first start)', () => {
  it('gives demouser several hundred customers, about 30% high-tech, and a sub-account the same', async () => {
    const demo = await getData<CustomerSummary>(t, await as('demouser'), HOME_API.customerData);
    expect(demo.member_count).toBe(DEMO_SIZES.demouserCustomers);
    expect(demo.high_tech_count / demo.member_count).toBeGreaterThan(0.2);
    expect(demo.high_tech_count / demo.member_count).toBeLessThan(0.4);
    for (const key of ['sb_count', 'gs_count', 'zc_count'] as const) {
      expect(demo[key]).toBeGreaterThan(0);
      expect(demo[key]).toBeLessThanOrEqual(demo.member_count);
    }
    expect(await getData(t, await as('demosub01'), HOME_API.customerData)).toEqual(demo);

    const industries = await getData<DistributionItem[]>(
      t,
      await as('demouser'),
      HOME_API.distributionByIndustry,
    );
    expect(industries.reduce((n, i) => n + i.count, 0)).toBe(DEMO_SIZES.demouserCustomers);
    expect(industries.length).toBeGreaterThan(5);
    const districts = await getData<DistributionItem[]>(t, await as('demouser'), HOME_API.distributionByArea);
    expect(districts.map((d) => d.keyname)).toContain('南山区');
  });

  it('gives goldvip01 its customers and trialuser none (its lists are empty)', async () => {
    const gold = await getData<CustomerSummary>(t, await as('goldvip01'), HOME_API.customerData);
    expect(gold.member_count).toBe(DEMO_SIZES.goldCustomers);
    const trial = await as('trialuser');
    expect(await getData<CustomerSummary>(t, trial, HOME_API.customerData)).toEqual({
      member_count: 0,
      high_tech_count: 0,
      sb_count: 0,
      gs_count: 0,
      zc_count: 0,
    });
    for (const url of [
      HOME_API.myPublicity,
      HOME_API.mySubscribe,
      HOME_API.newPeresult,
      HOME_API.fundingSummary,
    ]) {
      expect(await getData(t, trial, url)).toEqual([]);
    }
    // nophone01 cannot log in (no mobile) but owns nothing either.
    const nophone = await t.db
      .selectFrom('users')
      .innerJoin('customers', 'customers.user_id', 'users.id')
      .select('customers.id')
      .where('users.username', '=', 'nophone01')
      .execute();
    expect(nophone).toEqual([]);
  });

  it('spreads thousands of policy items over months with some in the last 24 hours of the seed', async () => {
    const counts = await getData<CategoryCount[]>(t, await as('demouser'), HOME_API.categoryCount);
    expect(counts.map((c) => c.key)).toEqual(['sbtz', 'gsgg', 'zcdt']);
    for (const c of counts) {
      expect(c.count_24h).toBe(DEMO_SIZES.recentPerType);
      expect(c.count).toBeGreaterThan(500);
    }
    const [oldest] = await t.db
      .selectFrom('policy_items')
      .select('publish_time')
      .orderBy('publish_time')
      .limit(1)
      .execute();
    expect(Date.now() - Date.parse(oldest?.publish_time ?? '')).toBeGreaterThan(150 * DAY_MS);
  });

  it('has projects, own publicity, subscriptions, news and funding records for demouser', async () => {
    const demo = await as('demouser');
    const projects = await getData<RecommendedProject[]>(t, demo, HOME_API.newPeresult);
    expect(projects.length).toBe(10);
    expect(projects.every((p) => p.count > 0)).toBe(true);
    expect(await getData<OwnPublicityItem[]>(t, demo, HOME_API.myPublicity)).toHaveLength(5);
    const publicity = await getData<PagedSuccess<OwnPublicityItem>>(t, demo, HOME_API.publicityMore);
    expect(publicity.total).toBeGreaterThanOrEqual(8);
    expect(await getData<SubscriptionItem[]>(t, demo, HOME_API.mySubscribe)).toHaveLength(10);
    const funding = await getData<Page<FundingRow>>(t, demo, HOME_API.fundingList);
    expect(funding.total).toBeGreaterThanOrEqual(3);

    const news = await getData<PagedSuccess<NewsItem>>(t, demo, `${HOME_API.newsListMore}?size=100`);
    expect(news.total).toBeGreaterThanOrEqual(60);
    const res = await t.app.inject({ method: 'GET', url: `/news/detail?guid=${news.list[0]?.guid}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<h1>${news.list[0]?.title}</h1>`);
    expect(res.body.match(/<p>/g)?.length).toBeGreaterThanOrEqual(4);
  });

  it('keeps every maintained aggregate equal to the rows, and seeds only once', async () => {
    await expectAggregatesConsistent();
    expect(await seedDemoContent(t.db, new Date())).toBe(0);
  });
});

describe('generator', () => {
  const now = new Date('2026-11-22T03:00:00.000Z');
  const options = { userId: 1, count: 50, now, areas: AREA_WEIGHTS, addedOverDays: 1000 };

  it('gives the same rows for the same seed, other rows for another', () => {
    const first = generateCustomers(mulberry32(42), options);
    expect(generateCustomers(mulberry32(42), options)).toEqual(first);
    expect(generateCustomers(mulberry32(43), options)).not.toEqual(first);
    expect(generatePolicyItems(mulberry32(7), { now, count: 100, recentPerType: 5, overDays: 180 })).toEqual(
      generatePolicyItems(mulberry32(7), { now, count: 100, recentPerType: 5, overDays: 180 }),
    );
    expect(generateNews(mulberry32(9), { now, count: 5 }).map((n) => n.guid)).toEqual(
      generateNews(mulberry32(9), { now, count: 5 }).map((n) => n.guid),
    );
  });

  it('makes realistic rows: Chinese company names, real codes, sensible dates', () => {
    for (const row of generateCustomers(mulberry32(42), options)) {
      expect(row.name).toMatch(/^[\u4e00-\u9fa5（）]+(有限公司|股份有限公司)$/);
      expect(row.area_code.slice(0, 4)).toBe(row.city_code.slice(0, 4));
      expect(row.reg_time < row.created_at.slice(0, 10)).toBe(true);
      expect(Date.parse(row.created_at)).toBeLessThanOrEqual(now.getTime());
      expect(row.ipcount1).toBeGreaterThanOrEqual(row.fmzl_count);
      expect(row.ipcount2).toBe(row.syxx_count + row.wg_count + row.rjzzq_count);
    }
    const items = generatePolicyItems(mulberry32(7), { now, count: 300, recentPerType: 5, overDays: 180 });
    const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
    for (const type of ['sbtz', 'gsgg', 'zcdt']) {
      expect(items.filter((i) => i.type === type && i.publish_time > dayAgo)).toHaveLength(5);
    }
    expect(items.find((i) => i.type === 'sbtz')?.title).toMatch(/^关于.+的通知$/);
  });
});

describe('grower (npm run seed -- --customers N)', () => {
  it('adds customers to demouser up to its share, then to new members, keeping the aggregates', async () => {
    const before = Number(
      (await t.db.selectFrom('customers').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
    );
    const target = before + 1_500;
    expect(
      await growCustomers(t.db, { customers: target, demoTarget: DEMO_SIZES.demouserCustomers + 100 }),
    ).toBe(1_500);
    const demo = await getData<CustomerSummary>(t, await as('demouser'), HOME_API.customerData);
    expect(demo.member_count).toBe(DEMO_SIZES.demouserCustomers + 100);
    const bench = await t.db
      .selectFrom('users')
      .select(['id', 'group_id'])
      .where('username', 'like', 'bench%')
      .execute();
    expect(bench.length).toBeGreaterThan(0);
    expect(bench.every((u) => u.group_id === u.id)).toBe(true);
    await expectAggregatesConsistent();
    // Already there: nothing to add.
    expect(await growCustomers(t.db, { customers: target })).toBe(0);
    // Bench members cannot log in.
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: 'bench000001', password: 'a'.repeat(64) },
    });
    expect(res.json().code).not.toBe(200);
  });
});

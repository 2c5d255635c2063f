// The dashboard statistics against rows the test inserts (no demo data): exact counts, only the caller's data.
import {
  type BusinessSituation,
  type CategoryCount,
  type CustomerItem,
  type CustomerSummary,
  type DeptCount,
  type DistributionItem,
  type GrowthItem,
  HOME_API,
  HOME_STATS_API,
  MSG,
  type Page,
  type RecommendedProject,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMonths } from '../../src/modules/dashboard/figures.js';
import { DASHBOARD_PATHS } from '../../src/modules/dashboard/routes.js';
import type { TestApp } from '../support/app.js';
import { NOW, seedDashboard } from '../support/dashboard.js';
import { call, createMember, getData, type TestMember } from '../support/members.js';

let t: TestApp;
let a: TestMember;
let sub: TestMember;
let b: TestMember;

beforeAll(async () => {
  ({ t, a, sub, b } = await seedDashboard());
});
afterAll(() => t.close());

const stats = (member: TestMember) => getData<CustomerSummary>(t, member, HOME_API.customerData);

describe('customer summary (getCustomerdata, GetCustomerdata)', () => {
  it('counts only the member’s customers, with the declaration, publicity and policy matches', async () => {
    for (const url of DASHBOARD_PATHS.customerData) {
      expect(await getData<CustomerSummary>(t, a, url)).toEqual({
        member_count: 5,
        high_tech_count: 3,
        sb_count: 4,
        gs_count: 2,
        zc_count: 1,
      });
    }
  });

  it('answers the other member its own figures', async () => {
    expect(await stats(b)).toEqual({
      member_count: 3,
      high_tech_count: 1,
      sb_count: 2,
      gs_count: 1,
      zc_count: 0,
    });
  });

  it('gives a sub-account its main account’s figures', async () => {
    expect(await stats(sub)).toEqual(await stats(a));
  });

  it('counts zero for a member without customers', async () => {
    const empty = await createMember(t, 'emptymember');
    expect(await stats(empty)).toEqual({
      member_count: 0,
      high_tech_count: 0,
      sb_count: 0,
      gs_count: 0,
      zc_count: 0,
    });
    expect(await getData(t, empty, HOME_API.distributionByIndustry)).toEqual([]);
    expect(await getData(t, empty, HOME_API.newPeresult)).toEqual([]);
    expect(await getData<Page<CustomerItem>>(t, empty, HOME_API.customers)).toEqual({
      list: [],
      total: 0,
      page: 1,
      size: 10,
    });
  });
});

describe('distributions', () => {
  it('groups by industry, largest first', async () => {
    for (const url of DASHBOARD_PATHS.industry) {
      expect(await getData<DistributionItem[]>(t, a, url)).toEqual([
        { key: 'C', keyname: '制造业', count: 2 },
        { key: 'I', keyname: '信息传输、软件和信息技术服务业', count: 2 },
        { key: 'F', keyname: '批发和零售业', count: 1 },
      ]);
    }
  });

  it('groups by district within the member’s city by default', async () => {
    for (const url of DASHBOARD_PATHS.area) {
      expect(await getData<DistributionItem[]>(t, a, url)).toEqual([
        { key: '440305', keyname: '南山区', count: 2 },
        { key: '440304', keyname: '福田区', count: 1 },
      ]);
    }
    // B lives in Tianhe: its default city is Guangzhou.
    expect(await getData(t, b, HOME_API.distributionByArea)).toEqual([
      { key: '440106', keyname: '天河区', count: 1 },
    ]);
  });

  it('groups within the requested city, a city without districts being one item', async () => {
    const url = HOME_API.distributionByArea;
    expect(await getData(t, a, `${url}?citycode=440100`)).toEqual([
      { key: '440106', keyname: '天河区', count: 1 },
    ]);
    expect(await getData(t, a, `${url}?citycode=441900`)).toEqual([
      { key: '441900', keyname: '东莞市', count: 1 },
    ]);
    expect(await getData(t, a, `${url}?citycode=440600`)).toEqual([]);
  });

  it('rejects an unknown city code with a Chinese message', async () => {
    for (const citycode of ['110000', '440305', 'abc', '']) {
      const { status, body } = await call(t, a, 'GET', `${HOME_STATS_API.areaCount}?citycode=${citycode}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 400, message: '城市代码有误' });
    }
  });
});

describe('policy counts (GetCategoryCountByUserName)', () => {
  it('counts the items of the member’s city and province with the 24h marker of the app clock', async () => {
    expect(await getData<CategoryCount[]>(t, a, HOME_API.categoryCount)).toEqual([
      { key: 'sbtz', keyname: '申报通知', count: 2, count_24h: 1 },
      { key: 'gsgg', keyname: '公示公告', count: 2, count_24h: 1 },
      { key: 'zcdt', keyname: '政策动态', count: 2, count_24h: 0 },
    ]);
  });

  it('counts another city’s items for a member there', async () => {
    expect(await getData<CategoryCount[]>(t, b, HOME_API.categoryCount)).toEqual([
      { key: 'sbtz', keyname: '申报通知', count: 2, count_24h: 1 },
      { key: 'gsgg', keyname: '公示公告', count: 1, count_24h: 1 },
      { key: 'zcdt', keyname: '政策动态', count: 1, count_24h: 0 },
    ]);
  });

  it('ranks the issuing departments of the member’s region (GetDeptCountByUserName)', async () => {
    expect(await getData<DeptCount[]>(t, a, HOME_STATS_API.deptCount)).toEqual([
      { dept_name: '深圳市科技创新委员会', count: 3 },
      { dept_name: '广东省科学技术厅', count: 2 },
      { dept_name: '福田区科技创新局', count: 1 },
    ]);
  });
});

describe('recommended projects (getNewPeresult)', () => {
  it('lists started projects matching customers, newest first, with the matching count', async () => {
    for (const url of DASHBOARD_PATHS.newPeresult) {
      const list = await getData<RecommendedProject[]>(t, a, url);
      expect(list.map((p) => [p.name, p.count])).toEqual([
        ['P3 天河商贸', 1],
        ['P2 全省', 5],
        ['P1 深圳制造', 2],
      ]);
      expect(Object.keys(list[0] ?? {}).sort()).toEqual([
        'count',
        'dept_name',
        'item_id',
        'mid',
        'name',
        'start_time',
      ]);
    }
    expect(await getData<RecommendedProject[]>(t, a, `${HOME_API.newPeresult}?size=2`)).toHaveLength(2);
    expect(
      (await getData<RecommendedProject[]>(t, b, HOME_API.newPeresult)).map((p) => [p.name, p.count]),
    ).toEqual([
      ['P3 天河商贸', 1],
      ['P2 全省', 3],
      ['P1 深圳制造', 1],
    ]);
  });
});

describe('growth and business situation', () => {
  it('counts customers added per month over 12 months with the month-on-month rate', async () => {
    const growth = await getData<GrowthItem[]>(t, a, HOME_STATS_API.growthRate);
    const months = lastMonths(NOW, 12);
    expect(growth.map((g) => g.month)).toEqual(months);
    const at = (back: number) => growth[11 - back];
    expect(at(0)).toEqual({ month: months[11], count: 1, rate: -50 });
    expect(at(1)).toEqual({ month: months[10], count: 2, rate: null });
    expect(at(2)).toEqual({ month: months[9], count: 0, rate: -100 });
    expect(at(3)).toEqual({ month: months[8], count: 1, rate: null });
    // The month before the window had customer 5: the first month's rate compares with it.
    expect(at(11)).toEqual({ month: months[0], count: 0, rate: -100 });
    expect(growth.reduce((n, g) => n + g.count, 0)).toBe(4);
  });

  it('bands customers by registered capital and by age', async () => {
    expect(await getData<BusinessSituation>(t, a, HOME_STATS_API.businessSituation)).toEqual({
      capital: [
        { key: 'lt100', keyname: '100万以下', count: 1 },
        { key: '100-500', keyname: '100-500万', count: 1 },
        { key: '500-1000', keyname: '500-1000万', count: 1 },
        { key: '1000-5000', keyname: '1000-5000万', count: 1 },
        { key: 'gte5000', keyname: '5000万及以上', count: 1 },
      ],
      age: [
        { key: 'lt3', keyname: '3年以内', count: 2 },
        { key: '3-5', keyname: '3-5年', count: 1 },
        { key: '5-10', keyname: '5-10年', count: 1 },
        { key: 'gte10', keyname: '10年及以上', count: 1 },
      ],
    });
  });
});

describe('authentication', () => {
  it('answers 401 without a token at every path', async () => {
    for (const url of Object.values(DASHBOARD_PATHS).flat()) {
      const { status, body } = await call(t, null, 'GET', url);
      expect(status, url).toBe(401);
      expect(body).toMatchObject({ code: 401, message: MSG.unauthorized });
    }
  });
});

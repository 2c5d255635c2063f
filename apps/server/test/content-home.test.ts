// The dashboard statistics against rows this test inserts (no demo data): exact counts, only the caller's data.
import {
  type BusinessSituation,
  type CategoryCount,
  type CompanyInfo,
  type CustomerDetail,
  type CustomerItem,
  type CustomerSummary,
  type DeptCount,
  type DistributionItem,
  type GrowthItem,
  HOME_API,
  HOME_STATS_API,
  type HtsGrade,
  type IpInfo,
  MSG,
  type Page,
  type PublicityItem,
  type RecommendedProject,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMonths } from '../src/modules/home/facets.js';
import { HOME_PATHS } from '../src/modules/home/routes.js';
import {
  addCustomers,
  call,
  createMember,
  customer,
  daysFrom,
  getData,
  hoursFrom,
  type TestMember,
} from './content-fixtures.js';
import { createTestApp, type TestApp } from './helpers.js';

// The app's clock, frozen near the real time (tokens are checked against the real one).
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

let t: TestApp;
let a: TestMember;
let sub: TestMember;
let b: TestMember;
let ids: number[];
let otherIds: number[];

/** Mid-month (Asia/Shanghai) of the month `back` months before NOW's. */
function monthsBack(back: number): string {
  const months = lastMonths(NOW, 24);
  return `${months[months.length - 1 - back]}-15T04:00:00.000Z`;
}
const year = Number(lastMonths(NOW, 1)[0]?.slice(0, 4));

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }, { now: () => NOW });
  a = await createMember(t, 'membera1');
  sub = await createMember(t, 'membera1sub', { parentId: a.id });
  b = await createMember(t, 'memberb1', { area: '440106' });

  ids = await addCustomers(t, [
    customer(a.id, {
      name: '深圳市甲一电子有限公司',
      area_code: '440305',
      industry_code: 'C',
      is_hightech: 1,
      reg_capital_hundredths: 1000_00,
      reg_time: `${year - 11}-03-01`,
      ipcount1: 2,
      ipcount2: 4,
      fmzl_count: 2,
      syxx_count: 3,
      wg_count: 1,
      created_at: NOW.toISOString(),
    }),
    customer(a.id, {
      name: '深圳市甲二软件有限公司',
      area_code: '440305',
      industry_code: 'I',
      reg_capital_hundredths: 50_00,
      reg_time: `${year - 1}-03-01`,
      rjzzq_count: 7,
      ipcount2: 7,
      created_at: monthsBack(1),
    }),
    customer(a.id, {
      name: '深圳市甲三精密制造有限公司',
      area_code: '440304',
      industry_code: 'C',
      is_hightech: 1,
      reg_capital_hundredths: 500_00,
      reg_time: `${year - 4}-03-01`,
      fmzl_count: 1,
      ipcount1: 1,
      created_at: hoursFrom(new Date(monthsBack(1)), 1),
    }),
    customer(a.id, {
      name: '广州市甲四商贸有限公司',
      city_code: '440100',
      area_code: '440106',
      industry_code: 'F',
      reg_capital_hundredths: 100_00,
      reg_time: `${year - 6}-03-01`,
      created_at: monthsBack(3),
    }),
    customer(a.id, {
      name: '东莞市甲五网络科技有限公司',
      city_code: '441900',
      area_code: '441900',
      industry_code: 'I',
      is_hightech: 1,
      reg_capital_hundredths: 5000_00,
      reg_time: `${year}-01-02`,
      created_at: monthsBack(12),
    }),
  ]);
  // Another member's customers, in the same places: never counted for A.
  otherIds = await addCustomers(t, [
    customer(b.id, { industry_code: 'C', is_hightech: 1, fmzl_count: 9, ipcount1: 9 }),
    customer(b.id, { industry_code: 'I', area_code: '440304' }),
    customer(b.id, {
      industry_code: 'F',
      city_code: '440100',
      area_code: '440106',
      created_at: monthsBack(1),
    }),
  ]);
  const [c1, , c3] = ids;
  const [o1] = otherIds;

  const policy = (over: Record<string, string | null>) => ({
    type: 'sbtz',
    title: '关于组织申报测试项目的通知',
    dept_name: '深圳市科技创新委员会',
    city_code: '440300',
    area_code: null,
    industry_code: null,
    publish_time: daysFrom(NOW, -3),
    end_time: null,
    ...over,
  });
  await t.db
    .insertInto('policy_items')
    .values([
      // a: open, Shenzhen, manufacturing -> customers 1 and 3
      policy({ industry_code: 'C', end_time: daysFrom(NOW, 5) }),
      // b: closed, Tianhe, all industries -> nobody
      policy({
        city_code: '440100',
        area_code: '440106',
        dept_name: '天河区科技创新局',
        end_time: daysFrom(NOW, -1),
      }),
      // c: open, province-wide, IT, in the last 24h -> customers 2 and 5
      policy({
        city_code: null,
        industry_code: 'I',
        dept_name: '广东省科学技术厅',
        publish_time: hoursFrom(NOW, -1),
        end_time: daysFrom(NOW, 10),
      }),
      // d: not published yet -> ignored everywhere
      policy({ publish_time: hoursFrom(NOW, 1), end_time: daysFrom(NOW, 20) }),
      // e: policy news for Dongguan -> customer 5
      policy({
        type: 'zcdt',
        city_code: '441900',
        dept_name: '东莞市科学技术局',
        publish_time: daysFrom(NOW, -2),
      }),
      // f: policy news, Futian, trade -> nobody (customer 3 makes things)
      policy({
        type: 'zcdt',
        area_code: '440304',
        industry_code: 'F',
        dept_name: '福田区科技创新局',
        publish_time: daysFrom(NOW, -2),
      }),
      // g: province-wide policy news, too old to match (outside 7 days) but counted
      policy({
        type: 'zcdt',
        city_code: null,
        industry_code: 'F',
        dept_name: '广东省科学技术厅',
        publish_time: daysFrom(NOW, -10),
      }),
      // h, i: public notices in Shenzhen, one in the last 24h; j: Guangzhou
      policy({ type: 'gsgg', publish_time: hoursFrom(NOW, -0.5) }),
      policy({ type: 'gsgg', publish_time: hoursFrom(NOW, -25) }),
      policy({
        type: 'gsgg',
        city_code: '440100',
        dept_name: '广州市科学技术局',
        publish_time: hoursFrom(NOW, -1),
      }),
    ])
    .execute();

  const project = (name: string, over: Record<string, string | null>) => ({
    name,
    dept_name: '深圳市工业和信息化局',
    city_code: null,
    area_code: null,
    industry_code: null,
    start_time: daysFrom(NOW, -10),
    end_time: daysFrom(NOW, 50),
    ...over,
  });
  await t.db
    .insertInto('projects')
    .values([
      project('P1 深圳制造', { city_code: '440300', industry_code: 'C' }),
      project('P2 全省', { start_time: daysFrom(NOW, -5) }),
      project('P3 天河商贸', {
        city_code: '440100',
        area_code: '440106',
        industry_code: 'F',
        start_time: daysFrom(NOW, -1),
      }),
      project('P4 深圳地产', { city_code: '440300', industry_code: 'K', start_time: daysFrom(NOW, -2) }),
      project('P5 太早', { start_time: daysFrom(NOW, -200) }),
      project('P6 未开始', { start_time: daysFrom(NOW, 1) }),
    ])
    .execute();

  const notice = (
    identityid: string,
    publishtime: string,
    link: { customer_id: number; user_id: number } | null,
  ) => ({
    identityid,
    title: '关于2026年深圳市第1批拟认定高新技术企业名单的公示',
    companyname: '深圳市甲一电子有限公司',
    dept: '深圳市科技创新委员会',
    publishtime,
    qualification: '高新技术企业',
    customer_id: link?.customer_id ?? null,
    user_id: link?.user_id ?? null,
  });
  await t.db
    .insertInto('publicity_items')
    .values([
      notice('GS-A1', daysFrom(NOW, -30), { customer_id: c1 ?? 0, user_id: a.id }),
      notice('GS-A2', daysFrom(NOW, -3), { customer_id: c1 ?? 0, user_id: a.id }),
      notice('GS-A3', daysFrom(NOW, -10), { customer_id: c3 ?? 0, user_id: a.id }),
      notice('GS-B1', daysFrom(NOW, -1), { customer_id: o1 ?? 0, user_id: b.id }),
      notice('GS-X1', daysFrom(NOW, -1), null),
    ])
    .execute();
  await t.db
    .insertInto('member_profiles')
    .values({
      user_id: a.id,
      reg_capital_hundredths: 1234_50,
      reg_time: '2016-05-18',
      area_code: '440305',
      industry_code: 'L',
    })
    .execute();
});
afterAll(() => t.close());

const stats = (member: TestMember) => getData<CustomerSummary>(t, member, HOME_API.customerData);

describe('customer summary (getCustomerdata, GetCustomerdata)', () => {
  it('counts only the member’s customers, with the declaration, publicity and policy matches', async () => {
    for (const url of HOME_PATHS.customerData) {
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
    for (const url of HOME_PATHS.industry) {
      expect(await getData<DistributionItem[]>(t, a, url)).toEqual([
        { key: 'C', keyname: '制造业', count: 2 },
        { key: 'I', keyname: '信息传输、软件和信息技术服务业', count: 2 },
        { key: 'F', keyname: '批发和零售业', count: 1 },
      ]);
    }
  });

  it('groups by district within the member’s city by default', async () => {
    for (const url of HOME_PATHS.area) {
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
    for (const url of HOME_PATHS.newPeresult) {
      const list = await getData<RecommendedProject[]>(t, a, url);
      expect(list.map((p) => [p.name, p.count])).toEqual([
        ['P3 天河商贸', 1],
        ['P2 全省', 5],
        ['P1 深圳制造', 2],
      ]);
      expect(Object.keys(list[0] ?? {}).sort()).toEqual(['count', 'dept_name', 'mid', 'name', 'start_time']);
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

describe('customers (getCustomers)', () => {
  const list = (query: string, member = a) =>
    getData<Page<CustomerItem>>(t, member, `${HOME_API.customers}${query}`);

  it('pages through the member’s customers, newest first, with exact field names', async () => {
    for (const url of HOME_PATHS.customers) {
      const page = await getData<Page<CustomerItem>>(t, a, `${url}?page=1&size=2`);
      expect(page).toMatchObject({ total: 5, page: 1, size: 2 });
      expect(page.list.map((c) => c.cus_name)).toEqual([
        '深圳市甲一电子有限公司',
        '深圳市甲三精密制造有限公司',
      ]);
      expect(page.list[0]).toEqual({
        id: ids[0],
        cus_name: '深圳市甲一电子有限公司',
        industry_code: 'C',
        industry_name: '制造业',
        city_code: '440300',
        city_name: '深圳市',
        area_code: '440305',
        area_name: '南山区',
        is_hightech: true,
        reg_capital: 1000,
        reg_time: `${year - 11}-03-01`,
        created_at: NOW.toISOString(),
      });
    }
    const last = await list('?page=3&size=2');
    expect(last).toMatchObject({ total: 5, page: 3, size: 2 });
    expect(last.list.map((c) => c.cus_name)).toEqual(['东莞市甲五网络科技有限公司']);
    expect((await list('?page=4&size=2')).list).toEqual([]);
  });

  it('filters by area (city or district), industry and high-tech, totals included', async () => {
    const names = async (query: string) => {
      const page = await list(query);
      expect(page.list).toHaveLength(page.total);
      return page.list.map((c) => c.id).sort();
    };
    const [c1, c2, c3, c4, c5] = ids;
    expect(await names('?area=440300')).toEqual([c1, c2, c3].sort());
    expect(await names('?area=440305')).toEqual([c1, c2].sort());
    expect(await names('?area=441900')).toEqual([c5]);
    expect(await names('?industry_code=C')).toEqual([c1, c3].sort());
    expect(await names('?is_hightech=1')).toEqual([c1, c3, c5].sort());
    expect(await names('?is_hightech=0')).toEqual([c2, c4].sort());
    expect(await names('?area=440300&is_hightech=1&industry_code=C')).toEqual([c1, c3].sort());
    expect(await names('?area=440100&industry_code=F')).toEqual([c4]);
  });

  it('rejects bad paging and filters with Chinese messages', async () => {
    const cases: [string, string][] = [
      ['?page=0', '页码须为正整数'],
      ['?page=abc', '页码须为正整数'],
      ['?size=0', '每页条数须为1-100的整数'],
      ['?size=101', '每页条数须为1-100的整数'],
      ['?area=999999', '地区代码有误'],
      ['?industry_code=Z', '行业代码有误'],
      ['?is_hightech=2', '高新技术企业筛选值有误'],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await call(t, a, 'GET', `${HOME_API.customers}${query}`);
      expect(status, query).toBe(400);
      expect(body).toMatchObject({ code: 400, message });
    }
  });
});

describe('one customer', () => {
  it('answers its data, IP, grade and public notices', async () => {
    const [c1] = ids;
    const item = await getData<CustomerItem>(t, a, `${HOME_API.cusData}?id=${c1}`);
    expect(item.cus_name).toBe('深圳市甲一电子有限公司');
    const ip: IpInfo = {
      ipcount1: 2,
      ipcount2: 4,
      fmzl_count: 2,
      rjzzq_count: 0,
      syxx_count: 3,
      wg_count: 1,
    };
    expect(await getData(t, a, `${HOME_STATS_API.patentByCustomer}?customerId=${c1}`)).toEqual(ip);
    expect(await getData(t, a, `${HOME_STATS_API.patentByCustomer}?id=${c1}`)).toEqual(ip);

    const grade = await getData<HtsGrade>(t, a, `${HOME_API.grade}?id=${c1}`);
    expect(grade).toMatchObject({ customer_id: c1, cus_name: '深圳市甲一电子有限公司' });
    expect(grade.items.map((i) => [i.name, i.max])).toEqual([
      ['知识产权', 30],
      ['科技成果转化能力', 30],
      ['研究开发组织管理水平', 20],
      ['企业成长性', 20],
    ]);
    expect(grade.score).toBe(grade.items.reduce((n, i) => n + i.score, 0));
    expect(['A', 'B', 'C', 'D']).toContain(grade.grade);

    for (const url of HOME_PATHS.cusAllInfo) {
      const detail = await getData<CustomerDetail>(t, a, `${url}?id=${c1}`);
      expect(detail.customer).toEqual(item);
      expect(detail.ip).toEqual(ip);
      expect(detail.grade).toEqual(grade);
      expect(detail.publicity.map((p) => p.identityid)).toEqual(['GS-A2', 'GS-A1']);
    }
  });

  it('does not find another member’s customer, and wants a valid id', async () => {
    const [o1] = otherIds;
    for (const url of [
      HOME_API.cusData,
      HOME_API.cusAllInfo,
      HOME_API.grade,
      HOME_STATS_API.patentByCustomer,
    ]) {
      expect((await call(t, a, 'GET', `${url}?id=${o1}`)).status).toBe(404);
      const missing = await call(t, a, 'GET', url);
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('请指定客户');
      const bad = await call(t, a, 'GET', `${url}?id=x1`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('客户ID有误');
    }
    // A sub-account reads its main account's customers.
    expect((await call(t, sub, 'GET', `${HOME_API.cusData}?id=${ids[0]}`)).status).toBe(200);
  });
});

describe('member-level cards', () => {
  it('totals the IP of all customers (getPatents)', async () => {
    expect(await getData<IpInfo>(t, a, HOME_API.patents)).toEqual({
      ipcount1: 3,
      ipcount2: 11,
      fmzl_count: 3,
      rjzzq_count: 7,
      syxx_count: 3,
      wg_count: 1,
    });
  });

  it('describes the member’s company (getCompanyInfo)', async () => {
    expect(await getData<CompanyInfo>(t, a, HOME_API.companyInfo)).toEqual({
      cus_name: 'membera1测试科技有限公司',
      heightnumber: 3,
      cus_count: 5,
      reg_capital: '1234.5万元',
      reg_time: '2016-05-18',
      area_name: '南山区',
    });
    expect(await getData<CompanyInfo>(t, b, HOME_API.companyInfo)).toEqual({
      cus_name: 'memberb1测试科技有限公司',
      heightnumber: 1,
      cus_count: 3,
      reg_capital: '',
      reg_time: '',
      area_name: '广州市',
    });
  });

  it('lists the public notices naming the member’s customers, newest first (getPublicity)', async () => {
    const list = await getData<PublicityItem[]>(t, a, HOME_API.publicity);
    expect(list.map((p) => p.identityid)).toEqual(['GS-A2', 'GS-A3', 'GS-A1']);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual([
      'companyname',
      'dept',
      'identityid',
      'publishtime',
      'qualification',
      'title',
    ]);
    expect(await getData<PublicityItem[]>(t, a, `${HOME_API.publicity}?size=1`)).toHaveLength(1);
  });
});

describe('authentication', () => {
  it('answers 401 without a token at every path', async () => {
    for (const url of Object.values(HOME_PATHS).flat()) {
      const { status, body } = await call(t, null, 'GET', url);
      expect(status, url).toBe(401);
      expect(body).toMatchObject({ code: 401, message: MSG.unauthorized });
    }
  });
});

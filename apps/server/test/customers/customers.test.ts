// The member's customers against rows the test inserts (no demo data): the list, one customer, the member's cards.
import {
  type CompanyInfo,
  type CustomerDetail,
  type CustomerItem,
  HOME_API,
  HOME_STATS_API,
  type HtsGrade,
  type IpInfo,
  MSG,
  type Page,
  type PublicityItem,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_PATHS } from '../../src/modules/customers/routes.js';
import type { TestApp } from '../support/app.js';
import { NOW, seedDashboard, year } from '../support/dashboard.js';
import { call, getData, type TestMember } from '../support/members.js';

let t: TestApp;
let a: TestMember;
let sub: TestMember;
let b: TestMember;
let ids: number[];
let otherIds: number[];

beforeAll(async () => {
  ({ t, a, sub, b, ids, otherIds } = await seedDashboard());
});
afterAll(() => t.close());

describe('customers (getCustomers)', () => {
  const list = (query: string, member = a) =>
    getData<Page<CustomerItem>>(t, member, `${HOME_API.customers}${query}`);

  it('pages through the member’s customers, newest first, with exact field names', async () => {
    for (const url of CUSTOMER_PATHS.customers) {
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
        tags: [],
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

    for (const url of CUSTOMER_PATHS.cusAllInfo) {
      const detail = await getData<CustomerDetail>(t, a, `${url}?id=${c1}`);
      expect(detail.customer).toEqual({ ...item, tags: [] });
      expect(detail.ip).toEqual(ip);
      expect(detail.grade).toEqual(grade);
      expect(detail.publicity.map((p) => p.identityid)).toEqual(['GS-A2', 'GS-A1']);
    }
  });

  it('refuses another member’s customer (403), does not find an unknown one, and wants a valid id', async () => {
    const [o1] = otherIds;
    for (const url of [
      HOME_API.cusData,
      HOME_API.cusAllInfo,
      HOME_API.grade,
      HOME_STATS_API.patentByCustomer,
    ]) {
      const other = await call(t, a, 'GET', `${url}?id=${o1}`);
      expect(other.status).toBe(403);
      expect(other.body).toMatchObject({ code: 403, message: MSG.customerForbidden });
      expect((await call(t, a, 'GET', `${url}?id=2000000000`)).status).toBe(404);
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
      'item_id',
      'publishtime',
      'qualification',
      'title',
    ]);
    expect(await getData<PublicityItem[]>(t, a, `${HOME_API.publicity}?size=1`)).toHaveLength(1);
  });
});

describe('authentication', () => {
  it('answers 401 without a token at every path', async () => {
    for (const url of Object.values(CUSTOMER_PATHS).flat()) {
      const { status, body } = await call(t, null, 'GET', url);
      expect(status, url).toBe(401);
      expect(body).toMatchObject({ code: 401, message: MSG.unauthorized });
    }
  });
});

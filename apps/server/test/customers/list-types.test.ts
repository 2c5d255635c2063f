// The customer list a dashboard tile opens (getCustomers `type=sb|gs|zc`) and its `industry_codes` filter, against
// rows this test inserts: each list holds exactly the customers its tile counts, only the caller's, filters combined.
import {
  type CustomerItem,
  type CustomerSummary,
  HOME_API,
  HOME_STATS_API,
  MSG,
  type Page,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_PATHS } from '../../src/modules/customers/routes.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { NOW, policyItem } from '../support/dashboard.js';
import {
  addCustomers,
  call,
  createMember,
  customer,
  daysFrom,
  getData,
  hoursFrom,
  type TestMember,
} from '../support/members.js';

let t: TestApp;
let a: TestMember;
let sub: TestMember;
let b: TestMember;
let empty: TestMember;
/** A's customers by name, newest first: a1 (now) ... a8 (7 days ago). */
const A: Record<string, number> = {};
const B: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }, { now: () => NOW });
  a = await createMember(t, 'listmembera');
  sub = await createMember(t, 'listmemberasub', { parentId: a.id });
  b = await createMember(t, 'listmemberb');
  empty = await createMember(t, 'listmemberempty');

  const rowsA = {
    a1: { area_code: '440305', industry_code: 'C', is_hightech: 1 },
    a2: { area_code: '440305', industry_code: 'I' },
    a3: { area_code: '440304', industry_code: 'C', is_hightech: 1 },
    a4: { city_code: '440100', area_code: '440106', industry_code: 'F' },
    a5: { city_code: '441900', area_code: '441900', industry_code: 'I', is_hightech: 1 },
    a6: { area_code: '440304', industry_code: 'F' },
    a7: { area_code: '440305', industry_code: 'C' },
    a8: { city_code: '440100', area_code: '440106', industry_code: 'I', is_hightech: 1 },
  };
  const idsA = await addCustomers(
    t,
    Object.entries(rowsA).map(([name, over], i) =>
      customer(a.id, { name: `测试客户${name}有限公司`, created_at: daysFrom(NOW, -i), ...over }),
    ),
  );
  Object.keys(rowsA).forEach((name, i) => {
    A[name] = idsA[i] ?? 0;
  });
  // B's customers sit where A's match: they never show in A's lists. Both are in Shenzhen manufacturing, so every
  // combo of B matches the open Shenzhen notice (the list then needs no combo condition at all).
  const idsB = await addCustomers(t, [
    customer(b.id, { name: '测试客户b1有限公司', area_code: '440305', industry_code: 'C', is_hightech: 1 }),
    customer(b.id, {
      name: '测试客户b2有限公司',
      area_code: '440304',
      industry_code: 'C',
      created_at: daysFrom(NOW, -1),
    }),
  ]);
  B.b1 = idsB[0] ?? 0;
  B.b2 = idsB[1] ?? 0;

  await t.db
    .insertInto('policy_items')
    .values([
      // Open, Shenzhen manufacturing: a1, a3, a7 (b1, b2).
      policyItem({ industry_code: 'C', end_time: daysFrom(NOW, 5) }),
      // Open, all of Dongguan: a5.
      policyItem({ city_code: '441900', dept_name: '东莞市科学技术局', end_time: daysFrom(NOW, 3) }),
      // Closed, all of Guangzhou: nobody.
      policyItem({ city_code: '440100', dept_name: '广州市科学技术局', end_time: daysFrom(NOW, -1) }),
      // Open, province-wide real estate: nobody (no such customer).
      policyItem({ city_code: null, industry_code: 'K', end_time: daysFrom(NOW, 9) }),
      // Not published yet, everyone: ignored.
      policyItem({ city_code: null, publish_time: hoursFrom(NOW, 2), end_time: daysFrom(NOW, 30) }),
      // Recent policy news for Futian: a3, a6 (b2).
      policyItem({ type: 'zcdt', area_code: '440304', publish_time: daysFrom(NOW, -2) }),
      // Recent province-wide policy news for IT: a2, a5, a8.
      policyItem({ type: 'zcdt', city_code: null, industry_code: 'I', publish_time: daysFrom(NOW, -6) }),
      // Policy news older than 7 days, everyone: too old.
      policyItem({ type: 'zcdt', city_code: null, publish_time: daysFrom(NOW, -8) }),
    ])
    .execute();

  const notice = (identityid: string, link: { customer_id: number; user_id: number } | null) => ({
    identityid,
    title: '关于2026年深圳市第1批拟认定高新技术企业名单的公示',
    companyname: '测试客户有限公司',
    dept: '深圳市科技创新委员会',
    publishtime: daysFrom(NOW, -1),
    qualification: '高新技术企业',
    customer_id: link?.customer_id ?? null,
    user_id: link?.user_id ?? null,
  });
  await t.db
    .insertInto('publicity_items')
    .values([
      // a2 twice (counted and listed once), a4, a8; one of B's; one company that is nobody's customer.
      notice('LIST-A2-1', { customer_id: A.a2 ?? 0, user_id: a.id }),
      notice('LIST-A2-2', { customer_id: A.a2 ?? 0, user_id: a.id }),
      notice('LIST-A4', { customer_id: A.a4 ?? 0, user_id: a.id }),
      notice('LIST-A8', { customer_id: A.a8 ?? 0, user_id: a.id }),
      notice('LIST-B1', { customer_id: B.b1 ?? 0, user_id: b.id }),
      notice('LIST-X', null),
    ])
    .execute();
});
afterAll(() => t.close());

const list = (query: string, member = a, url: string = HOME_API.customers) =>
  getData<Page<CustomerItem>>(t, member, `${url}${query}`);

/** The ids of one page that holds the whole list (total checked against it), in the list's order. */
async function idsOf(query: string, member = a): Promise<number[]> {
  const page = await list(`${query}&size=100`, member);
  expect(page.list, query).toHaveLength(page.total);
  return page.list.map((c) => c.id);
}

/** A's customers by name, in the list's order (newest first: a1 is the newest). */
const named = (...names: string[]) => names.map((name) => A[name]);

describe('customer list of a dashboard count (getCustomers type)', () => {
  it('lists exactly the customers each count counts, newest first, at both paths', async () => {
    const summary = await getData<CustomerSummary>(t, a, HOME_API.customerData);
    expect(summary).toMatchObject({ member_count: 8, sb_count: 4, gs_count: 3, zc_count: 5 });
    const expected = {
      sb: { count: summary.sb_count, ids: named('a1', 'a3', 'a5', 'a7') },
      gs: { count: summary.gs_count, ids: named('a2', 'a4', 'a8') },
      zc: { count: summary.zc_count, ids: named('a2', 'a3', 'a5', 'a6', 'a8') },
    };
    for (const url of CUSTOMER_PATHS.customers) {
      for (const [type, { count, ids }] of Object.entries(expected)) {
        const page = await list(`?type=${type}&size=100`, a, url);
        expect(page.total, `${url} ${type}`).toBe(count);
        expect(
          page.list.map((c) => c.id),
          `${url} ${type}`,
        ).toEqual(ids);
      }
    }
  });

  it('pages a type with page and size, the total unchanged', async () => {
    expect(await list('?type=zc&page=2&size=2')).toMatchObject({ total: 5, page: 2, size: 2 });
    expect((await list('?type=zc&page=2&size=2')).list.map((c) => c.id)).toEqual(named('a5', 'a6'));
    expect((await list('?type=zc&page=3&size=2')).list.map((c) => c.id)).toEqual(named('a8'));
    expect(await list('?type=zc&page=4&size=2')).toEqual({ list: [], total: 5, page: 4, size: 2 });
    expect((await list('?type=gs&page=2&size=2')).list.map((c) => c.id)).toEqual(named('a8'));
    expect((await list('?type=sb&page=1&size=3')).list.map((c) => c.id)).toEqual(named('a1', 'a3', 'a5'));
  });

  it('combines a type with area, industry and high-tech filters, totals included', async () => {
    expect(await idsOf('?type=sb&area=440300')).toEqual(named('a1', 'a3', 'a7'));
    expect(await idsOf('?type=sb&area=440304')).toEqual(named('a3'));
    expect(await idsOf('?type=sb&is_hightech=1')).toEqual(named('a1', 'a3', 'a5'));
    expect(await idsOf('?type=sb&is_hightech=0')).toEqual(named('a7'));
    expect(await idsOf('?type=sb&area=440305&is_hightech=1')).toEqual(named('a1'));
    expect(await idsOf('?type=sb&industry_code=I')).toEqual(named('a5'));
    expect(await idsOf('?type=sb&area=440100')).toEqual([]);
    expect(await idsOf('?type=zc&industry_codes=I,F')).toEqual(named('a2', 'a5', 'a6', 'a8'));
    expect(await idsOf('?type=zc&area=440100')).toEqual(named('a8'));
    expect(await idsOf('?type=zc&is_hightech=1')).toEqual(named('a3', 'a5', 'a8'));
    expect(await idsOf('?type=zc&area=440300&industry_codes=C,F&is_hightech=0')).toEqual(named('a6'));
    expect(await idsOf('?type=gs&is_hightech=1')).toEqual(named('a8'));
    expect(await idsOf('?type=gs&area=440100')).toEqual(named('a4', 'a8'));
    expect(await idsOf('?type=gs&area=440305')).toEqual(named('a2'));
    expect(await idsOf('?type=gs&industry_codes=I,C')).toEqual(named('a2', 'a8'));
    expect(await idsOf('?type=gs&industry_code=C')).toEqual([]);
  });

  it('answers only the caller’s customers; a sub-account gets its main account’s', async () => {
    const summaryB = await getData<CustomerSummary>(t, b, HOME_API.customerData);
    expect(summaryB).toMatchObject({ member_count: 2, sb_count: 2, gs_count: 1, zc_count: 1 });
    expect(await idsOf('?type=sb', b)).toEqual([B.b1, B.b2]);
    expect(await idsOf('?type=sb&is_hightech=0', b)).toEqual([B.b2]);
    expect(await idsOf('?type=gs', b)).toEqual([B.b1]);
    expect(await idsOf('?type=zc', b)).toEqual([B.b2]);
    for (const type of ['sb', 'gs', 'zc']) {
      const ids = await idsOf(`?type=${type}`);
      expect(ids).not.toContain(B.b1);
      expect(ids).not.toContain(B.b2);
      expect(await list(`?type=${type}`, sub)).toEqual(await list(`?type=${type}`));
      expect(await list(`?type=${type}`, empty)).toEqual({ list: [], total: 0, page: 1, size: 10 });
    }
  });

  it('rejects an unknown type with a Chinese message', async () => {
    for (const type of ['xx', 'SB', '', 'sb,gs']) {
      for (const url of CUSTOMER_PATHS.customers) {
        const { status, body } = await call(t, a, 'GET', `${url}?type=${encodeURIComponent(type)}`);
        expect(status, type).toBe(400);
        expect(body).toMatchObject({ code: 400, message: '客户类型筛选值有误' });
      }
    }
  });

  it('answers 401 without a token', async () => {
    for (const url of CUSTOMER_PATHS.customers) {
      const { status, body } = await call(t, null, 'GET', `${url}?type=sb&industry_codes=C`);
      expect(status, url).toBe(401);
      expect(body).toMatchObject({ code: 401, message: MSG.unauthorized });
    }
  });
});

describe('customer list of several industries (getCustomers industry_codes)', () => {
  it('lists the customers of any of the industries, totals included', async () => {
    expect(await idsOf('?industry_codes=C,I')).toEqual(named('a1', 'a2', 'a3', 'a5', 'a7', 'a8'));
    expect(await idsOf('?industry_codes=F')).toEqual(named('a4', 'a6'));
    expect(await idsOf('?industry_codes=%20F%20,K')).toEqual(named('a4', 'a6'));
    expect(await idsOf('?industry_codes=F&industry_codes=I')).toEqual(named('a2', 'a4', 'a5', 'a6', 'a8'));
    expect(await idsOf('?industry_codes=C,C')).toEqual(named('a1', 'a3', 'a7'));
    expect(await idsOf('?industry_codes=K,L')).toEqual([]);
    const page = await getData<Page<CustomerItem>>(
      t,
      a,
      `${HOME_STATS_API.customers}?industry_codes=C,I&size=2`,
    );
    expect(page).toMatchObject({ total: 6, page: 1, size: 2 });
    expect(page.list.map((c) => c.id)).toEqual(named('a1', 'a2'));
  });

  it('combines with industry_code, area and high-tech', async () => {
    expect(await idsOf('?industry_codes=C,I&industry_code=C')).toEqual(named('a1', 'a3', 'a7'));
    expect(await idsOf('?industry_codes=C,I&industry_code=F')).toEqual([]);
    expect(await idsOf('?industry_codes=C,I&area=440300')).toEqual(named('a1', 'a2', 'a3', 'a7'));
    expect(await idsOf('?industry_codes=C,I&is_hightech=1')).toEqual(named('a1', 'a3', 'a5', 'a8'));
    expect(await idsOf('?industry_codes=I,F&area=440100&is_hightech=0')).toEqual(named('a4'));
    expect(await idsOf('?industry_codes=C,I,F', b)).toEqual([B.b1, B.b2]);
  });

  it('rejects an unknown code, an empty item and more than 20 codes with Chinese messages', async () => {
    const all20 = 'A,B,C,D,E,F,G,H,I,J,K,L,M,N,O,P,Q,R,S,T';
    expect(await idsOf(`?industry_codes=${all20}`)).toHaveLength(8);
    const cases: [string, string][] = [
      ['Z', '行业代码有误'],
      ['C,Z', '行业代码有误'],
      ['c', '行业代码有误'],
      ['C,,I', '行业代码有误'],
      ['', '行业代码有误'],
      [`${all20},A`, '行业代码最多20个'],
    ];
    for (const [codes, message] of cases) {
      for (const url of CUSTOMER_PATHS.customers) {
        const { status, body } = await call(t, a, 'GET', `${url}?industry_codes=${codes}`);
        expect(status, codes).toBe(400);
        expect(body).toMatchObject({ code: 400, message });
      }
    }
  });
});

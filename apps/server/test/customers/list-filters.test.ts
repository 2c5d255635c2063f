// 我的客户's name search, registration-date and capital ranges and sort (getCustomers), the customer detail's
// qualifications and matching projects (getCusAllInfo), and the list's .xlsx export, against rows this test inserts.
import {
  CUSTOMER_EXPORT_API,
  type CustomerDetail,
  type CustomerItem,
  HOME_API,
  MSG,
  type Page,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app.js';
import { NOW, seedDashboard, year } from '../support/dashboard.js';
import { bearer } from '../support/login.js';
import { addCustomers, call, createMember, customer, getData, type TestMember } from '../support/members.js';
import { readSheet } from '../support/xlsx.js';

let t: TestApp;
let a: TestMember;
let sub: TestMember;
let b: TestMember;
/** A's customers: 甲一 (c1) ... 甲五 (c5); newest first c1, c3, c2, c4, c5. */
let ids: number[];

beforeAll(async () => {
  ({ t, a, sub, b, ids } = await seedDashboard());
});
afterAll(() => t.close());

const NAMES = ['甲一', '甲二', '甲三', '甲四', '甲五'];
/** The short name (甲一 ...) of each row of a page. */
const short = (list: CustomerItem[]) =>
  list.map((c) => NAMES.find((n) => c.cus_name.includes(n)) ?? c.cus_name);

async function page(query: string, member: TestMember = a) {
  return getData<Page<CustomerItem>>(t, member, `${HOME_API.customers}?${query}`);
}

describe('getCustomers: name, ranges and order', () => {
  it('searches a part of the name, wildcards taken literally', async () => {
    expect(await page('name=深圳')).toMatchObject({ total: 3 });
    expect(short((await page('name=深圳')).list)).toEqual(['甲一', '甲三', '甲二']);
    expect(short((await page(`name=${encodeURIComponent('网络科技')}`)).list)).toEqual(['甲五']);
    expect(await page('name=%25')).toMatchObject({ total: 0, list: [] });
    expect(await page('name=_')).toMatchObject({ total: 0, list: [] });
    // B's customers are all 深圳市测试科技有限公司: never A's.
    expect(await page('name=测试')).toMatchObject({ total: 0, list: [] });
    expect((await page('name=测试', b)).total).toBe(3);
    // Blank is no filter.
    expect((await page('name=%20%20')).total).toBe(5);
  });

  it('filters registration dates and capital, both ends included', async () => {
    expect(short((await page(`reg_start=${year - 5}-01-01`)).list)).toEqual(['甲三', '甲二', '甲五']);
    expect(short((await page(`reg_end=${year - 6}-03-01`)).list)).toEqual(['甲一', '甲四']);
    expect(short((await page(`reg_start=${year - 6}-03-01&reg_end=${year - 4}-03-01`)).list)).toEqual([
      '甲三',
      '甲四',
    ]);
    expect(short((await page('capital_min=100&capital_max=1000')).list)).toEqual(['甲一', '甲三', '甲四']);
    expect(short((await page('capital_min=100.5')).list)).toEqual(['甲一', '甲三', '甲五']);
    expect((await page('capital_max=49.99')).total).toBe(0);
  });

  it('sorts by capital, registration date or time added, either way, and pages the order', async () => {
    expect(short((await page('sort=reg_capital&order=asc')).list)).toEqual([
      '甲二',
      '甲四',
      '甲三',
      '甲一',
      '甲五',
    ]);
    expect(short((await page('sort=reg_capital')).list)).toEqual(['甲五', '甲一', '甲三', '甲四', '甲二']);
    expect(short((await page('sort=reg_time&order=desc')).list)).toEqual([
      '甲五',
      '甲二',
      '甲三',
      '甲四',
      '甲一',
    ]);
    expect(short((await page('sort=created_at&order=asc')).list)).toEqual([
      '甲五',
      '甲四',
      '甲二',
      '甲三',
      '甲一',
    ]);
    const second = await page('name=甲&sort=reg_capital&order=asc&page=2&size=2');
    expect(second).toMatchObject({ total: 5, page: 2, size: 2 });
    expect(short(second.list)).toEqual(['甲三', '甲一']);
  });

  it('combines the new terms with the dashboard filters and counts', async () => {
    // sb: 甲一 and 甲三 (open Shenzhen manufacturing notice), 甲二 and 甲五 (province-wide IT notice).
    expect(short((await page('type=sb&name=深圳')).list)).toEqual(['甲一', '甲三', '甲二']);
    expect((await page('type=sb&name=深圳')).total).toBe(3);
    // gs: 甲一 and 甲三 are named in public notices.
    expect(await page('type=gs&capital_min=600')).toMatchObject({ total: 1 });
    expect(short((await page('is_hightech=1&name=深圳&sort=reg_capital&order=asc')).list)).toEqual([
      '甲三',
      '甲一',
    ]);
    expect((await page('area=440300&industry_code=C&capital_max=800')).total).toBe(1);
    expect((await page('industry_codes=C,I&reg_start=2000-01-01')).total).toBe(4);
    // The sub-account reads its main account's list the same way.
    expect((await page('name=深圳', sub)).total).toBe(3);
  });

  it('refuses bad terms with Chinese messages, on the list and the export', async () => {
    const cases: [string, string][] = [
      [`name=${'企'.repeat(51)}`, MSG.customerKeywordTooLong],
      ['name=%01', MSG.textInvalid],
      ['reg_start=2024-13-01', MSG.regDateInvalid],
      ['reg_start=2023-02-29', MSG.regDateInvalid],
      ['reg_end=20240101', MSG.regDateInvalid],
      ['reg_start=2024-02-01&reg_end=2024-01-31', MSG.regDateRangeInvalid],
      ['capital_min=-1', MSG.capitalInvalid],
      ['capital_min=abc', MSG.capitalInvalid],
      ['capital_max=1.234', MSG.capitalInvalid],
      ['capital_max=100000001', MSG.capitalInvalid],
      ['capital_min=200&capital_max=100', MSG.capitalRangeInvalid],
      ['sort=name', MSG.customerSortInvalid],
      ['order=up', MSG.customerOrderInvalid],
      ['type=xx', MSG.customerTypeInvalid],
    ];
    for (const url of [HOME_API.customers, CUSTOMER_EXPORT_API]) {
      for (const [query, message] of cases) {
        const { status, body } = await call(t, a, 'GET', `${url}?${query}`);
        expect(status, `${url}?${query}`).toBe(400);
        expect(body, query).toMatchObject({ code: 400, message });
      }
    }
  });
});

describe('getCusAllInfo: qualifications and matching open projects', () => {
  it('lists what the customer holds and the open projects whose scope covers it, newest first', async () => {
    const [c1, c2, , c4] = ids;
    const one = await getData<CustomerDetail>(t, a, `${HOME_API.cusAllInfo}?id=${c1}`);
    expect(one.qualifications).toEqual(['高新技术企业']);
    // P1 深圳制造 (10 days) and P2 全省 (5 days); not Shenzhen real estate, nor too early, nor not yet started.
    expect(one.projects.map((p) => p.name)).toEqual(['P2 全省', 'P1 深圳制造']);
    expect(Object.keys(one.projects[0] ?? {}).sort()).toEqual([
      'dept_name',
      'item_id',
      'mid',
      'name',
      'start_time',
    ]);
    const two = await getData<CustomerDetail>(t, a, `${HOME_API.cusAllInfo}?id=${c2}`);
    expect(two.qualifications).toEqual([]);
    expect(two.projects.map((p) => p.name)).toEqual(['P2 全省']);
    const four = await getData<CustomerDetail>(t, a, `${HOME_API.cusAllInfo}?id=${c4}`);
    expect(four.projects.map((p) => p.name)).toEqual(['P3 天河商贸', 'P2 全省']);
  });
});

/** The export's answer and its first sheet's rows (header first), as cell values. */
async function exportSheet(query: string, member: TestMember = a) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${CUSTOMER_EXPORT_API}?${query}`,
    headers: bearer(member.token),
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const sheet = await readSheet(res.rawPayload);
  expect(sheet.name).toBe('我的客户');
  return { res, rows: sheet.rows };
}

describe('exportCustomers: the filtered list as .xlsx', () => {
  it('writes Chinese headers and the filtered rows in the list order, in a dated file', async () => {
    const { res, rows } = await exportSheet('name=深圳&sort=reg_capital&order=asc');
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const stamp = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' })
      .format(NOW)
      .replaceAll('-', '');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(
      `我的客户-${stamp}.xlsx`,
    );
    expect(rows[0]).toEqual([
      '企业名称',
      '所属行业',
      '所在城市',
      '所在区县',
      '高新技术企业',
      '注册资本（万元）',
      '成立日期',
      '添加时间',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[4], r[5], r[6]])).toEqual([
      [
        '深圳市甲二软件有限公司',
        '信息传输、软件和信息技术服务业',
        '深圳市',
        '南山区',
        '否',
        50,
        `${year - 1}-03-01`,
      ],
      ['深圳市甲三精密制造有限公司', '制造业', '深圳市', '福田区', '是', 500, `${year - 4}-03-01`],
      ['深圳市甲一电子有限公司', '制造业', '深圳市', '南山区', '是', 1000, `${year - 11}-03-01`],
    ]);
    expect(String(rows[3]?.[7])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('exports every row of the caller only, with the dashboard filters', async () => {
    expect((await exportSheet('')).rows).toHaveLength(6);
    expect((await exportSheet('type=sb')).rows.slice(1).map((r) => r[0])).toHaveLength(4);
    expect((await exportSheet('type=gs')).rows.slice(1).map((r) => r[0])).toEqual([
      '深圳市甲一电子有限公司',
      '深圳市甲三精密制造有限公司',
    ]);
    const other = await exportSheet('', b);
    expect(other.rows.slice(1).every((r) => r[0] === '深圳市测试科技有限公司')).toBe(true);
    expect(other.rows).toHaveLength(4);
    expect((await exportSheet('name=不存在的企业')).rows).toHaveLength(1);
  });

  it('answers 401 without a token', async () => {
    const { status, body } = await call(t, null, 'GET', CUSTOMER_EXPORT_API);
    expect(status).toBe(401);
    expect(body).toMatchObject({ code: 401, message: MSG.unauthorized });
  });
});

describe("the list's two read paths and the export agree on order", () => {
  it('orders ties by id the same way in SQL pages, book pages and the export', async () => {
    const m = await createMember(t, 'exportties');
    await addCustomers(
      t,
      [100_00, 100_00, 50_00, 100_00, 200_00, 50_00, 300_00].map((capital, i) =>
        customer(m.id, {
          name: `深圳市并列${i}有限公司`,
          reg_capital_hundredths: capital,
          reg_time: `2020-01-0${(i % 3) + 1}`,
          created_at: '2026-01-01T00:00:00.000Z',
        }),
      ),
    );
    for (const sort of ['created_at', 'reg_time', 'reg_capital'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const q = `sort=${sort}&order=${order}`;
        // No row term: SQL over the indexes; a name term: the member's book.
        const fromSql = (await page(`${q}&size=100`, m)).list.map((c) => c.cus_name);
        expect(fromSql, q).toHaveLength(7);
        const fromBook: string[] = [];
        for (let p = 1; p <= 4; p++) {
          fromBook.push(
            ...(await page(`${q}&name=${encodeURIComponent('并列')}&size=2&page=${p}`, m)).list.map(
              (c) => c.cus_name,
            ),
          );
        }
        expect(fromBook, q).toEqual(fromSql);
        const { rows } = await exportSheet(q, m);
        expect(
          rows.slice(1).map((r) => r[0]),
          q,
        ).toEqual(fromSql);
      }
    }
  });
});

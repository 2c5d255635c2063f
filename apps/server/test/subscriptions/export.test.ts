// The exports of 我的订阅 (the current tab and its search) and of 我的公示, opened with exceljs.
import { SUBSCRIBE_API } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_TYPE } from '../../src/lib/xlsx.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { bearer } from '../support/login.js';
import { addCustomers, createMember, customer, daysFrom, type TestMember } from '../support/members.js';
import { readSheet } from '../support/xlsx.js';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
let t: TestApp;
let a: TestMember;
let b: TestMember;

async function download(member: TestMember, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(member.token) });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX_TYPE);
  // readSheet also fails on any formula or formula-result (t="str") cell.
  const sheet = await readSheet(res.rawPayload);
  return { rows: sheet.rows, disposition: String(res.headers['content-disposition']), sheet: sheet.name };
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }, { now: () => NOW });
  a = await createMember(t, 'exportera1');
  b = await createMember(t, 'exporterb1');
  const [id] = await addCustomers(t, [customer(a.id, { name: '深圳市导出科技有限公司' })]);
  // 1,205 items: more than one keyset batch.
  await t.db
    .insertInto('policy_items')
    .values(
      Array.from({ length: 1_205 }, (_, i) => ({
        type: 'sbtz',
        title: i % 2 === 0 ? `申报通知${i}` : `专项资金${i}`,
        dept_name: '深圳市科技创新委员会',
        city_code: '440300',
        area_code: null,
        industry_code: null,
        publish_time: new Date(NOW.getTime() - (i + 1) * 60_000).toISOString(),
        end_time: null,
      })),
    )
    .execute();
  await t.db
    .insertInto('publicity_items')
    .values([
      {
        identityid: 'x1',
        title: '=HYPERLINK("http://evil")',
        companyname: '深圳市导出科技有限公司',
        dept: '深圳市科技创新委员会',
        publishtime: daysFrom(NOW, -1),
        qualification: '高新技术企业',
        customer_id: id ?? null,
        user_id: a.id,
      },
    ])
    .execute();
});
afterAll(() => t.close());

describe('exports', () => {
  it('exports the current policy tab with its search, every row, Chinese headers, a dated name', async () => {
    const all = await download(a, `${SUBSCRIBE_API.export}?activeName=sbtz`);
    expect(all.rows[0]).toEqual(['标题', '类型', '发布部门', '地区', '发布时间', '申报截止']);
    expect(all.rows).toHaveLength(1 + 1_205);
    expect(all.rows[1]?.slice(0, 4)).toEqual(['申报通知0', '申报通知', '深圳市科技创新委员会', '深圳市']);
    expect(all.disposition).toMatch(/filename\*=UTF-8''.*\d{8}\.xlsx/);
    expect(all.sheet).toBe('申报通知');
    const search = await download(
      a,
      `${SUBSCRIBE_API.export}?activeName=sbtz&title=${encodeURIComponent('专项')}`,
    );
    expect(search.rows).toHaveLength(1 + 602);
    const empty = await download(a, `${SUBSCRIBE_API.export}?activeName=dyxm`);
    expect(empty.rows).toEqual([['标题', '类型', '发布部门', '地区', '发布时间', '申报截止']]);
  });

  it('exports 我的公示 on both paths, formula-like text quoted as text, only the member’s own', async () => {
    for (const url of [`${SUBSCRIBE_API.publicityExport}`, `${SUBSCRIBE_API.export}?activeName=wdgs`]) {
      const file = await download(a, url);
      expect(file.rows).toEqual([
        ['公示标题', '企业名称', '公示部门', '资质/项目', '公示时间'],
        [
          '\'=HYPERLINK("http://evil")',
          '深圳市导出科技有限公司',
          '深圳市科技创新委员会',
          '高新技术企业',
          expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
        ],
      ]);
    }
    expect((await download(b, SUBSCRIBE_API.publicityExport)).rows).toHaveLength(1);
  });

  it('exports the recommended projects with their customer counts', async () => {
    await t.db
      .insertInto('projects')
      .values({
        name: '深圳市导出项目',
        dept_name: '某某局',
        city_code: '440300',
        area_code: null,
        industry_code: null,
        start_time: daysFrom(NOW, -3),
        end_time: daysFrom(NOW, 30),
      })
      .execute();
    const file = await download(a, `${SUBSCRIBE_API.export}?activeName=tjxm`);
    expect(file.rows).toEqual([
      ['项目名称', '主管部门', '开始时间', '匹配客户数'],
      ['深圳市导出项目', '某某局', expect.any(String), 1],
    ]);
  });
});

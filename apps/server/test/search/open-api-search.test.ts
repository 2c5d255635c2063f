// The open API's policy-items and policies answer `q` with the member search: any words of the title or body, title
// matches first, the products' own filters where they apply.
import {
  API_KEYS_API,
  type ApiKeyCreated,
  DAY_MS,
  MSG,
  OPEN_API,
  type OpenApiPolicy,
  type OpenApiPolicyItem,
  type Page,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexNotices } from '../../src/db/notice-search-repo.js';
import { createShopApp, post, type ShopApp } from '../support/commerce.js';
import { createMember, hoursFrom } from '../support/members.js';

let t: ShopApp;
let key = '';
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createShopApp({ openApiRatePerSecond: 1_000 });
  const m = await createMember(t, 'opensearch1');
  await t.db
    .insertInto('api_quotas')
    .values({
      user_id: m.id,
      total: 100,
      used: 0,
      expired_at: new Date(t.now().getTime() + 30 * DAY_MS).toISOString(),
      updated_at: t.now().toISOString(),
    })
    .execute();
  key = (await post<ApiKeyCreated>(t, m.token, API_KEYS_API.keys, { name: '搜索' })).body.data.key;
  const now = t.now();
  for (const [name, type, title, content, city] of [
    [
      'body',
      'sbtz',
      '关于组织申报年度专项资金的通知',
      '<p>企业研发费用鲲鹏计划比例提高至百分之百。</p>',
      '440300',
    ],
    ['title', 'zcdt', '研发费用鲲鹏计划政策解读', '<p>解读。</p>', '440100'],
    ['other', 'sbtz', '人才住房补贴申报通知', '<p>与研发无关。</p>', null],
  ] as const) {
    const { id } = await t.db
      .insertInto('policy_items')
      .values({
        type,
        title,
        dept_name: '科技创新局',
        city_code: city,
        area_code: null,
        industry_code: null,
        publish_time: hoursFrom(now, name === 'body' ? -1 : -5),
        end_time: null,
        content,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await indexNotices(t.db, 'policy', [id]);
    ids[name] = id;
  }
  const { id } = await t.db
    .insertInto('news')
    .values({
      guid: 'open-news-1',
      title: '新规发布',
      source: '新华网',
      content: '<p>研发费用鲲鹏计划新规。</p>',
      publish_time: hoursFrom(now, -2),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await indexNotices(t.db, 'news', [id]);
}, 120_000);
afterAll(() => t.close());

async function list<T>(url: string): Promise<Page<T>> {
  const res = await t.app.inject({ url, headers: { authorization: `Bearer ${key}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('open API q', () => {
  it('policy-items: the search over title and body, title matches first, with type and city', async () => {
    const q = encodeURIComponent('鲲鹏计划');
    const all = await list<OpenApiPolicyItem>(`${OPEN_API.policyItems}?q=${q}`);
    expect(all.list.map((i) => i.id)).toEqual([ids.title, ids.body]);
    expect(all.total).toBe(2);
    expect(
      (await list<OpenApiPolicyItem>(`${OPEN_API.policyItems}?q=${q}&type=sbtz`)).list.map((i) => i.id),
    ).toEqual([ids.body]);
    expect(
      (await list<OpenApiPolicyItem>(`${OPEN_API.policyItems}?q=${q}&city=440100`)).list.map((i) => i.id),
    ).toEqual([ids.title]);
    // keyword is one more word to hold.
    const both = await list<OpenApiPolicyItem>(
      `${OPEN_API.policyItems}?q=${q}&keyword=${encodeURIComponent('专项')}`,
    );
    expect(both.list.map((i) => i.id)).toEqual([ids.body]);
  });

  it('policies: the news found by its body', async () => {
    const page = await list<OpenApiPolicy>(`${OPEN_API.policies}?q=${encodeURIComponent('鲲鹏计划')}`);
    expect(page.list.map((p) => p.id)).toEqual(['open-news-1']);
  });

  it('refuses a short q with the search message', async () => {
    const res = await t.app.inject({
      url: `${OPEN_API.policyItems}?q=${encodeURIComponent('研')}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect([res.statusCode, res.json().message]).toEqual([400, MSG.searchQueryInvalid]);
  });
});

// Every list call with `page` or `size`, taken from the OpenAPI document, refuses values out of range in Chinese.
import {
  CUSTOMER_BOOK_API,
  MSG,
  OPEN_API,
  POLICY_ITEM_API,
  POLICY_TOOLS_API,
  SEARCH_API,
  STAFF_API_BASE,
  SUBSCRIBE_API,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { bearer, login } from '../support/login.js';

let t: TestApp;
let token: string;
let lists: { url: string; params: Set<string> }[];
/** Lists that need more than paging: a valid value of what they need. */
const required: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'demouser');
  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  const tjxm = await t.app.inject({
    method: 'GET',
    url: `${SUBSCRIBE_API.subList}?activeName=tjxm`,
    headers: bearer(token),
  });
  required[SUBSCRIBE_API.cusByPid] = `pid=${tjxm.json().data.list[0].mid}&`;
  const openItems = await t.app.inject({
    method: 'GET',
    url: POLICY_TOOLS_API.openItems,
    headers: bearer(token),
  });
  required[POLICY_TOOLS_API.matchCustomers] = `id=${openItems.json().data[0].id}&`;
  required[SUBSCRIBE_API.publicityByName] = `name=${encodeURIComponent('深圳市某某科技有限公司')}&`;
  required[CUSTOMER_BOOK_API.search] = `q=${encodeURIComponent('科技')}&`;
  required[SEARCH_API.search] = `q=${encodeURIComponent('企业')}&`;
  const gsgg = await t.app.inject({
    method: 'GET',
    url: `${SUBSCRIBE_API.subList}?activeName=gsgg`,
    headers: bearer(token),
  });
  required[POLICY_ITEM_API.publicity] = `id=${gsgg.json().data.list[0].id}&`;
  // The open API answers an API key, not a session; its paging is tested with a key in open-api.test.ts. The
  // console's lists answer a staff session (their paging is tested with one in test/staff/audit.test.ts).
  lists = Object.entries(doc.paths).flatMap(([url, ops]) => {
    if (url.startsWith(OPEN_API.base) || url.startsWith(STAFF_API_BASE)) return [];
    const params = new Set((ops.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
    return params.has('page') || params.has('size') ? [{ url, params }] : [];
  });
});
afterAll(() => t.close());

async function get(url: string, query: string) {
  return t.app.inject({
    method: 'GET',
    url: `${url}?${required[url] ?? required[`${url}/`] ?? ''}${query}`,
    headers: bearer(token),
  });
}

describe('paged and bounded lists', () => {
  it('are found in the OpenAPI document', () => {
    const urls = lists.map((l) => l.url);
    expect(lists.length).toBeGreaterThanOrEqual(12);
    expect(lists.filter((l) => l.params.has('page')).length).toBeGreaterThanOrEqual(4);
    for (const url of [
      '/api/ccw/subscribe/getMySubscribe/',
      '/account/userhometj/getnewslistmore/',
      '/account/userhometj/GetPublicityNewsByCompanyMore/',
      '/api/ccw/member/management/getNewPeresult/',
      '/api/ccw/member/management/getPublicity/',
      '/api/ccw/member/management/getCustomers/',
      '/tools/api/GetPublicityListByUser/',
    ]) {
      expect(urls, url).toContain(url);
    }
  });

  it('refuse a size outside 1-100 or not an integer', async () => {
    for (const { url, params } of lists.filter((l) => l.params.has('size'))) {
      for (const size of ['0', '101', 'abc', '1.5', '-3']) {
        const res = await get(url, `size=${size}`);
        expect(res.statusCode, `${url} size=${size}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 400, message: MSG.sizeInvalid, detail: MSG.sizeInvalid });
      }
      expect((await get(url, 'size=100')).json().code, url).toBe(200);
      if (!params.has('page')) expect((await get(url, 'page=0')).statusCode, `${url} ignores page`).toBe(200);
    }
  });

  it('refuse a page below 1 or past the deepest page', async () => {
    for (const { url } of lists.filter((l) => l.params.has('page'))) {
      for (const page of ['0', '-1', 'x', '10001']) {
        const res = await get(url, `page=${page}`);
        expect(res.statusCode, `${url} page=${page}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 400, message: MSG.pageInvalid });
      }
      expect((await get(url, 'page=2&size=5')).json().code, url).toBe(200);
    }
  });
});

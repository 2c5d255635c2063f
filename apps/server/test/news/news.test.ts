// The news: the latest for the dashboard's scroller, every published article by page, and the public /news/detail page.
import { HOME_API, MSG, type NewsItem, type PagedSuccess } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_PATHS } from '../../src/modules/news/routes.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { call, createMember, getData, hoursFrom, type TestMember } from '../support/members.js';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

let t: TestApp;
let a: TestMember;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }, { now: () => NOW });
  a = await createMember(t, 'listera1', { area: '440305' });
  await t.db
    .insertInto('news')
    .values([
      ...Array.from({ length: 23 }, (_, i) => ({
        guid: `guid-${String(i + 1).padStart(2, '0')}`,
        title: `资讯${i + 1}`,
        source: '深圳市科技创新委员会',
        content: `<p>第一段 <b>${i + 1}</b></p><p onclick="alert(1)">第二段 &amp; 结尾</p><script>alert(1)</script>`,
        publish_time: hoursFrom(NOW, -(23 - i)),
      })),
      {
        guid: 'guid-future',
        title: '尚未发布',
        source: '某部门',
        content: '未来',
        publish_time: hoursFrom(NOW, 2),
      },
    ])
    .execute();
});
afterAll(() => t.close());

describe('news', () => {
  it('lists the latest published news for the scroller', async () => {
    for (const url of NEWS_PATHS.latest) {
      const list = await getData<NewsItem[]>(t, a, `${url}?size=3`);
      expect(list).toEqual([
        { id: expect.any(Number), title: '资讯23', publish_time: hoursFrom(NOW, -1), guid: 'guid-23' },
        { id: expect.any(Number), title: '资讯22', publish_time: hoursFrom(NOW, -2), guid: 'guid-22' },
        { id: expect.any(Number), title: '资讯21', publish_time: hoursFrom(NOW, -3), guid: 'guid-21' },
      ]);
    }
    expect(await getData<NewsItem[]>(t, a, HOME_API.subscribeNews)).toHaveLength(10);
  });

  it('pages through every published article (getnewslistmore)', async () => {
    const page = await getData<PagedSuccess<NewsItem>>(t, a, `${HOME_API.newsListMore}?page=3&size=10`);
    expect(page).toMatchObject({ success: true, total: 23, page: 3, size: 10 });
    expect(page.list.map((n) => n.title)).toEqual(['资讯3', '资讯2', '资讯1']);
  });

  it('serves /news/detail as a public page, its body sanitized, and 404 for an unknown or unpublished guid', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/news/detail?guid=guid-05' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>资讯5</h1>');
    expect(res.body).toContain('来源：深圳市科技创新委员会');
    // The body is HTML, sanitized again as the page is drawn: no handler, no script.
    expect(res.body).toContain('<p>第一段 <strong>5</strong></p><p>第二段 &amp; 结尾</p>');
    expect(res.body).not.toContain('onclick');
    expect(res.body).not.toContain('alert(1)');
    for (const url of ['/news/detail?guid=nope', '/news/detail?guid=guid-future', '/news/detail']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body).toContain('资讯不存在或已下线');
    }
  });
});

const URLS = Object.values(NEWS_PATHS).flat();

describe('authentication', () => {
  it('answers 401 without a token', async () => {
    for (const url of URLS) {
      const { status, body } = await call(t, null, 'GET', url);
      expect(status, url).toBe(401);
      expect(body).toMatchObject({ code: 401, message: MSG.unauthorized });
    }
  });
});

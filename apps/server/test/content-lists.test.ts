// Subscriptions, own publicity, news (lists, pages and the public /news/detail page), the member's profile and plan.
import {
  HOME_API,
  HOME_STATS_API,
  LIMITS,
  type MemberUserInfo,
  MSG,
  type NewsItem,
  type OwnPublicityItem,
  type PagedSuccess,
  type SetmealInfo,
  type SubscriptionItem,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_PATHS } from '../src/modules/news/routes.js';
import { SUBSCRIBE_PATHS } from '../src/modules/subscribe/routes.js';
import { call, createMember, daysFrom, getData, hoursFrom, type TestMember } from './content-fixtures.js';
import { createTestApp, type TestApp } from './helpers.js';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

let t: TestApp;
let a: TestMember;
let sub: TestMember;
let b: TestMember;
let trial: TestMember;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }, { now: () => NOW });
  a = await createMember(t, 'listera1', { area: '440305' });
  sub = await createMember(t, 'listera1sub', { parentId: a.id });
  b = await createMember(t, 'listerb1');
  trial = await createMember(t, 'listertrial', { level: 10 });
  await t.db.updateTable('users').set({ gid: null, expired_at: null }).where('id', '=', trial.id).execute();
  await t.db
    .updateTable('users')
    .set({ expired_at: daysFrom(NOW, 30) })
    .where('id', '=', a.id)
    .execute();

  await t.db
    .insertInto('subscriptions')
    .values([
      ...Array.from({ length: 12 }, (_, i) => ({
        user_id: a.id,
        title: `订阅${i + 1}`,
        created_at: daysFrom(NOW, -(12 - i)),
      })),
      { user_id: b.id, title: '别人的订阅', created_at: NOW.toISOString() },
    ])
    .execute();
  await t.db
    .insertInto('own_publicity')
    .values([
      ...Array.from({ length: 8 }, (_, i) => ({
        user_id: a.id,
        title: `公示${i + 1}`,
        title2: `高新技术企业：listera1测试科技有限公司`,
        dept_name: '深圳市科技创新委员会',
        publish_time: daysFrom(NOW, -(8 - i)),
      })),
      {
        user_id: b.id,
        title: '别人的公示',
        title2: '',
        dept_name: '某部门',
        publish_time: NOW.toISOString(),
      },
    ])
    .execute();
  await t.db
    .insertInto('news')
    .values([
      ...Array.from({ length: 23 }, (_, i) => ({
        guid: `guid-${String(i + 1).padStart(2, '0')}`,
        title: `资讯${i + 1}`,
        source: '深圳市科技创新委员会',
        content: `第一段 <b>${i + 1}</b>\n\n第二段 & 结尾`,
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

describe('subscriptions', () => {
  it('lists the member’s newest subscriptions (10 by default, size to change)', async () => {
    for (const url of SUBSCRIBE_PATHS.mySubscribe) {
      const list = await getData<SubscriptionItem[]>(t, a, url);
      expect(list.map((s) => s.title)).toEqual(Array.from({ length: 10 }, (_, i) => `订阅${12 - i}`));
      expect(Object.keys(list[0] ?? {}).sort()).toEqual(['id', 'title']);
      expect(await getData(t, sub, url)).toEqual(list);
    }
    expect(await getData<SubscriptionItem[]>(t, a, `${HOME_API.mySubscribe}?size=100`)).toHaveLength(12);
    expect(await getData(t, b, `${HOME_API.subscribeMine}`)).toEqual([
      { id: expect.any(Number), title: '别人的订阅' },
    ]);
    expect(await getData(t, trial, HOME_API.subscribeMine)).toEqual([]);
  });
});

describe('own publicity', () => {
  it('answers the first 5 on the dashboard paths', async () => {
    for (const url of SUBSCRIBE_PATHS.myPublicity) {
      const list = await getData<OwnPublicityItem[]>(t, a, url);
      expect(list).toHaveLength(LIMITS.ownPublicityLimit);
      expect(list.map((p) => p.title)).toEqual(['公示8', '公示7', '公示6', '公示5', '公示4']);
      expect(Object.keys(list[0] ?? {}).sort()).toEqual([
        'dept_name',
        'id',
        'publish_time',
        'title',
        'title2',
      ]);
    }
    expect(await getData(t, trial, HOME_API.myPublicity)).toEqual([]);
  });

  it('pages through all of them with data.success (GetPublicityNewsByCompanyMore)', async () => {
    const url = `${HOME_API.publicityMore}?page=2&size=5`;
    const page = await getData<PagedSuccess<OwnPublicityItem>>(t, a, url);
    expect(page).toMatchObject({ success: true, total: 8, page: 2, size: 5 });
    expect(page.list.map((p) => p.title)).toEqual(['公示3', '公示2', '公示1']);
    expect(await getData(t, trial, HOME_API.publicityMore)).toEqual({
      success: true,
      list: [],
      total: 0,
      page: 1,
      size: 10,
    });
  });
});

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

  it('serves /news/detail as a public page, escaped, and 404 for an unknown or unpublished guid', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/news/detail?guid=guid-05' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>资讯5</h1>');
    expect(res.body).toContain('来源：深圳市科技创新委员会');
    expect(res.body).toContain('<p>第一段 &#60;b&#62;5&#60;/b&#62;</p>');
    expect(res.body).toContain('<p>第二段 &#38; 结尾</p>');
    expect(res.body).not.toContain('<b>5</b>');
    for (const url of ['/news/detail?guid=nope', '/news/detail?guid=guid-future', '/news/detail']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body).toContain('资讯不存在或已下线');
    }
  });
});

describe('member profile and plan', () => {
  it('answers who the member is (getUserInfo)', async () => {
    expect(await getData<MemberUserInfo>(t, a, HOME_API.userInfo)).toEqual({
      user_id: a.id,
      username: 'listera1',
      company_name: 'listera1测试科技有限公司',
      avatar: '/media/avatar/default.png',
      level: 22,
      level_name: 'VIP专业版',
      is_sub: false,
      gid: 13,
      expired_time: expect.any(String),
      days_left: 30,
      citycode: '440300',
      cityname: '深圳市',
    });
    expect(await getData<MemberUserInfo>(t, sub, HOME_API.userInfo)).toMatchObject({
      username: 'listera1sub',
      is_sub: true,
      level: 22,
      gid: 13,
    });
  });

  it('answers the plan (GetSetmeal), but not to a sub-account', async () => {
    expect(await getData<SetmealInfo>(t, a, HOME_STATS_API.setmeal)).toEqual({
      gid: 13,
      name: 'VIP专业版',
      level: 22,
      level_name: 'VIP专业版',
      expired_time: expect.any(String),
      days_left: 30,
      expired: false,
    });
    expect(await getData<SetmealInfo>(t, trial, HOME_STATS_API.setmeal)).toEqual({
      gid: null,
      name: '体验会员',
      level: 10,
      level_name: '体验会员',
      expired_time: null,
      days_left: null,
      expired: false,
    });
    const { status, body } = await call(t, sub, 'GET', HOME_STATS_API.setmeal);
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 403, message: MSG.subAccountNoPackages });
  });

  it('answers getCusInfo at the home statistics path too (GetCusInfo)', async () => {
    expect(await getData(t, a, HOME_STATS_API.cusInfo)).toEqual(await getData(t, a, HOME_API.cusInfo));
  });
});

describe('authentication', () => {
  it('answers 401 without a token', async () => {
    const urls = [
      ...Object.values(SUBSCRIBE_PATHS).flat(),
      ...Object.values(NEWS_PATHS).flat(),
      HOME_API.userInfo,
      HOME_STATS_API.setmeal,
      HOME_STATS_API.cusInfo,
    ];
    for (const url of urls) {
      const { status, body } = await call(t, null, 'GET', url);
      expect(status, url).toBe(401);
      expect(body).toMatchObject({ code: 401, message: MSG.unauthorized });
    }
  });
});

// The member's subscriptions and own publicity: the dashboard's newest few and the full list by page.
import {
  HOME_API,
  LIMITS,
  MSG,
  type OwnPublicityItem,
  type PagedSuccess,
  type SubscriptionItem,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTIONS_PATHS } from '../../src/modules/subscriptions/routes.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { call, createMember, daysFrom, getData, type TestMember } from '../support/members.js';

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
});
afterAll(() => t.close());

describe('subscriptions', () => {
  it('lists the member’s newest subscriptions (10 by default, size to change)', async () => {
    for (const url of SUBSCRIPTIONS_PATHS.mySubscribe) {
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
    for (const url of SUBSCRIPTIONS_PATHS.myPublicity) {
      const list = await getData<OwnPublicityItem[]>(t, a, url);
      expect(list).toHaveLength(LIMITS.ownPublicityLimit);
      expect(list.map((p) => p.title)).toEqual(['公示8', '公示7', '公示6', '公示5', '公示4']);
      expect(Object.keys(list[0] ?? {}).sort()).toEqual([
        'dept_name',
        'id',
        'item_id',
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

const URLS = Object.values(SUBSCRIPTIONS_PATHS).flat();

describe('authentication', () => {
  it('answers 401 without a token', async () => {
    for (const url of URLS) {
      const { status, body } = await call(t, null, 'GET', url);
      expect(status, url).toBe(401);
      expect(body).toMatchObject({ code: 401, message: MSG.unauthorized });
    }
  });
});

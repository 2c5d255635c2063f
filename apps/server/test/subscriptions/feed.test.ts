// 我的订阅's tabs, the customers of a recommended project, the publicity search, the push settings and their rules.
import {
  type CustomerItem,
  MSG,
  type Page,
  type PolicyFeedItem,
  type PublicityItem,
  type PushConfig,
  type RecommendedProject,
  SUBSCRIBE_API,
} from '@uc/shared';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCustomers } from '../../src/db/customer-summaries-repo.js';
import type { PolicyItemsTable } from '../../src/db/schema.js';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { bearer } from '../support/login.js';
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

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

let t: TestApp;
let a: TestMember;
let sub: TestMember;
let b: TestMember;
let trial: TestMember;
let empty: TestMember;
const mids: Record<string, number> = {};

const list = <T>(member: TestMember, query: string) =>
  getData<Page<T>>(t, member, `${SUBSCRIBE_API.subList}?${query}`);

function item(over: Partial<Insertable<PolicyItemsTable>> & { type: string; title: string }) {
  return {
    dept_name: '深圳市科技创新委员会',
    city_code: '440300' as string | null,
    area_code: null as string | null,
    industry_code: null as string | null,
    publish_time: daysFrom(NOW, -1),
    end_time: null as string | null,
    ...over,
  };
}

async function updateConfig(member: TestMember, form: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: SUBSCRIBE_API.updateConfig,
    headers: { ...bearer(member.token), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  return { status: res.statusCode, body: res.json<Envelope<PushConfig>>() };
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }, { now: () => NOW });
  a = await createMember(t, 'feedera1', { area: '440305' });
  sub = await createMember(t, 'feedera1sub', { parentId: a.id });
  b = await createMember(t, 'feederb1');
  trial = await createMember(t, 'feedertrial', { level: 10 });
  empty = await createMember(t, 'feederempty');

  const ids = await addCustomers(t, [
    customer(a.id, { name: '深圳市甲科技有限公司', area_code: '440305', industry_code: 'C' }),
    customer(a.id, { name: '深圳市乙科技有限公司', area_code: '440305', industry_code: 'C' }),
    customer(a.id, { name: '深圳市丙科技有限公司', area_code: '440306', industry_code: 'C' }),
    customer(a.id, {
      name: '广州市丁软件有限公司',
      city_code: '440100',
      area_code: '440106',
      industry_code: 'I',
    }),
    customer(b.id, { name: '深圳市戊科技有限公司', area_code: '440305', industry_code: 'C' }),
  ]);

  const projects = [
    { key: 'sz', name: '深圳市制造业高质量发展项目', city_code: '440300', industry_code: 'C', days: -10 },
    { key: 'gz', name: '广州市软件产业扶持项目', city_code: '440100', industry_code: null, days: -20 },
    { key: 'dg', name: '东莞市专精特新奖励', city_code: '441900', industry_code: null, days: -5 },
    { key: 'old', name: '深圳市过期项目', city_code: '440300', industry_code: null, days: -400 },
  ];
  for (const p of projects) {
    const row = await t.db
      .insertInto('projects')
      .values({
        name: p.name,
        dept_name: '某某局',
        city_code: p.city_code,
        area_code: null,
        industry_code: p.industry_code,
        start_time: daysFrom(NOW, p.days),
        end_time: daysFrom(NOW, 60),
      })
      .returning('mid')
      .executeTakeFirstOrThrow();
    mids[p.key] = row.mid;
  }

  await t.db
    .insertInto('policy_items')
    .values([
      item({
        type: 'sbtz',
        title: '关于申报深圳市数字经济补贴的通知',
        publish_time: daysFrom(NOW, -1),
        end_time: daysFrom(NOW, 20),
      }),
      item({
        type: 'sbtz',
        title: '关于申报广州市软件产业资助的通知',
        city_code: '440100',
        dept_name: '广州市工业和信息化局',
        publish_time: daysFrom(NOW, -2),
      }),
      item({
        type: 'sbtz',
        title: '关于申报广东省高新技术企业的通知',
        city_code: null,
        dept_name: '广东省科学技术厅',
        publish_time: daysFrom(NOW, -3),
      }),
      item({
        type: 'sbtz',
        title: '关于南山区科技补贴的通知',
        area_code: '440305',
        dept_name: '南山区科技创新局',
        publish_time: daysFrom(NOW, -4),
      }),
      item({ type: 'sbtz', title: '未发布的通知', publish_time: hoursFrom(NOW, 5) }),
      item({ type: 'gsgg', title: '深圳市高新技术企业名单公示', publish_time: daysFrom(NOW, -1) }),
      item({
        type: 'zcdt',
        title: '深圳市数字经济政策解读',
        industry_code: 'I',
        publish_time: daysFrom(NOW, -1),
      }),
      item({
        type: 'zcdt',
        title: '广州市制造业政策动态',
        city_code: '440100',
        industry_code: 'C',
        publish_time: daysFrom(NOW, -2),
      }),
    ])
    .execute();

  const pub = (over: {
    title: string;
    companyname: string;
    user_id: number | null;
    customer_id: number | null;
    days: number;
  }) => ({
    identityid: `id-${over.title}`,
    title: over.title,
    companyname: over.companyname,
    dept: '深圳市科技创新委员会',
    publishtime: daysFrom(NOW, over.days),
    qualification: '高新技术企业',
    user_id: over.user_id,
    customer_id: over.customer_id,
  });
  await t.db
    .insertInto('publicity_items')
    .values([
      pub({
        title: '公示甲',
        companyname: '深圳市甲科技有限公司',
        user_id: a.id,
        customer_id: ids[0] ?? null,
        days: -1,
      }),
      pub({
        title: '公示乙',
        companyname: '深圳市乙科技有限公司',
        user_id: a.id,
        customer_id: ids[1] ?? null,
        days: -2,
      }),
      pub({
        title: '公示甲二',
        companyname: '深圳市甲科技有限公司',
        user_id: a.id,
        customer_id: ids[0] ?? null,
        days: -3,
      }),
      pub({
        title: '公示戊',
        companyname: '深圳市戊科技有限公司',
        user_id: b.id,
        customer_id: ids[4] ?? null,
        days: -1,
      }),
      pub({
        title: '公示己',
        companyname: '广州市己生物有限公司',
        user_id: null,
        customer_id: null,
        days: -5,
      }),
      pub({
        title: '公示100%_',
        companyname: '广州市庚100%_有限公司',
        user_id: null,
        customer_id: null,
        days: -6,
      }),
    ])
    .execute();
});
afterAll(() => t.close());

describe('推荐项目 (tjxm) and the customers of a project', () => {
  it('lists the projects of the window that match the member’s customers, with their counts', async () => {
    const page = await list<RecommendedProject>(a, 'activeName=tjxm');
    expect(page).toMatchObject({ total: 2, page: 1, size: 10 });
    expect(page.list).toEqual([
      {
        mid: mids.sz,
        name: '深圳市制造业高质量发展项目',
        dept_name: '某某局',
        start_time: daysFrom(NOW, -10),
        count: 3,
        item_id: null,
      },
      {
        mid: mids.gz,
        name: '广州市软件产业扶持项目',
        dept_name: '某某局',
        start_time: daysFrom(NOW, -20),
        count: 1,
        item_id: null,
      },
    ]);
    expect(
      (await list<RecommendedProject>(a, 'activeName=tjxm&size=1&page=2')).list.map((p) => p.mid),
    ).toEqual([mids.gz]);
    expect(
      (await list<RecommendedProject>(a, `activeName=tjxm&title=${encodeURIComponent('软件')}`)).total,
    ).toBe(1);
    expect((await list<RecommendedProject>(b, 'activeName=tjxm')).list).toEqual([
      expect.objectContaining({ mid: mids.sz, count: 1 }),
    ]);
    expect(await list(empty, 'activeName=tjxm')).toEqual({ list: [], total: 0, page: 1, size: 10 });
  });

  it('opens a project’s matching customers, only the member’s own', async () => {
    const page = await getData<Page<CustomerItem>>(t, a, `${SUBSCRIBE_API.cusByPid}?pid=${mids.sz}`);
    expect(page.total).toBe(3);
    expect(page.list.map((c) => c.cus_name).sort()).toEqual([
      '深圳市丙科技有限公司',
      '深圳市乙科技有限公司',
      '深圳市甲科技有限公司',
    ]);
    const other = await getData<Page<CustomerItem>>(t, b, `${SUBSCRIBE_API.cusByPid}?pid=${mids.sz}`);
    expect(other.list.map((c) => c.cus_name)).toEqual(['深圳市戊科技有限公司']);
    expect(
      (await getData<Page<CustomerItem>>(t, sub, `${SUBSCRIBE_API.cusByPid}?pid=${mids.gz}`)).total,
    ).toBe(1);
  });

  it('refuses an unknown or malformed project', async () => {
    expect(await call(t, a, 'GET', `${SUBSCRIBE_API.cusByPid}?pid=999999`)).toMatchObject({
      status: 404,
      body: { code: 404, message: MSG.projectNotFound },
    });
    for (const pid of ['abc', '0', '']) {
      const { status, body } = await call(t, a, 'GET', `${SUBSCRIBE_API.cusByPid}?pid=${pid}`);
      expect(status, pid).toBe(400);
      expect(body.message).toBe(MSG.projectInvalid);
    }
  });
  it('counts a customer added or deleted at once, within the reuse window (the member’s customer version)', async () => {
    const count = async () =>
      (await list<RecommendedProject>(b, 'activeName=tjxm')).list.find((p) => p.mid === mids.sz)?.count;
    expect(await count()).toBe(1);
    const [added] = await addCustomers(t, [
      customer(b.id, { name: '深圳市己科技有限公司', area_code: '440305', industry_code: 'C' }),
    ]);
    expect(await count()).toBe(2);
    await deleteCustomers(t.db, [added as number]);
    expect(await count()).toBe(1);
  });
});

describe('我的公示 (wdgs) and the publicity search', () => {
  it('lists the publicity naming the member’s customers, searchable by title or company', async () => {
    const page = await list<PublicityItem>(a, 'activeName=wdgs');
    expect(page.total).toBe(3);
    expect(page.list.map((p) => p.title)).toEqual(['公示甲', '公示乙', '公示甲二']);
    expect(Object.keys(page.list[0] ?? {}).sort()).toEqual([
      'companyname',
      'dept',
      'identityid',
      'item_id',
      'publishtime',
      'qualification',
      'title',
    ]);
    const search = await list<PublicityItem>(a, `activeName=wdgs&title=${encodeURIComponent('甲科技')}`);
    expect(search.list.map((p) => p.title)).toEqual(['公示甲', '公示甲二']);
    expect((await list<PublicityItem>(b, 'activeName=wdgs')).list.map((p) => p.title)).toEqual(['公示戊']);
    expect((await list(empty, 'activeName=wdgs')).total).toBe(0);
  });

  it('searches every company’s publicity by part of its name, wildcards taken literally', async () => {
    const all = await getData<Page<PublicityItem>>(t, empty, SUBSCRIBE_API.publicityList);
    expect(all.total).toBe(6);
    const gz = await getData<Page<PublicityItem>>(
      t,
      empty,
      `${SUBSCRIBE_API.publicityList}?name=${encodeURIComponent('广州市')}`,
    );
    expect(gz.list.map((p) => p.companyname)).toEqual(['广州市己生物有限公司', '广州市庚100%_有限公司']);
    const literal = await getData<Page<PublicityItem>>(
      t,
      empty,
      `${SUBSCRIBE_API.publicityList}?name=${encodeURIComponent('100%_')}`,
    );
    expect(literal.total).toBe(1);
    const exact = await getData<Page<PublicityItem>>(
      t,
      empty,
      `${SUBSCRIBE_API.publicityByName}?name=${encodeURIComponent('深圳市甲科技有限公司')}&size=1`,
    );
    expect(exact).toMatchObject({ total: 2, size: 1 });
    expect(exact.list.map((p) => p.title)).toEqual(['公示甲']);
    expect(await call(t, a, 'GET', SUBSCRIBE_API.publicityByName)).toMatchObject({
      status: 400,
      body: { message: MSG.companyNameRequired },
    });
    expect(await call(t, a, 'GET', `${SUBSCRIBE_API.publicityList}?name=${'长'.repeat(51)}`)).toMatchObject({
      status: 400,
      body: { message: MSG.searchTooLong },
    });
  });
});

describe('policy tabs and 订阅项目', () => {
  it('lists each type up to now, newest first, searchable by title', async () => {
    const sbtz = await list<PolicyFeedItem>(empty, 'activeName=sbtz');
    expect(sbtz.total).toBe(4);
    expect(sbtz.list[0]).toEqual({
      id: expect.any(Number),
      title: '关于申报深圳市数字经济补贴的通知',
      type: 'sbtz',
      dept_name: '深圳市科技创新委员会',
      area_name: '深圳市',
      publish_time: daysFrom(NOW, -1),
      end_time: daysFrom(NOW, 20),
    });
    expect(sbtz.list.map((i) => i.area_name)).toEqual(['深圳市', '广州市', '广东省', '南山区']);
    expect((await list(empty, 'activeName=gsgg')).total).toBe(1);
    expect((await list(empty, 'activeName=zcdt')).total).toBe(2);
    expect((await list(empty, `activeName=sbtz&title=${encodeURIComponent('补贴')}`)).total).toBe(2);
    expect(await list(empty, 'activeName=dyxm')).toEqual({ list: [], total: 0, page: 1, size: 10 });
  });

  it('keeps the policy tabs to the member’s regions and departments, and 订阅项目 to every setting', async () => {
    const saved = await updateConfig(a, { regions: '440305', types: 'sbtz,zcdt', keywords: '数字,补贴' });
    expect(saved.status).toBe(200);
    // Shenzhen-wide, province-wide and Nanshan items concern a Nanshan setting; Guangzhou's do not.
    expect((await list<PolicyFeedItem>(a, 'activeName=sbtz')).list.map((i) => i.area_name)).toEqual([
      '深圳市',
      '广东省',
      '南山区',
    ]);
    expect((await list(a, 'activeName=gsgg')).total).toBe(1);
    const dyxm = await list<PolicyFeedItem>(a, 'activeName=dyxm');
    // Same publish time: the later item first.
    expect(dyxm.list.map((i) => i.title)).toEqual([
      '深圳市数字经济政策解读',
      '关于申报深圳市数字经济补贴的通知',
      '关于南山区科技补贴的通知',
    ]);
    // A sub-account reads its main account's feed, with or without mainid.
    expect(await list(sub, 'activeName=dyxm')).toEqual(dyxm);
    expect(await list(sub, `activeName=dyxm&mainid=${a.id}`)).toEqual(dyxm);
    await updateConfig(a, { departments: '南山区科技创新局' });
    expect((await list<PolicyFeedItem>(a, 'activeName=sbtz')).list.map((i) => i.title)).toEqual([
      '关于南山区科技补贴的通知',
    ]);
    await updateConfig(a, {});
  });

  it('answers 403 for the feed of someone else’s account', async () => {
    for (const url of [
      `${SUBSCRIBE_API.subList}?activeName=dyxm&mainid=${a.id}`,
      `${SUBSCRIBE_API.cusByPid}?pid=${mids.sz}&mainid=${a.id}`,
      `${SUBSCRIBE_API.export}?activeName=tjxm&mainid=${a.id}`,
      `${SUBSCRIBE_API.publicityExport}?mainid=${a.id}`,
    ]) {
      expect(await call(t, b, 'GET', url), url).toMatchObject({
        status: 403,
        body: { code: 403, message: MSG.feedForbidden },
      });
    }
    expect((await list(a, `activeName=wdgs&mainid=${a.id}`)).total).toBe(3);
  });

  it('refuses bad filters with Chinese messages', async () => {
    const cases: [string, string][] = [
      ['activeName=xyz', MSG.subTabInvalid],
      [`activeName=sbtz&title=${'字'.repeat(51)}`, MSG.searchTooLong],
      ['activeName=sbtz&mainid=0', MSG.mainIdInvalid],
      ['activeName=sbtz&mainid=abc', MSG.mainIdInvalid],
      ['activeName=sbtz&page=0', MSG.pageInvalid],
      ['activeName=sbtz&size=1000', MSG.sizeInvalid],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await call(t, a, 'GET', `${SUBSCRIBE_API.subList}?${query}`);
      expect(status, query).toBe(400);
      expect(body.message, query).toBe(message);
    }
  });
});

describe('push settings', () => {
  it('starts from the defaults, saves a form and reads it back (a sub-account shares them)', async () => {
    const initial = await getData<PushConfig>(t, b, SUBSCRIBE_API.getConfig);
    expect(initial).toMatchObject({
      regions: [],
      departments: [],
      industries: [],
      types: [],
      keywords: [],
      channels: ['site'],
      quiet_start: '',
      quiet_end: '',
      saved: false,
      updated_at: null,
    });
    expect(initial.dept_options).toContain('南山区科技创新局');
    const { status, body } = await updateConfig(b, {
      regions: '440300,440106',
      departments: '深圳市科技创新委员会',
      industries: 'C,I',
      types: 'sbtz',
      keywords: '补贴, 数字 ,补贴',
      channels: 'site,email',
      quiet_start: '22:00',
      quiet_end: '08:00',
    });
    expect(status).toBe(200);
    expect(body.message).toBe(MSG.pushSettingsSaved);
    const expected = {
      regions: ['440300', '440106'],
      departments: ['深圳市科技创新委员会'],
      industries: ['C', 'I'],
      types: ['sbtz'],
      keywords: ['补贴', '数字'],
      channels: ['site', 'email'],
      quiet_start: '22:00',
      quiet_end: '08:00',
      saved: true,
      updated_at: NOW.toISOString(),
    };
    expect(body.data).toMatchObject(expected);
    expect(await getData<PushConfig>(t, b, SUBSCRIBE_API.getConfig)).toMatchObject(expected);
    expect(await getData<PushConfig>(t, sub, SUBSCRIBE_API.getConfig)).toEqual(
      await getData<PushConfig>(t, a, SUBSCRIBE_API.getConfig),
    );
  });

  it('refuses bad settings with Chinese messages', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ regions: '999999' }, MSG.areaInvalid],
      [{ industries: 'Z' }, MSG.industryInvalid],
      [{ types: 'news' }, MSG.policyTypeInvalid],
      [{ channels: 'fax' }, MSG.channelInvalid],
      [{ keywords: Array.from({ length: 11 }, (_, i) => `词${i}`).join(',') }, MSG.keywordsTooMany],
      [{ keywords: '长'.repeat(21) }, MSG.keywordTooLong],
      [{ quiet_start: '22:00' }, MSG.quietHoursInvalid],
      [{ quiet_start: '25:00', quiet_end: '08:00' }, MSG.quietHoursInvalid],
      [{ departments: 'a\u0000b' }, MSG.textInvalid],
    ];
    for (const [form, message] of cases) {
      const { status, body } = await updateConfig(a, form);
      expect(status, JSON.stringify(form)).toBe(400);
      expect(body.message, JSON.stringify(form)).toBe(message);
    }
  });

  it('refuses trial users (no push setting permission) and visitors', async () => {
    expect(await call(t, trial, 'GET', SUBSCRIBE_API.getConfig)).toMatchObject({
      status: 403,
      body: { code: 403, message: MSG.noPushPermission },
    });
    expect(await updateConfig(trial, { types: 'sbtz' })).toMatchObject({
      status: 403,
      body: { message: MSG.noPushPermission },
    });
    expect(
      await t.db.selectFrom('push_settings').select('user_id').where('user_id', '=', trial.id).execute(),
    ).toEqual([]);
  });
});

describe('authentication', () => {
  it('answers 401 without a token', async () => {
    for (const url of Object.values(SUBSCRIBE_API)) {
      const method = url === SUBSCRIBE_API.updateConfig ? 'POST' : 'GET';
      const { status, body } = await call(t, null, method, url);
      expect(status, url).toBe(401);
      expect(body).toMatchObject({ code: 401, message: MSG.unauthorized });
    }
  });
});

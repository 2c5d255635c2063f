// 政策详情, 收藏, 申报日历 and 申报提醒: an item opened with the member's matching customers, favourites shared with the
// main account's sub-accounts, the month's open items of the subscriptions and favourites by deadline, and the
// reminder sent once per member, item and deadline, `remind_days` before it, on the app clock.
import {
  DAY_MS,
  MSG,
  MSG_WITH,
  type Page,
  POLICY_ITEM_API,
  type PolicyCalendar,
  type PolicyFavouriteItem,
  type PolicyItemDetail,
  PUSH_INBOX,
  PUSH_POLICY_REMINDER,
  type PushConfig,
  SUBSCRIBE_API,
  shanghaiDate,
  shanghaiMonth,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { bearer } from '../support/login.js';
import { addCustomers, call, createMember, customer, getData, type TestMember } from '../support/members.js';
import { connect, type TestSocket, wsUrl } from '../support/push-socket.js';

let clock = new Date();
let t: TestApp;
let a: TestMember;
let sub: TestMember;
let b: TestMember;
const ids = { open: 0, later: 0, news: 0, unpublished: 0 };

const at = (days: number) => new Date(clock.getTime() + days * DAY_MS).toISOString();

async function insertItem(over: {
  type: string;
  title: string;
  city_code: string | null;
  industry_code?: string | null;
  publish_time: string;
  end_time: string | null;
}): Promise<number> {
  const { id } = await t.db
    .insertInto('policy_items')
    .values({ dept_name: '深圳市科技创新局', area_code: null, industry_code: null, ...over })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function post(member: TestMember | null, url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: member ? bearer(member.token) : {},
    payload,
  });
  return { status: res.statusCode, body: res.json<Envelope<unknown>>() };
}

async function settle(member: TestMember, form: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: SUBSCRIBE_API.updateConfig,
    headers: { ...bearer(member.token), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  return res.json<Envelope<PushConfig | null>>();
}

const mails = async (to: string) =>
  (await t.app.inject({ method: 'GET', url: `/__dev/mail?to=${encodeURIComponent(to)}` })).json<
    Envelope<{ subject: string; text: string }[]>
  >().data;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }, { now: () => clock });
  a = await createMember(t, 'favmaina1');
  sub = await createMember(t, 'favsuba1', { parentId: a.id });
  b = await createMember(t, 'favotherb1');
  await t.db.updateTable('users').set({ email: 'fav-a@example.com' }).where('id', '=', a.id).execute();
  ids.open = await insertItem({
    type: 'sbtz',
    title: '深圳市制造业单项冠军申报通知',
    city_code: '440300',
    industry_code: 'C',
    publish_time: at(-1),
    end_time: at(2),
  });
  ids.later = await insertItem({
    type: 'sbtz',
    title: '广州市软件企业奖励申报通知',
    city_code: '440100',
    publish_time: at(-1),
    end_time: at(10),
  });
  ids.news = await insertItem({
    type: 'zcdt',
    title: '深圳市数字经济政策解读',
    city_code: null,
    publish_time: at(-2),
    end_time: null,
  });
  ids.unpublished = await insertItem({
    type: 'sbtz',
    title: '尚未发布的申报通知',
    city_code: '440300',
    publish_time: at(1),
    end_time: at(20),
  });
  await addCustomers(t, [
    customer(a.id, { name: '深圳甲制造有限公司', industry_code: 'C' }),
    customer(a.id, { name: '深圳乙制造有限公司', industry_code: 'C', area_code: '440306' }),
    customer(a.id, { name: '深圳丙软件有限公司', industry_code: 'I' }),
    customer(a.id, {
      name: '广州丁制造有限公司',
      industry_code: 'C',
      city_code: '440100',
      area_code: '440106',
    }),
    customer(b.id, { name: '深圳戊制造有限公司', industry_code: 'C' }),
  ]);
});
afterAll(() => t.close());

describe('政策详情', () => {
  it('answers the item with its region, deadline and the member’s matching customers', async () => {
    const detail = await getData<PolicyItemDetail>(t, a, `${POLICY_ITEM_API.detail}?id=${ids.open}`);
    expect(detail).toMatchObject({
      id: ids.open,
      title: '深圳市制造业单项冠军申报通知',
      type: 'sbtz',
      type_name: '申报通知',
      dept_name: '深圳市科技创新局',
      area_name: '深圳市',
      industry_name: '制造业',
      end_time: at(2),
      open: true,
      favourite: false,
    });
    expect(detail.customers.total).toBe(2);
    expect(detail.customers.list.map((c) => c.cus_name).sort()).toEqual([
      '深圳乙制造有限公司',
      '深圳甲制造有限公司',
    ]);
    // A province-wide item for every industry matches every customer.
    const news = await getData<PolicyItemDetail>(t, a, `${POLICY_ITEM_API.detail}?id=${ids.news}`);
    expect(news).toMatchObject({ area_name: '广东省', industry_name: null, open: false, conditions: [] });
    expect(news.customers.total).toBe(4);
  });

  it('refuses an unknown or unpublished item (404), a bad id (400) and no token (401)', async () => {
    for (const id of [999_999, ids.unpublished]) {
      const res = await call(t, a, 'GET', `${POLICY_ITEM_API.detail}?id=${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MSG.policyItemNotFound);
    }
    const bad = await call(t, a, 'GET', `${POLICY_ITEM_API.detail}?id=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.policyItemInvalid);
    expect((await call(t, null, 'GET', `${POLICY_ITEM_API.detail}?id=${ids.open}`)).status).toBe(401);
  });
});

describe('收藏', () => {
  it('adds, lists and removes favourites of the main account, a sub-account sharing them', async () => {
    const added = await post(sub, POLICY_ITEM_API.favourites, { id: ids.later });
    expect(added.body).toMatchObject({ code: 200, message: MSG.policyFavouriteAdded });
    expect(added.body.data).toEqual({ id: ids.later, favourite: true });
    // Adding twice changes nothing.
    expect((await post(a, POLICY_ITEM_API.favourites, { id: ids.later })).status).toBe(200);
    const list = await getData<Page<PolicyFavouriteItem>>(t, a, POLICY_ITEM_API.favourites);
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({
      id: ids.later,
      area_name: '广州市',
      favourited_at: clock.toISOString(),
    });
    expect(
      (await getData<PolicyItemDetail>(t, a, `${POLICY_ITEM_API.detail}?id=${ids.later}`)).favourite,
    ).toBe(true);
    // Another member's list is its own.
    expect((await getData<Page<PolicyFavouriteItem>>(t, b, POLICY_ITEM_API.favourites)).total).toBe(0);

    await post(a, POLICY_ITEM_API.favourites, { id: ids.news });
    const removed = await post(a, POLICY_ITEM_API.favouriteRemove, { id: ids.news });
    expect(removed.body).toMatchObject({ message: MSG.policyFavouriteRemoved, data: { favourite: false } });
    expect(
      (await getData<Page<PolicyFavouriteItem>>(t, sub, POLICY_ITEM_API.favourites)).list.map((i) => i.id),
    ).toEqual([ids.later]);
  });

  it('refuses an unknown item, a bad body and no token', async () => {
    const unknown = await post(a, POLICY_ITEM_API.favourites, { id: 999_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MSG.policyItemNotFound);
    const bad = await post(a, POLICY_ITEM_API.favourites, { id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.policyItemInvalid);
    expect((await post(null, POLICY_ITEM_API.favouriteRemove, { id: ids.later })).status).toBe(401);
  });
});

describe('申报日历', () => {
  it('lists the open items of the subscriptions and favourites by deadline', async () => {
    expect((await settle(a, { regions: '440300', types: 'sbtz', channels: 'site,email' })).code).toBe(200);
    const months = [...new Set([shanghaiMonth(at(2)), shanghaiMonth(at(10))])];
    const items = (
      await Promise.all(
        months.map((m) => getData<PolicyCalendar>(t, a, `${POLICY_ITEM_API.calendar}?month=${m}`)),
      )
    ).flatMap((c) => c.items);
    expect(items.map((i) => [i.id, i.subscribed, i.favourite])).toEqual([
      [ids.open, true, false],
      [ids.later, false, true],
    ]);
    // Without a month: this month; today is the server's, in Shanghai.
    const current = await getData<PolicyCalendar>(t, a, POLICY_ITEM_API.calendar);
    expect(current.month).toBe(shanghaiMonth(clock));
    expect(current.today).toBe(shanghaiDate(clock));
    // A member that subscribes to nothing and has no favourites sees nothing.
    expect((await getData<PolicyCalendar>(t, b, POLICY_ITEM_API.calendar)).items).toEqual([]);
    const bad = await call(t, a, 'GET', `${POLICY_ITEM_API.calendar}?month=2026-13`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.calendarMonthInvalid);
  });
});

describe('提醒天数', () => {
  it('is part of the push settings: default 3, bounds 0-30', async () => {
    expect((await getData<PushConfig>(t, b, SUBSCRIBE_API.getConfig)).remind_days).toBe(3);
    const refused = await settle(b, { regions: '440100', remind_days: '31' });
    expect(refused.message).toBe(MSG.remindDaysInvalid);
    expect((await settle(b, { regions: '440100', remind_days: '0' })).data?.remind_days).toBe(0);
  });
});

describe('申报提醒', () => {
  let socket: TestSocket;

  beforeAll(async () => {
    socket = await connect(t.app, wsUrl(a.id, a.token));
    expect(await socket.next()).toMatchObject({ code: 0 });
  });
  afterAll(() => socket.ws.close());

  it('reminds once per member, item and deadline, remind_days before it, through the member’s channels', async () => {
    // b subscribes to Guangzhou with reminders off: the favourite-free, reminder-free member gets nothing.
    expect(await Promise.all([t.app.reminders.tick(), t.app.reminders.tick()])).toEqual([1, 0]);
    const text = MSG_WITH.policyReminder('深圳市制造业单项冠军申报通知', shanghaiDate(at(2)));
    expect(await socket.next()).toEqual({ code: PUSH_POLICY_REMINDER, message: text });
    // Kept in 消息中心 too: the bell is told to refresh.
    expect(await socket.next()).toMatchObject({ code: PUSH_INBOX });
    // The mail links the notice in the member app.
    expect(await mails('fav-a@example.com')).toEqual([
      expect.objectContaining({
        subject: '申报提醒',
        text: expect.stringMatching(
          new RegExp(`^${text}\\nhttps?://[^/]+/usercenter/policy/detail\\?id=\\d+$`),
        ),
      }),
    ]);
    expect(await t.app.reminders.tick()).toBe(0);

    // The favourite's deadline is 10 days out: reminded once it is within 3 days.
    clock = new Date(clock.getTime() + 6 * DAY_MS);
    expect(await t.app.reminders.tick()).toBe(0);
    clock = new Date(clock.getTime() + 2 * DAY_MS);
    expect(await t.app.reminders.tick()).toBe(1);
    expect(await socket.next()).toMatchObject({ code: PUSH_POLICY_REMINDER });
    expect(await socket.next()).toMatchObject({ code: PUSH_INBOX });
    expect(await t.app.reminders.tick()).toBe(0);
    expect(socket.pending()).toEqual([]);
  });
});

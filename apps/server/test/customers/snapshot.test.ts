// The member snapshot (customers/snapshot.ts) behind the customer list's name search, the customer picker and
// 按政策找客户: fresh at once after a rename, a move to another district, a move to another member, a delete and saved
// answers, on the instance that wrote and on another instance over the same database; and a row of another member
// is never returned by id, even from a snapshot that missed a write.
import {
  type CustomerItem,
  HOME_API,
  type Page,
  POLICY_TOOLS_API,
  type PolicyCustomersResult,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCustomers, moveCustomers, updateCustomer } from '../../src/db/customer-summaries-repo.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { NOW, policyItem } from '../support/dashboard.js';
import { bearer } from '../support/login.js';
import {
  addCustomers,
  call,
  createMember,
  customer,
  daysFrom,
  getData,
  type TestMember,
} from '../support/members.js';

/** Two instances of the server on one database, each with its own snapshots in memory. */
let a: TestApp;
let b: TestApp;
let one: TestMember;
let two: TestMember;
let jia: number;
let yi: number;
let bing: number;
let ding: number;
let cityItem: number;
let districtItem: number;

beforeAll(async () => {
  a = await createTestApp({ seedDemo: false }, { now: () => NOW });
  b = await createTestApp({ seedDemo: false }, { db: a.db, now: () => NOW });
  one = await createMember(a, 'snapone');
  two = await createMember(a, 'snaptwo');
  [jia, yi, bing, ding] = (await addCustomers(a, [
    customer(one.id, { name: '深圳市甲知识产权有限公司', ipcount1: 3 }),
    customer(one.id, { name: '深圳市乙科技有限公司' }),
    customer(one.id, { name: '深圳市丙科技有限公司', area_code: '440304', industry_code: 'I' }),
    customer(one.id, { name: '深圳市丁科技有限公司', ipcount1: 2 }),
  ])) as [number, number, number, number];
  await addCustomers(a, [customer(two.id, { name: '深圳市戊科技有限公司' })]);
  // 知识产权资助 asks one Ⅰ类 IP: the whole city, and the same programme in Futian (440304) only.
  await a.db
    .insertInto('policy_items')
    .values([
      policyItem({ title: '关于组织申报2026年深圳市知识产权资助项目的通知', end_time: daysFrom(NOW, 5) }),
      policyItem({
        title: '关于组织申报2026年福田区知识产权资助项目的通知',
        area_code: '440304',
        end_time: daysFrom(NOW, 5),
      }),
    ])
    .execute();
  const items = await a.db.selectFrom('policy_items').select(['id', 'title']).execute();
  cityItem = items.find((i) => i.title.includes('深圳市知识产权'))?.id as number;
  districtItem = items.find((i) => i.title.includes('福田区'))?.id as number;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const instances = () =>
  [
    ['the writing instance', a],
    ['another instance', b],
  ] as const;

/** 我的客户 by a part of the name (answered from the snapshot), optionally with more of the query. */
const byName = (t: TestApp, member: TestMember, name: string, more = '') =>
  getData<Page<CustomerItem>>(t, member, `${HOME_API.customers}?name=${encodeURIComponent(name)}${more}`);
/** The whole list, its total from the maintained summaries. */
const all = (t: TestApp, member: TestMember) => getData<Page<CustomerItem>>(t, member, HOME_API.customers);
const picker = (t: TestApp, member: TestMember, q: string) =>
  getData<CustomerItem[]>(t, member, `${POLICY_TOOLS_API.customerSearch}?q=${encodeURIComponent(q)}`);
const matches = (t: TestApp, member: TestMember, item: number) =>
  getData<PolicyCustomersResult>(t, member, `${POLICY_TOOLS_API.matchCustomers}?id=${item}`);
const ids = (rows: readonly { id: number }[]) => rows.map((r) => r.id).sort((x, y) => x - y);
const matchedIds = (result: PolicyCustomersResult) => ids(result.list.map((r) => r.customer));

/** Every snapshot of both members loaded on both instances, so a stale one would be served. */
async function warm() {
  for (const t of [a, b]) {
    for (const member of [one, two]) {
      await byName(t, member, '深圳');
      await matches(t, member, cityItem);
      await matches(t, member, districtItem);
    }
  }
}

describe('the member snapshot', () => {
  it('shows a rename at once, on both instances', async () => {
    await warm();
    expect(await updateCustomer(a.db, yi, { name: '深圳市庚科技有限公司' })).toBe(true);
    for (const [where, t] of instances()) {
      expect((await byName(t, one, '乙')).total, where).toBe(0);
      const renamed = await byName(t, one, '庚');
      expect(ids(renamed.list), where).toEqual([yi]);
      expect(renamed.list[0]?.cus_name).toBe('深圳市庚科技有限公司');
      expect(ids(await picker(t, one, '庚')), where).toEqual([yi]);
      expect(await picker(t, one, '乙'), where).toEqual([]);
      // A rename moves no figure.
      expect((await all(t, one)).total, where).toBe(4);
    }
  });

  it('shows a move to another district at once, in the list and in matching, on both instances', async () => {
    await warm();
    const before = await matches(b, one, districtItem);
    expect(matchedIds(before)).toEqual([bing]);
    await updateCustomer(a.db, ding, { area_code: '440304' });
    for (const [where, t] of instances()) {
      expect((await byName(t, one, '丁')).list[0]?.area_code, where).toBe('440304');
      expect(ids((await byName(t, one, '深圳', '&area=440304')).list), where).toEqual([bing, ding]);
      const after = await matches(t, one, districtItem);
      expect(matchedIds(after), where).toEqual([bing, ding]);
      expect(after.list.find((r) => r.customer.id === ding)?.level, where).toBe('完全匹配');
      expect(after.counts.不匹配, where).toBe(before.counts.不匹配 - 1);
      // The summaries moved with it: the district's count is the snapshot's.
      expect((await getData<Page<CustomerItem>>(t, one, `${HOME_API.customers}?area=440304`)).total).toBe(2);
    }
  });

  it('shows a move to another member at once: gone from one, listed for the other, on both instances', async () => {
    await warm();
    expect(await moveCustomers(a.db, [jia], two.id)).toBe(1);
    for (const [where, t] of instances()) {
      expect((await byName(t, one, '甲')).total, where).toBe(0);
      expect(await picker(t, one, '甲'), where).toEqual([]);
      expect(matchedIds(await matches(t, one, cityItem)), where).not.toContain(jia);
      expect(ids((await byName(t, two, '甲')).list), where).toEqual([jia]);
      expect(matchedIds(await matches(t, two, cityItem)), where).toContain(jia);
      expect((await all(t, one)).total, where).toBe(3);
      expect((await all(t, two)).total, where).toBe(2);
      // Read by id, it is the other member's now.
      expect((await call(t, one, 'GET', `${HOME_API.cusData}?id=${jia}`)).status, where).toBe(403);
    }
  });

  it('shows a delete at once, on both instances, the summaries agreeing with the snapshot', async () => {
    await warm();
    expect(await deleteCustomers(a.db, [bing])).toBe(1);
    for (const [where, t] of instances()) {
      expect((await byName(t, one, '丙')).total, where).toBe(0);
      expect(await picker(t, one, '丙'), where).toEqual([]);
      expect(matchedIds(await matches(t, one, districtItem)), where).toEqual([ding]);
      const result = await matches(t, one, cityItem);
      expect(result.counts.完全匹配 + result.counts.部分匹配 + result.counts.不匹配, where).toBe(2);
      expect((await byName(t, one, '深圳')).total, where).toBe(2);
      expect((await all(t, one)).total, where).toBe(2);
    }
  });

  it('matches with answers saved on one instance at once on the other', async () => {
    await warm();
    expect((await matches(b, one, cityItem)).list.find((r) => r.customer.id === yi)?.level).toBe('部分匹配');
    const saved = await a.app.inject({
      method: 'POST',
      url: POLICY_TOOLS_API.matchExact,
      headers: bearer(one.token),
      payload: { customer_id: yi, answers: { ip_class1: 3 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const row = (await matches(b, one, cityItem)).list.find((r) => r.customer.id === yi);
    expect(row).toMatchObject({ level: '完全匹配', answered: true });
  });

  it('never returns another member’s row by id, even from a snapshot that missed a write', async () => {
    await warm();
    // A move written without the version (as if it landed between a read's version check and its rows): every
    // snapshot still holds 庚 for member one.
    await a.db.updateTable('customers').set({ user_id: two.id }).where('id', '=', yi).execute();
    for (const [where, t] of instances()) {
      expect(ids((await byName(t, one, '庚')).list), where).toEqual([]);
      expect(await picker(t, one, '庚'), where).toEqual([]);
      expect(matchedIds(await matches(t, one, cityItem)), where).not.toContain(yi);
    }
  });
});

// 按政策找客户 (one open policy item against every customer of the member), clearing saved answers, and the answers of
// a typed company saved per member and name.
import {
  type CompanyFactsResult,
  type CustomerFacts,
  MSG,
  type OpenPolicyItem,
  POLICY_TOOLS_API,
  type PolicyCustomersResult,
  type PolicyMatchResult,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { policyItem } from '../support/dashboard.js';
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
import { readSheet } from '../support/xlsx.js';

let t: TestApp;
let vip: TestMember;
let sub: TestMember;
let trial: TestMember;
let other: TestMember;
let full: number;
let partial: number;
let young: number;
let _outside: number;
let theirs: number;
let ipItem: number;
let centreItem: number;
let closedItem: number;

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }, { now: () => NOW });
  vip = await createMember(t, 'polcust1');
  sub = await createMember(t, 'polcust1s', { parentId: vip.id });
  trial = await createMember(t, 'polcusttr', { level: 10 });
  other = await createMember(t, 'polcusto');
  [full, partial, young, _outside] = (await addCustomers(t, [
    customer(vip.id, { name: '深圳市甲知识产权有限公司', ipcount1: 3, ipcount2: 1 }),
    customer(vip.id, { name: '深圳市乙科技有限公司', ipcount1: 0, is_hightech: 1 }),
    customer(vip.id, { name: '深圳市丙新创有限公司', reg_time: daysFrom(NOW, -100).slice(0, 10) }),
    customer(vip.id, { name: '广州市丁科技有限公司', city_code: '440100', area_code: '440106' }),
  ])) as [number, number, number, number];
  [theirs] = (await addCustomers(t, [
    customer(other.id, { name: '深圳市他人科技有限公司', ipcount1: 5 }),
  ])) as [number];
  await t.db
    .insertInto('policy_items')
    .values([
      policyItem({ title: '关于组织申报2026年深圳市知识产权资助项目的通知', end_time: daysFrom(NOW, 5) }),
      policyItem({ title: '关于组织申报2026年深圳市技术创新中心的通知', end_time: daysFrom(NOW, 20) }),
      policyItem({ title: '关于组织申报2025年深圳市知识产权资助项目的通知', end_time: daysFrom(NOW, -1) }),
    ])
    .execute();
  const items = await t.db.selectFrom('policy_items').select(['id', 'title']).execute();
  const idOf = (part: string) => items.find((i) => i.title.includes(part))?.id as number;
  ipItem = idOf('2026年深圳市知识产权资助');
  centreItem = idOf('技术创新中心');
  closedItem = idOf('2025年');
});
afterAll(() => t.close());

async function post<T>(member: TestMember, url: string, payload: Record<string, unknown>): Promise<T> {
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(member.token), payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Envelope<T>>().data;
}

const customersOf = (member: TestMember, query: string) =>
  getData<PolicyCustomersResult>(t, member, `${POLICY_TOOLS_API.matchCustomers}?${query}`);

describe('按政策找客户', () => {
  it('lists the open items by title for the picker, closed ones left out', async () => {
    const items = await getData<OpenPolicyItem[]>(
      t,
      sub,
      `${POLICY_TOOLS_API.openItems}?q=${encodeURIComponent('知识产权')}`,
    );
    expect(items.map((i) => i.id)).toEqual([ipItem]);
    expect(items[0]?.programme).toBe('知识产权资助');
  });

  it('answers the member’s customers matching one item, full matches first, with totals per level', async () => {
    const result = await customersOf(vip, `id=${ipItem}`);
    expect(result.item).toMatchObject({ id: ipItem, programme: '知识产权资助' });
    // 知识产权资助 asks one Ⅰ类 IP: 甲 has 3 (full); 乙 and 丙 have none (in the city, missing the IP: partial);
    // 丁 is in Guangzhou (out of scope).
    expect(result.counts).toEqual({ 完全匹配: 1, 部分匹配: 2, 不匹配: 1 });
    expect(result.total).toBe(3);
    expect(result.list[0]).toMatchObject({ level: '完全匹配', answered: false, missing: [] });
    expect(result.list[0]?.customer.id).toBe(full);
    expect(result.list[0]?.met.map((c) => c.key)).toEqual(['region', 'ip_class1']);
    expect(result.list[0]?.met.find((c) => c.key === 'ip_class1')?.detail).toBe('Ⅰ类3项');
  });

  it('agrees with 快速匹配 customer by customer, and filters and pages by level', async () => {
    const result = await customersOf(vip, `id=${centreItem}&size=2`);
    // 技术创新中心 requires 高企, 3 years, R&D ratio and 2 Ⅰ类 IP: partial for the Shenzhen customers.
    expect(result.counts).toEqual({ 完全匹配: 0, 部分匹配: 3, 不匹配: 1 });
    expect(result.total).toBe(3);
    expect(result.list).toHaveLength(2);
    for (const row of result.list) {
      const fast = await post<PolicyMatchResult>(vip, POLICY_TOOLS_API.matchFast, {
        customer_id: row.customer.id,
      });
      const same = fast.items.find((i) => i.id === centreItem);
      expect(
        same && { level: same.level, met: same.met, missing: same.missing, unknown: same.unknown },
      ).toEqual({
        level: row.level,
        met: row.met,
        missing: row.missing,
        unknown: row.unknown,
      });
    }
    // Fewest gaps first: 乙 (high-tech, only the R&D ratio unknown and IP missing) leads.
    expect(result.list[0]?.customer.id).toBe(partial);
    const page2 = await customersOf(
      vip,
      `id=${centreItem}&size=2&page=2&status=${encodeURIComponent('部分匹配')}`,
    );
    expect(page2.list.map((r) => r.customer.id)).toHaveLength(1);
    expect([...result.list, ...page2.list].map((r) => r.customer.id).sort()).toEqual(
      [full, partial, young].sort(),
    );
    const none = await customersOf(vip, `id=${centreItem}&status=${encodeURIComponent('完全匹配')}`);
    expect(none).toMatchObject({ total: 0, list: [] });
  });

  it('uses a customer’s saved answers, and drops them when cleared', async () => {
    // 乙 answers 3 Ⅰ类 IP: the 知识产权资助 item now fully matches it.
    await post(vip, POLICY_TOOLS_API.matchExact, { customer_id: partial, answers: { ip_class1: 3 } });
    const saved = await customersOf(vip, `id=${ipItem}`);
    expect(saved.counts.完全匹配).toBe(2);
    expect(saved.list.find((r) => r.customer.id === partial)).toMatchObject({ answered: true });
    await post(vip, POLICY_TOOLS_API.clearFacts, { customer_id: partial });
    const cleared = await customersOf(vip, `id=${ipItem}`);
    expect(cleared.counts.完全匹配).toBe(1);
  });

  it('exports the list as .xlsx', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${POLICY_TOOLS_API.matchCustomersExport}?id=${centreItem}`,
      headers: bearer(vip.token),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Text as inline strings, never formula results (readSheet refuses those), the header first.
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.rows[0]?.[0]).toBe('匹配结果');
    expect(sheet.rows.length).toBeGreaterThan(1);
    expect(new Set(sheet.cells.map((c) => c.type))).toEqual(new Set(['inlineStr']));
  });

  it('refuses a closed item (404), a bad id or level, below VIP (403) and no token (401)', async () => {
    expect(await call(t, vip, 'GET', `${POLICY_TOOLS_API.matchCustomers}?id=${closedItem}`)).toMatchObject({
      status: 404,
      body: { message: MSG.policyItemNotOpen },
    });
    expect((await call(t, vip, 'GET', `${POLICY_TOOLS_API.matchCustomers}?id=abc`)).body.message).toBe(
      MSG.policyItemInvalid,
    );
    expect(
      (
        await call(
          t,
          vip,
          'GET',
          `${POLICY_TOOLS_API.matchCustomers}?id=${ipItem}&status=${encodeURIComponent('不匹配')}`,
        )
      ).body.message,
    ).toBe(MSG.policyMatchStatusInvalid);
    for (const url of [
      `${POLICY_TOOLS_API.matchCustomers}?id=${ipItem}`,
      `${POLICY_TOOLS_API.matchCustomersExport}?id=${ipItem}`,
      `${POLICY_TOOLS_API.openItems}?q=x`,
    ]) {
      expect(await call(t, trial, 'GET', url)).toMatchObject({ status: 403, body: { message: MSG.page401 } });
      expect((await call(t, null, 'GET', url)).status).toBe(401);
    }
  });

  it('never lists another member’s customers', async () => {
    const theirsList = await customersOf(other, `id=${ipItem}`);
    expect(theirsList.list.map((r) => r.customer.id)).toEqual([theirs]);
    const mine = await customersOf(vip, `id=${ipItem}`);
    expect(mine.list.map((r) => r.customer.id)).not.toContain(theirs);
  });
});

describe('清空已保存的答案', () => {
  it('returns a customer to the platform’s prefill, for a sub-account too', async () => {
    await post(vip, POLICY_TOOLS_API.htsScore, { customer_id: full, answers: { staff_total: 50 } });
    expect((await getData<CustomerFacts>(t, vip, `${POLICY_TOOLS_API.facts}?id=${full}`)).saved).toBe(true);
    const res = await post<{ message: string }>(sub, POLICY_TOOLS_API.clearFacts, { customer_id: full });
    expect(res.message).toBe(MSG.policyAnswersCleared);
    const facts = await getData<CustomerFacts>(t, vip, `${POLICY_TOOLS_API.facts}?id=${full}`);
    expect(facts.saved).toBe(false);
    expect(facts.facts).toEqual(facts.prefill);
  });

  it('refuses another member’s customer and below VIP (403), no token (401), no subject', async () => {
    expect((await call(t, vip, 'POST', POLICY_TOOLS_API.clearFacts, { customer_id: theirs })).status).toBe(
      403,
    );
    expect(await call(t, trial, 'POST', POLICY_TOOLS_API.clearFacts, { customer_id: full })).toMatchObject({
      status: 403,
      body: { message: MSG.page401 },
    });
    expect((await call(t, null, 'POST', POLICY_TOOLS_API.clearFacts, { customer_id: full })).status).toBe(
      401,
    );
    expect((await call(t, vip, 'POST', POLICY_TOOLS_API.clearFacts, {})).body.message).toBe(
      MSG.policySubjectRequired,
    );
  });
});

describe('a typed company’s answers', () => {
  const NAME = '深圳市路人丙科技有限公司';
  const factsUrl = `${POLICY_TOOLS_API.companyFacts}?name=${encodeURIComponent(NAME)}`;

  it('are saved per member and name, used by the next call, and cleared', async () => {
    expect(await getData<CompanyFactsResult>(t, vip, factsUrl)).toMatchObject({ saved: false });
    await post(vip, POLICY_TOOLS_API.smeEvaluation, { company_name: NAME, answers: { staff_total: 80 } });
    await post(vip, POLICY_TOOLS_API.htsScore, { company_name: NAME, answers: { ip_class1: 2 } });
    const saved = await getData<CompanyFactsResult>(t, sub, factsUrl);
    expect(saved).toMatchObject({ company_name: NAME, saved: true });
    expect(saved.facts).toMatchObject({ staff_total: 80, ip_class1: 2 });
    // Another member does not see them.
    expect(await getData<CompanyFactsResult>(t, other, factsUrl)).toMatchObject({ saved: false });
    // Without answers the call starts from the saved ones.
    const exact = await post<PolicyMatchResult>(vip, POLICY_TOOLS_API.matchExact, { company_name: NAME });
    expect(exact.subject.cus_name).toBe(NAME);
    await post(vip, POLICY_TOOLS_API.clearFacts, { company_name: NAME });
    const cleared = await getData<CompanyFactsResult>(t, vip, factsUrl);
    expect(cleared.saved).toBe(false);
    expect(cleared.facts.staff_total).toBeNull();
  });

  it('refuses a bad name, below VIP (403) and no token (401)', async () => {
    expect((await call(t, vip, 'GET', `${POLICY_TOOLS_API.companyFacts}?name=a`)).body.message).toBe(
      MSG.policyCompanyNameInvalid,
    );
    expect((await call(t, trial, 'GET', factsUrl)).status).toBe(403);
    expect((await call(t, null, 'GET', factsUrl)).status).toBe(401);
  });
});

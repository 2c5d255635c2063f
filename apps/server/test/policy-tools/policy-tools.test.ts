// The policy tools against rows the test inserts: the customer picker, facts, the 高企 score (and getGrade agreeing
// with it), the 梯度 evaluation, fast and exact matching, the export; VIP only where the menu says so.
import {
  type CustomerFacts,
  type CustomerItem,
  EXAMPLE_SOFTWARE_ANSWERS,
  HOME_API,
  type HtsGrade,
  type HtsScoreResult,
  MSG,
  POLICY_TOOLS_API,
  type PolicyMatchResult,
  type SmeEvaluationResult,
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
let mine: number;
let young: number;
let theirs: number;

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

/** The answers of worked example 1 without what the platform already knows. */
const ANSWERS = EXAMPLE_SOFTWARE_ANSWERS;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }, { now: () => NOW });
  vip = await createMember(t, 'policyvip1');
  sub = await createMember(t, 'policyvip1s', { parentId: vip.id });
  trial = await createMember(t, 'policytrial', { level: 10 });
  other = await createMember(t, 'policyoth1');
  [mine, young] = (await addCustomers(t, [
    customer(vip.id, {
      name: '深圳市示例软件有限公司',
      industry_code: 'I',
      area_code: '440305',
      reg_time: '2018-03-01',
      ipcount1: 2,
      ipcount2: 6,
    }),
    customer(vip.id, { name: '深圳市新创科技有限公司', reg_time: daysFrom(NOW, -100).slice(0, 10) }),
  ])) as [number, number];
  [theirs] = (await addCustomers(t, [customer(other.id, { name: '广州市他人科技有限公司' })])) as [number];
  await t.db
    .insertInto('policy_items')
    .values([
      policyItem({ title: '关于组织申报2026年度深圳市高新技术企业认定的通知', end_time: daysFrom(NOW, 10) }),
      policyItem({ title: '关于组织申报2026年深圳市知识产权资助项目的通知', end_time: daysFrom(NOW, 5) }),
      policyItem({ title: '关于组织申报2026年深圳市技术创新中心的通知', end_time: daysFrom(NOW, 20) }),
      policyItem({
        title: '关于组织申报2026年广州市知识产权资助项目的通知',
        city_code: '440100',
        end_time: daysFrom(NOW, 5),
      }),
      policyItem({
        title: '关于组织申报2026年深圳市商贸流通业发展专项资金的通知',
        industry_code: 'F',
        end_time: daysFrom(NOW, 5),
      }),
      policyItem({ title: '关于组织申报2025年深圳市知识产权资助项目的通知', end_time: daysFrom(NOW, -1) }),
    ])
    .execute();
});
afterAll(() => t.close());

async function post<T>(member: TestMember, url: string, payload: Record<string, unknown>): Promise<T> {
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(member.token), payload });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<Envelope<T>>();
  expect(body.code).toBe(200);
  return body.data;
}

describe('customer picker and facts', () => {
  it('finds the member’s customers by name, for a sub-account too', async () => {
    const found = await getData<CustomerItem[]>(
      t,
      sub,
      `${POLICY_TOOLS_API.customerSearch}?q=${encodeURIComponent('示例')}`,
    );
    expect(found.map((c) => c.id)).toEqual([mine]);
    const none = await getData<CustomerItem[]>(
      t,
      other,
      `${POLICY_TOOLS_API.customerSearch}?q=${encodeURIComponent('示例')}`,
    );
    expect(none).toEqual([]);
    // LIKE wildcards are text.
    expect(await getData<CustomerItem[]>(t, vip, `${POLICY_TOOLS_API.customerSearch}?q=%25`)).toEqual([]);
  });

  it('prefills what the platform knows', async () => {
    const facts = await getData<CustomerFacts>(t, vip, `${POLICY_TOOLS_API.facts}?id=${mine}`);
    expect(facts.saved).toBe(false);
    expect(facts.prefill).toMatchObject({
      reg_time: '2018-03-01',
      ip_class1: 2,
      ip_class2: 6,
      industry_code: 'I',
    });
  });

  it('refuses another member’s customer and a trial member (403), and no token (401)', async () => {
    expect((await call(t, vip, 'GET', `${POLICY_TOOLS_API.facts}?id=${theirs}`)).status).toBe(403);
    const trialCall = await call(t, trial, 'GET', `${POLICY_TOOLS_API.facts}?id=${mine}`);
    expect(trialCall).toMatchObject({ status: 403, body: { message: MSG.page401 } });
    expect((await call(t, null, 'GET', `${POLICY_TOOLS_API.facts}?id=${mine}`)).status).toBe(401);
  });
});

describe('高企评分', () => {
  it('scores the prefill alone, then the answers (saved), and getGrade agrees', async () => {
    const before = await getData<HtsGrade>(t, vip, `${HOME_API.grade}?id=${mine}`);
    expect(before.score).toBe(7);
    const result = await post<HtsScoreResult>(vip, POLICY_TOOLS_API.htsScore, {
      customer_id: mine,
      answers: ANSWERS,
    });
    expect(result.subject).toEqual({ customer_id: mine, cus_name: '深圳市示例软件有限公司' });
    expect(result.evaluation.items.map((i) => i.score)).toEqual([21, 19, 17, 14]);
    expect(result.evaluation).toMatchObject({ total: 71, line: 71, status: 'pass' });
    const grade = await getData<HtsGrade>(t, vip, `${HOME_API.grade}?id=${mine}`);
    expect(grade).toMatchObject({ score: 71, grade: 'B', conclusion: '达标，可申报' });
    // The sub-account reads the same saved answers.
    const facts = await getData<CustomerFacts>(t, sub, `${POLICY_TOOLS_API.facts}?id=${mine}`);
    expect(facts.saved).toBe(true);
    expect(facts.facts.conversions_3y).toBe(14);
  });

  it('scores a typed company from its answers only', async () => {
    const result = await post<HtsScoreResult>(vip, POLICY_TOOLS_API.htsScore, {
      company_name: '深圳市路人甲科技有限公司',
      answers: { ip_class1: 1, ip_class2: 0 },
    });
    expect(result.subject).toEqual({ customer_id: null, cus_name: '深圳市路人甲科技有限公司' });
    expect(result.evaluation.total).toBe(7);
  });

  it('refuses bad answers with Chinese messages', async () => {
    const bad = async (payload: Record<string, unknown>) =>
      (await call(t, vip, 'POST', POLICY_TOOLS_API.htsScore, payload)).body.message;
    expect(await bad({})).toBe(MSG.policySubjectRequired);
    expect(await bad({ customer_id: mine, answers: { staff_total: -1 } })).toBe(MSG.policyCountInvalid);
    expect(await bad({ customer_id: mine, answers: { rd_domestic_pct: 101 } })).toBe(
      MSG.policyPercentInvalid,
    );
    expect(await bad({ customer_id: mine, answers: { tech_advancement: 'Z' } })).toBe(
      MSG.policyChoiceInvalid,
    );
    expect(await bad({ customer_id: mine, answers: { reg_time: '2024-02-30' } })).toBe(MSG.policyDateInvalid);
    expect(await bad({ customer_id: mine, answers: { revenue: [1, 2] } })).toBe(MSG.policyYearsInvalid);
    expect(await bad({ customer_id: mine, answers: { staff_total: 10, staff_tech: 11 } })).toBe(
      MSG.policyStaffInvalid,
    );
    expect(await bad({ company_name: 'a' })).toBe(MSG.policyCompanyNameInvalid);
  });

  it('403 below VIP, 401 without a token, 403 for another member’s customer', async () => {
    expect((await call(t, trial, 'POST', POLICY_TOOLS_API.htsScore, { customer_id: mine })).status).toBe(403);
    expect((await call(t, null, 'POST', POLICY_TOOLS_API.htsScore, { customer_id: mine })).status).toBe(401);
    expect((await call(t, vip, 'POST', POLICY_TOOLS_API.htsScore, { customer_id: theirs })).status).toBe(403);
  });
});

describe('专精特新评测', () => {
  it('reaches 专精特新 for worked example 1 and names what 小巨人 lacks', async () => {
    const result = await post<SmeEvaluationResult>(vip, POLICY_TOOLS_API.smeEvaluation, {
      customer_id: mine,
    });
    expect(result.evaluation.levels.map((l) => [l.key, l.total, l.status])).toEqual([
      ['innovative', 95, 'pass'],
      ['specialized', 75, 'pass'],
      ['giant', null, 'fail'],
    ]);
    expect(result.evaluation.reached).toBe('specialized');
    expect(result.evaluation.next?.gaps.some((g) => g.includes('细分市场占有率'))).toBe(true);
  });

  it('403 below VIP, 401 without a token, 403 for another member’s customer', async () => {
    expect((await call(t, trial, 'POST', POLICY_TOOLS_API.smeEvaluation, { customer_id: mine })).status).toBe(
      403,
    );
    expect((await call(t, null, 'POST', POLICY_TOOLS_API.smeEvaluation, { customer_id: mine })).status).toBe(
      401,
    );
    expect((await call(t, vip, 'POST', POLICY_TOOLS_API.smeEvaluation, { customer_id: theirs })).status).toBe(
      403,
    );
  });
});

describe('政策匹配', () => {
  it('快速匹配 lists the open items of the customer’s city with conditions met and missing', async () => {
    const result = await post<PolicyMatchResult>(trial, POLICY_TOOLS_API.matchFast, {
      company_name: '深圳市路人乙有限公司',
    });
    expect(result.items.every((i) => i.level !== '不匹配')).toBe(true);
    const own = await post<PolicyMatchResult>(vip, POLICY_TOOLS_API.matchFast, { customer_id: mine });
    const titles = own.items.map((i) => i.title);
    // Guangzhou, another industry and a closed item are out; 高企认定 (not yet high-tech) fully matches.
    expect(titles).toHaveLength(3);
    expect(own.counts.不匹配).toBe(1);
    const hts = own.items.find((i) => i.title.includes('高新技术企业认定'));
    expect(hts).toMatchObject({ level: '完全匹配', programme: '高新技术企业认定', missing: [] });
    const centre = own.items.find((i) => i.title.includes('技术创新中心'));
    expect(centre?.level).toBe('部分匹配');
    expect(centre?.missing.map((c) => c.key)).toContain('requires_hightech');
    expect(own.items[0]?.level).toBe('完全匹配');
  });

  it('精准匹配 takes answers; the young company misses the age condition', async () => {
    const result = await post<PolicyMatchResult>(vip, POLICY_TOOLS_API.matchExact, {
      customer_id: young,
      answers: { revenue: [100, 200, 300], rd_expense: [10, 20, 30] },
    });
    const hts = result.items.find((i) => i.title.includes('高新技术企业认定'));
    expect(hts?.missing.map((c) => c.key)).toEqual(expect.arrayContaining(['age', 'ip_total']));
    expect(hts?.met.map((c) => c.key)).toContain('rd_ratio');
  });

  it('exports the exact match as .xlsx', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${POLICY_TOOLS_API.matchExport}?id=${mine}`,
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

  it('精准匹配 and the export: 403 below VIP, 401 without a token, 403 for another member’s customer', async () => {
    expect((await call(t, trial, 'POST', POLICY_TOOLS_API.matchExact, { customer_id: mine })).status).toBe(
      403,
    );
    expect((await call(t, null, 'POST', POLICY_TOOLS_API.matchExact, { customer_id: mine })).status).toBe(
      401,
    );
    expect((await call(t, vip, 'POST', POLICY_TOOLS_API.matchExact, { customer_id: theirs })).status).toBe(
      403,
    );
    expect((await call(t, trial, 'GET', `${POLICY_TOOLS_API.matchExport}?id=${mine}`)).status).toBe(403);
    expect((await call(t, null, 'POST', POLICY_TOOLS_API.matchFast, { customer_id: mine })).status).toBe(401);
    expect((await call(t, vip, 'POST', POLICY_TOOLS_API.matchFast, { customer_id: theirs })).status).toBe(
      403,
    );
    expect((await call(t, vip, 'POST', POLICY_TOOLS_API.matchFast, {})).body.message).toBe(
      MSG.policySubjectRequired,
    );
  });
});

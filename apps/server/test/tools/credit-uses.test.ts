// The policy tools paid by usage credits: a member below VIP with credits of a tool may open its questionnaire and
// evaluate, one credit per request (the Idempotency-Key header; a retry is charged once, also when raced) whose result
// is complete (资料待补充 is free, and the answer says so); without credits, or for another tool, the VIP page's 403 as
// before; a VIP member is never charged.
import {
  AUTH_API,
  type CompanyFacts,
  EXAMPLE_SOFTWARE_ANSWERS,
  type HtsScoreResult,
  type MenuRoute,
  MSG,
  type MyTool,
  POLICY_TOOLS_API,
  type SmeEvaluationResult,
  TOOLS_API,
  type ToolCode,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolsService } from '../../src/modules/tools/service.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { bearer } from '../support/login.js';
import { addCustomers, call, createMember, customer, getData, type TestMember } from '../support/members.js';
import { testLauncher } from '../support/tools.js';

let t: TestApp;
let trial: TestMember;
let trialSub: TestMember;
let vip: TestMember;
let trialCustomer: number;
let vipCustomer: number;
let grants = 0;

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }, { now: () => NOW });
  trial = await createMember(t, 'credittrial', { level: 10 });
  trialSub = await createMember(t, 'credittrials', { parentId: trial.id });
  vip = await createMember(t, 'creditvip01');
  [trialCustomer = 0, vipCustomer = 0] = await addCustomers(t, [
    customer(trial.id, { name: '深圳市次数测试科技有限公司' }),
    customer(vip.id, { name: '深圳市会员测试科技有限公司' }),
  ]);
});
afterAll(() => t.close());

async function grant(member: TestMember, tool: ToolCode, uses: number) {
  grants += 1;
  const tools = createToolsService({
    db: t.db,
    now: () => NOW,
    toolHosts: [],
    launcher: testLauncher(() => NOW),
  });
  await tools.grantCredits({
    userId: member.id,
    toolCode: tool,
    sourceType: 'operator',
    sourceId: `credit-uses-${grants}`,
    uses,
    expiresAt: new Date(NOW.getTime() + 30 * 86_400_000).toISOString(),
    at: NOW.toISOString(),
  });
}

const creditsOf = async (member: TestMember, tool: ToolCode) =>
  (await getData<MyTool[]>(t, member, TOOLS_API.mine)).find((x) => x.code === tool)?.credits;

/** The answers of worked example 1 without what the platform already knows. */
const ANSWERS = EXAMPLE_SOFTWARE_ANSWERS;

/** POST an evaluation of the member's customer, with an Idempotency-Key when given. */
async function evaluate<T = unknown>(
  member: TestMember,
  url: string,
  customerId: number,
  key?: string,
  answers: Partial<CompanyFacts> = ANSWERS,
) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(member.token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: { customer_id: customerId, save: false, answers },
  });
  return { status: res.statusCode, body: res.json<{ code: number; message: string; data: T }>() };
}

describe('policy tools paid by usage credits', () => {
  it('refuses a trial member without credits as before, and charges nothing', async () => {
    const res = await evaluate(trial, POLICY_TOOLS_API.htsScore, trialCustomer, 'no-credits-1');
    expect(res).toMatchObject({ status: 403, body: { message: MSG.page401 } });
    expect(await creditsOf(trial, 'hts_score')).toBe(0);
  });

  it('lets a member with credits open the questionnaire and evaluate, one credit per request id', async () => {
    const menuPaths = async (member: TestMember) =>
      JSON.stringify(await getData<MenuRoute[]>(t, member, AUTH_API.menus));
    expect(await menuPaths(trial)).not.toContain('identification/score');
    await grant(trial, 'hts_score', 2);
    // Its menu entry opens for the member and its sub-account, so the page can be reached.
    expect(await menuPaths(trial)).toContain('identification/score');
    expect(await menuPaths(trialSub)).toContain('identification/score');
    expect(await menuPaths(trial)).not.toContain('evaluation/accreditation');
    expect((await call(t, trial, 'GET', `${POLICY_TOOLS_API.facts}?id=${trialCustomer}`)).status).toBe(200);

    expect((await evaluate(trial, POLICY_TOOLS_API.htsScore, trialCustomer, 'evaluation-a')).status).toBe(
      200,
    );
    expect(await creditsOf(trial, 'hts_score')).toBe(1);
    // The same request again (a retry): answered, not charged.
    expect((await evaluate(trial, POLICY_TOOLS_API.htsScore, trialCustomer, 'evaluation-a')).status).toBe(
      200,
    );
    expect(await creditsOf(trial, 'hts_score')).toBe(1);
    // A sub-account spends its main account's credits.
    expect((await evaluate(trialSub, POLICY_TOOLS_API.htsScore, trialCustomer, 'evaluation-b')).status).toBe(
      200,
    );
    expect(await creditsOf(trial, 'hts_score')).toBe(0);
    // None left: the VIP page's 403.
    const none = await evaluate(trial, POLICY_TOOLS_API.htsScore, trialCustomer, 'evaluation-c');
    expect(none).toMatchObject({ status: 403, body: { message: MSG.page401 } });
  });

  it('opens only the tools the credits are for', async () => {
    await grant(trial, 'match_exact', 1);
    const sme = await evaluate(trial, POLICY_TOOLS_API.smeEvaluation, trialCustomer, 'sme-evaluation-1');
    expect(sme).toMatchObject({ status: 403, body: { message: MSG.page401 } });
    const exact = await evaluate(trial, POLICY_TOOLS_API.matchExact, trialCustomer, 'exact-match-1');
    expect(exact.status, JSON.stringify(exact.body)).toBe(200);
    expect(await creditsOf(trial, 'match_exact')).toBe(0);
  });

  it('charges each request without a key, and refuses a malformed key before charging', async () => {
    await grant(trial, 'sme_evaluation', 2);
    expect((await evaluate(trial, POLICY_TOOLS_API.smeEvaluation, trialCustomer)).status).toBe(200);
    expect((await evaluate(trial, POLICY_TOOLS_API.smeEvaluation, trialCustomer)).status).toBe(200);
    expect(await creditsOf(trial, 'sme_evaluation')).toBe(0);

    await grant(trial, 'sme_evaluation', 1);
    for (const key of ['short', 'has space inside', 'x'.repeat(65), '中文的请求编号很长很长']) {
      const res = await evaluate(trial, POLICY_TOOLS_API.smeEvaluation, trialCustomer, key);
      expect(res, key).toMatchObject({ status: 400, body: { message: MSG.requestIdInvalid } });
    }
    expect(await creditsOf(trial, 'sme_evaluation')).toBe(1);
  });

  it('never charges a VIP member', async () => {
    const res = await evaluate<HtsScoreResult>(vip, POLICY_TOOLS_API.htsScore, vipCustomer, 'vip-evaluation');
    expect([res.status, res.body.data.cost]).toEqual([200, 'none']);
    expect(await creditsOf(vip, 'hts_score')).toBe(0);
    // Its incomplete results cost nothing either, as every one: the level includes the tool.
    const waiting = await evaluate<HtsScoreResult>(
      vip,
      POLICY_TOOLS_API.htsScore,
      vipCustomer,
      'vip-evaluation-2',
      {},
    );
    expect(waiting.body.data.cost).toBe('none');
  });

  it('gives a result that waits for answers (资料待补充) free and says so; charges a complete one', async () => {
    // Patents on record and no answers: the 高企 score waits for the questionnaire.
    const [patented = 0] = await addCustomers(t, [
      customer(trial.id, { name: '深圳市待补充科技有限公司', ipcount1: 2, ipcount2: 6 }),
    ]);
    await grant(trial, 'hts_score', 1);
    const waiting = await evaluate<HtsScoreResult>(
      trial,
      POLICY_TOOLS_API.htsScore,
      patented,
      'waiting-one',
      {},
    );
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(200);
    expect(waiting.body.data.evaluation.status).toBe('unknown');
    expect(waiting.body.data.cost).toBe('incomplete');
    expect(await creditsOf(trial, 'hts_score')).toBe(1);
    const done = await evaluate<HtsScoreResult>(trial, POLICY_TOOLS_API.htsScore, patented, 'waiting-two');
    expect([done.status, done.body.data.evaluation.status, done.body.data.cost]).toEqual([
      200,
      'pass',
      'credit',
    ]);
    expect(await creditsOf(trial, 'hts_score')).toBe(0);

    // 专精特新评测: free while the first level not reached is undecided, charged once the highest level is known.
    await grant(trial, 'sme_evaluation', 1);
    const smeCredits = (await creditsOf(trial, 'sme_evaluation')) ?? 0;
    const sme = await evaluate<SmeEvaluationResult>(
      trial,
      POLICY_TOOLS_API.smeEvaluation,
      patented,
      'sme-waiting',
      {},
    );
    expect([sme.status, sme.body.data.evaluation.reached, sme.body.data.cost]).toEqual([
      200,
      null,
      'incomplete',
    ]);
    expect(await creditsOf(trial, 'sme_evaluation')).toBe(smeCredits);
    const smeDone = await evaluate<SmeEvaluationResult>(
      trial,
      POLICY_TOOLS_API.smeEvaluation,
      patented,
      'sme-decided',
    );
    expect([smeDone.body.data.evaluation.reached, smeDone.body.data.cost]).toEqual(['specialized', 'credit']);
    expect(await creditsOf(trial, 'sme_evaluation')).toBe(smeCredits - 1);
    // With no credit left, an incomplete result is still refused as before: the page is not open to the member.
    const closed = await evaluate(trial, POLICY_TOOLS_API.htsScore, patented, 'waiting-three', {});
    expect(closed).toMatchObject({ status: 403, body: { message: MSG.page401 } });
  });

  it('under concurrency charges each key once and no more credits than there are', async () => {
    await grant(trial, 'hts_score', 3);
    // Ten different evaluations at once with three credits: three answered, seven refused.
    const distinct = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        evaluate(trial, POLICY_TOOLS_API.htsScore, trialCustomer, `race-distinct-${i}`),
      ),
    );
    expect(distinct.filter((r) => r.status === 200)).toHaveLength(3);
    expect(distinct.filter((r) => r.status === 403)).toHaveLength(7);
    expect(await creditsOf(trial, 'hts_score')).toBe(0);

    // One evaluation retried ten times at once with two credits: all answered, one charged.
    await grant(trial, 'hts_score', 2);
    const same = await Promise.all(
      Array.from({ length: 10 }, () =>
        evaluate(trial, POLICY_TOOLS_API.htsScore, trialCustomer, 'race-same'),
      ),
    );
    expect(same.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await creditsOf(trial, 'hts_score')).toBe(1);
  });
});

// The policy tools paid by usage credits: a member below VIP with credits of a tool may open its questionnaire and
// evaluate, one credit per request (the Idempotency-Key header; a retry is charged once, also when raced); without
// credits, or for another tool, the VIP page's 403 as before; a VIP member is never charged.
import {
  AUTH_API,
  type MenuRoute,
  MSG,
  type MyTool,
  POLICY_TOOLS_API,
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

/** POST an evaluation of the member's customer, with an Idempotency-Key when given. */
async function evaluate(member: TestMember, url: string, customerId: number, key?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(member.token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: { customer_id: customerId, save: false },
  });
  return { status: res.statusCode, body: res.json<{ code: number; message: string }>() };
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
    expect((await evaluate(vip, POLICY_TOOLS_API.htsScore, vipCustomer, 'vip-evaluation')).status).toBe(200);
    expect(await creditsOf(vip, 'hts_score')).toBe(0);
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

// 我的工具 and the credit packs' prices (GET /saastools/mytools/, /saastools/getbuytoolsactionsprice): the catalogue
// with how the member has each tool (its plan, its credits, neither), a sub-account seeing its main account's, the
// packs of a tool; 401 without a token, the tool field's message for an unknown tool.
import { type CreditPack, MSG, type MyTool, TOOLS_API } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolsService } from '../../src/modules/tools/service.js';
import { createShopApp, get, loginAs, memberRow, type ShopApp, setPlan } from '../support/commerce.js';

let t: ShopApp;
let main: string;
let sub: string;
let trial: string;

beforeAll(async () => {
  t = await createShopApp();
  main = await loginAs(t, 'demouser');
  sub = await loginAs(t, 'demosub01');
  trial = await loginAs(t, 'trialuser');
});
afterAll(() => t.close());

const mine = async (token: string) => {
  const { status, body } = await get<MyTool[]>(t, token, TOOLS_API.mine);
  expect(status, JSON.stringify(body)).toBe(200);
  return new Map(body.data.map((tool) => [tool.code, tool]));
};

describe('GET /saastools/mytools/', () => {
  it('lists every tool with its source: a VIP plan includes the policy tools, with the plan’s expiry', async () => {
    await setPlan(t, 'demouser', { level: 22, gid: 13, days: 100 }, t.now());
    const expiry = (await memberRow(t, 'demouser')).expired_at;
    const tools = await mine(main);
    expect([...tools.keys()]).toEqual([
      'rd',
      'gq',
      'hts_score',
      'sme_evaluation',
      'match_exact',
      'match_fast',
    ]);
    expect(tools.get('hts_score')).toMatchObject({
      kind: 'policy',
      path: '/hts/identification/score',
      url: null,
      source: 'plan',
      expires_at: expiry,
      credits: 0,
      buyable: true,
    });
    expect(tools.get('rd')).toMatchObject({
      kind: 'external',
      url: 'https://rd.chacewang.com/',
      source: 'plan',
    });
    expect(tools.get('match_fast')).toMatchObject({ buyable: false });
    // A sub-account sees its main account's tools.
    expect((await mine(sub)).get('hts_score')).toMatchObject({ source: 'plan', expires_at: expiry });
  });

  it('shows a trial member the policy tools as not included, then as credits once granted', async () => {
    const before = await mine(trial);
    expect(before.get('hts_score')).toMatchObject({ source: null, credits: 0, expires_at: null });
    expect(before.get('rd')).toMatchObject({ source: 'plan' });
    const { id } = await memberRow(t, 'trialuser');
    const tools = createToolsService({ db: t.db, now: t.now, toolHosts: [] });
    const expiresAt = new Date(t.now().getTime() + 30 * 86_400_000).toISOString();
    const grant = {
      userId: id,
      toolCode: 'hts_score',
      sourceType: 'operator' as const,
      sourceId: 'tools-test-1',
      uses: 10,
      expiresAt,
      at: t.now().toISOString(),
    };
    expect(await tools.grantCredits(grant)).toBe(true);
    expect(await tools.grantCredits(grant)).toBe(false);
    expect(await tools.useCredit(id, 'hts_score', 'req-1')).toBe('charged');
    expect(await tools.useCredit(id, 'hts_score', 'req-1')).toBe('repeated');
    expect((await mine(trial)).get('hts_score')).toMatchObject({
      source: 'credits',
      credits: 9,
      expires_at: expiresAt,
    });
    // Expired credits are no credits (the sessions expired meanwhile: a new sign-in).
    t.advance(31 * 86_400_000);
    trial = await loginAs(t, 'trialuser');
    main = await loginAs(t, 'demouser');
    expect((await mine(trial)).get('hts_score')).toMatchObject({ source: null, credits: 0 });
    expect(await tools.useCredit(id, 'hts_score', 'req-2')).toBe('insufficient');
  });

  it('401 without a token', async () => {
    expect((await get(t, null, TOOLS_API.mine)).status).toBe(401);
  });
});

describe('GET /saastools/getbuytoolsactionsprice', () => {
  it('answers the packs of a tool, smallest first', async () => {
    const { body } = await get<CreditPack[]>(t, main, `${TOOLS_API.packPrices}?tool=hts_score`);
    expect(body.data.map((p) => [p.uses, p.price])).toEqual([
      [10, 99],
      [50, 399],
      [200, 1299],
    ]);
    expect(body.data.every((p) => p.tool === 'hts_score' && p.valid_days === 365)).toBe(true);
    const none = await get<CreditPack[]>(t, main, `${TOOLS_API.packPrices}?tool=match_fast`);
    expect(none.body.data).toEqual([]);
  });

  it('refuses an unknown or missing tool with its message, and 401 without a token', async () => {
    for (const query of ['?tool=lost', '', '?tool=%00']) {
      const res = await get(t, main, `${TOOLS_API.packPrices}${query}`);
      expect(res, query).toMatchObject({ status: 400, body: { message: MSG.toolInvalid } });
    }
    expect((await get(t, null, `${TOOLS_API.packPrices}?tool=hts_score`)).status).toBe(401);
  });
});

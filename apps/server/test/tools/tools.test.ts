// 我的工具 and the credit packs' prices (GET /saastools/mytools/, /saastools/getbuytoolsactionsprice): the catalogue
// with how the member has each tool (its plan, its credits, neither), a sub-account seeing its main account's, the
// packs of a tool; 401 without a token, the tool field's message for an unknown tool.
import { type CreditPack, MSG, type MyTool, TOOLS_API, type ToolLaunch } from '@uc/shared';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAUNCH_TTL_SECONDS } from '../../src/modules/tools/launch.js';
import { createToolsService } from '../../src/modules/tools/service.js';
import { createShopApp, get, loginAs, memberRow, type ShopApp, setPlan } from '../support/commerce.js';
import { testLauncher, testLaunchKey } from '../support/tools.js';

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
    // Fast matching is every member's, as its menu entry is.
    expect(before.get('match_fast')).toMatchObject({ source: 'plan' });
    const { id } = await memberRow(t, 'trialuser');
    const tools = createToolsService({ db: t.db, now: t.now, toolHosts: [], launcher: testLauncher(t.now) });
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

describe('GET /saastools/toollaunch', () => {
  const launch = (token: string, tool: string) =>
    get<ToolLaunch>(t, token, `${TOOLS_API.launch}?tool=${encodeURIComponent(tool)}`);

  /** The ticket's claims as a tool checks them: the key, the issuer, its own origin as the audience, the time. */
  async function ticketOf(url: string) {
    const parsed = new URL(url);
    const ticket = parsed.searchParams.get('uc_ticket') ?? '';
    const { payload } = await jwtVerify(ticket, testLaunchKey(), {
      issuer: 'usercenter',
      audience: parsed.origin,
      currentDate: t.now(),
    });
    return payload;
  }

  it('answers the tool’s address with a short-lived ticket naming the member, for the tool’s origin only', async () => {
    const { status, body } = await launch(main, 'rd');
    expect(status).toBe(200);
    expect(body.data.url).toMatch(/^https:\/\/rd\.chacewang\.com\/\?uc_ticket=/);
    const claims = await ticketOf(body.data.url);
    const { id } = await memberRow(t, 'demouser');
    expect(claims).toMatchObject({ sub: String(id), uid: id, username: 'demouser', tool: 'rd' });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(LAUNCH_TTL_SECONDS);
    // Another tool's origin does not accept it.
    const ticket = new URL(body.data.url).searchParams.get('uc_ticket') ?? '';
    await expect(
      jwtVerify(ticket, testLaunchKey(), { audience: 'https://gq.chacewang.com' }),
    ).rejects.toThrow();
    // Each launch has a ticket of its own.
    const again = await launch(main, 'rd');
    expect(again.body.data.url).not.toBe(body.data.url);
  });

  it('gives a sub-account its main account’s tool, the ticket naming both', async () => {
    const { body } = await launch(await loginAs(t, 'demosub01'), 'gq');
    expect(body.data, JSON.stringify(body)).not.toBeNull();
    const claims = await ticketOf(body.data.url);
    const owner = await memberRow(t, 'demouser');
    const self = await memberRow(t, 'demosub01');
    expect(claims).toMatchObject({ sub: String(owner.id), uid: self.id, username: 'demosub01', tool: 'gq' });
  });

  it('refuses a policy tool (a page of this app) and an unknown one with the tool field’s message', async () => {
    for (const tool of ['hts_score', 'nope', '']) {
      const { status, body } = await launch(main, tool);
      expect(status, tool).toBe(400);
      expect(body.message, tool).toBe(MSG.toolInvalid);
    }
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${TOOLS_API.launch}?tool=rd` });
    expect(res.statusCode).toBe(401);
  });

  it('opens nothing for a tool the deployment has no host for', async () => {
    const tools = createToolsService({ db: t.db, now: t.now, toolHosts: [], launcher: testLauncher(t.now) });
    const { id } = await memberRow(t, 'demouser');
    await expect(
      tools.launch({ ownerId: id, userId: id, username: 'demouser', level: 22, planExpiry: null }, 'rd'),
    ).rejects.toMatchObject({ message: MSG.toolUnavailable });
  });
});

// Redemption cards: batches written by `npm run cards` (the CSV is the only copy of the secrets), bound by
// POST /saastools/bindusercard in one transaction: credits granted once with the card as their source, a plan's years
// and API calls credited as an order of the plan; every failure the same 卡号或卡密错误, counted per member and per IP;
// 50 concurrent binds of one card by two members bind it once; 401 without a token, 403 for a sub-account.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type ApiSurplus,
  CARDS_API,
  type CardTotals,
  COMMERCE_API,
  MSG,
  type MyCard,
  type MyTool,
  ORDER_CODE,
  TOOLS_API,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCardsCli } from '../../src/modules/cards/cli.js';
import { BIND_LIMITS } from '../../src/modules/cards/service.js';
import { addUnits } from '../../src/modules/commerce/pricing.js';
import type { Envelope } from '../support/app.js';
import { TEST_JWT_SECRET } from '../support/app.js';
import { issueCards } from '../support/cards.js';
import { createShopApp, type ShopApp } from '../support/commerce.js';
import { bearer } from '../support/login.js';
import { createMember, type TestMember } from '../support/members.js';

let t: ShopApp;
let dir: string;
let ips = 0;

beforeAll(async () => {
  t = await createShopApp();
  dir = await mkdtemp(path.join(tmpdir(), 'uc-cards-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** A fresh IP per test, so the per-IP count of one test does not lock another. */
const freshIp = () => `10.9.${Math.floor(ips / 250)}.${(ips++ % 250) + 1}`;

async function cli(...argv: string[]) {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await runCardsCli(
    t.db,
    TEST_JWT_SECRET,
    argv,
    {
      log: (l) => lines.push(l),
      error: (l) => errors.push(l),
    },
    t.now,
  );
  return { code, lines, errors };
}

/** A batch of `count` cards granting `grant`, as the CSV gives them. */
const batch = (grant: string, count = 1, expires = '2099-12-31') => issueCards(t, grant, count, { expires });

const trialMember = (name: string): Promise<TestMember> => createMember(t, name, { trial: true });

async function bind(token: string, card: { no: string; secret: string }, ip = '10.0.0.1') {
  const res = await t.app.inject({
    method: 'POST',
    url: CARDS_API.bind,
    headers: token ? bearer(token) : {},
    payload: { card_no: card.no, card_secret: card.secret },
    remoteAddress: ip,
  });
  return { status: res.statusCode, body: res.json<Envelope<MyCard>>() };
}

async function data<T>(token: string, url: string): Promise<T> {
  const res = await t.app.inject({ url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Envelope<T>>().data;
}

const credits = async (token: string, tool = 'hts_score') =>
  (await data<MyTool[]>(token, TOOLS_API.mine)).find((x) => x.code === tool)?.credits ?? -1;
const memberRow = (id: number) =>
  t.db
    .selectFrom('users')
    .select(['level', 'gid', 'expired_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('npm run cards', () => {
  it('writes the secrets once, 16 characters without 0/O/1/I/L, and stores only their HMACs', async () => {
    const { id, cards } = await batch('credits:hts_score:50', 20);
    expect(cards).toHaveLength(20);
    for (const card of cards) {
      expect(card.no).toMatch(/^[1-9]\d{15}$/);
      expect(card.secret).toMatch(/^[2-9A-HJKMNP-Z]{16}$/);
    }
    const stored = await t.db.selectFrom('cards').selectAll().where('batch_id', '=', id).execute();
    expect(stored).toHaveLength(20);
    const secrets = new Set(cards.map((c) => c.secret));
    for (const row of stored) {
      expect(secrets.has(row.secret_hash)).toBe(false);
      expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    const listed = await cli('list');
    expect(listed.lines.some((l) => l.startsWith(`${id}\t`) && l.includes('hts_score 50次'))).toBe(true);
  });

  it('refuses a bad grant, a past date, an existing file, an unknown coupon template', async () => {
    const out = path.join(dir, 'refused.csv');
    for (const [grant, expires] of [
      ['plan:99:1', '2099-01-01'],
      ['plan:13:9', '2099-01-01'],
      ['credits:rd:10', '2099-01-01'],
      ['api:123', '2099-01-01'],
      ['coupon:999999', '2099-01-01'],
      ['credits:hts_score:10', '2020-01-01'],
      ['credits:hts_score:10', '2099-02-30'],
    ] as const) {
      const res = await cli(
        'create-batch',
        '--name',
        'x',
        '--grant',
        grant,
        '--count',
        '1',
        '--expires',
        expires,
        '--out',
        out,
      );
      expect(res.code, grant).toBe(2);
    }
    const existing = path.join(dir, 'existing.csv');
    await writeFile(existing, 'card_no,card_secret\n');
    const again = await cli(
      'create-batch',
      '--name',
      'x',
      '--grant',
      'credits:hts_score:10',
      '--count',
      '1',
      '--expires',
      '2099-01-01',
      '--out',
      existing,
    );
    expect(again.code).toBe(1);
    expect((await cli('void', 'abc')).code).toBe(2);
    expect((await cli('nope')).code).toBe(2);
  });
});

describe('POST /saastools/bindusercard', () => {
  it('grants a credits card once, to the member that binds it first', async () => {
    const member = await trialMember('cardcredit1');
    const other = await trialMember('cardcredit2');
    const { cards } = await batch('credits:hts_score:50');
    const card = cards[0] ?? { no: '', secret: '' };
    const first = await bind(member.token, {
      no: card.no,
      secret: card.secret.toLowerCase().replace(/(.{4})/g, '$1-'),
    });
    expect(first).toMatchObject({
      status: 200,
      body: { data: { card_no: card.no, kind: 'credits', grant: '高企评分 50次', out_trade_no: null } },
    });
    expect(await credits(member.token)).toBe(50);
    // A retried bind answers the same card and grants nothing more; another member is told it is wrong.
    expect((await bind(member.token, card)).status).toBe(200);
    expect(await credits(member.token)).toBe(50);
    expect(await bind(other.token, card)).toMatchObject({ status: 400, body: { message: MSG.cardInvalid } });
    expect(await credits(other.token)).toBe(0);
    expect(await data<MyCard[]>(member.token, CARDS_API.mine)).toMatchObject([
      { card_no: card.no, grant: '高企评分 50次' },
    ]);
    expect(await data<CardTotals>(member.token, CARDS_API.totals)).toEqual({
      bound: 1,
      unused: 0,
      expired: 0,
    });
  });

  it('answers every failure with the same 卡号或卡密错误', async () => {
    const member = await trialMember('cardfail1');
    const ip = freshIp();
    const { id, cards } = await batch('credits:hts_score:10', 2, '2099-01-01');
    const [card = { no: '', secret: '' }, spare = { no: '', secret: '' }] = cards;
    const wrong = `${card.secret.slice(0, -1)}${card.secret.endsWith('A') ? 'B' : 'A'}`;
    for (const attempt of [
      { no: card.no, secret: wrong },
      { no: '1234567890123456', secret: card.secret },
      { no: 'abc', secret: card.secret },
      { no: card.no, secret: 'O0O0O0O0O0O0O0O0' },
      { no: card.no, secret: '' },
    ]) {
      expect(await bind(member.token, attempt, ip), JSON.stringify(attempt)).toMatchObject({
        status: 400,
        body: { message: MSG.cardInvalid },
      });
    }
    // A void batch's cards, and an expired one's, fail the same way.
    expect((await cli('void', String(id))).code).toBe(0);
    expect(await bind(member.token, spare, freshIp())).toMatchObject({
      status: 400,
      body: { message: MSG.cardInvalid },
    });
    const late = await batch('credits:hts_score:10', 1);
    await t.db
      .updateTable('card_batches')
      .set({ expires_at: new Date(t.now().getTime() - 1000).toISOString() })
      .where('id', '=', late.id)
      .execute();
    expect(await bind(member.token, late.cards[0] ?? card, freshIp())).toMatchObject({
      status: 400,
      body: { message: MSG.cardInvalid },
    });
  });

  it('locks a member out after its failures, and an IP after its own, also for a right secret', async () => {
    const member = await trialMember('cardlock1');
    const { cards } = await batch('credits:hts_score:10', 1);
    const card = cards[0] ?? { no: '', secret: '' };
    const answers: number[] = [];
    for (let i = 0; i < 30; i += 1)
      answers.push((await bind(member.token, { no: card.no, secret: 'ABCDEFGHJKMNPQRS' }, freshIp())).status);
    expect(answers.slice(0, BIND_LIMITS.perMember)).toEqual(Array(BIND_LIMITS.perMember).fill(400));
    expect(answers.slice(BIND_LIMITS.perMember)).toEqual(Array(30 - BIND_LIMITS.perMember).fill(429));
    expect(await bind(member.token, card, freshIp())).toMatchObject({
      status: 429,
      body: { message: MSG.cardTooManyTries },
    });

    // Many members from one IP.
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < BIND_LIMITS.perIp; i += 1) {
      const someone = await trialMember(`cardip${i}`);
      last = (await bind(someone.token, { no: card.no, secret: 'ABCDEFGHJKMNPQRS' }, ip)).status;
      expect(last).toBe(400);
    }
    const fresh = await trialMember('cardipok');
    expect((await bind(fresh.token, card, ip)).status).toBe(429);
    expect((await bind(fresh.token, card, freshIp())).status).toBe(200);
  });

  it('binds one card once when two members race 50 binds for it', async () => {
    const a = await trialMember('cardrace1');
    const b = await trialMember('cardrace2');
    const { cards } = await batch('credits:sme_evaluation:20', 1);
    const card = cards[0] ?? { no: '', secret: '' };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => bind(i % 2 === 0 ? a.token : b.token, card, freshIp())),
    );
    const [creditsA, creditsB] = [
      await credits(a.token, 'sme_evaluation'),
      await credits(b.token, 'sme_evaluation'),
    ];
    expect([creditsA, creditsB].sort()).toEqual([0, 20]);
    const grants = await t.db
      .selectFrom('tool_credit_grants')
      .selectAll()
      .where('source_type', '=', 'card')
      .where('tool_code', '=', 'sme_evaluation')
      .execute();
    expect(grants).toHaveLength(1);
    // Every answer to the winner is its card; the loser meets the same failure as any (and, past its count, 429).
    const winner = creditsA === 20 ? a : b;
    answers.forEach((res, i) => {
      if ((i % 2 === 0 ? a : b) === winner) expect(res.status).toBe(200);
      else expect([400, 429]).toContain(res.status);
    });
  });

  it('extends a plan like a paid order of it: a start, then a renewal from the expiry', async () => {
    const member = await trialMember('cardplan1');
    const { cards } = await batch('plan:13:1', 2);
    const [first = { no: '', secret: '' }, second = { no: '', secret: '' }] = cards;
    const bound = await bind(member.token, first, freshIp());
    expect(bound).toMatchObject({ status: 200, body: { data: { kind: 'plan', grant: 'VIP专业版 1年' } } });
    const after = await memberRow(member.id);
    expect(after).toMatchObject({ level: 22, gid: 13 });
    const outTradeNo = bound.body.data.out_trade_no ?? '';
    const detail = await data<{ status: string; price: number; channel: string; change: { kind: string } }>(
      member.token,
      COMMERCE_API.orderDetail.replace('{id}', outTradeNo),
    );
    expect(detail).toMatchObject({ status: 'paid', price: 0, channel: 'card', change: { kind: 'start' } });
    await bind(member.token, second, freshIp());
    const renewed = await memberRow(member.id);
    expect(renewed.expired_at).toBe(addUnits(new Date(after.expired_at ?? ''), 'months12', 1).toISOString());
  });

  it('binds two plan cards of one member at once, one after the other (a start, then a renewal)', async () => {
    const member = await trialMember('cardplan3');
    const { cards } = await batch('plan:13:1', 2);
    const [a = { no: '', secret: '' }, b = { no: '', secret: '' }] = cards;
    const answers = await Promise.all([bind(member.token, a, freshIp()), bind(member.token, b, freshIp())]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const changes = await t.db
      .selectFrom('membership_changes')
      .select(['kind', 'starts_at', 'expiry_after'])
      .where('user_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(changes.map((c) => c.kind)).toEqual(['start', 'renew']);
    expect(changes[1]?.starts_at).toBe(changes[0]?.expiry_after);
  });

  it('refuses a plan below the running level (已享更高权益) and another plan while one runs, leaving the card unbound', async () => {
    const gold = await createMember(t, 'cardgold1', { level: 30 });
    await t.db.updateTable('users').set({ gid: null }).where('id', '=', gold.id).execute();
    const advanced = await createMember(t, 'cardadv1', { level: 21 });
    await t.db.updateTable('users').set({ gid: 12 }).where('id', '=', advanced.id).execute();
    const { cards } = await batch('plan:13:1', 1);
    const card = cards[0] ?? { no: '', secret: '' };
    expect(await bind(gold.token, card, freshIp())).toMatchObject({
      status: 200,
      body: { code: ORDER_CODE.planIncluded },
    });
    expect(await bind(advanced.token, card, freshIp())).toMatchObject({
      status: 400,
      body: { message: MSG.cardPlanConflict },
    });
    const trial = await trialMember('cardplan2');
    expect((await bind(trial.token, card, freshIp())).status).toBe(200);
  });

  it('adds API calls as the API package', async () => {
    const member = await trialMember('cardapi1');
    const { cards } = await batch('api:100000', 1);
    const res = await bind(member.token, cards[0] ?? { no: '', secret: '' }, freshIp());
    expect(res).toMatchObject({ status: 200, body: { data: { kind: 'api', grant: 'API调用 100,000次' } } });
    expect(await data<ApiSurplus>(member.token, COMMERCE_API.surplus)).toMatchObject({
      total: 100_000,
      surplus: 100_000,
    });
  });

  it('answers 401 without a token and 403 to a sub-account', async () => {
    const { cards } = await batch('credits:hts_score:10', 1);
    const card = cards[0] ?? { no: '', secret: '' };
    expect((await bind('', card)).status).toBe(401);
    const main = await createMember(t, 'cardmain1');
    const sub = await createMember(t, 'cardsub01', { parentId: main.id });
    expect(await bind(sub.token, card)).toMatchObject({
      status: 403,
      body: { message: MSG.subAccountNoPackages },
    });
    for (const url of [CARDS_API.mine, CARDS_API.totals]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      expect((await t.app.inject({ url, headers: bearer(sub.token) })).statusCode).toBe(403);
    }
  });
});

// The API package a member calls: keys (created once, stored hashed, revoked), the open API under /openapi/v1/
// authenticated by them, metering (every complete 2xx one call, a 4xx, a refusal or a 资料待补充 score nothing, an
// Idempotency-Key charged once and bound to its request: reused for another one, 422; 200 concurrent calls over 150
// left: exactly 150 succeed and the balance ends at 0), the per-key rate, usage, and the open API's own document.
// 401 without a session, 403 for a sub-account.
import { createHash } from 'node:crypto';
import {
  API_KEYS_API,
  type ApiKey,
  type ApiKeyCreated,
  type ApiUsage,
  DAY_MS,
  EXAMPLE_SOFTWARE,
  MSG,
  OPEN_API,
  OPEN_API_CODE,
} from '@uc/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopApp, get, loginAs, post, type ShopApp } from '../support/commerce.js';
import { bearer } from '../support/login.js';
import { createMember, type TestMember } from '../support/members.js';

let t: ShopApp;
let seq = 0;

beforeAll(async () => {
  t = await createShopApp({ openApiRatePerSecond: 1_000 });
});
afterAll(() => t.close());

async function member(calls: number): Promise<TestMember> {
  seq += 1;
  const m = await createMember(t, `openapi${seq}`);
  if (calls > 0) {
    await t.db
      .insertInto('api_quotas')
      .values({
        user_id: m.id,
        total: calls,
        used: 0,
        expired_at: new Date(t.now().getTime() + 30 * DAY_MS).toISOString(),
        updated_at: t.now().toISOString(),
      })
      .execute();
  }
  return m;
}

async function keyOf(
  m: TestMember,
  body: Record<string, unknown> = { name: '测试密钥' },
): Promise<ApiKeyCreated> {
  const res = await post<ApiKeyCreated>(t, m.token, API_KEYS_API.keys, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const call = (key: string | null, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } });
const score = (key: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: OPEN_API.htsScore,
    headers: { authorization: `Bearer ${key}`, ...headers },
    payload,
  });
/** Answers over which 高企评分 reaches its conclusion (达标): worked example 1. */
const FULL_ANSWERS = EXAMPLE_SOFTWARE;
const quota = async (m: TestMember) =>
  t.db
    .selectFrom('api_quotas')
    .select(['total', 'used'])
    .where('user_id', '=', m.id)
    .executeTakeFirstOrThrow();

describe('API keys', () => {
  it('creates a key shown once and stored hashed, lists it without the secret, revokes it', async () => {
    const m = await member(10);
    const created = await keyOf(m, { name: '生产环境', ip_allow: ['10.0.0.1', ' 10.0.0.1 '] });
    expect(created.key).toMatch(/^ccw_[A-Za-z0-9_-]{32}$/);
    expect(created).toMatchObject({
      name: '生产环境',
      prefix: created.key.slice(0, 12),
      ip_allow: ['10.0.0.1'],
    });
    const row = await t.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key);
    const listed = (await get<ApiKey[]>(t, m.token, API_KEYS_API.keys)).body.data;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(created.key);

    const bad = await post(t, m.token, API_KEYS_API.keys, { name: 'x', ip_allow: ['10.0.0'] });
    expect([bad.status, bad.body.message]).toEqual([400, MSG.apiKeyIpInvalid]);
    const empty = await post(t, m.token, API_KEYS_API.keys, { name: '  ' });
    expect([empty.status, empty.body.message]).toEqual([400, MSG.apiKeyNameInvalid]);

    const url = API_KEYS_API.key.replace('{id}', String(created.id));
    const other = await member(0);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(other.token) })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(m.token) })).statusCode).toBe(200);
    expect((await get<ApiKey[]>(t, m.token, API_KEYS_API.keys)).body.data[0]?.revoked_at).not.toBeNull();
  });

  it('keeps at most 10 live keys; 401 without a session, 403 for a sub-account', async () => {
    const m = await member(0);
    for (let i = 0; i < 10; i += 1) await keyOf(m, { name: `k${i}` });
    const over = await post(t, m.token, API_KEYS_API.keys, { name: 'k10' });
    expect([over.status, over.body.message]).toEqual([400, MSG.apiKeyLimit]);
    expect((await get(t, null, API_KEYS_API.keys)).status).toBe(401);
    const sub = await loginAs(t, 'demosub01');
    expect((await get(t, sub, API_KEYS_API.keys)).status).toBe(403);
    expect((await get(t, sub, API_KEYS_API.usage)).status).toBe(403);
  });
});

describe('the open API', () => {
  it('answers a key: 401 without one, unknown, revoked or from another address; each success charges one call', async () => {
    const m = await member(5);
    const { key, id } = await keyOf(m);
    expect((await call(null, OPEN_API.policies)).statusCode).toBe(401);
    const unknown = await call('ccw_unknownunknownunknownunknown1234', OPEN_API.policies);
    expect([unknown.statusCode, unknown.json().code, unknown.json().message]).toEqual([
      401,
      OPEN_API_CODE.keyInvalid,
      MSG.apiKeyInvalid,
    ]);

    for (const url of [
      `${OPEN_API.policies}?keyword=高新&city=440300`,
      `${OPEN_API.policyItems}?type=sbtz&city=440300&dept=科技`,
      `${OPEN_API.publicity}?company=科技`,
    ]) {
      const res = await call(key, url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        page: 1,
        size: 10,
        total: expect.any(Number),
        list: expect.any(Array),
      });
    }
    // A score without answers waits for them (资料待补充): answered, and free.
    const waiting = await score(key, { company: '深圳市开放接口科技有限公司' });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json()).toMatchObject({
      message: MSG.useIncomplete,
      data: { company: '深圳市开放接口科技有限公司', evaluation: { status: 'unknown' }, charged: false },
    });
    expect(await quota(m)).toEqual({ total: 5, used: 3 });
    // One that reaches its conclusion is charged.
    const scored = await score(key, { company: '深圳市开放接口科技有限公司', answers: FULL_ANSWERS });
    expect(scored.statusCode, scored.body).toBe(200);
    expect(scored.json()).toMatchObject({
      message: MSG.ok,
      data: { evaluation: { status: 'pass' }, charged: true },
    });
    expect(await quota(m)).toEqual({ total: 5, used: 4 });

    // A 4xx is charged nothing.
    const bad = await call(key, `${OPEN_API.policyItems}?type=nope`);
    expect(bad.statusCode).toBe(400);
    const badCity = await call(key, `${OPEN_API.policies}?city=999999`);
    expect(badCity.statusCode).toBe(400);
    const badSize = await call(key, `${OPEN_API.publicity}?size=101`);
    expect([badSize.statusCode, badSize.json().message]).toEqual([400, MSG.sizeInvalid]);
    expect(await quota(m)).toEqual({ total: 5, used: 4 });

    // The last call, then 429 调用次数已用完.
    expect((await call(key, OPEN_API.policies)).statusCode).toBe(200);
    const out = await call(key, OPEN_API.policies);
    expect([out.statusCode, out.json().code, out.json().message]).toEqual([
      429,
      OPEN_API_CODE.quotaExhausted,
      MSG.apiQuotaExhausted,
    ]);
    expect(await quota(m)).toEqual({ total: 5, used: 5 });

    await t.app.inject({
      method: 'DELETE',
      url: API_KEYS_API.key.replace('{id}', String(id)),
      headers: bearer(m.token),
    });
    expect((await call(key, OPEN_API.policies)).statusCode).toBe(401);

    const usage = (await get<ApiUsage>(t, m.token, API_KEYS_API.usage)).body.data;
    expect(usage.days).toHaveLength(30);
    expect(usage.days.at(-1)?.calls).toBe(5);
    expect(usage).toMatchObject({ total: 5, used: 5, surplus: 0 });
    expect(usage.recent.map((r) => r.status)).toEqual([429, 200, 400, 400, 400, 200, 200, 200, 200, 200]);
    expect(usage.recent[0]).toMatchObject({ product: 'policies', key_name: '测试密钥' });
  });

  it('a member staff hold: its keys answer 403 with the hold’s message and charge nothing; lifted, they work again', async () => {
    const m = await member(5);
    const { key } = await keyOf(m);
    const hold = (at: string | null) =>
      t.db.updateTable('users').set({ staff_disabled_at: at }).where('id', '=', m.id).execute();
    await hold(t.now().toISOString());
    const held = await call(key, OPEN_API.policies);
    expect(held.statusCode).toBe(403);
    expect(held.json()).toMatchObject({ code: OPEN_API_CODE.memberHeld, message: MSG.memberDisabledByStaff });
    expect(await quota(m)).toEqual({ total: 5, used: 0 });
    await hold(null);
    expect((await call(key, OPEN_API.policies)).statusCode).toBe(200);
    expect(await quota(m)).toEqual({ total: 5, used: 1 });
  });

  it('a HEAD is not an open API call: it answers no data and charges nothing', async () => {
    const m = await member(5);
    const { key } = await keyOf(m);
    const head = await t.app.inject({
      method: 'HEAD',
      url: OPEN_API.policies,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(head.statusCode).toBe(404);
    expect(await quota(m)).toEqual({ total: 5, used: 0 });
  });

  it('a key with an allow-list answers only its addresses', async () => {
    const m = await member(5);
    const { key } = await keyOf(m, { name: 'ip', ip_allow: ['203.0.113.9'] });
    expect((await call(key, OPEN_API.policies)).statusCode).toBe(401);
    const from = await t.app.inject({
      url: OPEN_API.policies,
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(from.statusCode).toBe(200);
  });

  it('a retried Idempotency-Key is answered again and charged once', async () => {
    const m = await member(10);
    const { key } = await keyOf(m);
    const headers = { 'idempotency-key': 'order-42' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(key, OPEN_API.publicity, headers)),
    );
    for (const a of answers) expect(a.statusCode).toBe(200);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await quota(m)).toEqual({ total: 10, used: 1 });
    expect((await call(key, OPEN_API.publicity, { 'idempotency-key': 'order-43' })).statusCode).toBe(200);
    expect(await quota(m)).toEqual({ total: 10, used: 2 });
    // A day later the key is free again.
    t.advance(DAY_MS + 1_000);
    expect((await call(key, OPEN_API.publicity, headers)).statusCode).toBe(200);
    expect(await quota(m)).toEqual({ total: 10, used: 3 });
    expect((await call(key, OPEN_API.publicity, { 'idempotency-key': 'x'.repeat(65) })).statusCode).toBe(400);
  });

  it('a reused Idempotency-Key answers only the request it was made for: other parameters or product 422, free', async () => {
    const m = await member(10);
    const { key } = await keyOf(m);
    const headers = { 'idempotency-key': 'batch-7' };
    const first = await call(key, `${OPEN_API.publicity}?company=${encodeURIComponent('科技')}`, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(await quota(m)).toEqual({ total: 10, used: 1 });

    // The same request as the route reads it (spaces trimmed, the default page given): the kept answer, free.
    const again = await call(
      key,
      `${OPEN_API.publicity}?page=1&company=${encodeURIComponent(' 科技 ')}`,
      headers,
    );
    expect([again.statusCode, again.body]).toEqual([200, first.body]);
    expect(await quota(m)).toEqual({ total: 10, used: 1 });

    const refused = (res: { statusCode: number; json: () => unknown }) => [res.statusCode, res.json()];
    const reuse = {
      code: OPEN_API_CODE.idempotencyKeyReused,
      message: MSG.apiIdempotencyKeyReused,
      data: null,
      detail: MSG.apiIdempotencyKeyReused,
    };
    // Other parameters.
    const other = await call(key, `${OPEN_API.publicity}?company=${encodeURIComponent('电子')}`, headers);
    expect(refused(other)).toEqual([422, reuse]);
    expect(refused(await call(key, `${OPEN_API.publicity}?company=科技&size=20`, headers))).toEqual([
      422,
      reuse,
    ]);
    // Another product, GET or POST.
    expect(refused(await call(key, OPEN_API.policies, headers))).toEqual([422, reuse]);
    expect(refused(await score(key, { company: '深圳市开放接口科技有限公司' }, headers))).toEqual([
      422,
      reuse,
    ]);
    expect(await quota(m)).toEqual({ total: 10, used: 1 });
    // Another key of the member has keys of its own.
    const second = await keyOf(m, { name: '第二个' });
    expect((await call(second.key, OPEN_API.policies, headers)).statusCode).toBe(200);
    expect(await quota(m)).toEqual({ total: 10, used: 2 });

    // A body is compared as parsed: the same answers in another order are the same request.
    const body = { company: '深圳市开放接口科技有限公司', answers: FULL_ANSWERS };
    const reordered = {
      answers: Object.fromEntries(Object.entries(FULL_ANSWERS).reverse()),
      company: body.company,
    };
    const posted = await score(key, body, { 'idempotency-key': 'score-1' });
    const reposted = await score(key, reordered, { 'idempotency-key': 'score-1' });
    expect([reposted.statusCode, reposted.body]).toEqual([200, posted.body]);
    const changed = await score(
      key,
      { ...body, answers: { ...FULL_ANSWERS, staff_total: 121 } },
      {
        'idempotency-key': 'score-1',
      },
    );
    expect(refused(changed)).toEqual([422, reuse]);
    expect(await quota(m)).toEqual({ total: 10, used: 3 });

    // The refusals are logged, never charged: once answered (the log is written after the reply).
    const refusals = () =>
      t.db
        .selectFrom('api_calls')
        .select(['status', 'charged'])
        .where('user_id', '=', m.id)
        .where('status', '=', 422)
        .execute();
    await expect.poll(async () => (await refusals()).length).toBe(5);
    expect((await refusals()).every((c) => c.charged === 0)).toBe(true);
  });

  it('concurrent requests under one Idempotency-Key: one is charged, the same request replays it, another gets 422', async () => {
    const m = await member(10);
    const { key } = await keyOf(m);
    const headers = { 'idempotency-key': 'race-1' };
    const urls = Array.from({ length: 8 }, (_, i) =>
      i % 2 === 0 ? `${OPEN_API.publicity}?company=${encodeURIComponent('科技')}` : OPEN_API.policies,
    );
    const answers = await Promise.all(urls.map((url) => call(key, url, headers)));
    const won = answers.filter((a) => a.statusCode === 200);
    const lost = answers.filter((a) => a.statusCode === 422);
    expect(won.length + lost.length).toBe(8);
    expect(won).toHaveLength(4);
    expect(new Set(won.map((a) => a.body)).size).toBe(1);
    expect(await quota(m)).toEqual({ total: 10, used: 1 });
  });

  it('an answer kept before fingerprints were (none stored) matches no request: 422 until it expires', async () => {
    const m = await member(10);
    const { key, id } = await keyOf(m);
    await t.db
      .insertInto('api_idempotency')
      .values({
        key_id: id,
        idem_key: 'legacy-1',
        status: 200,
        body: '{"code":200,"message":"操作成功","data":null}',
        created_at: t.now().toISOString(),
        fingerprint: null,
      })
      .execute();
    const headers = { 'idempotency-key': 'legacy-1' };
    expect((await call(key, OPEN_API.policies, headers)).statusCode).toBe(422);
    expect(await quota(m)).toEqual({ total: 10, used: 0 });
    t.advance(DAY_MS + 1_000);
    expect((await call(key, OPEN_API.policies, headers)).statusCode).toBe(200);
    expect(await quota(m)).toEqual({ total: 10, used: 1 });
  });

  it('200 concurrent calls over 150 left: exactly 150 succeed and the balance ends at 0', async () => {
    const m = await member(150);
    const { key } = await keyOf(m);
    const answers = await Promise.all(Array.from({ length: 200 }, () => call(key, OPEN_API.policies)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(150);
    expect(codes.filter((c) => c === 429)).toHaveLength(50);
    expect(await quota(m)).toEqual({ total: 150, used: 150 });
    const charged = await t.db
      .selectFrom('api_calls')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', m.id)
      .where('charged', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(charged.n)).toBe(150);
  });

  it('serves its own OpenAPI document with Chinese descriptions and examples', async () => {
    const doc = await t.app.inject({ url: OPEN_API.docsJson });
    expect(doc.statusCode).toBe(200);
    const body = doc.json();
    expect(Object.keys(body.paths)).toEqual([
      OPEN_API.policies,
      OPEN_API.policyItems,
      OPEN_API.publicity,
      OPEN_API.htsScore,
    ]);
    expect(body.paths[OPEN_API.policies].get.summary).toBe('政策源库');
    expect(body.paths[OPEN_API.policies].get.responses[200].content['application/json'].example.code).toBe(
      200,
    );
    const page = await t.app.inject({ url: OPEN_API.docs });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('标准化政策库');
  });
});

describe('Idempotency-Keys, property', () => {
  /** Requests of a few kinds; those of one `same` group are one request as the route parses it. */
  const REQUESTS = [
    { same: 'pub-科技', url: `${OPEN_API.publicity}?company=${encodeURIComponent('科技')}` },
    { same: 'pub-科技', url: `${OPEN_API.publicity}?page=1&size=10&company=${encodeURIComponent(' 科技')}` },
    { same: 'pub-电子', url: `${OPEN_API.publicity}?company=${encodeURIComponent('电子')}` },
    { same: 'policies', url: OPEN_API.policies },
    { same: 'policies-2', url: `${OPEN_API.policies}?page=2` },
    { same: 'score', payload: { company: '深圳市开放接口科技有限公司', answers: FULL_ANSWERS } },
  ] as const;
  const KEYS = ['k1', 'k2', 'k3'];

  it('charges each key once, for its first request; answers its request again and refuses any other with 422', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...KEYS), fc.nat(REQUESTS.length - 1)), {
          minLength: 1,
          maxLength: 10,
        }),
        async (steps) => {
          const m = await member(100);
          const { key } = await keyOf(m);
          /** Each key's first request and its answer. */
          const first = new Map<string, { same: string; body: string }>();
          for (const [idem, index] of steps) {
            const request = REQUESTS[index] as (typeof REQUESTS)[number];
            const headers = { 'idempotency-key': idem };
            const res =
              'url' in request
                ? await call(key, request.url, headers)
                : await score(key, request.payload, headers);
            const kept = first.get(idem);
            if (!kept) {
              expect(res.statusCode, res.body).toBe(200);
              first.set(idem, { same: request.same, body: res.body });
            } else if (kept.same === request.same) {
              expect([res.statusCode, res.body]).toEqual([200, kept.body]);
            } else {
              expect([res.statusCode, res.json().code]).toEqual([422, OPEN_API_CODE.idempotencyKeyReused]);
            }
          }
          expect(await quota(m)).toEqual({ total: 100, used: first.size });
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});

describe('the per-key rate', () => {
  it('answers 429 past the calls a key may make in a second, charging nothing for them', async () => {
    const limited = await createShopApp({ openApiRatePerSecond: 3 });
    try {
      const m = await createMember(limited, 'openapirate');
      await limited.db
        .insertInto('api_quotas')
        .values({
          user_id: m.id,
          total: 100,
          used: 0,
          expired_at: new Date(limited.now().getTime() + DAY_MS).toISOString(),
          updated_at: limited.now().toISOString(),
        })
        .execute();
      const created = await post<ApiKeyCreated>(limited, m.token, API_KEYS_API.keys, { name: 'rate' });
      const key = created.body.data.key;
      const codes = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await limited.app.inject({
          url: OPEN_API.policies,
          headers: { authorization: `Bearer ${key}` },
        });
        codes.push(res.statusCode === 429 ? res.json().code : res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, OPEN_API_CODE.rateLimited, OPEN_API_CODE.rateLimited]);
      limited.advance(1_000);
      expect(
        (await limited.app.inject({ url: OPEN_API.policies, headers: { authorization: `Bearer ${key}` } }))
          .statusCode,
      ).toBe(200);
      const used = await limited.db
        .selectFrom('api_quotas')
        .select('used')
        .where('user_id', '=', m.id)
        .executeTakeFirstOrThrow();
      expect(used.used).toBe(4);
    } finally {
      await limited.close();
    }
  });
});

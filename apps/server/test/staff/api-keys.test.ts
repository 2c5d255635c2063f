// The console's API section: members' keys with this month's calls and their package, the filters and .xlsx export,
// a key's calls per day, and staff's 停用/恢复 (audited with before/after/reason): a suspended key is refused by the
// open API (403 40301), the member cannot lift it, a revoked key stays revoked; 401 without a staff session, 403
// for a role without the permission.
import {
  API_KEYS_API,
  type ApiKeyCreated,
  DAY_MS,
  MSG,
  OPEN_API,
  OPEN_API_CODE,
  type Page,
  STAFF_API_KEYS_API,
  type StaffApiKeyItem,
  type StaffApiKeyUsage,
  shanghaiDate,
  staffIdPath,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_TYPE } from '../../src/lib/xlsx.js';
import type { Envelope } from '../support/app.js';
import { createShopApp, post as memberPost, type ShopApp } from '../support/commerce.js';
import { createMember, type TestMember } from '../support/members.js';
import { signInStaff } from '../support/staff.js';
import { readSheet } from '../support/xlsx.js';

let t: ShopApp;
let admin: string;
let ops: string;
let member: TestMember;
let key: ApiKeyCreated;

beforeAll(async () => {
  t = await createShopApp({ openApiRatePerSecond: 1_000 });
  admin = (await signInStaff(t, 'admin')).cookie;
  ops = (await signInStaff(t, 'ops')).cookie;
  member = await createMember(t, 'apikey01');
  await t.db
    .insertInto('api_quotas')
    .values({
      user_id: member.id,
      total: 100,
      used: 0,
      expired_at: new Date(t.now().getTime() + 30 * DAY_MS).toISOString(),
      updated_at: t.now().toISOString(),
    })
    .execute();
  key = (await memberPost<ApiKeyCreated>(t, member.token, API_KEYS_API.keys, { name: '生产环境' })).body.data;
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const openCall = (secret: string) =>
  t.app.inject({ url: `${OPEN_API.policies}?size=1`, headers: { authorization: `Bearer ${secret}` } });

describe('who may call', () => {
  it('401 without a staff session', async () => {
    const res = await t.app.inject({ method: 'GET', url: STAFF_API_KEYS_API.list });
    expect(res.statusCode).toBe(401);
    expect(res.json<Envelope>().message).toBe(MSG.staffSessionExpired);
  });

  it('运营 reads (api.read) but may not suspend (api.write): 403', async () => {
    expect((await get(STAFF_API_KEYS_API.list, ops)).statusCode).toBe(200);
    expect((await get(staffIdPath(STAFF_API_KEYS_API.usage, key.id), ops)).statusCode).toBe(200);
    for (const url of [STAFF_API_KEYS_API.suspend, STAFF_API_KEYS_API.resume]) {
      const res = await post(staffIdPath(url, key.id), ops, { reason: '测试' });
      expect(res.statusCode).toBe(403);
      expect(res.json<Envelope>().message).toBe(MSG.staffForbidden);
    }
  });
});

describe('the list, its export and the usage', () => {
  it("lists the member's key with this month's calls and the package", async () => {
    expect((await openCall(key.key)).statusCode).toBe(200);
    const res = await get(`${STAFF_API_KEYS_API.list}?member=apikey&status=active`, admin);
    expect(res.statusCode).toBe(200);
    const page = res.json<Envelope<Page<StaffApiKeyItem>>>().data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      id: key.id,
      user_id: member.id,
      username: 'apikey01',
      name: '生产环境',
      prefix: key.prefix,
      calls_month: 1,
      quota_total: 100,
      quota_used: 1,
      status: 'active',
    });
    const byId = await get(`${STAFF_API_KEYS_API.list}?member=${member.id}`, admin);
    expect(byId.json<Envelope<Page<StaffApiKeyItem>>>().data.total).toBe(1);
    const bad = await get(`${STAFF_API_KEYS_API.list}?status=gone`, admin);
    expect(bad.statusCode).toBe(400);
  });

  it('exports the filter as .xlsx', async () => {
    const res = await get(`${STAFF_API_KEYS_API.export}?member=apikey`, admin);
    expect(res.headers['content-type']).toContain(XLSX_TYPE);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.rows[1]?.[2]).toBe('apikey01');
  });

  it("answers a key's calls per day for a period; refuses a bad one", async () => {
    const today = shanghaiDate(t.now().toISOString());
    const res = await get(staffIdPath(STAFF_API_KEYS_API.usage, key.id), admin);
    const usage = res.json<Envelope<StaffApiKeyUsage>>().data;
    expect(usage.days).toHaveLength(30);
    expect(usage.to).toBe(today);
    expect(usage.days.at(-1)).toEqual({ date: today, calls: 1, charged: 1 });
    const long = await get(
      `${staffIdPath(STAFF_API_KEYS_API.usage, key.id)}?from=2020-01-01&to=${today}`,
      admin,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json<Envelope>().message).toBe(MSG.apiUsagePeriodInvalid);
    const missing = await get(staffIdPath(STAFF_API_KEYS_API.usage, 999_999), admin);
    expect([missing.statusCode, missing.json<Envelope>().message]).toEqual([404, MSG.apiKeyNotFound]);
  });
});

describe('停用 and 恢复', () => {
  it('a suspended key is refused by the open API until staff resume it, audited both ways', async () => {
    const noReason = await post(staffIdPath(STAFF_API_KEYS_API.suspend, key.id), admin, { reason: '' });
    expect([noReason.statusCode, noReason.json<Envelope>().message]).toEqual([400, MSG.reasonRequired]);

    const res = await post(staffIdPath(STAFF_API_KEYS_API.suspend, key.id), admin, { reason: '异常调用' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Envelope<StaffApiKeyItem>>().data.status).toBe('suspended');
    const refused = await openCall(key.key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Envelope>()).toMatchObject({
      code: OPEN_API_CODE.keySuspended,
      message: MSG.apiKeySuspended,
    });

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'api.suspend_key')
      .where('target_id', '=', String(key.id))
      .executeTakeFirstOrThrow();
    expect([audit.target_type, audit.before, audit.after, audit.reason]).toEqual([
      'api_key',
      JSON.stringify({ status: 'active' }),
      JSON.stringify({ status: 'suspended' }),
      '异常调用',
    ]);
    const twice = await post(staffIdPath(STAFF_API_KEYS_API.suspend, key.id), admin, { reason: '再次' });
    expect(twice.json<Envelope>().message).toBe(MSG.apiKeyAlreadySuspended);

    const resumed = await post(staffIdPath(STAFF_API_KEYS_API.resume, key.id), admin, { reason: '已核实' });
    expect(resumed.json<Envelope<StaffApiKeyItem>>().data.status).toBe('active');
    expect((await openCall(key.key)).statusCode).toBe(200);
    const back = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after', 'reason'])
      .where('action', '=', 'api.resume_key')
      .executeTakeFirstOrThrow();
    expect(back).toEqual({
      before: JSON.stringify({ status: 'suspended' }),
      after: JSON.stringify({ status: 'active' }),
      reason: '已核实',
    });
  });

  it('a key the member revoked is not suspended or resumed', async () => {
    const other = (await memberPost<ApiKeyCreated>(t, member.token, API_KEYS_API.keys, { name: '旧密钥' }))
      .body.data;
    await t.app.inject({
      method: 'DELETE',
      url: API_KEYS_API.key.replace('{id}', String(other.id)),
      headers: { authorization: `Bearer ${member.token}` },
    });
    const res = await post(staffIdPath(STAFF_API_KEYS_API.suspend, other.id), admin, { reason: '测试' });
    expect([res.statusCode, res.json<Envelope>().message]).toEqual([400, MSG.apiKeyRevokedAlready]);
    const listed = await get(`${STAFF_API_KEYS_API.list}?member=apikey&status=revoked`, admin);
    expect(listed.json<Envelope<Page<StaffApiKeyItem>>>().data.list.map((k) => k.id)).toEqual([other.id]);
  });
});

import { CODE, IDENTITY_CODE, MSG } from '@uc/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClockedApp, createClockedApp } from '../support/clocked-app.js';
import { decodeToken, hashed, loginRequest } from '../support/login.js';
import { freshCode, wrongCodeFor } from '../support/sms.js';

let t: ClockedApp;
beforeAll(async () => {
  t = await createClockedApp();
});
afterAll(() => t.close());

const registerCode = async (phone: string) => {
  t.advance(61_000);
  return freshCode(t, `/api/register/message/?phone=${phone}`, phone);
};
const form = (fields: Record<string, string>) => ({
  company: '深圳市测试科技有限公司',
  new_password1: hashed('Abc12345'),
  new_password2: hashed('Abc12345'),
  ...fields,
});
const register = (payload: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/auth/register/', payload });
/** Every failure of this endpoint carries its text in both message and data (the client shows data). */
const failure = (code: number, text: string) => ({ code, message: text, data: text });
const userCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n,
  );

describe('POST /auth/register/', () => {
  it('registers a trial account (level 10, own group, Shenzhen) that can log in', async () => {
    const code = await registerCode('13900000100');
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/register/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(
        form({ username: 'newcomp01', telphone: '13900000100', verifycode: code, source: 'baidu' }),
      ).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 201, message: '注册成功', data: '注册成功' });

    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'newcomp01')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      company_name: '深圳市测试科技有限公司',
      mobile: '13900000100',
      level: 10,
      gid: null,
      group_id: row.id,
      area: '440300',
      is_sub: 0,
      source: 'baidu',
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    // A template that says so gives every new member a coupon, in the registering transaction.
    const coupons = await t.db.selectFrom('user_coupons').selectAll().where('user_id', '=', row.id).execute();
    expect(coupons.map((c) => [c.name, c.source, c.status])).toEqual([['新人满减券', 'register', 'unused']]);
    const login = await loginRequest(t.app, 'newcomp01', 'Abc12345');
    expect(decodeToken(login.json().data.token)).toMatchObject({
      level: 10,
      group_id: row.id,
      area: '440300',
    });
    // The code was used up.
    const again = await register(form({ username: 'newcomp02', telphone: '13900000100', verifycode: code }));
    expect(again.json()).toEqual(failure(CODE.smsRefused, MSG.smsCodeVoid));
  });

  it('refuses a taken username (20006, any case) without using up the code', async () => {
    const code = await registerCode('13900000101');
    const taken = await register(form({ username: 'DemoUser', telphone: '13900000101', verifycode: code }));
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual(failure(IDENTITY_CODE.usernameTaken, '该用户名已被注册'));
    const ok = await register(form({ username: 'freshname1', telphone: '13900000101', verifycode: code }));
    expect(ok.json().code).toBe(CODE.created);
  });

  it('refuses a mobile bound meanwhile, or claimed by a racing registration (20007)', async () => {
    const code = await registerCode('13900000102');
    await t.db
      .updateTable('users')
      .set({ mobile: '13900000102' })
      .where('username', '=', 'goldvip01')
      .execute();
    const bound = await register(form({ username: 'mobile01', telphone: '13900000102', verifycode: code }));
    expect(bound.json()).toEqual(failure(IDENTITY_CODE.mobileTaken, '该手机号已注册'));
    await t.db
      .updateTable('users')
      .set({ mobile: '13800138002' })
      .where('username', '=', 'goldvip01')
      .execute();

    // Only the database's unique claim on the mobile can stop this one: no account shows the mobile yet.
    const raceCode = await registerCode('13900000103');
    const winner = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'trialuser')
      .executeTakeFirstOrThrow();
    await t.db
      .withTables<{ registered_mobiles: { mobile: string; user_id: number; created_at: string } }>()
      .insertInto('registered_mobiles')
      .values({ mobile: '13900000103', user_id: winner.id, created_at: t.now().toISOString() })
      .execute();
    const lost = await register(
      form({ username: 'mobile02', telphone: '13900000103', verifycode: raceCode }),
    );
    expect(lost.json()).toEqual(failure(IDENTITY_CODE.mobileTaken, '该手机号已注册'));
    expect(
      await t.db.selectFrom('users').select('id').where('username', '=', 'mobile02').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('lets exactly one of two racing registrations of a username win; the other gets 20006, not 500', async () => {
    const a = await registerCode('13900000104');
    const b = await registerCode('13900000105');
    const results = await Promise.all([
      register(form({ username: 'racer001', telphone: '13900000104', verifycode: a })),
      register(form({ username: 'racer001', telphone: '13900000105', verifycode: b })),
    ]);
    const codes = results.map((r) => r.json().code).sort((x, y) => x - y);
    expect(codes).toEqual([CODE.created, IDENTITY_CODE.usernameTaken]);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
  });

  it('answers 20008 for a wrong code and 20012 for a missing one, in message and data', async () => {
    const code = await registerCode('13900000106');
    const wrong = await register(
      form({ username: 'wrongcode1', telphone: '13900000106', verifycode: wrongCodeFor(code) }),
    );
    expect(wrong.json()).toEqual(failure(IDENTITY_CODE.smsCodeInvalid, MSG.smsCodeWrong));
    const never = await register(
      form({ username: 'wrongcode1', telphone: '13900000199', verifycode: '1234' }),
    );
    expect(never.json()).toEqual(failure(CODE.smsRefused, MSG.smsCodeVoid));
  });

  it('re-checks the rules it can with HTTP 400 and the text of docs/requirements.md §5 in message and data', async () => {
    const base = { username: 'ruleuser1', telphone: '13900000107', verifycode: '1234' };
    const cases: [Record<string, string>, string][] = [
      [{ ...base, new_password2: hashed('Other1234') }, MSG.confirmMismatch],
      [{ ...base, company: '' }, MSG.companyRequired],
      [{ ...base, company: '12345' }, MSG.companyInvalid],
      [{ ...base, company: '深'.repeat(26) }, MSG.companyTooLong],
      [{ ...base, username: '' }, MSG.usernameRequired],
      [{ ...base, username: 'abc' }, MSG.usernameTooShort],
      [{ ...base, username: 'a'.repeat(17) }, MSG.usernameTooLong],
      [{ ...base, username: '1abcdefg' }, MSG.usernameInvalid],
      [{ ...base, telphone: '1380013800' }, MSG.mobileInvalid],
      [{ ...base, verifycode: '' }, MSG.codeRequired],
      [{ ...base, verifycode: '12345' }, MSG.codeInvalid],
      [{ ...base, new_password1: 'Abc12345' }, '密码格式有误，请刷新页面后重试'],
      [{ ...base, new_password1: '' }, MSG.passwordRequired],
      [{ ...base, new_password2: '' }, MSG.confirmRequired],
    ];
    for (const [fields, message] of cases) {
      const res = await register(form(fields));
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ code: 400, message, data: message, detail: message });
    }
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/auth/register/',
      headers: { 'content-type': 'application/json' },
      payload: '{"company":',
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().data).toBe('请求数据格式有误');
    const array = await t.app.inject({
      method: 'POST',
      url: '/auth/register/',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(array.statusCode).toBe(400);
    expect(array.json().data).toBe(MSG.badRequest);
  });

  it('never leaves half an account: a failure inside the transaction rolls everything back', async () => {
    const postgres = process.env.TEST_DB === 'postgres';
    if (postgres) {
      await sql`CREATE FUNCTION fail_group() RETURNS trigger AS $$ BEGIN IF NEW.username = 'boomuser1' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(
        t.db,
      );
      await sql`CREATE TRIGGER fail_group BEFORE UPDATE OF group_id ON users FOR EACH ROW EXECUTE FUNCTION fail_group()`.execute(
        t.db,
      );
    } else {
      await sql`CREATE TRIGGER fail_group BEFORE UPDATE OF group_id ON users WHEN NEW.username = 'boomuser1' BEGIN SELECT RAISE(ABORT, 'injected failure'); END`.execute(
        t.db,
      );
    }
    const before = await userCount();
    const code = await registerCode('13900000108');
    const res = await register(form({ username: 'boomuser1', telphone: '13900000108', verifycode: code }));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 500,
      message: MSG.internal,
      data: MSG.internal,
      detail: MSG.internal,
    });
    expect(res.body).not.toContain('injected');
    expect(await userCount()).toBe(before);
    const claims = await t.db
      .withTables<{ registered_mobiles: { mobile: string } }>()
      .selectFrom('registered_mobiles')
      .select('mobile')
      .where('mobile', '=', '13900000108')
      .execute();
    expect(claims).toEqual([]);

    await sql`DROP TRIGGER fail_group${postgres ? sql` ON users` : sql``}`.execute(t.db);
    // The code survived the failure: the user retries at once.
    const retry = await register(form({ username: 'boomuser1', telphone: '13900000108', verifycode: code }));
    expect(retry.json().code).toBe(CODE.created);
    expect(await userCount()).toBe(before + 1);
  });

  it('limits registrations per IP per minute (HTTP 503)', async () => {
    const limited = await createClockedApp({ identity: { registerPerIpPerMinute: 2 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push(
          (await limited.app.inject({ method: 'POST', url: '/auth/register/', payload: {} })).statusCode,
        );
      }
      expect(statuses).toEqual([400, 400, 503]);
    } finally {
      await limited.close();
    }
  });
});

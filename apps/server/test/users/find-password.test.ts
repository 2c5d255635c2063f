import { ACCOUNT_CODE, CODE, IDENTITY_CODE, MSG, MSG_WITH } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/lib/password.js';
import { type ClockedApp, createClockedApp } from '../support/clocked-app.js';
import { bearer, decodeToken, hashed, login, loginRequest } from '../support/login.js';
import { connect, wsUrl } from '../support/push-socket.js';
import { freshCode, requestCode, wrongCodeFor } from '../support/sms.js';

let t: ClockedApp;

/** A main account on `mobile` (its own group), created now; with `sub`, a sub-account of that main account. */
async function insertAccount(
  username: string,
  password: string,
  company: string,
  mobile: string,
  sub?: { parentId: number; enabled: boolean },
): Promise<number> {
  const at = new Date(Date.now() + 1_000).toISOString();
  const { id } = await t.db
    .insertInto('users')
    .values({
      username,
      password_hash: await hashPassword(hashed(password)),
      company_name: company,
      mobile,
      level: 10,
      gid: null,
      expired_at: null,
      parent_id: sub?.parentId ?? null,
      is_sub: sub ? 1 : 0,
      enabled: sub?.enabled === false ? 0 : 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('users')
    .set({ group_id: sub?.parentId ?? id })
    .where('id', '=', id)
    .execute();
  return id;
}
const passwordHashOf = async (username: string) =>
  (
    await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).password_hash;

beforeAll(async () => {
  t = await createClockedApp();
  // A second main account on trialuser's mobile, created later.
  await insertAccount('trialuser2', 'Second123', '深圳市第二测试有限公司', '13800138001');
});
afterAll(() => t.close());

const findpwdCode = async (phone: string) => {
  t.advance(61_000);
  return freshCode(t, `/api/login/message/?phone=${phone}&purpose=findpwd`, phone);
};
const findPassword = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/findPassword/',
    payload: { newpassword: hashed('Newpass123'), surepassword: hashed('Newpass123'), ...fields },
  });
const info = (token: string) => t.app.inject({ method: 'GET', url: '/auth/info/', headers: bearer(token) });

describe('POST /api/users/findPassword/', () => {
  it('asks which account when the mobile has several (20013), keeps the code, then resets the chosen one', async () => {
    const oldToken = await login(t.app, 'trialuser');
    const claims = decodeToken(oldToken);
    const socket = await connect(t.app, wsUrl(Number(claims.group_id), oldToken));
    expect(await socket.next()).toEqual({ code: 0, message: 'connected' });
    const otherToken = await login(t.app, 'demouser');

    const code = await findpwdCode('13800138001');
    const choose = await findPassword({ telphone: '13800138001', verifycode: code });
    expect(choose.json()).toEqual({
      code: IDENTITY_CODE.chooseAccount,
      message: MSG.chooseAccount,
      data: [
        { username: 'trialuser', company_name: '深圳市南山区创新服务中心' },
        { username: 'trialuser2', company_name: '深圳市第二测试有限公司' },
      ],
    });
    const done = await findPassword({ telphone: '13800138001', verifycode: code, username: 'trialuser' });
    expect(done.json()).toEqual({ code: 200, message: '密码修改成功', data: null });

    // Every session of that account ended: 401 on the next call, code 1 on its websocket.
    expect((await info(oldToken)).statusCode).toBe(401);
    expect(await socket.next()).toEqual({ code: 1, message: MSG.passwordChangedPush });
    expect((await socket.closed).code).toBe(4401);
    expect((await info(otherToken)).json().code).toBe(200);
    expect((await loginRequest(t.app, 'trialuser', 'Trial12345')).json().code).toBe(CODE.badCredentials);
    expect((await loginRequest(t.app, 'trialuser', 'Newpass123')).json().code).toBe(200);
    expect((await loginRequest(t.app, 'trialuser2', 'Second123')).json().code).toBe(200);
    // The code was used up by the reset.
    const reuse = await findPassword({ telphone: '13800138001', verifycode: code, username: 'trialuser2' });
    expect(reuse.json()).toEqual({ code: CODE.smsRefused, message: MSG.smsCodeVoid, data: null });
  });

  it('resets a mobile’s only account without asking, and unlocks it', async () => {
    for (let i = 0; i < 5; i += 1) await loginRequest(t.app, 'goldvip01', 'Wrong12345');
    expect((await loginRequest(t.app, 'goldvip01', 'Gold12345')).json().code).toBe(CODE.accountLocked);
    const code = await findpwdCode('13800138002');
    expect((await findPassword({ telphone: '13800138002', verifycode: code })).json().code).toBe(200);
    expect((await loginRequest(t.app, 'goldvip01', 'Newpass123')).json().code).toBe(200);
  });

  it('asks again when the username given is not one of the mobile’s accounts', async () => {
    const code = await findpwdCode('13800138000');
    const res = await findPassword({ telphone: '13800138000', verifycode: code, username: 'goldvip01' });
    expect(res.json()).toMatchObject({
      code: IDENTITY_CODE.chooseAccount,
      data: [{ username: 'demouser' }, { username: 'demosub01' }],
    });
  });

  it('neither offers nor resets a disabled account, and keeps the code for the others', async () => {
    const mobile = '13900000202';
    const mainId = await insertAccount('sharemain01', 'Share12345', '深圳市共用手机有限公司', mobile);
    await insertAccount('sharesub01', 'Share12345', '深圳市共用手机有限公司', mobile, {
      parentId: mainId,
      enabled: true,
    });
    await insertAccount('sharesub02', 'Share12345', '深圳市共用手机有限公司', mobile, {
      parentId: mainId,
      enabled: false,
    });
    const code = await findpwdCode(mobile);
    expect((await findPassword({ telphone: mobile, verifycode: code })).json()).toEqual({
      code: IDENTITY_CODE.chooseAccount,
      message: MSG.chooseAccount,
      data: [
        { username: 'sharemain01', company_name: '深圳市共用手机有限公司' },
        { username: 'sharesub01', company_name: '深圳市共用手机有限公司' },
      ],
    });
    const before = await passwordHashOf('sharesub02');
    expect(
      (await findPassword({ telphone: mobile, verifycode: code, username: 'sharesub02' })).json(),
    ).toEqual({
      code: ACCOUNT_CODE.accountDisabled,
      message: MSG.accountDisabled,
      data: null,
    });
    expect(await passwordHashOf('sharesub02')).toBe(before);
    const done = await findPassword({ telphone: mobile, verifycode: code, username: 'sharesub01' });
    expect(done.json().code).toBe(200);
    expect((await loginRequest(t.app, 'sharesub01', 'Newpass123')).json().code).toBe(200);
  });

  it('resets the only enabled account of a mobile without asking, and refuses a mobile with none', async () => {
    const mobile = '13900000203';
    const mainId = await insertAccount('onlymain01', 'Only123456', '深圳市唯一账号有限公司', mobile);
    await insertAccount('onlysub01', 'Only123456', '深圳市唯一账号有限公司', mobile, {
      parentId: mainId,
      enabled: false,
    });
    const code = await findpwdCode(mobile);
    expect((await findPassword({ telphone: mobile, verifycode: code })).json().code).toBe(200);
    expect((await loginRequest(t.app, 'onlymain01', 'Newpass123')).json().code).toBe(200);

    // A disabled sub-account alone on its mobile.
    const lone = '13900000204';
    const parentId = await insertAccount('lonemain01', 'Lone123456', '深圳市停用账号有限公司', '13900000205');
    await insertAccount('lonesub01', 'Lone123456', '深圳市停用账号有限公司', lone, {
      parentId,
      enabled: false,
    });
    const before = await passwordHashOf('lonesub01');
    const loneCode = await findpwdCode(lone);
    expect((await findPassword({ telphone: lone, verifycode: loneCode })).json()).toEqual({
      code: ACCOUNT_CODE.accountDisabled,
      message: MSG.accountDisabled,
      data: null,
    });
    expect(await passwordHashOf('lonesub01')).toBe(before);
  });

  it('neither offers nor resets an account staff hold, or a sub-account of a main account staff hold', async () => {
    const mobile = '13900000206';
    const mainId = await insertAccount('heldmain01', 'Held123456', '深圳市冻结账号有限公司', mobile);
    await insertAccount('heldsub01', 'Held123456', '深圳市冻结账号有限公司', mobile, {
      parentId: mainId,
      enabled: true,
    });
    await t.db
      .updateTable('users')
      .set({ staff_disabled_at: new Date().toISOString() })
      .where('id', '=', mainId)
      .execute();
    const before = await passwordHashOf('heldsub01');
    const code = await findpwdCode(mobile);
    const held = { code: ACCOUNT_CODE.accountDisabled, message: MSG.memberDisabledByStaff, data: null };
    expect((await findPassword({ telphone: mobile, verifycode: code })).json()).toEqual(held);
    expect(
      (await findPassword({ telphone: mobile, verifycode: code, username: 'heldsub01' })).json(),
    ).toEqual(held);
    expect(await passwordHashOf('heldsub01')).toBe(before);
    await t.db.updateTable('users').set({ staff_disabled_at: null }).where('id', '=', mainId).execute();
    const done = await findPassword({ telphone: mobile, verifycode: code, username: 'heldsub01' });
    expect(done.json().code).toBe(200);
  });

  it('answers 20008 for a wrong code, 20012 for none, and refuses a code for an unbound mobile (20005)', async () => {
    const code = await findpwdCode('13800138000');
    expect(
      (
        await findPassword({ telphone: '13800138000', verifycode: wrongCodeFor(code), username: 'demouser' })
      ).json(),
    ).toEqual({
      code: IDENTITY_CODE.smsCodeInvalid,
      message: MSG.smsCodeWrong,
      data: null,
    });
    t.advance(61_000);
    expect(await requestCode(t, '/api/login/message/?phone=13900000200&purpose=findpwd')).toEqual({
      code: CODE.phoneNotBound,
      message: MSG_WITH.findPasswordNotBound(t.config.site.hotline),
      data: null,
    });
    expect((await findPassword({ telphone: '13900000200', verifycode: '1234' })).json()).toEqual({
      code: CODE.smsRefused,
      message: MSG.smsCodeVoid,
      data: null,
    });
  });

  it('sends a mobile that lost its account after the code was sent to customer service (20005)', async () => {
    await insertAccount('leaving01', 'Leaving123', '深圳市即将注销有限公司', '13900000201');
    const code = await findpwdCode('13900000201');
    await t.db.updateTable('users').set({ mobile: null }).where('username', '=', 'leaving01').execute();
    expect((await findPassword({ telphone: '13900000201', verifycode: code })).json()).toEqual({
      code: CODE.phoneNotBound,
      message: MSG_WITH.findPasswordNotBound(t.config.site.hotline),
      data: null,
    });
  });

  it('refuses mismatched or malformed input with HTTP 400', async () => {
    const cases: [Record<string, string>, string][] = [
      [
        { telphone: '13800138000', verifycode: '1234', surepassword: hashed('Other1234') },
        MSG.confirmMismatch,
      ],
      [{ telphone: '138', verifycode: '1234' }, MSG.mobileInvalid],
      [{ telphone: '13800138000', verifycode: '' }, MSG.codeRequired],
      [
        { telphone: '13800138000', verifycode: '1234', newpassword: 'plain' },
        '密码格式有误，请刷新页面后重试',
      ],
      [{ telphone: '13800138000', verifycode: '1234', username: 'x'.repeat(65) }, MSG_WITH.textTooLong(64)],
      [{ telphone: '13800138000', verifycode: '1234', username: 'demo\u0000user' }, MSG.textInvalid],
    ];
    for (const [fields, message] of cases) {
      const res = await findPassword(fields);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ code: 400, message, data: null, detail: message });
    }
  });
});

import { CODE, IDENTITY_CODE, MSG } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../support/app.js';
import { type ClockedApp, createClockedApp } from '../support/clocked-app.js';
import { bearer, decodeToken, hashed, login, loginRequest } from '../support/login.js';
import { freshCode, wrongCodeFor } from '../support/sms.js';

let t: ClockedApp;
beforeAll(async () => {
  t = await createClockedApp();
});
afterAll(() => t.close());

const postLogin = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/auth/login/', payload });
const smsLogin = (phone: string, verifycode: string, extra: Record<string, unknown> = {}) =>
  postLogin({ type: 1, phone, verifycode, ...extra });
const info = (token: string) => t.app.inject({ method: 'GET', url: '/auth/info/', headers: bearer(token) });
const loginCode = async (phone: string) => {
  t.advance(61_000);
  return freshCode(t, `/api/message/?phone=${phone}`, phone);
};

describe('SMS login (type 1)', () => {
  it('logs in with the code, once', async () => {
    const code = await loginCode('13800138001');
    const res = await smsLogin('13800138001', code);
    const body = res.json<Envelope<{ token: string }>>();
    expect(body).toMatchObject({ code: 200, message: '登录成功' });
    expect(decodeToken(body.data.token)).toMatchObject({ username: 'trialuser', level: 10 });
    expect((await info(body.data.token)).json().code).toBe(200);
    // Used: void, so 20012 (the client enables its code button again).
    expect((await smsLogin('13800138001', code)).json()).toEqual({
      code: CODE.smsRefused,
      message: MSG.smsCodeVoid,
      data: null,
    });
  });

  it('accepts a form body with remember-me (a week)', async () => {
    const code = await loginCode('13800138002');
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `type=1&phone=13800138002&verifycode=${code}&rememberMe=true&source=baidu`,
    });
    const payload = decodeToken(res.json().data.token);
    expect(payload.username).toBe('goldvip01');
    expect(Number(payload.exp) - Math.floor(t.now().getTime() / 1000)).toBeGreaterThan(6 * 86_400);
  });

  it('signs into the main account created first when the mobile has several', async () => {
    const code = await loginCode('13800138000');
    const body = (await smsLogin('13800138000', code)).json<Envelope<{ token: string }>>();
    expect(decodeToken(body.data.token).username).toBe('demouser');
  });

  it('answers 20008 for a wrong code with tries left, 20012 for one never requested or expired', async () => {
    expect((await smsLogin('13900000099', '1234')).json()).toEqual({
      code: CODE.smsRefused,
      message: MSG.smsCodeVoid,
      data: null,
    });
    const code = await loginCode('13800138001');
    expect((await smsLogin('13800138001', wrongCodeFor(code))).json()).toEqual({
      code: IDENTITY_CODE.smsCodeInvalid,
      message: MSG.smsCodeWrong,
      data: null,
    });
    // Expired: the store lets the code go with its 5 minutes, as Redis does.
    t.advance(5 * 60_000 + 1_000);
    expect((await smsLogin('13800138001', code)).json()).toEqual({
      code: CODE.smsRefused,
      message: MSG.smsCodeVoid,
      data: null,
    });
  });

  it('kills the code at the fifth wrong try (20012): guessing 4 digits does not work', async () => {
    const code = await loginCode('13800138001');
    const wrong = wrongCodeFor(code);
    const answers: [number, string][] = [];
    for (let i = 0; i < 5; i += 1) {
      const body = (await smsLogin('13800138001', wrong)).json<Envelope<null>>();
      answers.push([body.code, body.message]);
    }
    expect(answers).toEqual([
      ...Array(4).fill([IDENTITY_CODE.smsCodeInvalid, MSG.smsCodeWrong]),
      [CODE.smsRefused, MSG.smsCodeTooManyTries],
    ]);
    expect((await smsLogin('13800138001', code)).json()).toEqual({
      code: CODE.smsRefused,
      message: MSG.smsCodeVoid,
      data: null,
    });
  });

  it('refuses malformed bodies with HTTP 400', async () => {
    for (const [payload, message] of [
      [{ type: 1, verifycode: '1234' }, MSG.mobileInvalid],
      [{ type: 1, phone: '13800138001' }, MSG.codeRequired],
      [{ type: 1, phone: '13800138001', verifycode: '12a4' }, MSG.codeInvalid],
      [{ type: '1', phone: 13800138001, verifycode: '1234' }, MSG.mobileInvalid],
      [{ type: 9, phone: '13800138001', verifycode: '1234' }, MSG.loginTypeUnsupported],
    ] as const) {
      const res = await postLogin(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ code: 400, message, data: null, detail: message });
    }
  });
});

describe('bind and log in (type 3)', () => {
  const bindCode = async (phone: string) => {
    t.advance(61_000);
    return freshCode(t, `/api/login/message/?phone=${phone}&purpose=bind`, phone);
  };
  const bind = (verifycode: string, password = 'Nophone123', phone = '13900000050') =>
    postLogin({ type: 3, username: 'nophone01', password: hashed(password), phone, verifycode });

  it('starts from 20004 for an account without a mobile', async () => {
    expect((await loginRequest(t.app, 'nophone01', 'Nophone123')).json().code).toBe(CODE.needBindPhone);
  });

  it('checks the password first (20001), then the code (20008 wrong, 20012 void)', async () => {
    const code = await bindCode('13900000050');
    expect((await bind(code, 'Wrong12345')).json()).toEqual({
      code: CODE.badCredentials,
      message: MSG.badCredentials,
      data: null,
    });
    expect((await bind(wrongCodeFor(code))).json()).toEqual({
      code: IDENTITY_CODE.smsCodeInvalid,
      message: MSG.smsCodeWrong,
      data: null,
    });
    // A login code is not a bind code: for binding, there is no live code.
    const loginOnly = await loginCode('13800138001');
    expect((await bind(loginOnly, 'Nophone123', '13800138001')).json()).toEqual({
      code: CODE.smsRefused,
      message: MSG.smsCodeVoid,
      data: null,
    });
    t.advance(5 * 60_000 + 1_000);
    expect((await bind(code)).json()).toEqual({
      code: CODE.smsRefused,
      message: MSG.smsCodeVoid,
      data: null,
    });
  });

  it('stores the mobile and logs in; the account then logs in normally and by SMS', async () => {
    const code = await bindCode('13900000050');
    const body = (await bind(code)).json<Envelope<{ token: string }>>();
    expect(body).toMatchObject({ code: 200, message: '登录成功' });
    expect(decodeToken(body.data.token).username).toBe('nophone01');
    const row = await t.db
      .selectFrom('users')
      .select('mobile')
      .where('username', '=', 'nophone01')
      .executeTakeFirst();
    expect(row?.mobile).toBe('13900000050');
    expect((await loginRequest(t.app, 'nophone01', 'Nophone123')).json().code).toBe(200);
    const sms = await loginCode('13900000050');
    expect(decodeToken((await smsLogin('13900000050', sms)).json().data.token).username).toBe('nophone01');
  });
});

describe('one session per account', () => {
  it('answers 30001 to the first token after a second login, whichever way it logs in', async () => {
    const first = await login(t.app, 'goldvip01');
    const code = await loginCode('13800138002');
    const second = (await smsLogin('13800138002', code)).json().data.token;
    expect((await info(first)).json()).toEqual({
      code: CODE.loggedInElsewhere,
      message: MSG.loggedInElsewhere,
      data: null,
    });
    expect((await info(second)).json().code).toBe(200);
  });
});

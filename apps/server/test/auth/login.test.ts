import { CODE, MSG, TOKEN_TTL_SECONDS } from '@uc/shared';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/lib/password.js';
import { createTestApp, type Envelope, TEST_JWT_SECRET, type TestApp } from '../support/app.js';
import { bearer, decodeToken, login, loginRequest } from '../support/login.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const info = (token: string) => t.app.inject({ method: 'GET', url: '/auth/info/', headers: bearer(token) });

describe('POST /auth/login/', () => {
  it('logs in with JSON and answers the token of docs/requirements.md §3', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await loginRequest(t.app, 'demouser', 'Demo12345');
    expect(res.statusCode).toBe(200);
    const body = res.json<Envelope<{ token: string }>>();
    expect(body).toMatchObject({ code: 200, message: '登录成功' });
    const payload = decodeToken(body.data.token);
    expect(Object.keys(payload).sort()).toEqual(
      ['area', 'email', 'exp', 'group_id', 'is_service', 'jti', 'level', 'user_id', 'username'].sort(),
    );
    expect(payload).toMatchObject({
      username: 'demouser',
      email: 'demo@example.com',
      is_service: false,
      level: 22,
      area: '440300',
    });
    expect(payload.group_id).toBe(payload.user_id);
    expect(payload.exp).toBeGreaterThanOrEqual(before + TOKEN_TTL_SECONDS.normal);
    expect(payload.exp).toBeLessThanOrEqual(before + TOKEN_TTL_SECONDS.normal + 5);
  });

  it('logs in with a form body; remember-me gives a week', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=goldvip01&password=${sha256Hex('Gold12345')}&rememberMe=true&type=2&source=baidu&extra=1`,
    });
    const body = res.json<Envelope<{ token: string }>>();
    expect(body.code).toBe(200);
    const payload = decodeToken(body.data.token);
    expect(payload.level).toBe(30);
    expect(payload.exp).toBeGreaterThanOrEqual(before + TOKEN_TTL_SECONDS.rememberMe);
    expect(payload.exp).toBeLessThanOrEqual(before + TOKEN_TTL_SECONDS.rememberMe + 5);
  });

  it('gives a sub-account its parent’s level and group', async () => {
    const parent = decodeToken(await login(t.app, 'demouser'));
    const payload = decodeToken(await login(t.app, 'demosub01'));
    expect(payload).toMatchObject({ username: 'demosub01', level: 22, group_id: parent.user_id });
  });

  it('answers 20001 with one message for a wrong password and an unknown user', async () => {
    const wrong = await loginRequest(t.app, 'trialuser', 'Wrong12345');
    const unknown = await loginRequest(t.app, 'nobody00', 'Wrong12345');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: CODE.badCredentials, message: MSG.badCredentials, data: null });
    }
  });

  it('answers 20004 without a token when no mobile is bound', async () => {
    const res = await loginRequest(t.app, 'nophone01', 'Nophone123');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: CODE.needBindPhone, message: MSG.needBindPhone, data: null });
  });

  it('refuses malformed bodies with HTTP 400 and a Chinese message, never 500', async () => {
    const post = (payload: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/auth/login/',
        headers: { 'content-type': contentType },
        payload,
      });
    const hash = sha256Hex('Demo12345');
    const cases: [Awaited<ReturnType<typeof post>>, string][] = [
      [await post(JSON.stringify({ password: hash })), MSG.loginUsernameRequired],
      [await post(JSON.stringify({ username: '  ', password: hash })), MSG.loginUsernameRequired],
      [await post(JSON.stringify({ username: 'demouser' })), MSG.loginPasswordRequired],
      [
        await post(JSON.stringify({ username: 'demouser', password: 'Demo12345' })),
        '密码格式有误，请刷新页面后重试',
      ],
      [await post(JSON.stringify({ username: 'demouser', password: hash, type: 4 })), '暂不支持该登录方式'],
      [await post(JSON.stringify({ username: 'demouser', password: hash, type: 1 })), MSG.mobileInvalid],
      [await post(JSON.stringify({ username: 'demouser', password: hash, type: 'x' })), '暂不支持该登录方式'],
      [await post(JSON.stringify({ username: ['a'], password: hash })), MSG.loginUsernameRequired],
      [await post('{"username":'), '请求数据格式有误'],
      [await post('<xml/>', 'application/xml'), '不支持的请求格式'],
      [await post('garbage', 'text/plain'), MSG.badRequest],
      [await post(''), MSG.loginUsernameRequired],
      [await post('%%%=&&', 'application/x-www-form-urlencoded'), MSG.loginUsernameRequired],
    ];
    for (const [res, message] of cases) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ code: 400, message, data: null, detail: message });
    }
  });
});

describe('sessions', () => {
  it('accepts only a valid bearer token', async () => {
    const token = await login(t.app, 'trialuser');
    expect((await info(token)).json()).toMatchObject({ code: 200, data: { username: 'trialuser' } });

    const none = await t.app.inject({ method: 'GET', url: '/auth/info/' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      code: 401,
      message: MSG.unauthorized,
      data: null,
      detail: MSG.unauthorized,
    });

    const [h, p, s] = token.split('.');
    const tampered = await info(`${h}.${p}x.${s}`);
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toMatchObject({ code: 401, message: MSG.tokenInvalid, detail: MSG.tokenInvalid });

    const cookieOnly = await t.app.inject({
      method: 'GET',
      url: '/auth/info/',
      cookies: { 'CCW-Token': token },
    });
    expect(cookieOnly.statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const payload = {
      ...decodeToken(await login(t.app, 'goldvip01')),
      exp: Math.floor(Date.now() / 1000) - 60,
    };
    const expired = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const res = await info(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, message: MSG.unauthorized });
  });

  it('refuses a well-signed token whose session does not exist', async () => {
    const payload = {
      ...decodeToken(await login(t.app, 'goldvip01')),
      jti: '00000000-0000-4000-8000-000000000000',
    };
    const forged = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await info(forged)).statusCode).toBe(401);
  });

  it('ends the other sessions of an account that logs in again: body code 30001', async () => {
    const first = await login(t.app, 'demouser');
    expect((await info(first)).json().code).toBe(200);
    const second = await login(t.app, 'demouser');
    const res = await info(first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: CODE.loggedInElsewhere, message: MSG.loggedInElsewhere, data: null });
    expect((await info(second)).json().code).toBe(200);
  });

  it('logs out: the token stops working; logout itself always answers 200', async () => {
    const token = await login(t.app, 'trialuser');
    expect((await info(token)).json().code).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ code: 200, message: MSG.loggedOut, data: null });
    const after = await info(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(MSG.unauthorized);

    for (const headers of [{}, { authorization: 'Bearer nonsense' }, bearer(token)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/logout/',
        headers: { ...headers, 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(200);
    }
  });
});

describe('brute-force protection', () => {
  let locked: TestApp;
  beforeAll(async () => {
    locked = await createTestApp({ login: { maxFailsPerAccount: 3, lockMinutes: 15, maxPerIpPerMinute: 8 } });
  });
  afterAll(() => locked.close());

  it('locks an account after N failures, even for the right password, and asks for the puzzle', async () => {
    for (let i = 0; i < 2; i += 1) {
      expect((await loginRequest(locked.app, 'trialuser', 'Wrong12345')).json().code).toBe(
        CODE.badCredentials,
      );
    }
    const third = (await loginRequest(locked.app, 'trialuser', 'Wrong12345')).json();
    const captchaNeeded = {
      code: CODE.accountLocked,
      message: MSG.accountLockedCaptcha,
      data: { captcha: true },
    };
    expect(third).toEqual(captchaNeeded);
    const right = (await loginRequest(locked.app, 'trialuser', 'Trial12345')).json();
    expect(right).toEqual(captchaNeeded);
    // Other accounts are not affected.
    expect((await loginRequest(locked.app, 'goldvip01', 'Gold12345')).json().code).toBe(200);
  });

  it('limits login attempts per IP per minute with HTTP 503', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await loginRequest(locked.app, 'nobody00', 'x1234567')).statusCode);
    expect(statuses.at(-1)).toBe(503);
    const res = await loginRequest(locked.app, 'goldvip01', 'Gold12345');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 503,
      message: MSG.tooManyRequests,
      data: null,
      detail: MSG.tooManyRequests,
    });
    expect(res.headers['retry-after']).toBeDefined();
  });
});

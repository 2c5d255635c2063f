import { DAY_MS, MSG } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { bearer, type DemoName, decodeToken, login } from '../support/login.js';

/** The app's clock, moved by the tests that need time to pass. */
let clock = Date.now();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(() => t.close());

const info = async (name: DemoName) =>
  (
    await t.app.inject({ method: 'GET', url: '/auth/info/', headers: bearer(await login(t.app, name)) })
  ).json();

describe('GET /auth/info/', () => {
  it('answers the fields of docs/requirements.md §7 for a main account', async () => {
    const body = await info('demouser');
    expect(body).toMatchObject({ code: 200, message: MSG.ok });
    expect(body.data).toEqual({
      id: expect.any(Number),
      roles: ['member', 'vip'],
      username: 'demouser',
      avatar: '/media/avatar/default.png',
      email: 'demo@example.com',
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      level: 22,
      is_one_click: false,
      s: 'ccw',
    });
  });

  it('derives roles and level: trial, sub-account (parent’s level), gold', async () => {
    expect((await info('trialuser')).data).toMatchObject({ roles: ['member'], level: 10 });
    expect((await info('demosub01')).data).toMatchObject({ roles: ['member', 'vip', 'sub'], level: 22 });
    expect((await info('goldvip01')).data).toMatchObject({ roles: ['member', 'vip'], level: 30 });
  });

  it('never leaks the password hash', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/info',
      headers: bearer(await login(t.app, 'demouser')),
    });
    expect(res.body).not.toMatch(/password|argon2/);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/info/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 401,
      message: MSG.unauthorized,
      data: null,
      detail: MSG.unauthorized,
    });
  });

  it('takes the level from the database, not from the token, within seconds', async () => {
    const token = await login(t.app, 'goldvip01');
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: '/auth/info/', headers: bearer(token) })).json().data.level;
    expect(await read()).toBe(30);
    await t.db.updateTable('users').set({ level: 40 }).where('username', '=', 'goldvip01').execute();
    clock += 5_000;
    expect(await read()).toBe(40);
    expect(decodeToken(token).level).toBe(30);
  });

  it('drops an expired plan to trial rights at once', async () => {
    clock += 21 * DAY_MS;
    expect((await info('demouser')).data).toMatchObject({ level: 10, roles: ['member'] });
    expect((await info('demosub01')).data).toMatchObject({ level: 10, roles: ['member', 'sub'] });
  });
});

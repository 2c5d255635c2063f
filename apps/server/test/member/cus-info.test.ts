import { DAY_MS, MSG } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { bearer, type DemoName, login } from '../support/login.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PATHS = [
  '/api/ccw/member/management/getCusInfo/',
  '/api/ccw/member/getCusInfo/',
  '/api/ccw/member/getCusInfo',
];

async function cusInfo(name: DemoName, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(await login(t.app, name)) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('GET getCusInfo', () => {
  it.each(PATHS)('answers the plan of a main account at %s', async (url) => {
    const body = await cusInfo('demouser', url);
    expect(body).toMatchObject({ code: 200, message: MSG.ok });
    expect(body.data).toEqual({
      company_name: '深圳市前海智汇科技有限公司',
      is_sub: false,
      gid: 13,
      level: 22,
      expired_time: expect.any(String),
    });
    const daysLeft = (Date.parse(body.data.expired_time) - Date.now()) / DAY_MS;
    expect(daysLeft).toBeGreaterThan(19.9);
    expect(daysLeft).toBeLessThanOrEqual(20);
  });

  it.each(PATHS)('answers the parent’s plan for a sub-account at %s', async (url) => {
    const parent = (await cusInfo('demouser', url)).data;
    const body = await cusInfo('demosub01', url);
    expect(body.data).toEqual({
      company_name: '深圳市前海智汇科技有限公司',
      is_sub: true,
      gid: parent.gid,
      level: parent.level,
      expired_time: parent.expired_time,
    });
  });

  it('answers a trial account without plan', async () => {
    const body = await cusInfo('trialuser', PATHS[0] ?? '');
    expect(body.data).toEqual({
      company_name: '深圳市南山区创新服务中心',
      is_sub: false,
      gid: null,
      level: 10,
      expired_time: null,
    });
  });

  it.each(PATHS)('answers 401 without a token at %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401, message: MSG.unauthorized });
  });
});

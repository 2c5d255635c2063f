import { randomUUID } from 'node:crypto';
import { CODE, MSG } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/app.js';
import { solveCaptcha } from '../support/captcha.js';
import { type ClockedApp, type ClockedOverrides, createClockedApp } from '../support/clocked-app.js';
import { hashed } from '../support/login.js';
import { describeWithRedis } from '../support/redis-suite.js';

const MINUTE = 60_000;
const ipLocked = (minutes: number) => `当前网络登录失败次数过多，已暂停密码登录，请${minutes}分钟后再试`;

interface GuardedApp extends ClockedApp {
  /** The waits the login slow-down asked for, in order (nothing really waits). */
  delays: number[];
}

async function createGuardedApp(overrides: ClockedOverrides = {}, deps: AppDeps = {}): Promise<GuardedApp> {
  const delays: number[] = [];
  const t = await createClockedApp(overrides, {
    sleep: async (ms) => {
      delays.push(ms);
    },
    ...deps,
  });
  return Object.assign(t, { delays });
}

function attempt(t: ClockedApp, username: string, password: string, ip = '127.0.0.1', sid?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/login/',
    remoteAddress: ip,
    payload: { username, password: hashed(password) },
    ...(sid ? { cookies: { uc_sid: sid } } : {}),
  });
}

async function answer(t: ClockedApp, username: string, password: string, ip?: string, sid?: string) {
  const body = (await attempt(t, username, password, ip, sid)).json<{ code: number; message: string }>();
  return { code: body.code, message: body.message };
}

const badCredentials = { code: CODE.badCredentials, message: MSG.badCredentials };
/** A locked username: the client shows the puzzle (key = the username), then sends the same login again. */
const captchaNeeded = { code: CODE.accountLocked, message: MSG.accountLockedCaptcha };

describe('login slow-down and account lock', () => {
  let t: GuardedApp;
  beforeAll(async () => {
    t = await createGuardedApp({
      // The IP limit is out of the way here: every request of this block comes from one address.
      login: {
        maxFailsPerAccount: 6,
        maxFailsPerIp: 100,
        lockMinutes: 15,
        delayStepMs: 1000,
        delayMaxMs: 3000,
      },
    });
  });
  afterAll(() => t.close());

  it('answers the first two wrong passwords at once, then waits one step more per failure, capped', async () => {
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await answer(t, 'trialuser', 'Wrong12345'));
    expect(answers).toEqual(Array(5).fill(badCredentials));
    expect(t.delays).toEqual([1000, 2000, 3000]);
  });

  it('locks the username at the limit, even for the right password, and not other accounts', async () => {
    t.delays.length = 0;
    expect(await answer(t, 'trialuser', 'Wrong12345')).toEqual(captchaNeeded);
    expect(t.delays).toEqual([3000]);
    expect(await answer(t, 'trialuser', 'Trial12345')).toEqual(captchaNeeded);
    // A locked username is refused at once, without waiting.
    expect(t.delays).toEqual([3000]);
    expect((await answer(t, 'goldvip01', 'Gold12345')).code).toBe(200);
  });

  it('keeps the lock on the app clock and lifts it when it has passed', async () => {
    t.advance(10 * MINUTE);
    expect(await answer(t, 'trialuser', 'Trial12345')).toEqual(captchaNeeded);
    t.advance(5 * MINUTE);
    t.delays.length = 0;
    expect((await answer(t, 'trialuser', 'Trial12345')).code).toBe(200);
    // The count starts again from zero.
    expect(t.delays).toEqual([]);
  });

  it('slows the right password too once failures pile up, then forgets them after a success', async () => {
    t.delays.length = 0;
    expect(await answer(t, 'goldvip01', 'Wrong12345')).toEqual(badCredentials);
    expect(await answer(t, 'goldvip01', 'Wrong12345')).toEqual(badCredentials);
    expect((await answer(t, 'goldvip01', 'Gold12345')).code).toBe(200);
    expect(t.delays).toEqual([1000]);
    expect(await answer(t, 'goldvip01', 'Wrong12345')).toEqual(badCredentials);
    expect(t.delays).toEqual([1000]);
  });

  it('counts parallel guesses before judging them: no more checks than the limit', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => answer(t, 'demosub01', 'Wrong12345')));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === CODE.badCredentials)).toHaveLength(5);
    expect(answers.filter((a) => a.message === MSG.accountLockedCaptcha)).toHaveLength(5);
    expect((await answer(t, 'demosub01', 'Demo12345')).code).toBe(CODE.accountLocked);
  });
});

describe('per-IP lock', () => {
  let t: GuardedApp;
  beforeAll(async () => {
    t = await createGuardedApp({ login: { maxFailsPerIp: 6, lockMinutes: 15, delayStepMs: 500 } });
  });
  afterAll(() => t.close());

  it('slows an IP from half its limit, then stops its password logins, whatever the usernames', async () => {
    const names = ['demouser', 'trialuser', 'goldvip01', 'nobody001', 'nobody002'];
    for (const name of names) expect(await answer(t, name, 'Wrong12345', '10.0.0.1')).toEqual(badCredentials);
    expect(t.delays).toEqual([500, 1000]);
    expect(await answer(t, 'nobody003', 'Wrong12345', '10.0.0.1')).toEqual({
      code: CODE.accountLocked,
      message: ipLocked(15),
    });
    // Refused at once, even a right password for an account never tried from there.
    expect(await answer(t, 'demosub01', 'Demo12345', '10.0.0.1')).toEqual({
      code: CODE.accountLocked,
      message: ipLocked(15),
    });
    expect(t.delays).toEqual([500, 1000, 1500]);
    // Another IP is not affected, nor are the usernames tried (one failure each).
    expect((await answer(t, 'demouser', 'Demo12345', '10.0.0.2')).code).toBe(200);
  });

  it('lifts the IP lock when the app clock has passed it', async () => {
    t.advance(14 * MINUTE);
    expect(await answer(t, 'goldvip01', 'Gold12345', '10.0.0.1')).toEqual({
      code: CODE.accountLocked,
      message: ipLocked(1),
    });
    t.advance(MINUTE);
    expect((await answer(t, 'goldvip01', 'Gold12345', '10.0.0.1')).code).toBe(200);
  });

  it('does not let a success clear the IP count', async () => {
    const ip = '10.0.0.3';
    for (let i = 0; i < 5; i += 1) {
      expect(await answer(t, `nobody10${i}`, 'Wrong12345', ip)).toEqual(badCredentials);
      expect((await answer(t, 'trialuser', 'Trial12345', ip)).code).toBe(200);
    }
    expect((await answer(t, 'nobody200', 'Wrong12345', ip)).message).toBe(ipLocked(15));
  });
});

describe('a locked username still lets its owner in (no denial of service)', () => {
  let t: GuardedApp;
  beforeAll(async () => {
    t = await createGuardedApp({ login: { maxFailsPerAccount: 3, maxFailsPerIp: 6, lockMinutes: 15 } });
  });
  afterAll(() => t.close());

  /** Someone else's three wrong guesses from `ip` lock `username`. */
  async function lockOut(username: string, ip: string) {
    expect(await answer(t, username, 'Wrong12345', ip)).toEqual(badCredentials);
    expect(await answer(t, username, 'Wrong12345', ip)).toEqual(badCredentials);
    const third = (await attempt(t, username, 'Wrong12345', ip)).json();
    expect(third).toEqual({ ...captchaNeeded, data: { captcha: true } });
  }

  it('asks for the puzzle, then logs the right password in with the ticket of the session', async () => {
    await lockOut('trialuser', '10.9.0.1');
    // The right password from anywhere new, without a ticket: the puzzle first.
    expect((await attempt(t, 'trialuser', 'Trial12345', '10.1.0.1')).json()).toEqual({
      ...captchaNeeded,
      data: { captcha: true },
    });
    const sid = await solveCaptcha(t, 'trialuser');
    const res = await attempt(t, 'trialuser', 'Trial12345', '10.1.0.1', sid);
    expect(res.json()).toMatchObject({ code: 200, message: MSG.loginOk });
    // The ticket was used up, and the lock still stands for everybody else.
    expect(await answer(t, 'trialuser', 'Trial12345', '10.1.0.2', sid)).toEqual(captchaNeeded);
    expect(await answer(t, 'trialuser', 'Trial12345', '10.9.0.1')).toEqual(captchaNeeded);
  });

  it('counts a wrong password with a ticket as a failure and asks for the puzzle again', async () => {
    await lockOut('goldvip01', '10.9.0.2');
    const sid = await solveCaptcha(t, 'goldvip01');
    expect(await answer(t, 'goldvip01', 'Wrong12345', '10.1.0.3', sid)).toEqual(captchaNeeded);
    // The ticket went with that try.
    expect(await answer(t, 'goldvip01', 'Gold12345', '10.1.0.3', sid)).toEqual(captchaNeeded);
    const again = await solveCaptcha(t, 'goldvip01', sid);
    expect((await answer(t, 'goldvip01', 'Gold12345', '10.1.0.3', again)).code).toBe(200);
  });

  it('lets an IP the account logged in from within 30 days past the lock; another IP without a ticket stays out', async () => {
    expect((await answer(t, 'demouser', 'Demo12345', '10.2.0.1')).code).toBe(200);
    await lockOut('demouser', '10.9.0.3');
    expect((await answer(t, 'demouser', 'Demo12345', '10.2.0.1')).code).toBe(200);
    expect(await answer(t, 'demouser', 'Demo12345', '10.2.0.2')).toEqual(captchaNeeded);
    // A month later that IP is a stranger again.
    t.advance(31 * 24 * 60 * MINUTE);
    await lockOut('demouser', '10.9.0.4');
    expect(await answer(t, 'demouser', 'Demo12345', '10.2.0.1')).toEqual(captchaNeeded);
  });

  it('keeps the per-IP lock as it was: a ticket does not pass it, and its answer has no data', async () => {
    const ip = '10.9.0.9';
    for (let i = 0; i < 5; i += 1)
      expect(await answer(t, `nobody50${i}`, 'Wrong12345', ip)).toEqual(badCredentials);
    expect((await attempt(t, 'nobody510', 'Wrong12345', ip)).json()).toEqual({
      code: CODE.accountLocked,
      message: ipLocked(15),
      data: null,
    });
    const sid = await solveCaptcha(t, 'demosub01');
    expect((await attempt(t, 'demosub01', 'Demo12345', ip, sid)).json()).toEqual({
      code: CODE.accountLocked,
      message: ipLocked(15),
      data: null,
    });
  });
});

describeWithRedis('login locks on Redis, shared by two instances (TEST_REDIS_URL)', (redisUrl) => {
  let a: GuardedApp;
  let b: GuardedApp;
  beforeAll(async () => {
    const shared = {
      redisUrl,
      redisPrefix: `uc-test:${randomUUID()}:`,
      login: { maxFailsPerAccount: 3, maxFailsPerIp: 4, lockMinutes: 15 },
    };
    a = await createGuardedApp(shared);
    // One clock for both, as real instances share the wall clock: a.advance() moves B too.
    b = await createGuardedApp(shared, { now: () => a.now() });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('locks a username across instances and lifts it when the app clock passes the lock', async () => {
    expect(await answer(a, 'trialuser', 'Wrong12345')).toEqual(badCredentials);
    expect(await answer(b, 'trialuser', 'Wrong12345')).toEqual(badCredentials);
    expect(await answer(a, 'trialuser', 'Wrong12345')).toEqual(captchaNeeded);
    expect(await answer(b, 'trialuser', 'Trial12345')).toEqual(captchaNeeded);
    expect(b.delays).toEqual([]);
    expect(a.delays).toEqual([1000]);
    // Redis keeps the key for 15 real minutes; the deadline in it follows the apps' clock.
    a.advance(15 * MINUTE);
    expect((await answer(b, 'trialuser', 'Trial12345')).code).toBe(200);
  });

  it('counts wrong passwords of one IP across instances', async () => {
    const ip = '10.0.1.1';
    expect(await answer(a, 'nobody301', 'Wrong12345', ip)).toEqual(badCredentials);
    expect(await answer(b, 'nobody302', 'Wrong12345', ip)).toEqual(badCredentials);
    expect(await answer(a, 'nobody303', 'Wrong12345', ip)).toEqual(badCredentials);
    expect((await answer(b, 'nobody304', 'Wrong12345', ip)).message).toBe(ipLocked(15));
    expect((await answer(a, 'goldvip01', 'Gold12345', ip)).message).toBe(ipLocked(15));
    a.advance(15 * MINUTE);
    expect((await answer(b, 'goldvip01', 'Gold12345', ip)).code).toBe(200);
  });
});

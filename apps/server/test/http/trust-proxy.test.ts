import { CODE, MSG } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createTestApp } from '../support/app.js';
import { solveCaptcha } from '../support/captcha.js';
import { type ClockedApp, type ClockedOverrides, createClockedApp } from '../support/clocked-app.js';
import { hashed } from '../support/login.js';

// One load balancer (10.0.0.1) in front of the server. It appends the address it saw to whatever
// X-Forwarded-For the client wrote, as every common proxy does.
const LB = '10.0.0.1';
const CLIENT = '198.51.100.7';
const VICTIM = '203.0.113.77';
/** What reaches the server when CLIENT sends `forged` as its own X-Forwarded-For through the load balancer. */
const throughLb = (forged: string | null, client = CLIENT): Via => ({
  remoteAddress: LB,
  headers: { 'x-forwarded-for': forged ? `${forged}, ${client}` : client },
});
/** The attack: a new made-up left-hand entry on every request. */
const rotating = (n: number) => throughLb(`100.64.${n}.1, ${LB}`);

const ipLocked = (minutes: number) => `当前网络登录失败次数过多，已暂停密码登录，请${minutes}分钟后再试`;
const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

interface Via {
  remoteAddress: string;
  headers: Record<string, string>;
}

function login(t: ClockedApp, username: string, password: string, via: Via) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/login/',
    payload: { username, password: hashed(password) },
    ...via,
  });
}

describe.each(['1', 'true', LB, '10.0.0.0/8'])('TRUST_PROXY=%s behind one load balancer', (setting) => {
  let t: ClockedApp;
  const build = (overrides: ClockedOverrides) =>
    createClockedApp({ trustProxy: trust(setting), ...overrides });

  describe('the per-IP login limits', () => {
    beforeAll(async () => {
      t = await build({ login: { maxPerIpPerMinute: 4, maxFailsPerIp: 3, delayStepMs: 0 } });
    });
    afterAll(() => t.close());

    it('stop password logins from the client whatever left-hand entries it rotates', async () => {
      const answers = [];
      for (let n = 0; n < 4; n += 1)
        answers.push((await login(t, `nobody${n}`, 'Wrong12345', rotating(n))).json());
      // The third failure reaches the limit of 3.
      expect(answers.map((a) => a.code)).toEqual([
        CODE.badCredentials,
        CODE.badCredentials,
        CODE.accountLocked,
        CODE.accountLocked,
      ]);
      expect(answers[3].message).toBe(ipLocked(15));
    });

    it('answer 503 past the per-minute limit whatever left-hand entries it rotates', async () => {
      // Four requests this minute already; the fifth is over the limit.
      const res = await login(t, 'demouser', 'Demo12345', rotating(99));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 503, message: MSG.tooManyRequests });
    });

    it('never counted against the forged addresses, nor against the load balancer', async () => {
      expect((await login(t, 'demouser', 'Demo12345', throughLb(null, '100.64.0.1'))).json().code).toBe(200);
      expect(
        (await login(t, 'trialuser', 'Trial12345', { remoteAddress: LB, headers: {} })).json().code,
      ).toBe(200);
    });
  });

  describe('a forged left-hand entry', () => {
    beforeAll(async () => {
      t = await build({ login: { maxFailsPerIp: 3, maxFailsPerAccount: 100, delayStepMs: 0 } });
    });
    afterAll(() => t.close());

    it('never locks out the address it names', async () => {
      for (let i = 0; i < 5; i += 1) await login(t, 'nobody', 'Wrong12345', throughLb(`${VICTIM}, ${LB}`));
      expect((await login(t, 'nobody', 'Wrong12345', throughLb(VICTIM))).json()).toMatchObject({
        code: CODE.accountLocked,
        message: ipLocked(15),
      });
      expect((await login(t, 'goldvip01', 'Gold12345', throughLb(null, VICTIM))).json().code).toBe(200);
    });
  });

  describe('the per-IP SMS limits', () => {
    const send = async (t: ClockedApp, n: number) => {
      const sid = await solveCaptcha(t, `k${n}`);
      return t.app.inject({
        method: 'GET',
        url: `/api/login/message/?phone=139000001${String(n).padStart(2, '0')}&purpose=bind`,
        cookies: { uc_sid: sid },
        ...rotating(n),
      });
    };

    it('stop at the daily cap per IP, then answer 503 past the per-minute limit, to any mobiles', async () => {
      const limited = await build({ sms: { dailyPerIp: 2, perIpPerMinute: 3 } });
      try {
        const answers = [];
        for (let n = 0; n < 4; n += 1) answers.push(await send(limited, n));
        expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 503]);
        expect(answers.slice(0, 3).map((res) => res.json().code)).toEqual([200, 200, CODE.smsRefused]);
        expect(answers[2]?.json().message).toBe(MSG.smsDailyIpCap);
      } finally {
        await limited.close();
      }
    });
  });
});

describe('every per-IP limiter reads the one resolved client address', () => {
  let t: ClockedApp;
  beforeAll(async () => {
    t = await createClockedApp({
      trustProxy: trust('1'),
      rateLimitPerMinute: 2,
      captcha: { perIpPerMinute: 2 },
      identity: { registerPerIpPerMinute: 2, findPasswordPerIpPerMinute: 2 },
    });
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/slider_code/?username=a'],
    ['POST', '/auth/register/'],
    ['POST', '/api/users/findPassword/'],
    // The global limit, on a route without its own.
    ['GET', '/auth/info/'],
  ] as const)('%s %s answers 503 on the third request with rotating entries', async (method, url) => {
    const statuses = [];
    for (let n = 0; n < 3; n += 1)
      statuses.push((await t.app.inject({ method, url, ...rotating(n) })).statusCode);
    expect(statuses[2]).toBe(503);
    expect(statuses.slice(0, 2)).not.toContain(503);
  });
});

describe('TRUST_PROXY as the load balancer address, with a client that reaches the server directly', () => {
  let t: ClockedApp;
  beforeAll(async () => {
    t = await createClockedApp({ trustProxy: trust(LB), login: { maxPerIpPerMinute: 2 } });
  });
  afterAll(() => t.close());

  it('ignores its X-Forwarded-For and X-Forwarded-Proto', async () => {
    const direct = (n: number) => ({
      remoteAddress: CLIENT,
      headers: { 'x-forwarded-for': `100.64.${n}.1, ${LB}`, 'x-forwarded-proto': 'https' },
    });
    const statuses = [];
    for (let n = 0; n < 3; n += 1) {
      const res = await login(t, 'nobody', 'Wrong12345', direct(n));
      expect(res.headers['strict-transport-security']).toBeUndefined();
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 503]);
  });

  it('takes the scheme from the load balancer', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/slider_code/?username=a',
      remoteAddress: LB,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(String(res.headers['set-cookie'])).toMatch(/;\s*Secure/i);
  });
});

describe('the warning at start', () => {
  /** The warnings an app with `setting` logs once it listens on `host`. */
  async function warningsListening(setting: string, host: string): Promise<string[]> {
    const lines: { level: number; msg?: string }[] = [];
    const t = await createTestApp(
      { logLevel: 'warn', trustProxy: trust(setting) },
      { logStream: { write: (line) => void lines.push(JSON.parse(line)) } },
    );
    try {
      await t.app.listen({ port: 0, host });
      return lines.filter((l) => l.level === 40 && l.msg?.includes('TRUST_PROXY')).map((l) => l.msg ?? '');
    } finally {
      await t.close();
    }
  }

  it('warns when a hop count or true trusts whatever connects to an address others can reach', async () => {
    for (const setting of ['1', 'true', '2']) {
      const [warning, ...more] = await warningsListening(setting, '0.0.0.0');
      expect(more).toEqual([]);
      expect(warning).toContain('TRUST_PROXY is a hop count');
      expect(warning).toContain('TRUST_PROXY=10.0.0.0/8,127.0.0.1');
    }
  });

  it('says nothing for a list of proxy addresses, for none, or on loopback', async () => {
    expect(await warningsListening('10.0.0.0/8,127.0.0.1', '0.0.0.0')).toEqual([]);
    expect(await warningsListening('false', '0.0.0.0')).toEqual([]);
    expect(await warningsListening('1', '127.0.0.1')).toEqual([]);
  });
});

// Helpers of the identity API tests: an app with a movable clock, the puzzle solved through /__dev/captcha, codes read from /__dev/sms.
import type { AppDeps } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { sha256Hex } from '../src/lib/password.js';
import { type ConfigOverrides, createTestApp, type Envelope, type TestApp } from './helpers.js';

const defaults = loadConfig({ NODE_ENV: 'test' });

export type IdentityOverrides = Omit<ConfigOverrides, 'captcha' | 'sms' | 'identity'> & {
  captcha?: Partial<Config['captcha']>;
  sms?: Partial<Config['sms']>;
  identity?: Partial<Config['identity']>;
};

export interface IdentityTestApp extends TestApp {
  advance(ms: number): void;
  now(): Date;
}

/** Generous per-IP limits unless a test asks otherwise: every request of a test file comes from one IP. */
export async function createIdentityApp(
  overrides: IdentityOverrides = {},
  deps: AppDeps = {},
): Promise<IdentityTestApp> {
  let clock = Date.now();
  const { captcha, sms, identity, ...rest } = overrides;
  const t = await createTestApp(
    {
      ...rest,
      login: { maxPerIpPerMinute: 1_000, ...rest.login },
      captcha: { ...defaults.captcha, perIpPerMinute: 1_000, ...captcha },
      sms: { ...defaults.sms, perIpPerMinute: 1_000, dailyPerIp: 1_000, ...sms },
      identity: {
        ...defaults.identity,
        registerPerIpPerMinute: 1_000,
        findPasswordPerIpPerMinute: 1_000,
        ...identity,
      },
    },
    { now: () => new Date(clock), ...deps },
  );
  return {
    ...t,
    advance(ms) {
      clock += ms;
    },
    now: () => new Date(clock),
  };
}

/** The uc_sid cookie a response set, if any. */
export function sidOf(res: { cookies: { name: string; value: string }[] }): string | undefined {
  return res.cookies.find((c) => c.name === 'uc_sid')?.value;
}

/** An eased drag with a little wobble, from 0 to x, over about 700 ms. */
export function handTrail(x: number): number[][] {
  return Array.from({ length: 14 }, (_, i) => {
    const p = i / 13;
    return [Math.round(x * (1 - (1 - p) ** 3)), (i % 3) - 1, i * 55];
  });
}

export async function getChallenge(t: TestApp, key: string, sid?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/slider_code/?username=${encodeURIComponent(key)}`,
    ...(sid ? { cookies: { uc_sid: sid } } : {}),
  });
  const body = res.json<Envelope<{ blockY: number; canvas_str: string; blockc_str: string }[]>>();
  return { res, body, sid: sidOf(res) ?? sid ?? '' };
}

export async function answerOf(t: TestApp, key: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/__dev/captcha?key=${encodeURIComponent(key)}` });
  return res.json<Envelope<{ x: number }>>().data.x;
}

export function postCaptcha(t: TestApp, sid: string | undefined, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/slider_code/',
    payload,
    ...(sid ? { cookies: { uc_sid: sid } } : {}),
  });
}

/** Solves a puzzle as a person would and returns the session id that now holds a ticket. */
export async function solveCaptcha(t: TestApp, key: string, sid?: string): Promise<string> {
  const challenge = await getChallenge(t, key, sid);
  const x = await answerOf(t, key);
  const res = await postCaptcha(t, challenge.sid, {
    username: key,
    blockX: x,
    duration: 770,
    trail: JSON.stringify(handTrail(x)),
  });
  const body = res.json<Envelope<Record<string, unknown>>>();
  if (body.message !== '验证通过') throw new Error(`captcha not passed: ${res.body}`);
  return challenge.sid;
}

export function sendCode(t: TestApp, url: string, sid?: string) {
  return t.app.inject({ method: 'GET', url, ...(sid ? { cookies: { uc_sid: sid } } : {}) });
}

/** Solves a puzzle and requests a code; returns the response body. */
export async function requestCode(t: TestApp, url: string, key = 'k'): Promise<Envelope<null>> {
  const sid = await solveCaptcha(t, key);
  return (await sendCode(t, url, sid)).json<Envelope<null>>();
}

/** The newest code texted to `phone` (console provider outbox). */
export async function lastCode(t: TestApp, phone: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/__dev/sms?phone=${phone}` });
  const [latest] = res.json<Envelope<{ code: string }[]>>().data;
  if (!latest) throw new Error(`no SMS for ${phone}`);
  return latest.code;
}

/** Requests a code (puzzle included) and reads it back. */
export async function freshCode(t: TestApp, url: string, phone: string): Promise<string> {
  const body = await requestCode(t, url, phone);
  if (body.code !== 200) throw new Error(`code not sent: ${JSON.stringify(body)}`);
  return lastCode(t, phone);
}

export const wrongCodeFor = (code: string) => (code === '0000' ? '1111' : '0000');

export const hashed = sha256Hex;

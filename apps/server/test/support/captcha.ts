// The slider puzzle as a person solves it: a challenge, its answer from /__dev/captcha, a hand-like drag.
import type { Envelope, TestApp } from './app.js';

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

import { CAPTCHA_CODE, MSG } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, getChallenge, handTrail, postCaptcha } from '../support/captcha.js';
import { type ClockedApp, createClockedApp } from '../support/clocked-app.js';

let t: ClockedApp;
beforeAll(async () => {
  t = await createClockedApp();
});
afterAll(() => t.close());

/** Width and height from a PNG data URI's IHDR chunk. */
function pngSize(dataUri: string): { width: number; height: number } {
  expect(dataUri.startsWith('data:image/png;base64,')).toBe(true);
  const bytes = Buffer.from(dataUri.slice('data:image/png;base64,'.length), 'base64');
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const human = (x: number) => ({ blockX: x, duration: 800, trail: JSON.stringify(handTrail(x)) });

describe('GET /api/slider_code/', () => {
  it('draws a 260x120 background and a 40x40 piece, sets an httpOnly Lax session cookie, hides x', async () => {
    const { res, body, sid } = await getChallenge(t, '13900000000');
    expect(res.statusCode).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data).toHaveLength(1);
    const [challenge] = body.data;
    expect(Object.keys(challenge ?? {}).sort()).toEqual(['blockY', 'blockc_str', 'canvas_str']);
    expect(pngSize(challenge?.canvas_str ?? '')).toEqual({ width: 260, height: 120 });
    expect(pngSize(challenge?.blockc_str ?? '')).toEqual({ width: 40, height: 40 });
    expect(challenge?.blockY).toBeGreaterThanOrEqual(0);
    expect(challenge?.blockY).toBeLessThanOrEqual(80);
    expect(sid).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toMatch(/"x"|blockX/);
  });

  it('keeps an existing session and draws a different picture each time', async () => {
    const first = await getChallenge(t, 'key-a');
    const second = await getChallenge(t, 'key-a', first.sid);
    expect(second.res.headers['set-cookie']).toBeUndefined();
    expect(second.body.data[0]?.canvas_str).not.toBe(first.body.data[0]?.canvas_str);
  });

  it('sets a Secure cookie over https (behind a trusted proxy)', async () => {
    const proxied = await createClockedApp({ trustProxy: 1 });
    try {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/slider_code/?username=x',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a missing or overlong key with HTTP 400', async () => {
    for (const url of [
      '/api/slider_code/',
      '/api/slider_code/?username=',
      `/api/slider_code/?username=${'a'.repeat(65)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, data: null });
    }
  });
});

describe('POST /api/slider_code/', () => {
  it('passes a right, human drag once; a replay must refresh (401)', async () => {
    const { sid } = await getChallenge(t, 'replay');
    const x = await answerOf(t, 'replay');
    const ok = await postCaptcha(t, sid, { username: 'replay', ...human(x) });
    expect(ok.json()).toEqual({ code: 200, message: MSG.captchaPassed, data: {} });
    const again = await postCaptcha(t, sid, { username: 'replay', ...human(x) });
    expect(again.json()).toEqual({
      code: 200,
      message: MSG.captchaExpired,
      data: { code: CAPTCHA_CODE.refresh },
    });
  });

  it('accepts a form body and 4 px of tolerance, not 5', async () => {
    const { sid } = await getChallenge(t, 'tolerance');
    const x = await answerOf(t, 'tolerance');
    const off = await postCaptcha(t, sid, { username: 'tolerance', ...human(x + 5) });
    expect(off.json()).toEqual({
      code: 200,
      message: MSG.captchaFailed,
      data: { code: CAPTCHA_CODE.refresh },
    });
    await getChallenge(t, 'tolerance', sid);
    const next = await answerOf(t, 'tolerance');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/slider_code/',
      cookies: { uc_sid: sid },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=tolerance&blockX=${next - 4}&duration=650&trail=${encodeURIComponent(JSON.stringify(handTrail(next - 4)))}`,
    });
    expect(res.json()).toEqual({ code: 200, message: MSG.captchaPassed, data: {} });
  });

  /** Each drag on a new picture, at its answer: the drag alone is judged, and with one try it voids the picture. */
  async function refusedAtTheAnswer(key: string, drag: (x: number) => Record<string, unknown>) {
    const { sid } = await getChallenge(t, key);
    const x = await answerOf(t, key);
    const res = await postCaptcha(t, sid, { username: key, ...drag(x) });
    expect(res.json(), key).toEqual({
      code: 200,
      message: MSG.captchaFailed,
      data: { code: CAPTCHA_CODE.refresh },
    });
    // The picture is used up, so the right drag cannot follow the scripted one.
    expect((await postCaptcha(t, sid, { username: key, ...human(x) })).json().data.code).toBe(401);
  }

  it('counts a drag without its duration or its trail as a failed try, at the right position', async () => {
    await refusedAtTheAnswer('no-trail', (x) => ({ blockX: x, duration: 800 }));
    await refusedAtTheAnswer('no-duration', (x) => ({ blockX: x, trail: JSON.stringify(handTrail(x)) }));
    await refusedAtTheAnswer('bare', (x) => ({ blockX: x }));
  });

  it('refuses drags that are too fast, too short or machine-straight, at the right position', async () => {
    await refusedAtTheAnswer('fast', (x) => ({ blockX: x, duration: 120 }));
    await refusedAtTheAnswer('few', (x) => ({ blockX: x, duration: 800, trail: handTrail(x).slice(0, 3) }));
    await refusedAtTheAnswer('straight', (x) => ({
      blockX: x,
      duration: 720,
      trail: Array.from({ length: 10 }, (_, i) => [(x / 9) * i, 0, i * 80]),
    }));
  });

  it('allows one try per picture: after a wrong drag even the right answer must refresh', async () => {
    const { sid } = await getChallenge(t, 'tries');
    const x = await answerOf(t, 'tries');
    const wrong = x > 150 ? 20 : 230;
    expect((await postCaptcha(t, sid, { username: 'tries', ...human(wrong) })).json()).toEqual({
      code: 200,
      message: MSG.captchaFailed,
      data: { code: CAPTCHA_CODE.refresh },
    });
    expect((await postCaptcha(t, sid, { username: 'tries', ...human(x) })).json()).toEqual({
      code: 200,
      message: MSG.captchaExpired,
      data: { code: CAPTCHA_CODE.refresh },
    });
  });

  it('with more tries configured, keeps the picture until the last one', async () => {
    const three = await createClockedApp({ captcha: { maxTries: 3 } });
    try {
      const { sid } = await getChallenge(three, 'tries');
      const x = await answerOf(three, 'tries');
      const wrong = () => postCaptcha(three, sid, { username: 'tries', ...human(x > 150 ? 20 : 230) });
      expect((await wrong()).json()).toEqual({
        code: 200,
        message: MSG.captchaFailed,
        data: { code: CAPTCHA_CODE.failed },
      });
      expect((await wrong()).json().data.code).toBe(CAPTCHA_CODE.failed);
      expect((await wrong()).json().data.code).toBe(CAPTCHA_CODE.refresh);
      expect((await postCaptcha(three, sid, { username: 'tries', ...human(x) })).json().data.code).toBe(401);
    } finally {
      await three.close();
    }
  });

  it('expires a challenge after 2 minutes', async () => {
    const { sid } = await getChallenge(t, 'slow');
    const x = await answerOf(t, 'slow');
    t.advance(2 * 60_000 + 1_000);
    const res = await postCaptcha(t, sid, { username: 'slow', ...human(x) });
    expect(res.json()).toEqual({ code: 200, message: MSG.captchaExpired, data: { code: 401 } });
  });

  it('binds a challenge to its browser session: another session or none must refresh', async () => {
    const { sid } = await getChallenge(t, 'bound');
    const x = await answerOf(t, 'bound');
    const other = await getChallenge(t, 'other');
    expect((await postCaptcha(t, other.sid, { username: 'bound', ...human(x) })).json().data.code).toBe(401);
    expect((await postCaptcha(t, undefined, { username: 'bound', ...human(x) })).json().data.code).toBe(401);
    expect((await postCaptcha(t, 'forged', { username: 'bound', ...human(x) })).json().data.code).toBe(401);
    expect((await postCaptcha(t, sid, { username: 'bound', ...human(x) })).json().data).toEqual({});
  });

  it('answers malformed input with HTTP 400 or a failed try, never 500', async () => {
    const { sid } = await getChallenge(t, 'junk');
    const bad: unknown[] = [
      {},
      { username: 'junk' },
      { username: 'junk', blockX: 'abc' },
      { username: 'junk', blockX: 10, duration: 'soon' },
      { username: ['junk'], blockX: 10 },
      { username: 'junk', blockX: 10, trail: 42 },
      '{"username":"junk","blockX":1e400}',
    ];
    for (const payload of bad) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/slider_code/',
        cookies: { uc_sid: sid },
        headers: { 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, data: null });
    }
    const garbageTrail = await postCaptcha(t, sid, { username: 'junk', blockX: 10, trail: '[[' });
    expect(garbageTrail.statusCode).toBe(200);
    expect(garbageTrail.json()).toMatchObject({ message: MSG.captchaFailed, data: { code: 401 } });
  });

  it('serves the answer only through the development helper', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/__dev/captcha?key=nobody-asked' });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/__dev/captcha' })).statusCode).toBe(400);
  });
});

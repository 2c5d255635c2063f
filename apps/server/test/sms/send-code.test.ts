import { CODE, DAY_MS, IDENTITY_CODE, MSG, MSG_WITH } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../support/app.js';
import { solveCaptcha } from '../support/captcha.js';
import { type ClockedApp, createClockedApp } from '../support/clocked-app.js';
import { requestCode, sendCode } from '../support/sms.js';

let t: ClockedApp;
beforeAll(async () => {
  t = await createClockedApp();
});
afterAll(() => t.close());

const sent = { code: 200, message: MSG.smsSent, data: null };

describe('sending SMS codes', () => {
  it('sends a registration code for a new mobile, readable from /__dev/sms', async () => {
    expect(await requestCode(t, '/api/register/message/?phone=13900000001')).toEqual(sent);
    const res = await t.app.inject({ method: 'GET', url: '/__dev/sms?phone=13900000001' });
    const body = res.json<Envelope<{ phone: string; code: string; purpose: string; sentAt: string }[]>>();
    expect(body.code).toBe(200);
    expect(body.data).toEqual([
      {
        phone: '13900000001',
        code: expect.stringMatching(/^\d{4}$/),
        purpose: 'register',
        sentAt: expect.any(String),
      },
    ]);
    expect(Date.parse(body.data[0]?.sentAt ?? '')).toBe(t.now().getTime());
  });

  it('refuses without a solved puzzle (20012), and a ticket serves one send only', async () => {
    const none = await sendCode(t, '/api/message/?phone=13800138001');
    expect(none.json()).toEqual({ code: CODE.smsRefused, message: MSG.captchaRequired, data: null });
    const unsolved = await t.app.inject({ method: 'GET', url: '/api/slider_code/?username=u' });
    const cookies = unsolved.cookies.find((c) => c.name === 'uc_sid');
    const noTicket = await sendCode(t, '/api/message/?phone=13800138001', cookies?.value);
    expect(noTicket.json().message).toBe(MSG.captchaRequired);

    const sid = await solveCaptcha(t, 'one-time');
    expect((await sendCode(t, '/api/login/message/?phone=13900000002&purpose=bind', sid)).json()).toEqual(
      sent,
    );
    const reuse = await sendCode(t, '/api/login/message/?phone=13900000003&purpose=bind', sid);
    expect(reuse.json()).toEqual({ code: CODE.smsRefused, message: MSG.captchaRequired, data: null });
  });

  it('refuses a registration code for a mobile already bound (20007)', async () => {
    expect(await requestCode(t, '/api/register/message/?phone=13800138001')).toEqual({
      code: IDENTITY_CODE.mobileTaken,
      message: '该手机号已注册',
      data: null,
    });
  });

  it('refuses login and find-password codes for a mobile bound to no account (20005)', async () => {
    expect(await requestCode(t, '/api/message/?phone=13900000004')).toEqual({
      code: CODE.phoneNotBound,
      message: MSG.phoneNotBound,
      data: null,
    });
    // Recovery is for someone who forgot the password: customer service, not "log in with it".
    expect(await requestCode(t, '/api/login/message/?phone=13900000004&purpose=findpwd')).toEqual({
      code: CODE.phoneNotBound,
      message: MSG_WITH.findPasswordNotBound(t.config.site.hotline),
      data: null,
    });
    expect(await requestCode(t, '/api/message/?phone=13800138001')).toEqual(sent);
    t.advance(61_000);
    expect(await requestCode(t, '/api/login/message/?phone=13800138001&purpose=findpwd')).toEqual(sent);
  });

  it('answers a malformed mobile or purpose with HTTP 400, never 500', async () => {
    const urls = [
      ['/api/message/?phone=12345678901', MSG.mobileInvalid],
      ['/api/message/', MSG.mobileInvalid],
      ['/api/register/message/?phone=1380013800x', MSG.mobileInvalid],
      ['/api/register/message/?phone[]=13800138000', MSG.mobileInvalid],
      ['/api/login/message/?phone=13800138000', MSG.badRequest],
      ['/api/login/message/?phone=13800138000&purpose=register', MSG.badRequest],
    ] as const;
    for (const [url, message] of urls) {
      const res = await sendCode(t, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ code: 400, message, data: null, detail: message });
    }
  });

  it('keeps 60 s between sends to one mobile (20012 with the wait), whatever the purpose', async () => {
    expect(await requestCode(t, '/api/login/message/?phone=13900000005&purpose=bind')).toEqual(sent);
    t.advance(20_000);
    expect(await requestCode(t, '/api/login/message/?phone=13900000005&purpose=bind')).toEqual({
      code: CODE.smsRefused,
      message: '发送过于频繁，请40秒后再试',
      data: null,
    });
    expect((await requestCode(t, '/api/register/message/?phone=13900000005')).message).toBe(
      '发送过于频繁，请40秒后再试',
    );
    t.advance(40_000);
    expect(await requestCode(t, '/api/register/message/?phone=13900000005')).toEqual(sent);
  });
});

describe('daily caps', () => {
  let capped: ClockedApp;
  beforeAll(async () => {
    capped = await createClockedApp({ sms: { dailyPerMobile: 2, dailyPerIp: 4 } });
  });
  afterAll(() => capped.close());

  it('caps sends per mobile per day, and the next day is a new day', async () => {
    const url = '/api/login/message/?phone=13900000010&purpose=bind';
    expect(await requestCode(capped, url)).toEqual(sent);
    capped.advance(61_000);
    expect(await requestCode(capped, url)).toEqual(sent);
    capped.advance(61_000);
    expect(await requestCode(capped, url)).toEqual({
      code: CODE.smsRefused,
      message: MSG.smsDailyMobileCap,
      data: null,
    });
    capped.advance(DAY_MS);
    expect(await requestCode(capped, url)).toEqual(sent);
  });

  it('caps sends per IP per day across mobiles', async () => {
    // A new day: four sends from this IP to four mobiles, then the fifth is refused.
    capped.advance(DAY_MS);
    for (const n of [1, 2, 3, 4]) {
      expect(await requestCode(capped, `/api/login/message/?phone=1390000002${n}&purpose=bind`)).toEqual(
        sent,
      );
    }
    expect(await requestCode(capped, '/api/login/message/?phone=13900000025&purpose=bind')).toEqual({
      code: CODE.smsRefused,
      message: MSG.smsDailyIpCap,
      data: null,
    });
    const other = await capped.app.inject({
      method: 'GET',
      url: '/api/login/message/?phone=13900000026&purpose=bind',
      cookies: { uc_sid: await solveCaptcha(capped, 'x') },
      remoteAddress: '10.0.0.9',
    });
    expect(other.json()).toEqual(sent);
  });
});

describe('per-route request limits', () => {
  it('answer HTTP 503 past the per-IP limits of the captcha and SMS routes', async () => {
    const limited = await createClockedApp({ captcha: { perIpPerMinute: 3 }, sms: { perIpPerMinute: 2 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: '/api/slider_code/?username=a' })).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 503]);
      const sms: number[] = [];
      for (let i = 0; i < 3; i += 1)
        sms.push((await sendCode(limited, '/api/message/?phone=13800138001')).statusCode);
      expect(sms).toEqual([200, 200, 503]);
      const res = await sendCode(limited, '/api/message/?phone=13800138001');
      expect(res.json()).toEqual({
        code: 503,
        message: MSG.tooManyRequests,
        data: null,
        detail: MSG.tooManyRequests,
      });
    } finally {
      await limited.close();
    }
  });
});

// SMS codes in tests: requested after a solved puzzle, read back from the console provider's outbox (/__dev/sms).
import type { Envelope, TestApp } from './app.js';
import { solveCaptcha } from './captcha.js';

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

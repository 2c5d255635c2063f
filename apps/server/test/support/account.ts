// Calls of "Account and team" in tests: a signed-in request, re-authentication tickets, the confirmation mail's link.
import { ACCOUNT_API } from '@uc/shared';
import type { App } from '../../src/app.js';
import type { Envelope, TestApp } from './app.js';
import { bearer, hashed } from './login.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
}

/** A JSON call, signed in when a token is given. */
export async function call<T = unknown>(
  app: App,
  method: Method,
  url: string,
  token?: string | null,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json<Envelope<T>>() };
}

/** A re-auth ticket by password. */
export async function ticketByPassword(app: App, token: string, password: string): Promise<string> {
  const answer = await call<{ ticket: string }>(app, 'POST', ACCOUNT_API.checkPassword, token, {
    password: hashed(password),
  });
  if (answer.body.code !== 200) throw new Error(`checkPassword failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data.ticket;
}

/** The token of the newest confirmation link mailed to `to` (console mail provider, /__dev/mail). */
export async function mailedToken(t: TestApp, to: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/__dev/mail?to=${encodeURIComponent(to)}` });
  const [latest] = res.json<Envelope<{ text: string }[]>>().data;
  const match = latest ? /token=([A-Za-z0-9_-]+)/.exec(latest.text) : null;
  if (!match?.[1]) throw new Error(`no confirmation mail for ${to}`);
  return match[1];
}

/** A 1x1 PNG and a tiny JPEG header: enough for the magic-byte check. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

/** A multipart body with one file part. */
export function multipartBody(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----uc${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

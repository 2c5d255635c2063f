// Absolute URLs come from the configuration, never from the Host or X-Forwarded-Host a client (or proxy) sends.
import { ACCOUNT_API, MSG } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { call, multipartBody, PNG_BYTES, ticketByPassword } from '../support/account.js';
import type { Envelope } from '../support/app.js';
import { type ClockedApp, createClockedApp } from '../support/clocked-app.js';
import { bearer, login } from '../support/login.js';

const EVIL = 'evil.example';
/** Through a trusted load balancer, so Fastify would even believe X-Forwarded-Host. */
const hostile = {
  remoteAddress: '10.0.0.1',
  headers: { host: EVIL, 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' },
};
const defaults = loadConfig({ NODE_ENV: 'test' });

async function uploadAvatar(t: ClockedApp, token: string) {
  const { payload, headers } = multipartBody('file', 'a.png', 'image/png', PNG_BYTES);
  const res = await t.app.inject({
    method: 'POST',
    url: ACCOUNT_API.avatar,
    payload,
    ...hostile,
    headers: { ...headers, ...bearer(token), ...hostile.headers },
  });
  expect(res.json()).toMatchObject({ code: 200, message: MSG.avatarUpdated });
  return res;
}

describe.each([
  [
    'PUBLIC_BASE_URL',
    { payment: { ...defaults.payment, publicBaseUrl: 'https://uc.example.com' } },
    'https://uc.example.com',
  ],
  ['API_BASE_URL', { site: { apiBaseUrl: 'https://api.example.com' } }, 'https://api.example.com'],
  ['neither', {}, 'http://localhost:8080'],
] as const)('with %s set', (_name, overrides, base) => {
  let t: ClockedApp;
  let token: string;
  beforeAll(async () => {
    t = await createClockedApp({ ...overrides, port: 8080, trustProxy: 1 });
    token = await login(t.app, 'goldvip01');
  });
  afterAll(() => t?.close());

  it('answers the avatar on the configured origin in the upload, auth/info and the profile', async () => {
    const uploaded = await uploadAvatar(t, token);
    const avatar = uploaded.json<Envelope<{ avatar: string }>>().data.avatar;
    expect(avatar).toMatch(new RegExp(`^${base.replaceAll('.', '\\.')}/uploads/avatars/[0-9a-f]{32}\\.png$`));
    for (const url of ['/auth/info/', ACCOUNT_API.profile]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        ...hostile,
        headers: { ...bearer(token), ...hostile.headers },
      });
      expect(res.body).not.toContain(EVIL);
      expect(res.json().data.avatar).toBe(avatar);
    }
    const saved = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_API.updateUser,
      payload: { name: '王五' },
      ...hostile,
      headers: { ...bearer(token), ...hostile.headers },
    });
    expect(saved.json().data.avatar).toBe(avatar);
  });

  it('mails the email confirmation link on the configured origin', async () => {
    const ticket = await ticketByPassword(t.app, token, 'Gold12345');
    const requested = await call(
      t.app,
      'POST',
      ACCOUNT_API.updateEmail,
      token,
      { email: 'host-test@example.com', ticket },
      {
        ...hostile.headers,
      },
    );
    expect(requested.body, JSON.stringify(requested.body)).toMatchObject({ code: 200 });
    const mail = await t.app.inject({ method: 'GET', url: '/__dev/mail?to=host-test%40example.com' });
    const [latest] = mail.json<Envelope<{ text: string }[]>>().data;
    expect(latest?.text).toContain(`${base}${ACCOUNT_API.bindEmail}?token=`);
    expect(latest?.text).not.toContain(EVIL);
  });

  it('never puts the Host header in any GET answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const urls = Object.entries(doc.paths)
      .filter(([path, methods]) => 'get' in methods && !path.includes('{'))
      .map(([path]) => path);
    expect(urls.length).toBeGreaterThan(30);
    urls.push('/', '/usercenter/', '/agreement.html', '/news/detail?guid=x', '/nowhere');
    for (const url of urls) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        ...hostile,
        headers: { ...bearer(token), ...hostile.headers },
      });
      expect(`${JSON.stringify(res.headers)}${res.body}`, url).not.toContain(EVIL);
    }
  });
});

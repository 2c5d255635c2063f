// Signing in as the demo accounts of docs/architecture.md §6, and reading the tokens that come back.
import type { App } from '../../src/app.js';
import { sha256Hex } from '../../src/lib/password.js';
import type { Envelope } from './app.js';

export const DEMO = {
  demouser: 'Demo12345',
  demosub01: 'Demo12345',
  trialuser: 'Trial12345',
  goldvip01: 'Gold12345',
  nophone01: 'Nophone123',
  payper01: 'Payper123',
} as const;

export type DemoName = keyof typeof DEMO;

export async function loginRequest(
  app: App,
  username: string,
  password: string,
  extra: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/auth/login/',
    payload: { username, password: sha256Hex(password), ...extra },
  });
}

/** Logs a demo account in and returns its token. */
export async function login(app: App, name: DemoName, extra: Record<string, string> = {}): Promise<string> {
  const res = await loginRequest(app, name, DEMO[name], extra);
  const body = res.json<Envelope<{ token: string } | null>>();
  if (body.code !== 200 || !body.data) throw new Error(`login ${name} failed: ${res.body}`);
  return body.data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The payload of a JWT, unverified (what the client's jwt-decode sees). */
export function decodeToken(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

/** The SHA-256 hex the client sends for a password. */
export const hashed = sha256Hex;

// Console staff for tests: an account of a role (with its TOTP secret, stored sealed as the command line stores it),
// and signing it in with a fresh code of the app clock, returning the Cookie header the console calls send.
import { STAFF_API, STAFF_COOKIE, type StaffRole, type StaffSession } from '@uc/shared';
import { generate } from 'otplib';
import type { App } from '../../src/app.js';
import type { Db } from '../../src/db/connection.js';
import { hashPassword } from '../../src/lib/password.js';
import { insertStaff } from '../../src/modules/staff/repo.js';
import {
  newTotpSecret,
  sealTotpSecret,
  TOTP_PERIOD_SECONDS,
  type TotpKeyring,
  totpKeyring,
} from '../../src/modules/staff/totp.js';
import { type Envelope, TEST_JWT_SECRET } from './app.js';

/** The TOTP keys of a test app's configuration (no STAFF_TOTP_KEY: derived from the test JWT secret). */
export const TEST_TOTP_KEYS: TotpKeyring = totpKeyring(null, [], TEST_JWT_SECRET);

export interface TestStaff {
  id: number;
  username: string;
  password: string;
  role: StaffRole;
  secret: string;
}

let made = 0;

/** A staff member of `role` with its own username, password and TOTP secret. */
export async function createStaff(
  target: App | { db: Db } | Db,
  role: StaffRole,
  options: { username?: string; password?: string; now?: Date; keys?: TotpKeyring } = {},
): Promise<TestStaff> {
  const db: Db = 'selectFrom' in target ? target : target.db;
  made += 1;
  const username = options.username ?? `${role}${process.pid}x${made}`;
  const password = options.password ?? `Staff-${made}-pass`;
  const secret = newTotpSecret();
  const id = await insertStaff(db, {
    username,
    password_hash: await hashPassword(password),
    role,
    totp_secret: sealTotpSecret(options.keys ?? TEST_TOTP_KEYS, secret),
    at: (options.now ?? new Date()).toISOString(),
  });
  return { id, username, password, role, secret };
}

/** The last step a code was made for, per secret: the server accepts each step once. */
const lastSteps = new Map<string, number>();

/**
 * A code the server accepts at `at`: of the current step, or of the next one when the current one was used already
 * (the server accepts one step either side). Throws when both are used: advance the clock between sign-ins.
 */
export async function totpCode(secret: string, at: Date = new Date()): Promise<string> {
  const current = Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
  const step = Math.max(current, (lastSteps.get(secret) ?? 0) + 1);
  if (step > current + 1) throw new Error('both usable TOTP steps taken: advance the clock');
  lastSteps.set(secret, step);
  return generate({ secret, epoch: step * TOTP_PERIOD_SECONDS });
}

/** The Cookie header of a response's staff session cookie. */
export function staffCookieOf(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = cookies.find((c) => c.startsWith(`${STAFF_COOKIE}=`));
  if (!found) throw new Error('no staff cookie set');
  return found.split(';')[0] ?? '';
}

/** Signs a staff member in with password and a fresh code; returns the Cookie header of its session. */
export async function staffLogin(
  app: App,
  username: string,
  password: string,
  secret: string,
  at: Date = new Date(),
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: STAFF_API.login,
    payload: { username, password, totp: await totpCode(secret, at) },
  });
  const body = res.json<Envelope<StaffSession | null>>();
  if (res.statusCode !== 200 || body.code !== 200)
    throw new Error(`staff login ${username} failed: ${res.body}`);
  return staffCookieOf(res.headers['set-cookie']);
}

/** A new staff member of `role`, signed in: the account and the Cookie header. */
export async function signInStaff(
  t: { app: App; now?: () => Date },
  role: StaffRole,
): Promise<{ staff: TestStaff; cookie: string }> {
  const at = t.now?.() ?? new Date();
  const staff = await createStaff(t.app, role, { now: at });
  const cookie = await staffLogin(t.app, staff.username, staff.password, staff.secret, at);
  return { staff, cookie };
}

// Staff sign-in: password and TOTP both required, one answer for every failure (unknown user, wrong password, wrong
// or reused code), the lock after repeated failures, the session cookie's attributes, 30 minutes idle, sign-out, a
// disabled account, the CSRF checks of changing calls, and a member's bearer token refused under /api/admin/.
import { MINUTE_MS, MSG, STAFF_API, STAFF_COOKIE, STAFF_IDLE_MINUTES, type StaffSession } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStaffCli } from '../../src/modules/staff/cli.js';
import type { Envelope } from '../support/app.js';
import { type ClockedApp, createClockedApp } from '../support/clocked-app.js';
import { bearer, login } from '../support/login.js';
import {
  createStaff,
  signInStaff,
  staffCookieOf,
  staffLogin,
  TEST_TOTP_KEYS,
  totpCode,
} from '../support/staff.js';

const MAX_FAILS = 3;
let t: ClockedApp;
let ips = 0;
/** A fresh IP per test, so failures of one test do not lock another. */
const freshIp = () => `10.8.${Math.floor(ips / 250)}.${(ips++ % 250) + 1}`;

beforeAll(async () => {
  t = await createClockedApp({ login: { maxFailsPerAccount: MAX_FAILS, lockMinutes: 15 } });
});
afterAll(async () => {
  await t.close();
});

function signIn(body: Record<string, unknown>, ip = freshIp()) {
  return t.app.inject({ method: 'POST', url: STAFF_API.login, payload: body, remoteAddress: ip });
}

function me(cookie: string | undefined, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: STAFF_API.me,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
}

describe('staff sign-in', () => {
  it('opens a session in an httpOnly SameSite=Strict cookie scoped to /api/admin/ and audits it', async () => {
    const staff = await createStaff(t.app, 'finance');
    const res = await signIn({
      username: staff.username,
      password: staff.password,
      totp: await totpCode(staff.secret, t.now()),
    });
    expect(res.statusCode).toBe(200);
    const session = res.json<Envelope<StaffSession>>().data;
    expect(session).toMatchObject({ id: staff.id, username: staff.username, role: 'finance' });
    expect(session.permissions).toContain('orders.refund');
    expect(session.permissions).not.toContain('audit.read');
    expect(Date.parse(session.idle_until) - t.now().getTime()).toBe(STAFF_IDLE_MINUTES * MINUTE_MS);

    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${STAFF_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(setCookie).toContain('Path=/api/admin/');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).not.toContain('Secure');

    const cookie = staffCookieOf(res.headers['set-cookie']);
    const who = await me(cookie);
    expect(who.statusCode).toBe(200);
    expect(who.json<Envelope<StaffSession>>().data.username).toBe(staff.username);

    const rows = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('staff_id', '=', staff.id)
      .where('action', '=', 'auth.login')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staff_username: staff.username, target_type: 'staff_session' });
  });

  it('stores only a hash of the session token', async () => {
    const { staff, cookie } = await signInStaff(t, 'ops');
    const token = cookie.split('=')[1] ?? '';
    const rows = await t.db
      .selectFrom('staff_sessions')
      .selectAll()
      .where('staff_id', '=', staff.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.token_hash).not.toContain(token);
  });

  it('answers every failed factor and an unknown username with the same message', async () => {
    const staff = await createStaff(t.app, 'ops');
    const good = await totpCode(staff.secret, t.now());
    const wrongCode = good === '000000' ? '111111' : '000000';
    const failures = [
      { username: staff.username, password: 'wrong-password', totp: good },
      { username: staff.username, password: staff.password, totp: wrongCode },
      { username: 'nobody-here', password: staff.password, totp: good },
    ];
    for (const body of failures) {
      const res = await signIn(body);
      expect(res.statusCode).toBe(401);
      expect(res.json<Envelope>().message).toBe(MSG.staffLoginFailed);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a code used once already', async () => {
    const staff = await createStaff(t.app, 'service');
    const code = await totpCode(staff.secret, t.now());
    const body = { username: staff.username, password: staff.password, totp: code };
    expect((await signIn(body)).statusCode).toBe(200);
    const again = await signIn(body);
    expect(again.statusCode).toBe(401);
    expect(again.json<Envelope>().message).toBe(MSG.staffLoginFailed);
  });

  it('refuses a code of a step two steps away', async () => {
    const staff = await createStaff(t.app, 'service');
    const old = await totpCode(staff.secret, new Date(t.now().getTime() - 120_000));
    const res = await signIn({ username: staff.username, password: staff.password, totp: old });
    expect(res.statusCode).toBe(401);
    expect(res.json<Envelope>().message).toBe(MSG.staffLoginFailed);
  });

  it('requires the TOTP field', async () => {
    const staff = await createStaff(t.app, 'service');
    for (const totp of [undefined, '12345', 'abcdef']) {
      const res = await signIn({ username: staff.username, password: staff.password, totp });
      expect(res.statusCode).toBe(400);
      expect(res.json<Envelope>().message).toBe(MSG.staffTotpInvalid);
    }
  });

  it('locks the username after repeated failures, then lets it in once the lock runs out', async () => {
    const staff = await createStaff(t.app, 'ops');
    for (let i = 1; i <= MAX_FAILS; i += 1) {
      const res = await signIn({ username: staff.username, password: 'wrong', totp: '123456' });
      expect(res.json<Envelope>().message).toBe(i < MAX_FAILS ? MSG.staffLoginFailed : MSG.staffLocked);
    }
    const locked = await signIn({
      username: staff.username,
      password: staff.password,
      totp: await totpCode(staff.secret, t.now()),
    });
    expect(locked.statusCode).toBe(401);
    expect(locked.json<Envelope>().message).toBe(MSG.staffLocked);
    // Failed sign-ins are not audit rows.
    const rows = await t.db.selectFrom('audit_log').select('id').where('staff_id', '=', staff.id).execute();
    expect(rows).toHaveLength(0);

    t.advance(15 * MINUTE_MS);
    const cookie = await staffLogin(t.app, staff.username, staff.password, staff.secret, t.now());
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('locks an IP trying many usernames', async () => {
    const ip = freshIp();
    let last = '';
    for (let i = 0; i < t.config.login.maxFailsPerIp; i += 1) {
      const res = await signIn({ username: `guess${i}`, password: 'wrong', totp: '123456' }, ip);
      last = res.json<Envelope>().message;
    }
    expect(last).toBe(MSG.staffLocked);
    const staff = await createStaff(t.app, 'ops');
    const res = await signIn(
      { username: staff.username, password: staff.password, totp: await totpCode(staff.secret, t.now()) },
      ip,
    );
    expect(res.json<Envelope>().message).toBe(MSG.staffLocked);
  });
});

describe('staff sessions', () => {
  it('end after 30 minutes without a call; each call keeps them alive', async () => {
    const { cookie } = await signInStaff(t, 'ops');
    t.advance((STAFF_IDLE_MINUTES - 1) * MINUTE_MS);
    expect((await me(cookie)).statusCode).toBe(200);
    t.advance((STAFF_IDLE_MINUTES - 1) * MINUTE_MS);
    expect((await me(cookie)).statusCode).toBe(200);
    t.advance(STAFF_IDLE_MINUTES * MINUTE_MS);
    const gone = await me(cookie);
    expect(gone.statusCode).toBe(401);
    expect(gone.json<Envelope>().message).toBe(MSG.staffSessionExpired);
    // Ended, not only idle: it stays refused.
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('end on sign-out, which clears the cookie and is audited', async () => {
    const { staff, cookie } = await signInStaff(t, 'finance');
    const out = await t.app.inject({ method: 'POST', url: STAFF_API.logout, headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`^${STAFF_COOKIE}=;`));
    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json<Envelope>().message).toBe(MSG.staffSessionExpired);
    const rows = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('staff_id', '=', staff.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['auth.login', 'auth.logout']);
    // Signing out without a session still answers 200.
    expect((await t.app.inject({ method: 'POST', url: STAFF_API.logout })).statusCode).toBe(200);
  });

  it('refuse no cookie, a made-up token and a member bearer token', async () => {
    expect((await me(undefined)).statusCode).toBe(401);
    expect((await me(`${STAFF_COOKIE}=${'a'.repeat(43)}`)).statusCode).toBe(401);
    const token = await login(t.app, 'demouser');
    for (const url of [STAFF_API.me, STAFF_API.audit, '/api/admin/audit/export/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json<Envelope>().message).toBe(MSG.staffSessionExpired);
    }
    const out = await t.app.inject({ method: 'POST', url: STAFF_API.logout, headers: bearer(token) });
    expect(out.statusCode).toBe(200);
  });

  it('of a disabled account end, and its sign-in is refused once both factors are right', async () => {
    const { staff, cookie } = await signInStaff(t, 'service');
    const out = { log: () => {}, error: () => {} };
    expect(await runStaffCli(t.db, TEST_TOTP_KEYS, ['disable', staff.username], out, t.now)).toBe(0);
    expect((await me(cookie)).statusCode).toBe(401);
    t.advance(60_000);
    const res = await signIn({
      username: staff.username,
      password: staff.password,
      totp: await totpCode(staff.secret, t.now()),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<Envelope>().message).toBe(MSG.staffDisabled);
    const wrong = await signIn({ username: staff.username, password: 'wrong', totp: '123456' });
    expect(wrong.json<Envelope>().message).toBe(MSG.staffLoginFailed);
  });
});

describe('CSRF of changing calls', () => {
  it('refuses another origin and a form body; accepts its own origin', async () => {
    const { cookie } = await signInStaff(t, 'ops');
    const evil = await t.app.inject({
      method: 'POST',
      url: STAFF_API.logout,
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(evil.statusCode).toBe(403);
    const form = await t.app.inject({
      method: 'POST',
      url: STAFF_API.logout,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(400);
    expect((await me(cookie)).statusCode).toBe(200);
    const own = await t.app.inject({
      method: 'POST',
      url: STAFF_API.logout,
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(own.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('refuses a sign-in posted from another origin', async () => {
    const staff = await createStaff(t.app, 'ops');
    const res = await t.app.inject({
      method: 'POST',
      url: STAFF_API.login,
      headers: { origin: 'https://evil.example' },
      payload: { username: staff.username, password: staff.password, totp: '123456' },
    });
    expect(res.statusCode).toBe(403);
  });
});

// The account's own information and security: profile, avatar, password change, re-authentication, mobile, email,
// sessions, login records and the audit.
import { ACCOUNT_API, ACCOUNT_CODE, CODE, fillPath, IDENTITY_CODE, MSG } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  JPEG_BYTES,
  mailedToken,
  multipartBody,
  PNG_BYTES,
  ticketByPassword,
} from '../support/account.js';
import { solveCaptcha } from '../support/captcha.js';
import type { ClockedApp } from '../support/clocked-app.js';
import { createClockedApp } from '../support/clocked-app.js';
import { bearer, hashed, login, loginRequest } from '../support/login.js';
import { lastCode, wrongCodeFor } from '../support/sms.js';

const H = (text: string) => hashed(text);

describe('account information and security', () => {
  let t: ClockedApp;
  beforeAll(async () => {
    t = await createClockedApp();
  });
  afterAll(() => t?.close());

  it('answers 401 without a token on every own-account call', async () => {
    const calls: [method: 'GET' | 'POST', url: string][] = [
      ['GET', ACCOUNT_API.profile],
      ['POST', ACCOUNT_API.updateUser],
      ['POST', ACCOUNT_API.avatar],
      ['POST', ACCOUNT_API.rechangePasswd],
      ['POST', ACCOUNT_API.checkPassword],
      ['GET', ACCOUNT_API.verifyMessage],
      ['POST', ACCOUNT_API.checkVerifyCode],
      ['GET', `${ACCOUNT_API.telphoneMessage}?phone=13900000000`],
      ['POST', ACCOUNT_API.updateTelphone],
      ['POST', ACCOUNT_API.updateEmail],
      ['GET', ACCOUNT_API.security],
      ['POST', fillPath(ACCOUNT_API.sessionLogout, 'x')],
    ];
    for (const [method, url] of calls) {
      const answer = await call(t.app, method, url, null, method === 'POST' ? {} : undefined);
      expect(answer.status, url).toBe(401);
      expect(answer.body.code, url).toBe(CODE.unauthorized);
    }
  });

  it('shows and updates the profile; the company name stays read-only', async () => {
    const token = await login(t.app, 'goldvip01');
    const before = await call<{ name: string; company_name: string; mobile: string }>(
      t.app,
      'GET',
      ACCOUNT_API.profile,
      token,
    );
    expect(before.body.data).toMatchObject({ name: '', mobile: '138****8002' });
    const saved = await call<{ name: string; company_name: string }>(
      t.app,
      'POST',
      ACCOUNT_API.updateUser,
      token,
      {
        name: ' 王经理 ',
        company_name: '改名公司',
      },
    );
    expect(saved.body).toMatchObject({ code: 200, message: MSG.saved });
    expect(saved.body.data.name).toBe('王经理');
    expect(saved.body.data.company_name).toBe(before.body.data.company_name);

    for (const [name, message] of [
      ['', MSG.contactNameRequired],
      ['   ', MSG.contactNameRequired],
      ['长'.repeat(21), MSG.contactNameTooLong],
      ['a\u0000b', MSG.textInvalid],
    ] as const) {
      const refused = await call(t.app, 'POST', ACCOUNT_API.updateUser, token, { name });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
  });

  it('takes a PNG or JPEG avatar by its bytes, serves it, and refuses anything else', async () => {
    const token = await login(t.app, 'goldvip01');
    const upload = (contentType: string, bytes: Buffer, filename = 'a.png') => {
      const { payload, headers } = multipartBody('file', filename, contentType, bytes);
      return t.app.inject({
        method: 'POST',
        url: ACCOUNT_API.avatar,
        payload,
        headers: { ...headers, ...bearer(token) },
      });
    };
    const png = await upload('image/png', PNG_BYTES);
    expect(png.json()).toMatchObject({ code: 200, message: MSG.avatarUpdated });
    const url = new URL(png.json().data.avatar);
    expect(url.pathname).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    // auth/info answers the same absolute URL (the client's main-site prefix leaves it alone).
    const info = await t.app.inject({ method: 'GET', url: '/auth/info/', headers: bearer(token) });
    expect(info.json().data.avatar).toBe(png.json().data.avatar);

    // A JPEG sent as "image/png" is stored as what it is.
    const jpg = await upload('image/png', JPEG_BYTES);
    expect(jpg.json().data.avatar).toMatch(/\.jpg$/);
    // The previous upload is gone.
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);

    const gif = await upload('image/png', Buffer.from('GIF89a........'));
    expect(gif.statusCode).toBe(400);
    expect(gif.json().message).toBe(MSG.avatarType);
    const big = await upload('image/png', Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(MSG.avatarTooLarge);
    const none = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_API.avatar,
      payload: { file: 'x' },
      headers: bearer(token),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MSG.avatarRequired);
    expect(
      (await t.app.inject({ method: 'GET', url: '/uploads/avatars/..%2f..%2fetc.png' })).statusCode,
    ).toBe(404);
  });

  it('changes the password: other sessions end (30001), this one gets a fresh token', async () => {
    const other = await login(t.app, 'trialuser');
    // One session per account: sign in again through a second session by replacing the first's row later.
    const mine = await login(t.app, 'trialuser');
    // `other` already ended by the second login; check the rules first.
    const rules: [Record<string, string>, string][] = [
      [
        { oldpassword: H('Trial12345'), newpassword: H('Next12345'), surepassword: H('Other12345') },
        MSG.confirmMismatch,
      ],
      [
        { oldpassword: '', newpassword: H('Next12345'), surepassword: H('Next12345') },
        MSG.oldPasswordRequired,
      ],
      [{ oldpassword: H('Trial12345'), newpassword: '', surepassword: H('Next12345') }, MSG.passwordRequired],
      [{ oldpassword: H('Trial12345'), newpassword: H('Next12345'), surepassword: '' }, MSG.confirmRequired],
      [
        { oldpassword: H('Trial12345'), newpassword: 'plain', surepassword: 'plain' },
        '密码格式有误，请刷新页面后重试',
      ],
    ];
    for (const [payload, message] of rules) {
      const refused = await call(t.app, 'POST', ACCOUNT_API.rechangePasswd, mine, payload);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    const same = await call(t.app, 'POST', ACCOUNT_API.rechangePasswd, mine, {
      oldpassword: H('Trial12345'),
      newpassword: H('Trial12345'),
      surepassword: H('Trial12345'),
    });
    expect(same.body).toMatchObject({ code: ACCOUNT_CODE.passwordUnchanged, message: MSG.passwordUnchanged });
    const wrong = await call(t.app, 'POST', ACCOUNT_API.rechangePasswd, mine, {
      oldpassword: H('Wrong12345'),
      newpassword: H('Next12345'),
      surepassword: H('Next12345'),
    });
    expect(wrong.body).toMatchObject({ code: ACCOUNT_CODE.oldPasswordWrong, message: MSG.oldPasswordWrong });
    expect(other).not.toBe(mine);

    const changed = await call<{ token: string }>(t.app, 'POST', ACCOUNT_API.rechangePasswd, mine, {
      oldpassword: H('Trial12345'),
      newpassword: H('Next12345'),
      surepassword: H('Next12345'),
      encoded: '1',
    });
    expect(changed.body).toMatchObject({ code: 200, message: MSG.passwordChanged });
    const fresh = changed.body.data.token;
    expect((await call(t.app, 'GET', ACCOUNT_API.security, fresh)).body.code).toBe(200);
    // The replaced token of this session answers 401 (ended quietly, not "logged in elsewhere").
    expect((await call(t.app, 'GET', ACCOUNT_API.security, mine)).status).toBe(401);
    expect((await loginRequest(t.app, 'trialuser', 'Next12345')).json().code).toBe(200);
    const security = await call<{ password_changed_at: string | null }>(
      t.app,
      'GET',
      ACCOUNT_API.security,
      fresh,
    );
    // The login just above ended `fresh`: that is the one-session rule.
    expect(security.body.code).toBe(CODE.loggedInElsewhere);
  });

  it('ends the other live sessions of a password change with 30001 and its message', async () => {
    const first = await login(t.app, 'goldvip01');
    // A second live session of the same account (as a second device would have after an earlier login policy).
    const { db } = t;
    const second = await login(t.app, 'goldvip01');
    await db
      .updateTable('sessions')
      .set({ revoked_at: null, revoked_reason: null })
      .where('revoked_reason', '=', 'login_elsewhere')
      .where(
        'user_id',
        '=',
        (
          await db
            .selectFrom('users')
            .select('id')
            .where('username', '=', 'goldvip01')
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    t.advance(5_000);
    expect((await call(t.app, 'GET', ACCOUNT_API.security, first)).body.code).toBe(200);
    const sessions = await call<{ sessions: { jti: string; current: boolean }[] }>(
      t.app,
      'GET',
      ACCOUNT_API.security,
      second,
    );
    expect(sessions.body.data.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.body.data.sessions.length).toBeGreaterThanOrEqual(2);

    const changed = await call<{ token: string }>(t.app, 'POST', ACCOUNT_API.rechangePasswd, second, {
      oldpassword: H('Gold12345'),
      newpassword: H('Gold23456'),
      surepassword: H('Gold23456'),
    });
    expect(changed.body.code).toBe(200);
    expect((await call(t.app, 'GET', ACCOUNT_API.security, first)).body).toEqual({
      code: CODE.loggedInElsewhere,
      message: MSG.passwordChangedPush,
      data: null,
    });
    const state = await call<{ password_changed_at: string | null; audit: { action: string }[] }>(
      t.app,
      'GET',
      ACCOUNT_API.security,
      changed.body.data.token,
    );
    expect(state.body.data.password_changed_at).not.toBeNull();
    expect(state.body.data.audit.map((a) => a.action)).toContain('password_changed');
    // Restore for the tests below.
    await call(t.app, 'POST', ACCOUNT_API.rechangePasswd, changed.body.data.token, {
      oldpassword: H('Gold23456'),
      newpassword: H('Gold12345'),
      surepassword: H('Gold12345'),
    });
  });

  it('counts wrong old passwords toward the login guard', async () => {
    const t2 = await createClockedApp({ login: { maxFailsPerAccount: 2 } });
    try {
      const token = await login(t2.app, 'goldvip01');
      const wrong = () =>
        call(
          t2.app,
          'POST',
          ACCOUNT_API.checkPassword,
          token,
          { password: H('Wrong12345') },
          {
            'x-forwarded-for': '10.9.9.9',
          },
        );
      expect((await wrong()).body).toMatchObject({ code: CODE.badCredentials, message: MSG.passwordWrong });
      // The second failure reaches the limit: the username is locked for password logins from unknown places.
      expect((await wrong()).body).toMatchObject({ code: CODE.accountLocked, message: MSG.reauthLocked });
    } finally {
      await t2.close();
    }
  });

  it('gives one-time re-auth tickets by password and by SMS code', async () => {
    const token = await login(t.app, 'demouser');
    expect((await call(t.app, 'POST', ACCOUNT_API.checkPassword, token, { password: '' })).body.message).toBe(
      MSG.passwordRequired,
    );
    const byPassword = await call<{ ticket: string; expires_in: number }>(
      t.app,
      'POST',
      ACCOUNT_API.checkPassword,
      token,
      {
        password: H('Demo12345'),
      },
    );
    expect(byPassword.body).toMatchObject({ code: 200, message: MSG.reauthOk, data: { expires_in: 600 } });

    const sid = await solveCaptcha(t, 'verify');
    const sent = await t.app.inject({
      method: 'GET',
      url: ACCOUNT_API.verifyMessage,
      cookies: { uc_sid: sid },
      headers: bearer(token),
    });
    expect(sent.json()).toMatchObject({ code: 200, message: MSG.smsSent });
    const noPuzzle = await call(t.app, 'GET', ACCOUNT_API.verifyMessage, token);
    expect(noPuzzle.body).toMatchObject({ code: CODE.smsRefused });
    const sms = await lastCode(t, '13800138000');
    expect(
      (await call(t.app, 'POST', ACCOUNT_API.checkVerifyCode, token, { verifycode: 'abc' })).body.message,
    ).toBe(MSG.codeInvalid);
    expect(
      (await call(t.app, 'POST', ACCOUNT_API.checkVerifyCode, token, { verifycode: wrongCodeFor(sms) })).body
        .code,
    ).toBe(IDENTITY_CODE.smsCodeInvalid);
    const bySms = await call<{ ticket: string }>(t.app, 'POST', ACCOUNT_API.checkVerifyCode, token, {
      verifycode: sms,
    });
    expect(bySms.body).toMatchObject({ code: 200, message: MSG.reauthOk });
    // Used once: the same code is void now.
    expect(
      (await call(t.app, 'POST', ACCOUNT_API.checkVerifyCode, token, { verifycode: sms })).body.code,
    ).toBe(CODE.smsRefused);
  });

  it('changes the mobile with a ticket and a code to the new mobile; refuses another main account’s', async () => {
    const token = await login(t.app, 'goldvip01');
    const sendTo = async (phone: string) => {
      const sid = await solveCaptcha(t, `rebind${phone}`);
      return t.app.inject({
        method: 'GET',
        url: `${ACCOUNT_API.telphoneMessage}?phone=${phone}`,
        cookies: { uc_sid: sid },
        headers: bearer(token),
      });
    };
    // demouser (a main account) has 13800138000.
    expect((await sendTo('13800138000')).json()).toMatchObject({
      code: ACCOUNT_CODE.mobileTaken,
      message: MSG.mobileBoundOther,
    });
    expect((await sendTo('13800138002')).json()).toMatchObject({ message: MSG.mobileUnchanged });
    expect((await sendTo('12345')).json().message).toBe(MSG.mobileInvalid);
    expect((await sendTo('13912345678')).json()).toMatchObject({ code: 200 });
    const code = await lastCode(t, '13912345678');

    const missing = await call(t.app, 'POST', ACCOUNT_API.updateTelphone, token, {
      telphone: '13912345678',
      verifycode: code,
      ticket: 'no-such-ticket',
    });
    expect(missing.body).toMatchObject({ code: ACCOUNT_CODE.reauthRequired, message: MSG.reauthRequired });
    expect(
      (
        await call(t.app, 'POST', ACCOUNT_API.updateTelphone, token, {
          telphone: '13912345678',
          verifycode: code,
        })
      ).body.message,
    ).toBe(MSG.reauthRequired);

    const ticket = await ticketByPassword(t.app, token, 'Gold12345');
    const taken = await call(t.app, 'POST', ACCOUNT_API.updateTelphone, token, {
      telphone: '13800138000',
      verifycode: code,
      ticket,
    });
    expect(taken.body).toMatchObject({ code: ACCOUNT_CODE.mobileTaken, message: MSG.mobileBoundOther });
    const wrongCode = await call(t.app, 'POST', ACCOUNT_API.updateTelphone, token, {
      telphone: '13912345678',
      verifycode: wrongCodeFor(code),
      ticket,
    });
    expect(wrongCode.body.code).toBe(IDENTITY_CODE.smsCodeInvalid);
    // The ticket survived the mistyped code.
    const done = await call<{ mobile: string }>(t.app, 'POST', ACCOUNT_API.updateTelphone, token, {
      telphone: '13912345678',
      verifycode: code,
      ticket,
    });
    expect(done.body).toMatchObject({
      code: 200,
      message: MSG.mobileChanged,
      data: { mobile: '139****5678' },
    });
    // The ticket is one-time.
    const again = await call(t.app, 'POST', ACCOUNT_API.updateTelphone, token, {
      telphone: '13912345679',
      verifycode: code,
      ticket,
    });
    expect(again.body.code).toBe(ACCOUNT_CODE.reauthRequired);
    // SMS login now reaches the account by its new mobile.
    const state = await call<{ mobile: string; audit: { action: string }[] }>(
      t.app,
      'GET',
      ACCOUNT_API.security,
      token,
    );
    expect(state.body.data.mobile).toBe('139****5678');
    expect(state.body.data.audit.map((a) => a.action)).toContain('mobile_changed');
  });

  it('binds an email through a one-time link that expires after 24 hours', async () => {
    const token = await login(t.app, 'demouser');
    const ticket = await ticketByPassword(t.app, token, 'Demo12345');
    for (const [email, message] of [
      ['', MSG.emailRequired],
      ['not-an-email', MSG.emailInvalid],
      ['a@b', MSG.emailInvalid],
    ] as const) {
      const refused = await call(t.app, 'POST', ACCOUNT_API.updateEmail, token, { email, ticket });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    const same = await call(t.app, 'POST', ACCOUNT_API.updateEmail, token, {
      email: 'DEMO@example.com',
      ticket,
    });
    expect(same.body.message).toBe(MSG.emailUnchanged);
    const requested = await call<{ email_pending: string }>(t.app, 'POST', ACCOUNT_API.updateEmail, token, {
      email: 'New.Owner@Example.com',
      ticket,
    });
    expect(requested.body).toMatchObject({
      code: 200,
      message: MSG.emailConfirmSent,
      data: { email_pending: 'n***r@example.com', expires_in_hours: 24 },
    });
    const pending = await call<{ email: string; email_pending: string }>(
      t.app,
      'GET',
      ACCOUNT_API.security,
      token,
    );
    expect(pending.body.data).toMatchObject({
      email: 'd***o@example.com',
      email_pending: 'n***r@example.com',
    });

    const link = await mailedToken(t, 'new.owner@example.com');
    const page = await t.app.inject({
      method: 'GET',
      url: `${ACCOUNT_API.bindEmail}?token=${link}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(MSG.emailBound);
    const profile = await call<{ email: string; email_pending: string }>(
      t.app,
      'GET',
      ACCOUNT_API.profile,
      token,
    );
    expect(profile.body.data).toMatchObject({ email: 'new.owner@example.com', email_pending: '' });
    // One-time.
    const twice = await call(t.app, 'GET', `${ACCOUNT_API.bindEmail}?token=${link}`);
    expect(twice.body).toMatchObject({
      code: ACCOUNT_CODE.emailTokenInvalid,
      message: MSG.emailTokenInvalid,
    });
    const twicePage = await t.app.inject({
      method: 'GET',
      url: `${ACCOUNT_API.bindEmail}?token=${link}`,
      headers: { accept: 'text/html' },
    });
    expect(twicePage.body).toContain(MSG.emailTokenInvalid);

    // Expiring: a new link, 24 hours later.
    const ticket2 = await ticketByPassword(t.app, token, 'Demo12345');
    await call(t.app, 'POST', ACCOUNT_API.updateEmail, token, { email: 'late@example.com', ticket: ticket2 });
    const late = await mailedToken(t, 'late@example.com');
    t.advance(24 * 3_600_000 + 1_000);
    const expired = await call(t.app, 'GET', `${ACCOUNT_API.bindEmail}?token=${late}`);
    expect(expired.body).toMatchObject({
      code: ACCOUNT_CODE.emailTokenInvalid,
      message: MSG.emailTokenExpired,
    });
    expect((await call(t.app, 'GET', `${ACCOUNT_API.bindEmail}?token=nonsense`)).body.message).toBe(
      MSG.emailTokenInvalid,
    );
    expect((await call(t.app, 'GET', ACCOUNT_API.bindEmail)).body.message).toBe(MSG.emailTokenInvalid);
    const injected = await t.app.inject({
      method: 'GET',
      url: `${ACCOUNT_API.bindEmail}?token=%3Cscript%3E`,
      headers: { accept: 'text/html' },
    });
    expect(injected.body).not.toContain('<script>');
  });

  it('lists login attempts and sessions, and ends another session (30001) but not the current one', async () => {
    await loginRequest(t.app, 'demosub01', 'Wrong12345');
    const first = await login(t.app, 'demosub01', {});
    const userId = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'demosub01')
        .executeTakeFirstOrThrow()
    ).id;
    const second = await login(t.app, 'demosub01');
    // Bring the first session back to life: two devices at once.
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: null, revoked_reason: null })
      .where('user_id', '=', userId)
      .execute();
    t.advance(5_000);
    const state = await call<{
      login_events: { success: boolean; method: string; device: string }[];
      sessions: { jti: string; current: boolean }[];
    }>(t.app, 'GET', ACCOUNT_API.security, second);
    expect(state.body.data.login_events.slice(0, 3).map((e) => e.success)).toEqual([true, true, false]);
    expect(state.body.data.login_events[0]?.method).toBe('password');
    const current = state.body.data.sessions.find((s) => s.current);
    const other = state.body.data.sessions.find((s) => !s.current);
    if (!current || !other) throw new Error('two sessions expected');

    const self = await call(t.app, 'POST', fillPath(ACCOUNT_API.sessionLogout, current.jti), second);
    expect(self.body).toMatchObject({ code: ACCOUNT_CODE.sessionInvalid, message: MSG.sessionIsCurrent });
    const ended = await call(t.app, 'POST', fillPath(ACCOUNT_API.sessionLogout, other.jti), second);
    expect(ended.body).toMatchObject({ code: 200, message: MSG.sessionEnded });
    expect((await call(t.app, 'GET', ACCOUNT_API.security, first)).body.code).toBe(CODE.loggedInElsewhere);
    const gone = await call(t.app, 'POST', fillPath(ACCOUNT_API.sessionLogout, other.jti), second);
    expect(gone.body.message).toBe(MSG.sessionNotFound);
    // Another account's session is not found either.
    const demo = await login(t.app, 'goldvip01');
    const foreign = await call(t.app, 'POST', fillPath(ACCOUNT_API.sessionLogout, current.jti), demo);
    expect(foreign.body.message).toBe(MSG.sessionNotFound);
  });

  it('answers the policy totals publicly', async () => {
    const answer = await call<{ type: string; name: string; count: number }[]>(
      t.app,
      'GET',
      ACCOUNT_API.policyCount,
    );
    expect(answer.body.code).toBe(200);
    expect(answer.body.data.map((r) => r.name)).toEqual(['申报通知', '公示公告', '政策动态']);
    for (const row of answer.body.data) expect(row.count).toBeGreaterThanOrEqual(0);
  });
});

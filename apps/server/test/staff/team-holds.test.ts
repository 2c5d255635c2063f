// A staff hold of a main account holds its whole team: the sub-accounts' live sessions end with the main account's,
// their logins (password and SMS) are refused with the same message (联系客服), and lifting the hold lets them sign
// in again (the ended sessions stay ended). The main account's own disabling of a sub-account keeps its own message.
import {
  ACCOUNT_API,
  CODE,
  fillPath,
  HOME_API,
  MSG,
  PUSH_CODE,
  STAFF_MEMBERS_API,
  staffIdPath,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_END } from '../../src/modules/auth/service.js';
import { call } from '../support/account.js';
import type { Envelope } from '../support/app.js';
import { type ClockedApp, createClockedApp } from '../support/clocked-app.js';
import { bearer, loginRequest } from '../support/login.js';
import { createMember, MEMBER_PASSWORD, type TestMember } from '../support/members.js';
import { connect, wsUrl } from '../support/push-socket.js';
import { freshCode } from '../support/sms.js';
import { signInStaff } from '../support/staff.js';

let t: ClockedApp;
let ops: string;
let service: string;
beforeAll(async () => {
  t = await createClockedApp();
  ops = (await signInStaff(t, 'ops')).cookie;
  service = (await signInStaff(t, 'service')).cookie;
});
afterAll(() => t?.close());

const hold = (id: number, disable: boolean, cookie = ops) =>
  t.app.inject({
    method: 'POST',
    url: staffIdPath(disable ? STAFF_MEMBERS_API.disable : STAFF_MEMBERS_API.enable, id),
    headers: { cookie },
    payload: { reason: disable ? '违规使用' : '申诉通过' },
  });

/** What a token answers on a call that reads the main account's data. */
const read = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: HOME_API.customers, headers: bearer(token) })).json<Envelope>();

const passwordLogin = async (username: string) =>
  (await loginRequest(t.app, username, MEMBER_PASSWORD)).json<Envelope<{ token: string } | null>>();

const smsLogin = async (phone: string) => {
  t.advance(61_000);
  const verifycode = await freshCode(t, `/api/message/?phone=${phone}`, phone);
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/login/',
    payload: { type: 1, phone, verifycode },
  });
  return res.json<Envelope<{ token: string } | null>>();
};

/** What a live session of a held account answers, and a login of one. */
const SESSION_HELD = { code: CODE.loggedInElsewhere, message: MSG.memberDisabledByStaff, data: null };
const LOGIN_HELD = { message: MSG.memberDisabledByStaff, data: null };

let made = 0;
/** A main account and one sub-account, both signed in; the sub-account alone on its mobile. */
async function team(): Promise<{ main: TestMember; sub: TestMember; subPhone: string }> {
  made += 1;
  const main = await createMember(t, `tdmain${made}`);
  const sub = await createMember(t, `tdsub${made}`, { parentId: main.id });
  const subPhone = `1370000${String(1000 + made)}`;
  await t.db.updateTable('users').set({ mobile: subPhone }).where('id', '=', sub.id).execute();
  return { main, sub, subPhone };
}

describe('a staff hold of a main account', () => {
  it('ends its sub-accounts’ live sessions at once, telling their sockets why', async () => {
    const { main, sub } = await team();
    expect((await read(sub.token)).code).toBe(200);
    const socket = await connect(t.app, wsUrl(main.id, sub.token));
    expect(await socket.next()).toMatchObject({ code: 0 });

    expect((await hold(main.id, true)).statusCode).toBe(200);
    expect(await socket.next()).toEqual({
      code: PUSH_CODE.loggedInElsewhere,
      message: MSG.memberDisabledByStaff,
    });
    socket.ws.terminate();
    for (const token of [sub.token, main.token]) {
      expect(await read(token)).toEqual(SESSION_HELD);
    }
    const ended = await t.db
      .selectFrom('sessions')
      .select(['revoked_at', 'revoked_reason'])
      .where('user_id', '=', sub.id)
      .execute();
    expect(ended.length).toBeGreaterThan(0);
    expect(
      ended.every((s) => s.revoked_at !== null && s.revoked_reason === SESSION_END.disabledByStaff),
    ).toBe(true);
  });

  it('refuses the sub-accounts’ password and SMS logins with the main account’s message, recorded as failed', async () => {
    const { main, sub, subPhone } = await team();
    await hold(main.id, true);
    expect(await passwordLogin(sub.username)).toMatchObject(LOGIN_HELD);
    expect(await smsLogin(subPhone)).toMatchObject(LOGIN_HELD);
    expect(await passwordLogin(main.username)).toMatchObject(LOGIN_HELD);
    const attempts = await t.db
      .selectFrom('login_events')
      .select(['method', 'success'])
      .where('user_id', '=', sub.id)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(attempts).toEqual([
      { method: 'sms', success: 0 },
      { method: 'password', success: 0 },
    ]);
  });

  it('shows in the console: the sub-account is 随主账号停用 and found by the 停用 filter until it is lifted', async () => {
    const { main, sub } = await team();
    type Row = { username: string; status: string; held_with_main: boolean };
    const listed = async (status: string) => {
      const res = await t.app.inject({
        url: `${STAFF_MEMBERS_API.list}?username=${sub.username}&status=${status}`,
        headers: { cookie: service },
      });
      expect(res.statusCode).toBe(200);
      return res.json<Envelope<{ list: Row[] }>>().data.list.filter((r) => r.username === sub.username);
    };
    expect(await listed('disabled')).toEqual([]);
    await hold(main.id, true);
    expect(await listed('disabled')).toMatchObject([{ status: 'normal', held_with_main: true }]);
    expect(await listed('normal')).toEqual([]);
    await hold(main.id, false);
    expect(await listed('normal')).toMatchObject([{ status: 'normal', held_with_main: false }]);
  });

  it('lifted, lets the sub-accounts sign in again; the sessions it ended stay ended', async () => {
    const { main, sub, subPhone } = await team();
    await hold(main.id, true);
    expect((await hold(main.id, false)).statusCode).toBe(200);
    expect((await read(sub.token)).message).toBe(MSG.memberDisabledByStaff);
    const again = await passwordLogin(sub.username);
    expect(again.code).toBe(200);
    expect((await read(again.data?.token ?? '')).code).toBe(200);
    expect((await smsLogin(subPhone)).code).toBe(200);
  });

  it('of a sub-account alone holds only that sub-account', async () => {
    const { main, sub } = await team();
    expect((await hold(sub.id, true)).statusCode).toBe(200);
    expect((await read(sub.token)).message).toBe(MSG.memberDisabledByStaff);
    expect((await read(main.token)).code).toBe(200);
    expect((await passwordLogin(sub.username)).message).toBe(MSG.memberDisabledByStaff);
    await hold(sub.id, false);
    expect((await passwordLogin(sub.username)).code).toBe(200);
  });

  it('may be set only by a role with members.write (403) and a staff session (401)', async () => {
    const { main, sub } = await team();
    const refused = await hold(main.id, true, service);
    expect(refused.statusCode).toBe(403);
    expect((await hold(main.id, true, '')).statusCode).toBe(401);
    expect((await read(sub.token)).code).toBe(200);
  });
});

describe('the main account’s own disabling of a sub-account', () => {
  const setEnabled = (main: TestMember, sub: TestMember, enabled: boolean) =>
    call(t.app, 'PUT', fillPath(ACCOUNT_API.user, sub.id), main.token, { enabled });

  it('still ends its session and refuses its login, sending it to the main account', async () => {
    const { main, sub } = await team();
    expect((await setEnabled(main, sub, false)).body.code).toBe(200);
    expect((await read(sub.token)).message).toBe(MSG.accountDisabled);
    expect((await passwordLogin(sub.username)).message).toBe(MSG.accountDisabled);
    await setEnabled(main, sub, true);
    expect((await passwordLogin(sub.username)).code).toBe(200);
  });

  it('under a staff hold answers the hold’s message, and the main account’s switch stays after it is lifted', async () => {
    const { main, sub } = await team();
    await setEnabled(main, sub, false);
    await hold(main.id, true);
    expect((await passwordLogin(sub.username)).message).toBe(MSG.memberDisabledByStaff);
    await hold(main.id, false);
    expect((await passwordLogin(sub.username)).message).toBe(MSG.accountDisabled);
  });
});

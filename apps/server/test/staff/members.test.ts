// The console's 会员 section: the list with its filters and .xlsx export, a member's detail, and the changes (修改套餐,
// 停用/启用, 强制下线, 重置密码), each audited with before/after/reason in its transaction; a disabled member's login
// refused and its sessions ended; 401 without a staff session, 403 for a role without the permission.
import {
  HOME_API,
  type MemberPasswordData,
  MSG,
  type Page,
  PUSH_CODE,
  STAFF_MEMBERS_API,
  type StaffMemberDetail,
  type StaffMemberItem,
  type StaffPlanOption,
  staffIdPath,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_TYPE } from '../../src/lib/xlsx.js';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { bearer, loginRequest } from '../support/login.js';
import { createMember, MEMBER_PASSWORD, type TestMember } from '../support/members.js';
import { connect, wsUrl } from '../support/push-socket.js';
import { signInStaff } from '../support/staff.js';
import { readSheet } from '../support/xlsx.js';

let t: TestApp;
let ops: string;
let service: string;
let member: TestMember;
let sub: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  ops = (await signInStaff(t, 'ops')).cookie;
  service = (await signInStaff(t, 'service')).cookie;
  member = await createMember(t, 'hyzhang01', { company: '会员测试科技有限公司' });
  sub = await createMember(t, 'hyzhang01s', { parentId: member.id });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const path = (template: string, id: number = member.id) => staffIdPath(template, id);

async function lastAudit(action: string, targetId: number) {
  return t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** What the member's token answers now (its own profile call). */
const asMember = (token: string) =>
  t.app.inject({ method: 'GET', url: HOME_API.userInfo, headers: bearer(token) });

describe('who may call', () => {
  it('401 without a staff session', async () => {
    for (const url of [STAFF_MEMBERS_API.list, STAFF_MEMBERS_API.export, path(STAFF_MEMBERS_API.detail)]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json<Envelope>().message).toBe(MSG.staffSessionExpired);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: path(STAFF_MEMBERS_API.disable),
      payload: { reason: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('客服 reads (members.read) but may not change (members.write): 403', async () => {
    expect((await get(STAFF_MEMBERS_API.list, service)).statusCode).toBe(200);
    expect((await get(path(STAFF_MEMBERS_API.detail), service)).statusCode).toBe(200);
    for (const url of [
      STAFF_MEMBERS_API.plan,
      STAFF_MEMBERS_API.disable,
      STAFF_MEMBERS_API.enable,
      STAFF_MEMBERS_API.logout,
      STAFF_MEMBERS_API.password,
    ]) {
      const res = await post(path(url), service, { reason: '测试' });
      expect(res.statusCode).toBe(403);
      expect(res.json<Envelope>().message).toBe(MSG.staffForbidden);
    }
  });

  it('a member token is no staff session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: STAFF_MEMBERS_API.list,
      headers: bearer(member.token),
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the list, its export and the detail', () => {
  it('filters by username, company, level and status, paged', async () => {
    const res = await get(`${STAFF_MEMBERS_API.list}?username=hyzhang&size=5`, ops);
    expect(res.statusCode).toBe(200);
    const page = res.json<Envelope<Page<StaffMemberItem>>>().data;
    expect(page.total).toBe(2);
    expect(page.list.map((m) => m.username)).toEqual(['hyzhang01s', 'hyzhang01']);
    expect(page.list[0]).toMatchObject({ is_sub: true, parent_username: 'hyzhang01', status: 'normal' });
    expect(page.list[1]).toMatchObject({
      level: 22,
      level_name: 'VIP专业版',
      company_name: '会员测试科技有限公司',
    });

    const byCompany = await get(`${STAFF_MEMBERS_API.list}?company=${encodeURIComponent('会员测试')}`, ops);
    expect(byCompany.json<Envelope<Page<StaffMemberItem>>>().data.list.map((m) => m.id)).toEqual([member.id]);
    const byLevel = await get(`${STAFF_MEMBERS_API.list}?username=hyzhang&level=22`, ops);
    expect(byLevel.json<Envelope<Page<StaffMemberItem>>>().data.total).toBe(2);
    const wildcard = await get(`${STAFF_MEMBERS_API.list}?username=${encodeURIComponent('%')}`, ops);
    expect(wildcard.json<Envelope<Page<StaffMemberItem>>>().data.total).toBe(0);
    const disabled = await get(`${STAFF_MEMBERS_API.list}?username=hyzhang&status=disabled`, ops);
    expect(disabled.json<Envelope<Page<StaffMemberItem>>>().data.total).toBe(0);
  });

  it('refuses a malformed filter with a Chinese message', async () => {
    const res = await get(`${STAFF_MEMBERS_API.list}?from=2026-13`, ops);
    expect(res.statusCode).toBe(400);
    expect(res.json<Envelope>().message).toBe(MSG.consoleDateInvalid);
    const level = await get(`${STAFF_MEMBERS_API.list}?level=99`, ops);
    expect(level.json<Envelope>().message).toBe(MSG.memberLevelInvalid);
  });

  it('exports the filter as .xlsx', async () => {
    const res = await get(`${STAFF_MEMBERS_API.export}?username=hyzhang01`, ops);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(XLSX_TYPE);
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.rows[0]?.[1]).toBe('用户名');
    expect(sheet.rows.slice(1).map((r) => r[1])).toEqual(['hyzhang01s', 'hyzhang01']);
  });

  it('shows a member with its sub-accounts and logins; 404 for an unknown one', async () => {
    const res = await get(path(STAFF_MEMBERS_API.detail), ops);
    expect(res.statusCode).toBe(200);
    const detail = res.json<Envelope<StaffMemberDetail>>().data;
    expect(detail.member.username).toBe('hyzhang01');
    expect(detail.sub_accounts.map((s) => s.username)).toEqual(['hyzhang01s']);
    expect(detail.logins[0]).toMatchObject({ method: 'password', success: true });
    expect(Array.isArray(detail.orders)).toBe(true);
    expect(Array.isArray(detail.messages)).toBe(true);

    const missing = await get(path(STAFF_MEMBERS_API.detail, 999_999), ops);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<Envelope>().message).toBe(MSG.memberNotFound);
  });
});

describe('修改套餐', () => {
  it('sets level, plan and last day, audited with before and after', async () => {
    const plans = (await get(STAFF_MEMBERS_API.plans, ops)).json<Envelope<StaffPlanOption[]>>().data;
    const plan = plans.find((p) => p.level === 30) ?? plans[0];
    if (!plan) throw new Error('no plan to set');
    const res = await post(path(STAFF_MEMBERS_API.plan), ops, {
      gid: plan.gid,
      level: plan.level,
      expired_on: '2099-12-31',
      reason: '线下签约',
    });
    expect(res.statusCode).toBe(200);
    const item = res.json<Envelope<StaffMemberItem>>().data;
    expect(item).toMatchObject({ gid: plan.gid, level: plan.level, expired_at: '2099-12-31T15:59:59.999Z' });
    const row = await lastAudit('members.set_plan', member.id);
    expect(JSON.parse(row.before ?? '')).toMatchObject({ level: 22, gid: 13 });
    expect(JSON.parse(row.after ?? '')).toEqual({
      level: plan.level,
      gid: plan.gid,
      expired_at: '2099-12-31T15:59:59.999Z',
    });
    expect(row.reason).toBe('线下签约');
    // The member sees the new level at once.
    const info = await asMember(member.token);
    expect(info.json<Envelope<{ level: number }>>().data.level).toBe(plan.level);
  });

  it('refuses what the rules refuse, in Chinese, and changes nothing', async () => {
    const cases: [number, object, string][] = [
      [sub.id, { gid: null, level: 10, expired_on: null, reason: '试' }, MSG.memberPlanOfSub],
      [member.id, { gid: null, level: 30, expired_on: null, reason: '试' }, MSG.memberExpiryRequired],
      [member.id, { gid: null, level: 30, expired_on: '2020-01-01', reason: '试' }, MSG.memberExpiryPast],
      [member.id, { gid: 13, level: 60, expired_on: '2099-01-01', reason: '试' }, MSG.memberPlanInvalid],
      [member.id, { gid: null, level: 10, expired_on: null, reason: '  ' }, MSG.reasonRequired],
      [member.id, { gid: null, level: 10, expired_on: null }, MSG.reasonRequired],
    ];
    const before = await t.db.selectFrom('audit_log').select('id').execute();
    for (const [id, body, message] of cases) {
      const res = await post(path(STAFF_MEMBERS_API.plan, id), ops, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json<Envelope>().message).toBe(message);
    }
    expect(await t.db.selectFrom('audit_log').select('id').execute()).toHaveLength(before.length);
  });
});

describe('停用 and 启用', () => {
  it('ends the sessions, refuses the login with its own message, and enabling restores it', async () => {
    const other = await createMember(t, 'hyting01');
    // A main account's group is itself: its push connection is told why it closes.
    const socket = await connect(t.app, wsUrl(other.id, other.token));
    expect(await socket.next()).toMatchObject({ code: 0 });
    const res = await post(path(STAFF_MEMBERS_API.disable, other.id), ops, { reason: '违规使用' });
    expect(await socket.next()).toEqual({
      code: PUSH_CODE.loggedInElsewhere,
      message: MSG.memberDisabledByStaff,
    });
    socket.ws.terminate();
    expect(res.statusCode).toBe(200);
    expect(res.json<Envelope<StaffMemberItem>>().data.status).toBe('disabled');
    const row = await lastAudit('members.disable', other.id);
    expect(JSON.parse(row.before ?? '')).toEqual({ status: 'normal' });
    expect(JSON.parse(row.after ?? '')).toEqual({ status: 'disabled' });
    expect(row.reason).toBe('违规使用');

    expect((await asMember(other.token)).json<Envelope>().message).toBe(MSG.memberDisabledByStaff);
    const login = await loginRequest(t.app, 'hyting01', MEMBER_PASSWORD);
    expect(login.json<Envelope>().message).toBe(MSG.memberDisabledByStaff);

    const again = await post(path(STAFF_MEMBERS_API.disable, other.id), ops, { reason: '再次' });
    expect(again.statusCode).toBe(400);
    expect(again.json<Envelope>().message).toBe(MSG.memberAlreadyDisabled);

    const enabled = await post(path(STAFF_MEMBERS_API.enable, other.id), ops, { reason: '申诉通过' });
    expect(enabled.json<Envelope<StaffMemberItem>>().data.status).toBe('normal');
    expect(JSON.parse((await lastAudit('members.enable', other.id)).after ?? '')).toEqual({
      status: 'normal',
    });
    const back = await loginRequest(t.app, 'hyting01', MEMBER_PASSWORD);
    expect(back.json<Envelope<{ token: string }>>().data.token).toBeTruthy();
  });
});

describe('强制下线 and 重置密码', () => {
  it('强制下线 ends every session of the member', async () => {
    const other = await createMember(t, 'hyxia01');
    const res = await post(path(STAFF_MEMBERS_API.logout, other.id), ops, { reason: '账号异常' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Envelope<{ ended: number }>>().data.ended).toBe(1);
    expect((await asMember(other.token)).statusCode).toBe(401);
    const row = await lastAudit('members.logout', other.id);
    expect(JSON.parse(row.before ?? '')).toEqual({ live_sessions: 1 });
    expect(row.reason).toBe('账号异常');
  });

  it('重置密码 answers a temporary password once; the old one and the sessions end', async () => {
    const other = await createMember(t, 'hymi01');
    const res = await post(path(STAFF_MEMBERS_API.password, other.id), ops, { reason: '会员来电' });
    expect(res.statusCode).toBe(200);
    const { password } = res.json<Envelope<MemberPasswordData>>().data;
    expect(password).toMatch(/^(?=.*[a-zA-Z])(?=.*\d)[a-zA-Z\d]{10}$/);
    expect((await asMember(other.token)).json<Envelope>().message).toBe(MSG.passwordChangedPush);
    expect((await loginRequest(t.app, 'hymi01', MEMBER_PASSWORD)).json<Envelope>().data).toBeNull();
    expect(
      (await loginRequest(t.app, 'hymi01', password)).json<Envelope<{ token: string }>>().data.token,
    ).toBeTruthy();
    const row = await lastAudit('members.reset_password', other.id);
    expect(row.reason).toBe('会员来电');
    expect(`${row.before}${row.after}`).not.toContain(password);
  });
});

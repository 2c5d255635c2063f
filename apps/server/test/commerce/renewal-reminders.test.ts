// Renewal reminders: the window of each day before a plan ends (Shanghai dates), each window's reminder once to a
// main account (消息中心 always, SMS and mail per 推送设置, held by quiet hours), none to sub-accounts or to a member
// who renewed meanwhile, exactly once under two instances running the job at once and after a restart; the console's
// list of what was sent (success, 401, 403).
import { type Envelope, MSG, type Page, STAFF_NOTICES_API, type StaffNotice, shanghaiDate } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewalLink, renewalWindow } from '../../src/modules/commerce/renewal-reminders.js';
import { quietEnd } from '../../src/modules/notices/service.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { createShopApp, memberRow, type ShopApp } from '../support/commerce.js';
import { signInStaff } from '../support/staff.js';

const DAY_MS = 24 * 3_600_000;

describe('the window of a day', () => {
  // 2026-12-01 09:00 in Shanghai is 01:00 UTC.
  const at = new Date('2026-12-01T01:00:00Z');
  const ending = (date: string, time = '12:00') => `${date}T${time}:00+08:00`;

  it.each([
    ['2027-01-01', null],
    ['2026-12-31', 30],
    ['2026-12-09', 30],
    ['2026-12-08', 7],
    ['2026-12-03', 7],
    ['2026-12-02', 1],
    ['2026-12-01', 0],
    ['2026-11-30', null],
  ])('a plan ending on %s (Shanghai) is in window %s', (date, window) => {
    expect(renewalWindow(ending(date), at)).toBe(window);
  });

  it('counts Shanghai dates, not UTC ones', () => {
    // 2026-12-01 23:30 in Shanghai is still 2026-12-01 15:30 UTC: a plan ending 2026-12-02 00:30 Shanghai is 1 day
    // away there although both instants fall on 2026-12-01 in UTC.
    const late = new Date('2026-12-01T15:30:00Z');
    expect(renewalWindow('2026-12-01T16:30:00Z', late)).toBe(1);
    expect(renewalWindow('2026-12-01T15:45:00Z', late)).toBe(0);
  });

  it('links the plan order in renew mode, the plan list for a legacy level', () => {
    expect(renewalLink({ level: 22, gid: 13 })).toBe('/taocandetail?gid=13&state=1&isRenew=1');
    expect(renewalLink({ level: 30, gid: null })).toBe('/vip/index');
    expect(renewalLink({ level: 40, gid: 5 })).toBe('/vip/index');
  });

  it('holds a notice until the quiet hours end', () => {
    const quiet = { quiet_start: '22:00', quiet_end: '08:00' };
    // 23:00 Shanghai: the next 08:00.
    expect(quietEnd(quiet, new Date('2026-12-01T15:00:00Z')).toISOString()).toBe('2026-12-02T00:00:00.000Z');
    // 07:00 Shanghai: 08:00 the same day.
    expect(quietEnd(quiet, new Date('2026-11-30T23:00:00Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    // 09:00: at once.
    const day = new Date('2026-12-01T01:00:00Z');
    expect(quietEnd(quiet, day)).toBe(day);
    expect(quietEnd({ quiet_start: '', quiet_end: '' }, day)).toBe(day);
  });
});

/** The plan of `username` ending at noon (Shanghai) `days` days after the app's today. */
async function endsIn(
  t: TestApp & { now(): Date },
  username: string,
  days: number,
  plan?: { level: number; gid: number | null },
) {
  const date = shanghaiDate(new Date(t.now().getTime() + days * DAY_MS));
  const row = await t.db
    .updateTable('users')
    .set({ expired_at: new Date(`${date}T12:00:00+08:00`).toISOString(), ...(plan ?? {}) })
    .where('username', '=', username)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The member's 推送设置 channels and quiet hours. */
async function channels(t: TestApp, userId: number, list: string[], quiet: [string, string] = ['', '']) {
  const values = {
    user_id: userId,
    regions: '[]',
    departments: '[]',
    industries: '[]',
    types: '[]',
    keywords: '[]',
    channels: JSON.stringify(list),
    quiet_start: quiet[0],
    quiet_end: quiet[1],
    updated_at: new Date().toISOString(),
  };
  await t.db
    .insertInto('push_settings')
    .values(values)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

const reminders = (t: TestApp, userId: number) =>
  t.db
    .selectFrom('messages')
    .select(['title', 'body', 'link', 'kind'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'system')
    .where('title', 'in', [MSG.renewalDueTitle, MSG.renewalTodayTitle])
    .orderBy('id')
    .execute();

const noticeRows = (t: TestApp, userId: number) =>
  t.db
    .selectFrom('member_notices')
    .select(['event', 'channel', 'window_days', 'state', 'recipient'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

async function sms(t: TestApp, phone: string): Promise<{ purpose: string; text?: string }[]> {
  const res = await t.app.inject({ method: 'GET', url: `/__dev/sms?phone=${phone}` });
  return res
    .json<Envelope<{ purpose: string; text?: string }[]>>()
    .data.filter((m) => m.purpose === 'notice');
}

async function mails(t: TestApp, to: string): Promise<{ subject: string; text: string }[]> {
  const res = await t.app.inject({ method: 'GET', url: `/__dev/mail?to=${encodeURIComponent(to)}` });
  return res.json<Envelope<{ subject: string; text: string }[]>>().data;
}

describe('renewal reminders', () => {
  let t: ShopApp;
  beforeAll(async () => {
    t = await createShopApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('tells a member at 30, 7 and 1 days and on the day, each once, with the renewal order of its plan', async () => {
    const id = await endsIn(t, 'demouser', 30, { level: 22, gid: 13 });
    const run = () => t.app.renewalReminders.run();
    await run();
    await run();
    expect(await reminders(t, id)).toEqual([
      {
        kind: 'system',
        title: MSG.renewalDueTitle,
        body: expect.stringContaining('VIP专业版'),
        link: '/taocandetail?gid=13&state=1&isRenew=1',
      },
    ]);
    const expiresOn = shanghaiDate((await memberRow(t, 'demouser')).expired_at ?? '');
    expect((await reminders(t, id))[0]?.body).toContain(`${expiresOn}到期（剩余30天）`);
    t.advance(23 * DAY_MS);
    await run();
    t.advance(6 * DAY_MS);
    await run();
    await run();
    t.advance(DAY_MS);
    await run();
    await run();
    const told = await reminders(t, id);
    expect(told.map((m) => m.title)).toEqual([
      MSG.renewalDueTitle,
      MSG.renewalDueTitle,
      MSG.renewalDueTitle,
      MSG.renewalTodayTitle,
    ]);
    expect(told[3]?.body).toContain(`于今日（${expiresOn}）到期`);
    // 站内 only: demouser's settings are the defaults.
    expect(await noticeRows(t, id)).toEqual(
      [30, 7, 1, 0].map((w) => ({
        event: `renewal:${w}:${expiresOn}`,
        channel: 'site',
        window_days: w,
        state: 'sent',
        recipient: '',
      })),
    );
    expect(await sms(t, '13800138000')).toEqual([]);
    // A day after it lapsed: nothing more.
    t.advance(DAY_MS);
    await run();
    expect(await reminders(t, id)).toHaveLength(4);
  });

  it('tells a member first seen inside a window of that window only', async () => {
    const id = await endsIn(t, 'payper01', 5, { level: 21, gid: 12 });
    await t.app.renewalReminders.run();
    expect((await noticeRows(t, id)).map((r) => r.window_days)).toEqual([7]);
  });

  it('tells no sub-account, and no member without a paid plan', async () => {
    const sub = await endsIn(t, 'demosub01', 7, { level: 22, gid: 13 });
    const trial = await endsIn(t, 'trialuser', 7, { level: 10, gid: null });
    await t.app.renewalReminders.run();
    expect(await reminders(t, sub)).toEqual([]);
    expect(await reminders(t, trial)).toEqual([]);
  });

  it('sends SMS and mail only on the channels the member chose, where a mobile or email exists', async () => {
    const gold = await endsIn(t, 'goldvip01', 7, { level: 30, gid: null });
    await channels(t, gold, ['site', 'sms', 'email']);
    const nophone = await endsIn(t, 'nophone01', 7, { level: 21, gid: 12 });
    await channels(t, nophone, ['sms', 'email']);
    await t.app.renewalReminders.run();
    await t.app.renewalReminders.run();
    const [text] = await sms(t, '13800138002');
    expect(await sms(t, '13800138002')).toHaveLength(1);
    expect(text?.text).toMatch(
      /^【.+】会员即将到期：黄金会员于\d{4}-\d{2}-\d{2}到期，详情请登录会员中心「消息中心」查看$/,
    );
    const [mail] = await mails(t, 'gold@example.com');
    expect(mail?.subject).toBe(MSG.renewalDueTitle);
    // The link opens the member app's page (under its base path).
    expect(mail?.text).toMatch(/\nhttps?:\/\/[^/]+\/usercenter\/vip\/index$/);
    expect(await reminders(t, gold)).toEqual([expect.objectContaining({ link: '/vip/index' })]);
    // No mobile: the mail and 消息中心 (always, for an account notice) only.
    expect((await noticeRows(t, nophone)).map((r) => [r.channel, r.state])).toEqual([
      ['site', 'sent'],
      ['email', 'sent'],
    ]);
    expect(await mails(t, 'nophone@example.com')).toHaveLength(1);
  });

  it('holds SMS and mail through quiet hours, and drops them when the member renewed meanwhile', async () => {
    // Every hour of the day is quiet but the minute before the clock's own: held until quiet_end.
    const hhmm = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(11, 16);
    const quiet: [string, string] = [hhmm(t.now().getTime() - 60_000), hhmm(t.now().getTime() + 3_600_000)];
    const id = await endsIn(t, 'demouser', 7);
    await channels(t, id, ['site', 'sms'], quiet);
    await t.app.renewalReminders.run();
    expect(
      (await noticeRows(t, id)).filter((r) => r.event.startsWith('renewal:7:') && r.channel === 'sms'),
    ).toEqual([expect.objectContaining({ state: 'pending' })]);
    expect(await sms(t, '13800138000')).toEqual([]);
    // Renewed for a year before the quiet hours end: the held SMS is not sent.
    await endsIn(t, 'demouser', 372);
    t.advance(2 * 3_600_000);
    await t.app.renewalReminders.run();
    expect((await noticeRows(t, id)).filter((r) => r.channel === 'sms').map((r) => r.state)).toEqual([
      'skipped',
    ]);
    expect(await sms(t, '13800138000')).toEqual([]);
  });

  it('tells a member who renewed before the window nothing of the old expiry', async () => {
    const id = await endsIn(t, 'payper01', 400);
    const before = (await noticeRows(t, id)).length;
    await t.app.renewalReminders.run();
    expect(await noticeRows(t, id)).toHaveLength(before);
  });
});

describe('two instances on one database and a restart', () => {
  let a: TestApp;
  let b: TestApp;
  let clock = Date.now();
  const now = () => new Date(clock);
  beforeAll(async () => {
    a = await createTestApp({}, { now });
    b = await createTestApp({ dataDir: a.config.dataDir, databaseUrl: a.config.databaseUrl }, { now });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('sends each reminder once', async () => {
    const t = Object.assign(a, { now });
    const id = await endsIn(t, 'goldvip01', 7, { level: 30, gid: null });
    await channels(a, id, ['site', 'sms', 'email']);
    await Promise.all([
      a.app.renewalReminders.run(),
      b.app.renewalReminders.run(),
      a.app.renewalReminders.run(),
      b.app.renewalReminders.run(),
    ]);
    expect(await reminders(a, id)).toHaveLength(1);
    const texted = [...(await sms(a, '13800138002')), ...(await sms(b, '13800138002'))];
    expect(texted).toHaveLength(1);
    const mailed = [...(await mails(a, 'gold@example.com')), ...(await mails(b, 'gold@example.com'))];
    expect(mailed).toHaveLength(1);

    // A restart: a new instance on the same database, an hour later, sends nothing again.
    await b.close();
    clock += 3_600_000;
    b = await createTestApp({ dataDir: a.config.dataDir, databaseUrl: a.config.databaseUrl }, { now });
    await b.app.renewalReminders.run();
    expect(await reminders(a, id)).toHaveLength(1);
    expect(await sms(b, '13800138002')).toEqual([]);
    expect(await mails(b, 'gold@example.com')).toEqual([]);
  });
});

describe('the console list of notices', () => {
  let t: ShopApp;
  beforeAll(async () => {
    t = await createShopApp();
    await endsIn(t, 'demouser', 7, { level: 22, gid: 13 });
    await t.app.renewalReminders.run();
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (cookie: string | null, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `${STAFF_NOTICES_API.list}${query}`,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('lists what was sent, filtered by kind, channel and date', async () => {
    const { cookie } = await signInStaff(t, 'service');
    const today = shanghaiDate(t.now());
    const res = await list(cookie, `?kind=renewal&channel=site&from=${today}&to=${today}&username=demouser`);
    expect(res.statusCode).toBe(200);
    const page = res.json<Envelope<Page<StaffNotice>>>().data;
    expect(page.list).toEqual([
      expect.objectContaining({
        username: 'demouser',
        kind: 'renewal',
        window_days: 7,
        channel: 'site',
        title: MSG.renewalDueTitle,
        state: 'sent',
      }),
    ]);
    expect(
      (await list(cookie, '?kind=refund&username=demouser')).json<Envelope<Page<StaffNotice>>>().data.list,
    ).toEqual([]);
    const tomorrow = shanghaiDate(t.now().getTime() + DAY_MS);
    expect((await list(cookie, `?from=${tomorrow}`)).json<Envelope<Page<StaffNotice>>>().data.total).toBe(0);
  });

  it('refuses a bad date with the console message', async () => {
    const { cookie } = await signInStaff(t, 'admin');
    const res = await list(cookie, '?from=2026-13-45');
    expect(res.statusCode).toBe(400);
    expect(res.json<Envelope>().message).toBe(MSG.consoleDateInvalid);
  });

  it('needs a staff session (401) and members.read (403)', async () => {
    expect((await list(null)).statusCode).toBe(401);
    // Every role reads members (the list); 客服 has no members.export: its export is refused.
    const { cookie } = await signInStaff(t, 'service');
    const exported = await t.app.inject({
      method: 'GET',
      url: STAFF_NOTICES_API.export,
      headers: { cookie },
    });
    expect(exported.statusCode).toBe(403);
  });
});

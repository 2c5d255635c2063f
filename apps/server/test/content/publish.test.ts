// Publishing a policy item: the matching online members get a push on their websocket, see it in 订阅项目, and get at
// most one email and one SMS digest a day; the operator's `content publish` command inserts an item the server then pushes.
import {
  MSG,
  MSG_WITH,
  type Page,
  type PolicyFeedItem,
  PUSH_POLICY_MATCHED,
  SUBSCRIBE_API,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemFromArgs, runContentCli } from '../../src/modules/content/cli.js';
import { inQuietHours } from '../../src/modules/subscriptions/matching.js';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { bearer } from '../support/login.js';
import { createMember, getData, hoursFrom, type TestMember } from '../support/members.js';
import { connect, type TestSocket, wsUrl } from '../support/push-socket.js';

let clock = new Date(Date.UTC(2026, 10, 24, 2, 0, 0));
let t: TestApp;
let a: TestMember;
let b: TestMember;
let none: TestMember;
let trial: TestMember;

async function settle(member: TestMember, form: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: SUBSCRIBE_API.updateConfig,
    headers: { ...bearer(member.token), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  expect(res.json<Envelope>().code, res.body).toBe(200);
}

const item = (over: {
  title: string;
  city_code?: string | null;
  type?: string;
  industry_code?: string | null;
}) => ({
  type: 'zcdt',
  dept_name: '深圳市科技创新委员会',
  city_code: '440300' as string | null,
  area_code: null,
  industry_code: null as string | null,
  publish_time: clock.toISOString(),
  end_time: null,
  ...over,
});

const mails = async (to: string) =>
  (await t.app.inject({ method: 'GET', url: `/__dev/mail?to=${encodeURIComponent(to)}` })).json<
    Envelope<{ subject: string; text: string }[]>
  >().data;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }, { now: () => clock });
  a = await createMember(t, 'publisha1');
  b = await createMember(t, 'publishb1');
  none = await createMember(t, 'publishnone');
  trial = await createMember(t, 'publishtrial');
  await t.db.updateTable('users').set({ email: 'a@example.com' }).where('id', '=', a.id).execute();
  await settle(a, { regions: '440300', keywords: '数字经济', channels: 'site,email' });
  await settle(b, { regions: '440100', types: 'zcdt' });
  await settle(trial, { regions: '440300' });
  // A plan that has lapsed to trial: settings kept, pushes stopped.
  await t.db.updateTable('users').set({ level: 10 }).where('id', '=', trial.id).execute();
});
afterAll(() => t.close());

describe('publishing', () => {
  let sa: TestSocket;
  let sb: TestSocket;

  beforeAll(async () => {
    sa = await connect(t.app, wsUrl(a.id, a.token));
    sb = await connect(t.app, wsUrl(b.id, b.token));
    expect(await sa.next()).toMatchObject({ code: 0 });
    expect(await sb.next()).toMatchObject({ code: 0 });
  });

  it('pushes a new matching item to the matching members only, and lists it in 订阅项目', async () => {
    const id = await t.app.publisher.publish(item({ title: '深圳市数字经济发展专项资金政策解读' }));
    expect(await sa.next()).toEqual({
      code: PUSH_POLICY_MATCHED,
      message: '深圳市数字经济发展专项资金政策解读',
    });
    // b's next push is its own match: the first item never reached it.
    await t.app.publisher.publish(item({ title: '广州市软件产业政策', city_code: '440100' }));
    expect(await sb.next()).toEqual({ code: PUSH_POLICY_MATCHED, message: '广州市软件产业政策' });
    expect(sa.pending()).toEqual([]);
    const feed = await getData<Page<PolicyFeedItem>>(t, a, `${SUBSCRIBE_API.subList}?activeName=dyxm`);
    expect(feed.list.map((i) => i.id)).toEqual([id]);
    expect(
      (await getData<Page<PolicyFeedItem>>(t, none, `${SUBSCRIBE_API.subList}?activeName=dyxm`)).total,
    ).toBe(0);
    const row = await t.db
      .selectFrom('policy_publications')
      .selectAll()
      .where('item_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ matched: 1, dispatched_at: clock.toISOString() });
  });

  it('sends at most one email digest per member and day', async () => {
    // The digest, then the link to the notice's page in the member app.
    const [first] = await mails('a@example.com');
    const [digest, link] = (first?.text ?? '').split('\n');
    expect(digest).toBe(MSG_WITH.pushDigest('深圳市数字经济发展专项资金政策解读', 1));
    expect(link).toMatch(/^https?:\/\/[^/]+\/usercenter\/policy\/detail\?id=\d+$/);
    expect(await mails('a@example.com')).toHaveLength(1);
    await t.app.publisher.publish(item({ title: '深圳市数字经济第二条' }));
    expect(await sa.next()).toMatchObject({ message: '深圳市数字经济第二条' });
    expect(await mails('a@example.com')).toHaveLength(1);
    clock = new Date(clock.getTime() + 24 * 3600_000);
    await t.app.publisher.publish(item({ title: '深圳市数字经济第三条', city_code: null }));
    expect(await sa.next()).toMatchObject({ message: '深圳市数字经济第三条' });
    expect(await mails('a@example.com')).toHaveLength(2);
  });

  it('waits for an item’s publish time, then pushes it exactly once', async () => {
    await t.app.publisher.publish({
      ...item({ title: '深圳市数字经济预告' }),
      publish_time: hoursFrom(clock, 1),
    });
    expect(sa.pending()).toEqual([]);
    clock = new Date(clock.getTime() + 3600_000);
    expect(await Promise.all([t.app.publisher.tick(), t.app.publisher.tick()])).toEqual([1, 0]);
    expect(await sa.next()).toMatchObject({ message: '深圳市数字经济预告' });
    expect(await t.app.publisher.tick()).toBe(0);
  });

  it('publishes from the operator command; the running server pushes it', async () => {
    const out: string[] = [];
    const code = await runContentCli(
      t.db,
      [
        'publish',
        '--type',
        'sbtz',
        '--title',
        '关于申报深圳市数字经济项目的通知',
        '--dept',
        '深圳市工业和信息化局',
        '--city',
        '440300',
      ],
      { log: (l) => out.push(l), error: (l) => out.push(l) },
      () => clock,
    );
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^published policy item \d+ \(sbtz\)/);
    // The server's outbox poll picks it up (the test runs the poll once instead of waiting for the timer).
    await t.app.publisher.tick();
    expect(await sa.next()).toMatchObject({
      code: PUSH_POLICY_MATCHED,
      message: '关于申报深圳市数字经济项目的通知',
    });
  });

  it('refuses bad arguments', async () => {
    const errors: string[] = [];
    const out = { log: () => {}, error: (l: string) => errors.push(l) };
    expect(await runContentCli(t.db, ['publish', '--type', 'news', '--title', 'x', '--dept', 'y'], out)).toBe(
      2,
    );
    expect(await runContentCli(t.db, ['remove'], out)).toBe(2);
    expect(
      itemFromArgs({ type: 'zcdt', title: 't', dept: 'd', area: '440106', city: '440300' }, clock),
    ).toEqual({
      error: MSG.contentAreaNotInCity,
    });
    expect(itemFromArgs({ type: 'zcdt', title: 't', dept: 'd', area: '440106' }, clock)).toMatchObject({
      city_code: '440100',
      area_code: '440106',
    });
  });
});

const texts = async (phone: string) =>
  (await t.app.inject({ method: 'GET', url: `/__dev/sms?phone=${phone}` })).json<
    Envelope<{ purpose: string; text?: string }[]>
  >().data;

describe('SMS digests', () => {
  let texter: TestMember;
  let phoneless: TestMember;
  let quiet: TestMember;
  let mailer: TestMember;

  beforeAll(async () => {
    texter = await createMember(t, 'smsdigest1');
    phoneless = await createMember(t, 'smsdigest2');
    quiet = await createMember(t, 'smsdigest3');
    mailer = await createMember(t, 'smsdigest4');
    for (const [m, mobile] of [
      [texter, '13911110001'],
      [phoneless, null],
      [quiet, '13911110003'],
      [mailer, '13911110004'],
    ] as const)
      await t.db.updateTable('users').set({ mobile }).where('id', '=', m.id).execute();
    const base = { regions: '440300', keywords: '短信摘要' };
    await settle(texter, { ...base, channels: 'site,sms' });
    await settle(phoneless, { ...base, channels: 'sms' });
    // 11:00-12:00 Shanghai is 03:00-04:00 UTC.
    await settle(quiet, { ...base, channels: 'sms', quiet_start: '11:00', quiet_end: '12:00' });
    await settle(mailer, { ...base, channels: 'email' });
    clock = new Date(Date.UTC(2026, 11, 1, 3, 0, 0));
  });

  it('sends one SMS for two matching items the same day, and another the next day', async () => {
    await t.app.publisher.publish(item({ title: '深圳市短信摘要第一条' }));
    await t.app.publisher.publish(item({ title: '深圳市短信摘要第二条' }));
    expect(await texts('13911110001')).toEqual([
      expect.objectContaining({
        purpose: 'digest',
        text: `【查策网】${MSG_WITH.pushDigest('深圳市短信摘要第一条', 1)}`,
      }),
    ]);
    clock = new Date(clock.getTime() + 24 * 3600_000);
    await t.app.publisher.publish(item({ title: '深圳市短信摘要次日' }));
    expect((await texts('13911110001')).map((m) => m.text)).toEqual([
      `【查策网】${MSG_WITH.pushDigest('深圳市短信摘要次日', 1)}`,
      `【查策网】${MSG_WITH.pushDigest('深圳市短信摘要第一条', 1)}`,
    ]);
  });

  it('sends none without a bound phone, nor to a member who chose email only', async () => {
    const rows = await t.db
      .selectFrom('push_digests')
      .select(['user_id', 'channel'])
      .where('user_id', 'in', [phoneless.id, mailer.id])
      .execute();
    expect(rows.filter((r) => r.channel === 'sms')).toEqual([]);
    expect(await texts('13911110004')).toEqual([]);
  });

  it('holds the SMS back during quiet hours and sends it with the next item after them', async () => {
    expect(await texts('13911110003')).toEqual([]);
    clock = new Date(clock.getTime() + 2 * 3600_000);
    await t.app.publisher.publish(item({ title: '深圳市短信摘要午后' }));
    expect((await texts('13911110003')).map((m) => m.text)).toEqual([
      `【查策网】${MSG_WITH.pushDigest('深圳市短信摘要午后', 1)}`,
    ]);
  });
});

describe('quiet hours', () => {
  it('covers ranges within a day and over midnight', () => {
    expect(inQuietHours({ quiet_start: '22:00', quiet_end: '08:00' }, '23:30')).toBe(true);
    expect(inQuietHours({ quiet_start: '22:00', quiet_end: '08:00' }, '07:59')).toBe(true);
    expect(inQuietHours({ quiet_start: '22:00', quiet_end: '08:00' }, '08:00')).toBe(false);
    expect(inQuietHours({ quiet_start: '12:00', quiet_end: '14:00' }, '13:00')).toBe(true);
    expect(inQuietHours({ quiet_start: '', quiet_end: '' }, '13:00')).toBe(false);
  });
});

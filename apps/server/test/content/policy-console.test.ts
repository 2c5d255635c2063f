// 内容 in the operator console: publishing a policy item (now, or scheduled) reaches the matching members through the
// publisher exactly as the CLI's items do; editing follows the before/after-publishing rules; withdrawing takes the
// item out of members' lists; every change writes its audit row; content.read/content.write gate the calls.
import {
  type ContentItem,
  MSG,
  type Page,
  type PolicyFeedItem,
  STAFF_API,
  STAFF_CONTENT_API,
  SUBSCRIBE_API,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_TYPE } from '../../src/lib/xlsx.js';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { bearer } from '../support/login.js';
import { createMember, getData, hoursFrom, type TestMember } from '../support/members.js';
import { signInStaff } from '../support/staff.js';
import { readSheet } from '../support/xlsx.js';

let clock = new Date(Date.UTC(2026, 10, 24, 2, 0, 0));
let t: TestApp;
let member: TestMember;
let opsCookie: string;

const itemUrl = (id: number) => STAFF_CONTENT_API.item.replace('{id}', String(id));
const withdrawUrl = (id: number) => STAFF_CONTENT_API.withdraw.replace('{id}', String(id));

function send(method: 'POST' | 'PUT', url: string, payload: object, cookie = opsCookie) {
  return t.app.inject({ method, url, headers: { cookie }, payload });
}

const body = (over: Record<string, unknown> = {}) => ({
  type: 'zcdt',
  title: '深圳市数字经济专项资金政策解读',
  dept: '深圳市科技创新委员会',
  city: '440300',
  ...over,
});

const feedIds = async () =>
  (await getData<Page<PolicyFeedItem>>(t, member, `${SUBSCRIBE_API.subList}?activeName=dyxm`)).list.map(
    (i) => i.id,
  );

const auditOf = (id: number) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', 'policy_item')
    .where('target_id', '=', String(id))
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }, { now: () => clock });
  member = await createMember(t, 'contentmember');
  const res = await t.app.inject({
    method: 'POST',
    url: SUBSCRIBE_API.updateConfig,
    headers: { ...bearer(member.token), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ regions: '440300', channels: 'site' }).toString(),
  });
  expect(res.json<Envelope>().code, res.body).toBe(200);
  opsCookie = (await signInStaff({ app: t.app, now: () => clock }, 'ops')).cookie;
});
afterAll(() => t.close());

describe('publishing', () => {
  it('publishes now: pushed to the matching member, listed, audited', async () => {
    const res = await send('POST', STAFF_CONTENT_API.list, body());
    expect(res.statusCode, res.body).toBe(200);
    const { data, message } = res.json<Envelope<ContentItem>>();
    expect(message).toBe(MSG.contentPublished);
    expect(data).toMatchObject({
      state: 'published',
      matched: 1,
      city: '440300',
      publish_at: clock.toISOString(),
    });
    expect(await feedIds()).toEqual([data.id]);
    // 消息中心 holds the match (the 站内 channel).
    const inbox = await t.db
      .selectFrom('messages')
      .select('title')
      .where('user_id', '=', member.id)
      .execute();
    expect(inbox.map((m) => m.title)).toContain('深圳市数字经济专项资金政策解读');
    const [row] = await auditOf(data.id);
    expect(row).toMatchObject({ action: 'content.publish', before: null });
    expect(JSON.parse(row?.after ?? '{}')).toMatchObject({ title: '深圳市数字经济专项资金政策解读' });
  });

  it('schedules a later publish time: pushed when it comes', async () => {
    const res = await send(
      'POST',
      STAFF_CONTENT_API.list,
      body({ title: '定时政策', publish_at: hoursFrom(clock, 2) }),
    );
    const { data, message } = res.json<Envelope<ContentItem>>();
    expect(message).toBe(MSG.contentScheduled);
    expect(data).toMatchObject({ state: 'scheduled', matched: null });
    expect(await feedIds()).not.toContain(data.id);
    // Rescheduled to an hour from now, then the hour passes.
    const moved = await send(
      'PUT',
      itemUrl(data.id),
      body({ title: '定时政策（改）', publish_at: hoursFrom(clock, 1) }),
    );
    expect(moved.json<Envelope<ContentItem>>().data).toMatchObject({
      title: '定时政策（改）',
      state: 'scheduled',
    });
    clock = new Date(clock.getTime() + 3600_000);
    expect(await t.app.publisher.tick()).toBe(1);
    expect(await feedIds()).toContain(data.id);
    // The hour ended the staff session (30 idle minutes): sign in again.
    opsCookie = (await signInStaff({ app: t.app, now: () => clock }, 'ops')).cookie;
  });

  it('refuses a broken item with a Chinese message', async () => {
    const cases: [object, string][] = [
      [body({ type: 'news' }), MSG.contentTypeInvalid],
      [body({ title: '  ' }), MSG.contentTitleRequired],
      [body({ dept: undefined }), MSG.contentDeptRequired],
      [body({ city: '440300', area: '440106' }), MSG.contentAreaNotInCity],
      [body({ city: '999999' }), MSG.cityInvalid],
      [body({ industry: 'Z' }), MSG.industryInvalid],
      [body({ publish_at: 'tomorrow' }), MSG.contentTimeInvalid],
      [body({ publish_at: hoursFrom(clock, 5), end_at: hoursFrom(clock, 1) }), MSG.contentEndBeforePublish],
    ];
    for (const [payload, message] of cases) {
      const res = await send('POST', STAFF_CONTENT_API.list, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<Envelope>().message).toBe(message);
    }
  });
});

describe('editing and withdrawing', () => {
  let id: number;
  beforeAll(async () => {
    id = (await send('POST', STAFF_CONTENT_API.list, body({ title: '已发布政策' }))).json<
      Envelope<ContentItem>
    >().data.id;
  });

  it('a published item: title, department and deadline change; the rest is refused', async () => {
    const ok = await send(
      'PUT',
      itemUrl(id),
      body({ title: '已发布政策（更正）', end_at: hoursFrom(clock, 48) }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Envelope<ContentItem>>().data).toMatchObject({
      title: '已发布政策（更正）',
      state: 'published',
    });
    const audit = await auditOf(id);
    expect(audit.at(-1)).toMatchObject({ action: 'content.update' });
    expect(JSON.parse(audit.at(-1)?.before ?? '{}')).toMatchObject({ title: '已发布政策' });
    expect(JSON.parse(audit.at(-1)?.after ?? '{}')).toMatchObject({ title: '已发布政策（更正）' });

    const refused = await send('PUT', itemUrl(id), body({ title: '已发布政策（更正）', city: '440100' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Envelope>().message).toBe(MSG.contentPublishedFixed);
  });

  it('withdraws with a reason: gone from the member’s list, audited, no longer editable', async () => {
    expect(await feedIds()).toContain(id);
    const noReason = await send('POST', withdrawUrl(id), { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<Envelope>().message).toBe(MSG.reasonRequired);

    const res = await send('POST', withdrawUrl(id), { reason: '信息有误' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Envelope<ContentItem>>().data).toMatchObject({
      state: 'withdrawn',
      withdraw_reason: '信息有误',
    });
    expect(await feedIds()).not.toContain(id);
    const last = (await auditOf(id)).at(-1);
    expect(last).toMatchObject({ action: 'content.withdraw', reason: '信息有误' });
    expect(JSON.parse(last?.before ?? '{}')).toMatchObject({ state: 'published' });
    expect(JSON.parse(last?.after ?? '{}')).toMatchObject({ state: 'withdrawn' });

    const again = await send('PUT', itemUrl(id), body({ title: 'x' }));
    expect(again.json<Envelope>().message).toBe(MSG.contentWithdrawn);
    const missing = await send('POST', withdrawUrl(999_999), { reason: '无' });
    expect(missing.statusCode).toBe(404);
  });

  it('a scheduled item withdrawn before its time is never pushed', async () => {
    const res = await send(
      'POST',
      STAFF_CONTENT_API.list,
      body({ title: '撤回的定时政策', publish_at: hoursFrom(clock, 0.25) }),
    );
    const { data } = res.json<Envelope<ContentItem>>();
    await send('POST', withdrawUrl(data.id), { reason: '取消发布' });
    clock = new Date(clock.getTime() + 20 * 60_000);
    expect(await t.app.publisher.tick()).toBe(0);
    expect(await feedIds()).not.toContain(data.id);
    await send('POST', withdrawUrl(data.id), { reason: '再次撤回' }).then((again) =>
      expect(again.json<Envelope>().message).toBe(MSG.contentWithdrawn),
    );
  });

  it('lists by state and exports the list', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${STAFF_CONTENT_API.list}?state=withdrawn`,
      headers: { cookie: opsCookie },
    });
    const page = res.json<Envelope<Page<ContentItem>>>().data;
    expect(page.list).toHaveLength(2);
    expect(page.list.map((i) => i.id)).toContain(id);
    const file = await t.app.inject({
      method: 'GET',
      url: `${STAFF_CONTENT_API.export}?state=withdrawn`,
      headers: { cookie: opsCookie },
    });
    expect(file.headers['content-type']).toContain(XLSX_TYPE);
    const sheet = await readSheet(file.rawPayload);
    expect(sheet.rows[1]).toContain('已撤回');
  });
});

describe('who may', () => {
  it('401 without a staff session', async () => {
    const res = await t.app.inject({ method: 'GET', url: STAFF_CONTENT_API.list });
    expect(res.statusCode).toBe(401);
    const post = await t.app.inject({ method: 'POST', url: STAFF_CONTENT_API.list, payload: body() });
    expect(post.statusCode).toBe(401);
  });

  it('403 for a role holding content.read only (客服): it reads, it may not publish', async () => {
    const { cookie } = await signInStaff({ app: t.app, now: () => clock }, 'service');
    expect((await t.app.inject({ method: 'GET', url: STAFF_API.me, headers: { cookie } })).statusCode).toBe(
      200,
    );
    const list = await t.app.inject({ method: 'GET', url: STAFF_CONTENT_API.list, headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const res = await send('POST', STAFF_CONTENT_API.list, body(), cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json<Envelope>().message).toBe(MSG.staffForbidden);
  });

  it('403 for a role without content.read (财务)', async () => {
    const { cookie } = await signInStaff({ app: t.app, now: () => clock }, 'finance');
    const res = await t.app.inject({ method: 'GET', url: STAFF_CONTENT_API.list, headers: { cookie } });
    expect(res.statusCode).toBe(403);
  });
});

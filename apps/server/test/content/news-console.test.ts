// 内容 › 新闻 in the operator console: an article published now is in the members' news lists and /news/detail, a
// scheduled one only once its time comes, a withdrawn one no more; editing follows the before/after-publishing rules;
// broken articles are refused with Chinese messages; every change writes its audit row (before, after, reason);
// content.read/content.write gate the calls. Also: `npm run content -- publish` writes its audit row as the CLI.
import {
  HOME_API,
  MSG,
  type NewsItem,
  type Page,
  type PagedSuccess,
  STAFF_NEWS_API,
  type StaffNewsArticle,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_TYPE } from '../../src/lib/xlsx.js';
import { runContentCli } from '../../src/modules/content/cli.js';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { createMember, getData, hoursFrom, type TestMember } from '../support/members.js';
import { signInStaff } from '../support/staff.js';
import { readSheet } from '../support/xlsx.js';

let clock = new Date(Date.UTC(2026, 10, 24, 2, 0, 0));
let t: TestApp;
let member: TestMember;
let opsCookie: string;

const itemUrl = (id: number) => STAFF_NEWS_API.item.replace('{id}', String(id));
const withdrawUrl = (id: number) => STAFF_NEWS_API.withdraw.replace('{id}', String(id));

function send(method: 'POST' | 'PUT', url: string, payload: object, cookie = opsCookie) {
  return t.app.inject({ method, url, headers: { cookie }, payload });
}

const body = (over: Record<string, unknown> = {}) => ({
  title: '深圳发布数字经济三年行动计划',
  source: '深圳市人民政府',
  content: '<p>第一段：<b>加粗</b></p><p onclick="alert(1)">第二段 &amp; 结尾</p><script>alert(1)</script>',
  ...over,
});

const create = async (over: Record<string, unknown> = {}) => {
  const res = await send('POST', STAFF_NEWS_API.list, body(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Envelope<StaffNewsArticle>>();
};

/** The guids of the member's news lists (getnewslistmore and the scroller). */
const memberGuids = async () => {
  const more = await getData<PagedSuccess<NewsItem>>(t, member, `${HOME_API.newsListMore}?page=1&size=50`);
  const latest = await getData<NewsItem[]>(t, member, `${HOME_API.subscribeNews}?size=50`);
  const guids = more.list.map((n) => n.guid);
  expect(latest.map((n) => n.guid)).toEqual(guids);
  return guids;
};

const detail = (guid: string) => t.app.inject({ method: 'GET', url: `/news/detail?guid=${guid}` });

const auditOf = (id: number) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', 'news')
    .where('target_id', '=', String(id))
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }, { now: () => clock });
  member = await createMember(t, 'newsmember');
  opsCookie = (await signInStaff({ app: t.app, now: () => clock }, 'ops')).cookie;
});
afterAll(() => t.close());

describe('publishing', () => {
  it('publishes now: in the members’ lists and detail as sanitized HTML, audited', async () => {
    const { data, message } = await create();
    expect(message).toBe(MSG.contentPublished);
    expect(data).toMatchObject({
      state: 'published',
      publish_at: clock.toISOString(),
      // Sanitized on save: <b> as <strong>, no handler, no script.
      content: '<p>第一段：<strong>加粗</strong></p><p>第二段 &amp; 结尾</p>',
      withdrawn_at: null,
    });
    expect(data.guid).toMatch(/^[0-9a-f]{32}$/);
    expect(await memberGuids()).toEqual([data.guid]);
    const page = await detail(data.guid);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<p>第一段：<strong>加粗</strong></p><p>第二段 &amp; 结尾</p>');
    expect(page.body).not.toContain('onclick');
    expect(page.body).not.toContain('alert(1)');
    const [row] = await auditOf(data.id);
    expect(row).toMatchObject({ action: 'content.news_create', before: null, reason: '' });
    expect(row?.staff_id).toBeGreaterThan(0);
    expect(JSON.parse(row?.after ?? '{}')).toMatchObject({ title: data.title, state: 'published' });
  });

  it('gives every article its own guid', async () => {
    const a = (await create({ title: '同名新闻' })).data;
    const b = (await create({ title: '同名新闻' })).data;
    expect(a.guid).not.toBe(b.guid);
  });

  it('schedules a later time: not in the lists until it comes; before it, everything may change', async () => {
    const { data, message } = await create({ title: '定时新闻', publish_at: hoursFrom(clock, 2) });
    expect(message).toBe(MSG.contentScheduled);
    expect(data.state).toBe('scheduled');
    expect(await memberGuids()).not.toContain(data.guid);
    expect((await detail(data.guid)).statusCode).toBe(404);

    const moved = await send(
      'PUT',
      itemUrl(data.id),
      body({ title: '定时新闻（改）', source: '市发改委', publish_at: hoursFrom(clock, 1) }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Envelope<StaffNewsArticle>>().data).toMatchObject({
      title: '定时新闻（改）',
      source: '市发改委',
      state: 'scheduled',
      publish_at: hoursFrom(clock, 1),
    });
    const last = (await auditOf(data.id)).at(-1);
    expect(last).toMatchObject({ action: 'content.news_update', reason: '' });
    expect(JSON.parse(last?.before ?? '{}')).toMatchObject({ title: '定时新闻' });
    expect(JSON.parse(last?.after ?? '{}')).toMatchObject({ title: '定时新闻（改）' });

    clock = new Date(clock.getTime() + 3600_000);
    expect(await memberGuids()).toContain(data.guid);
    expect((await detail(data.guid)).statusCode).toBe(200);
    // The hour ended the staff session (30 idle minutes): sign in again.
    opsCookie = (await signInStaff({ app: t.app, now: () => clock }, 'ops')).cookie;
  });

  it('refuses a broken article with a Chinese message', async () => {
    const cases: [object, string][] = [
      [body({ title: '  ' }), MSG.contentTitleRequired],
      [body({ title: '标'.repeat(201) }), MSG.contentTitleRequired],
      [body({ source: undefined }), MSG.newsSourceRequired],
      [body({ source: '源'.repeat(101) }), MSG.newsSourceRequired],
      [body({ content: ' \n \r\n ' }), MSG.newsContentRequired],
      [body({ content: '<p>&nbsp;</p><p> </p>' }), MSG.newsContentRequired],
      [body({ content: '字'.repeat(200_001) }), MSG.noticeContentTooLong],
      [body({ content: '第一段\u0000第二段' }), MSG.textInvalid],
      [body({ title: '标题\n换行' }), MSG.textInvalid],
      [body({ publish_at: 'tomorrow' }), MSG.contentTimeInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await send('POST', STAFF_NEWS_API.list, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json<Envelope>().message).toBe(message);
    }
  });
});

describe('editing and withdrawing', () => {
  let article: StaffNewsArticle;
  beforeAll(async () => {
    article = (await create({ title: '已发布新闻' })).data;
  });

  it('a published article: its text may be corrected, its publish time stays', async () => {
    const ok = await send(
      'PUT',
      itemUrl(article.id),
      body({ title: '已发布新闻（更正）', content: '更正后的正文', publish_at: article.publish_at }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Envelope<StaffNewsArticle>>().data).toMatchObject({
      title: '已发布新闻（更正）',
      content: '更正后的正文',
      state: 'published',
      publish_at: article.publish_at,
      guid: article.guid,
    });

    const refused = await send(
      'PUT',
      itemUrl(article.id),
      body({ title: '已发布新闻（更正）', publish_at: hoursFrom(clock, 3) }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Envelope>().message).toBe(MSG.newsPublishedFixed);
    expect((await detail(article.guid)).body).toContain('更正后的正文');
    // Without a publish time the article keeps its own.
    const withoutTime = await send('PUT', itemUrl(article.id), body({ title: '已发布新闻（更正）' }));
    expect(withoutTime.json<Envelope<StaffNewsArticle>>().data.publish_at).toBe(article.publish_at);
  });

  it('withdraws with a reason: gone from the members’ lists and detail, audited, no longer editable', async () => {
    expect(await memberGuids()).toContain(article.guid);
    const noReason = await send('POST', withdrawUrl(article.id), { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<Envelope>().message).toBe(MSG.reasonRequired);

    const res = await send('POST', withdrawUrl(article.id), { reason: '信息有误' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Envelope<StaffNewsArticle>>().data).toMatchObject({
      state: 'withdrawn',
      withdraw_reason: '信息有误',
      withdrawn_at: clock.toISOString(),
      publish_at: article.publish_at,
    });
    expect(await memberGuids()).not.toContain(article.guid);
    expect((await detail(article.guid)).statusCode).toBe(404);
    const last = (await auditOf(article.id)).at(-1);
    expect(last).toMatchObject({ action: 'content.news_withdraw', reason: '信息有误' });
    expect(JSON.parse(last?.before ?? '{}')).toMatchObject({ state: 'published' });
    expect(JSON.parse(last?.after ?? '{}')).toMatchObject({ state: 'withdrawn' });

    const again = await send('PUT', itemUrl(article.id), body());
    expect(again.statusCode).toBe(400);
    expect(again.json<Envelope>().message).toBe(MSG.contentWithdrawn);
    const twice = await send('POST', withdrawUrl(article.id), { reason: '再次撤回' });
    expect(twice.json<Envelope>().message).toBe(MSG.contentWithdrawn);
    const missing = await send('POST', withdrawUrl(999_999), { reason: '无' });
    expect(missing.statusCode).toBe(404);
  });

  it('a scheduled article withdrawn before its time never appears', async () => {
    const { data } = await create({ title: '撤回的定时新闻', publish_at: hoursFrom(clock, 0.25) });
    await send('POST', withdrawUrl(data.id), { reason: '取消发布' });
    clock = new Date(clock.getTime() + 20 * 60_000);
    expect(await memberGuids()).not.toContain(data.guid);
  });

  it('lists by state and title, and exports the list', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: opsCookie } });
    const withdrawn = (await get(`${STAFF_NEWS_API.list}?state=withdrawn`)).json<
      Envelope<Page<StaffNewsArticle>>
    >().data;
    expect(withdrawn.list.map((a) => a.state)).toEqual(['withdrawn', 'withdrawn']);
    expect(withdrawn.list.map((a) => a.id)).toContain(article.id);
    const byTitle = (await get(`${STAFF_NEWS_API.list}?title=${encodeURIComponent('同名')}`)).json<
      Envelope<Page<StaffNewsArticle>>
    >().data;
    expect(byTitle.total).toBe(2);
    const today = (await get(`${STAFF_NEWS_API.list}?from=2026-11-24&to=2026-11-24&size=1`)).json<
      Envelope<Page<StaffNewsArticle>>
    >().data;
    expect(today.total).toBeGreaterThanOrEqual(5);
    const none = (await get(`${STAFF_NEWS_API.list}?from=2026-12-01`)).json<
      Envelope<Page<StaffNewsArticle>>
    >().data;
    expect(none.total).toBe(0);

    const file = await get(`${STAFF_NEWS_API.export}?state=withdrawn`);
    expect(file.headers['content-type']).toContain(XLSX_TYPE);
    const sheet = await readSheet(file.rawPayload);
    expect(sheet.rows[0]).toContain('来源');
    expect(sheet.rows[1]).toContain('已撤回');
    expect(sheet.rows).toHaveLength(3);
  });
});

describe('who may', () => {
  it('401 without a staff session', async () => {
    expect((await t.app.inject({ method: 'GET', url: STAFF_NEWS_API.list })).statusCode).toBe(401);
    const post = await t.app.inject({ method: 'POST', url: STAFF_NEWS_API.list, payload: body() });
    expect(post.statusCode).toBe(401);
    expect(post.json<Envelope>().message).toBe(MSG.staffSessionExpired);
  });

  it('403 for a role holding content.read only (客服): it reads, it may not write', async () => {
    const { cookie } = await signInStaff({ app: t.app, now: () => clock }, 'service');
    const list = await t.app.inject({ method: 'GET', url: STAFF_NEWS_API.list, headers: { cookie } });
    expect(list.statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['POST', STAFF_NEWS_API.list, body()],
      ['PUT', itemUrl(1), body()],
      ['POST', withdrawUrl(1), { reason: '无' }],
    ] as const) {
      const res = await send(method, url, payload, cookie);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json<Envelope>().message).toBe(MSG.staffForbidden);
    }
  });

  it('403 for a role without content.read (财务)', async () => {
    const { cookie } = await signInStaff({ app: t.app, now: () => clock }, 'finance');
    const res = await t.app.inject({ method: 'GET', url: STAFF_NEWS_API.list, headers: { cookie } });
    expect(res.statusCode).toBe(403);
  });
});

describe('npm run content -- publish', () => {
  it('writes its audit row as the command line, in the item’s transaction', async () => {
    const out: string[] = [];
    const code = await runContentCli(
      t.db,
      ['publish', '--type', 'zcdt', '--title', '命令行发布的政策', '--dept', '市工信局'],
      { log: (l) => out.push(l), error: (l) => out.push(l) },
      () => clock,
    );
    expect(code, out.join('\n')).toBe(0);
    const id = Number(/policy item (\d+)/.exec(out[0] ?? '')?.[1]);
    const rows = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'policy_item')
      .where('target_id', '=', String(id))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'content.publish',
      staff_id: 0,
      staff_username: 'cli',
      before: null,
    });
    expect(JSON.parse(rows[0]?.after ?? '{}')).toMatchObject({
      title: '命令行发布的政策',
      state: 'published',
    });
  });
});

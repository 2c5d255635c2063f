// 帮助中心: visitors and members read the published articles by topic and find them by any 2+ character fragment of
// the title or text; staff with help.write create, save (the HTML sanitized, what was removed answered), take down and
// delete articles, each audited; others get 403, no session 401.
import {
  HELP_API,
  type HelpArticle,
  type HelpArticleItem,
  MSG,
  type Page,
  STAFF_HELP_API,
  type StaffHelpArticle,
  type StaffHelpArticleItem,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_ARTICLES } from '../../src/db/seed/content/help.js';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { signInStaff } from '../support/staff.js';

let t: TestApp;
let service: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 0 });
  service = (await signInStaff(t, 'service')).cookie;
  finance = (await signInStaff(t, 'finance')).cookie;
});
afterAll(() => t.close());

const at = (path: string, id: number) => path.replace('{id}', String(id));

async function send<T>(method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json<Envelope<T>>() };
}

describe('the help centre for visitors', () => {
  it('lists the seeded articles of every topic without signing in', async () => {
    const res = await send<HelpArticleItem[]>('GET', HELP_API.articles);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(HELP_ARTICLES.length);
    expect(new Set(res.body.data.map((a) => a.topic))).toEqual(
      new Set(['account', 'payment', 'invoice', 'api', 'customers']),
    );
    const invoice = await send<HelpArticleItem[]>('GET', `${HELP_API.articles}?topic=invoice`);
    expect(invoice.body.data.every((a) => a.topic === 'invoice')).toBe(true);
  });

  it('finds an article by a fragment of its text, case-insensitively, with the excerpt around it', async () => {
    const res = await send<HelpArticleItem[]>('GET', `${HELP_API.articles}?q=${encodeURIComponent('ipv6')}`);
    expect(res.body.data.map((a) => a.title)).toEqual(['如何创建API密钥']);
    expect(res.body.data[0]?.excerpt).toContain('IPv6');
    const chinese = await send<HelpArticleItem[]>(
      'GET',
      `${HELP_API.articles}?q=${encodeURIComponent('红冲')}`,
    );
    expect(chinese.body.data.map((a) => a.title)).toContain('退款后的发票如何处理');
    const none = await send<HelpArticleItem[]>(
      'GET',
      `${HELP_API.articles}?q=${encodeURIComponent('没有这种内容啊')}`,
    );
    expect(none.body.data).toEqual([]);
    // A LIKE wildcard is a character like any other.
    const wild = await send<HelpArticleItem[]>('GET', `${HELP_API.articles}?q=${encodeURIComponent('%%')}`);
    expect(wild.body.data).toEqual([]);
  });

  it('refuses a one-character search and an unknown topic, and answers 404 for a missing article', async () => {
    const short = await send('GET', `${HELP_API.articles}?q=${encodeURIComponent('票')}`);
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(MSG.helpQueryInvalid);
    const topic = await send('GET', `${HELP_API.articles}?topic=nope`);
    expect(topic.body.message).toBe(MSG.helpTopicInvalid);
    const missing = await send('GET', at(HELP_API.article, 999_999));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MSG.helpArticleNotFound);
  });
});

describe('help articles in the console', () => {
  it('creates, saves with the markup removed, takes down and deletes, each audited', async () => {
    const created = await send<StaffHelpArticle>('POST', STAFF_HELP_API.list, service, {
      topic: 'account',
      title: '如何修改绑定手机号',
      content:
        '<h2>步骤</h2><p onclick="alert(1)">进入账户安全<script>alert(2)</script></p><img src=x onerror=alert(3)>',
      sort: 5,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const article = created.body.data;
    expect(article.content).not.toMatch(/script|onclick|onerror/);
    expect(article.removed.length).toBeGreaterThan(0);
    expect(article).toMatchObject({ topic: 'account', published: true, sort: 5 });

    const read = await send<HelpArticle>('GET', at(HELP_API.article, article.id));
    expect(read.body.data.content).toBe(article.content);
    const found = await send<HelpArticleItem[]>(
      'GET',
      `${HELP_API.articles}?q=${encodeURIComponent('账户安全')}`,
    );
    expect(found.body.data.map((a) => a.id)).toContain(article.id);

    const hidden = await send<StaffHelpArticle>('PUT', at(STAFF_HELP_API.item, article.id), service, {
      topic: 'account',
      title: '如何修改绑定手机号',
      content: '<p>进入账户安全，点击修改手机号。</p>',
      published: false,
    });
    expect(hidden.body.data).toMatchObject({ published: false, removed: [] });
    expect((await send('GET', at(HELP_API.article, article.id))).status).toBe(404);
    const listed = await send<Page<StaffHelpArticleItem>>(
      'GET',
      `${STAFF_HELP_API.list}?published=false`,
      service,
    );
    expect(listed.body.data.list.map((a) => a.id)).toEqual([article.id]);

    const noReason = await send('POST', at(STAFF_HELP_API.delete, article.id), service, {});
    expect(noReason.body.message).toBe(MSG.reasonRequired);
    const deleted = await send('POST', at(STAFF_HELP_API.delete, article.id), service, {
      reason: '内容重复',
    });
    expect(deleted.status).toBe(200);
    expect((await send('GET', at(STAFF_HELP_API.item, article.id), service)).status).toBe(404);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('target_type', '=', 'help_article')
      .where('target_id', '=', String(article.id))
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'help.create', reason: '' },
      { action: 'help.update', reason: '' },
      { action: 'help.delete', reason: '内容重复' },
    ]);
  });

  it('refuses a missing title, an unknown topic and a body with nothing left, with the messages', async () => {
    for (const [payload, message] of [
      [{ topic: 'account', title: ' ', content: '<p>正文</p>' }, MSG.helpTitleRequired],
      [{ topic: 'nope', title: '标题', content: '<p>正文</p>' }, MSG.helpTopicInvalid],
      [{ topic: 'account', title: '标题', content: '<script>alert(1)</script>' }, MSG.helpContentRequired],
      [{ topic: 'account', title: '标题', content: '<p>正文</p>', sort: -1 }, MSG.helpSortInvalid],
    ] as const) {
      const res = await send('POST', STAFF_HELP_API.list, service, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('needs help.write (403) and a staff session (401)', async () => {
    const refused = await send('GET', STAFF_HELP_API.list, finance);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG.staffForbidden);
    expect((await send('POST', STAFF_HELP_API.list, finance, {})).status).toBe(403);
    expect((await send('GET', STAFF_HELP_API.list)).status).toBe(401);
  });
});

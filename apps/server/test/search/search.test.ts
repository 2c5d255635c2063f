// The notice search: policy items and news by any words of their title or body, highlighted, with filters; only what
// a member may read (published, not withdrawn); the index kept in step by the notices' writers.
import { MSG, SEARCH_API, type SearchPage } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexNotices } from '../../src/db/notice-search-repo.js';
import { withdrawalOf } from '../../src/lib/publication.js';
import { withdrawPolicyItem } from '../../src/modules/content/repo.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { call, createMember, daysFrom, getData, hoursFrom, type TestMember } from '../support/members.js';

let clock = new Date(Math.floor(Date.now() / 60_000) * 60_000);
let t: TestApp;
let a: TestMember;
const ids: Record<string, number> = {};

const search = (query: string) => getData<SearchPage>(t, a, `${SEARCH_API.search}?${query}`);
const titlesOf = (page: SearchPage) => page.list.map((h) => h.title);

async function item(
  key: string,
  over: {
    type?: string;
    title: string;
    content?: string;
    city?: string | null;
    dept?: string;
    hours?: number;
    end?: string;
  },
) {
  const { id } = await t.db
    .insertInto('policy_items')
    .values({
      type: over.type ?? 'sbtz',
      title: over.title,
      dept_name: over.dept ?? '深圳市科技创新局',
      city_code: over.city === undefined ? '440300' : over.city,
      area_code: null,
      industry_code: null,
      publish_time: hoursFrom(clock, over.hours ?? -1),
      end_time: over.end ?? null,
      content: over.content ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await indexNotices(t.db, 'policy', [id]);
  ids[key] = id;
}

/** Withdraws a policy item published `hours` from the clock, the way the console does (the index in step). */
function withdraw(id: number, hours: number) {
  return t.db.transaction().execute((trx) =>
    withdrawPolicyItem(
      trx,
      id,
      withdrawalOf(
        {
          publish_time: hoursFrom(clock, hours),
          withdrawn_at: null,
          withdraw_reason: null,
          withdrawn_publish_time: null,
        },
        clock.toISOString(),
        '测试',
      ),
    ),
  );
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false }, { now: () => clock });
  a = await createMember(t, 'searcher1', { area: '440305' });
  await item('rd', {
    title: '关于开展2026年研发费用补助申报的通知',
    content:
      '<h2>一、申报条件</h2><p>企业上年度<b>研发费用</b>加计扣除金额不低于500万元 &amp; 依法纳税。</p>',
    hours: -5,
    end: daysFrom(clock, 10),
  });
  await item('little', {
    title: '专精特新“小巨人”企业奖励资金拟安排项目公示',
    type: 'gsgg',
    content: '<p>根据专精特新中小企业认定办法，现对拟奖励的小巨人企业予以公示。</p>',
    hours: -3,
  });
  await item('gz', {
    title: '广州市高新技术企业研发费用后补助政策解读',
    type: 'zcdt',
    content: '<p>解读研发费用后补助的计算方法。</p>',
    city: '440100',
    dept: '广州市科学技术局',
    hours: -2,
  });
  await item('province', {
    title: '广东省科技型中小企业评价工作通知',
    content: '<p>全省企业开展 R&amp;D Center 认定，研发费用占比须达标。</p>',
    city: null,
    dept: '广东省科学技术厅',
    hours: -30,
    end: daysFrom(clock, -1),
  });
  await item('hostile', {
    title: '<script>alert(1)</script> 研发 "quoted" & 标题',
    content: '<p>正文 &lt;img src=x onerror=alert(1)&gt; 研发</p>',
    hours: -40,
  });
  await item('scheduled', { title: '定时发布的研发费用通知', content: '<p>还没到时间</p>', hours: 2 });
  await item('withdrawn', { title: '已撤回的研发费用通知', content: '<p>撤回</p>', hours: -4 });
  const { id: newsId } = await t.db
    .insertInto('news')
    .values({
      guid: 'news-guid-1',
      title: '市场监管总局发布新规',
      source: '新华网',
      content: '<p>新规强调企业研发费用归集的规范性，自明年起施行。</p>',
      publish_time: hoursFrom(clock, -1),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await indexNotices(t.db, 'news', [newsId]);
  ids.news = newsId;
  // Withdrawn the way the console does it: the writer brings the index in step in its transaction.
  await withdraw(ids.withdrawn ?? 0, -4);
});
afterAll(() => t.close());

describe('search', () => {
  it('finds a phrase of a body, highlighted in an escaped excerpt, with the page of each kind', async () => {
    const page = await search(`q=${encodeURIComponent('加计扣除')}`);
    expect(page).toMatchObject({ total: 1, page: 1, size: 10, capped: false });
    const [hit] = page.list;
    expect(hit).toEqual({
      type: 'sbtz',
      id: ids.rd,
      title: '关于开展2026年研发费用补助申报的通知',
      title_html: '关于开展2026年研发费用补助申报的通知',
      excerpt_html: '一、申报条件 企业上年度研发费用<mark>加计扣除</mark>金额不低于500万元 &#38; 依法纳税。',
      dept: '深圳市科技创新局',
      publish_time: hoursFrom(clock, -5),
      end_time: daysFrom(clock, 10),
      url: `/usercenter/policy/detail?id=${ids.rd}`,
    });
    const news = await search(`q=${encodeURIComponent('归集')}`);
    expect(news.list).toEqual([
      expect.objectContaining({
        type: 'news',
        id: ids.news,
        dept: '新华网',
        url: '/news/detail?guid=news-guid-1',
      }),
    ]);
  });

  it('lists title matches first, then the newest; never a scheduled or withdrawn notice', async () => {
    const page = await search(`q=${encodeURIComponent('研发费用')}`);
    expect(titlesOf(page)).toEqual([
      '广州市高新技术企业研发费用后补助政策解读',
      '关于开展2026年研发费用补助申报的通知',
      '市场监管总局发布新规',
      '广东省科技型中小企业评价工作通知',
    ]);
    expect(page.list[0]?.title_html).toBe('广州市高新技术企业<mark>研发费用</mark>后补助政策解读');
    // Paging continues across the two parts.
    const second = await search(`q=${encodeURIComponent('研发费用')}&page=2&size=3`);
    expect(titlesOf(second)).toEqual(['广东省科技型中小企业评价工作通知']);
    expect(second.total).toBe(4);
  });

  it('counts a notice written or withdrawn within the minute at once (a write drops the kept counts)', async () => {
    const query = `q=${encodeURIComponent('计数即时')}`;
    expect((await search(query)).total).toBe(0);
    await item('counted', { title: '关于计数即时生效的通知', hours: -2 });
    const page = await search(query);
    expect([page.total, titlesOf(page)]).toEqual([1, ['关于计数即时生效的通知']]);
    await withdraw(ids.counted ?? 0, -2);
    expect((await search(query)).total).toBe(0);
  });

  it('shows a scheduled notice once its time has come', async () => {
    const before = clock;
    clock = new Date(before.getTime() + 3 * 3_600_000);
    try {
      const page = await search(`q=${encodeURIComponent('定时发布')}`);
      expect(titlesOf(page)).toEqual(['定时发布的研发费用通知']);
    } finally {
      clock = before;
    }
    expect((await search(`q=${encodeURIComponent('定时发布')}`)).total).toBe(0);
  });

  it('needs every word (AND), compares Latin letters case-insensitively', async () => {
    expect(titlesOf(await search(`q=${encodeURIComponent('专精特新 小巨人 奖励')}`))).toEqual([
      '专精特新“小巨人”企业奖励资金拟安排项目公示',
    ]);
    expect((await search(`q=${encodeURIComponent('专精特新 广州')}`)).total).toBe(0);
    const latin = await search(`q=${encodeURIComponent('r&d center')}`);
    expect(titlesOf(latin)).toEqual(['广东省科技型中小企业评价工作通知']);
    expect(latin.list[0]?.excerpt_html).toContain('<mark>R&#38;D</mark> <mark>Center</mark>');
  });

  it('escapes hostile titles and bodies: the marks are the only markup', async () => {
    const page = await search(`q=${encodeURIComponent('quoted')}`);
    const [hit] = page.list;
    expect(hit?.title).toBe('<script>alert(1)</script> 研发 "quoted" & 标题');
    expect(hit?.title_html).toBe(
      '&#60;script&#62;alert(1)&#60;/script&#62; 研发 &#34;<mark>quoted</mark>&#34; &#38; 标题',
    );
    const body = await search(`q=${encodeURIComponent('onerror')}`);
    expect(body.list[0]?.excerpt_html).toBe('正文 &#60;img src=x <mark>onerror</mark>=alert(1)&#62; 研发');
    for (const h of [...page.list, ...body.list])
      expect(h.title_html.replace(/<\/?mark>/g, '') + h.excerpt_html.replace(/<\/?mark>/g, '')).not.toMatch(
        /[<>]/,
      );
  });

  it('filters by type, city (with the province-wide notices), department, dates and open declarations', async () => {
    const q = `q=${encodeURIComponent('研发费用')}`;
    expect(titlesOf(await search(`${q}&type=zcdt`))).toEqual(['广州市高新技术企业研发费用后补助政策解读']);
    expect(titlesOf(await search(`${q}&type=news`))).toEqual(['市场监管总局发布新规']);
    expect(titlesOf(await search(`${q}&city=440300`))).toEqual([
      '关于开展2026年研发费用补助申报的通知',
      '市场监管总局发布新规',
      '广东省科技型中小企业评价工作通知',
    ]);
    expect(titlesOf(await search(`${q}&dept=${encodeURIComponent('科学技术')}`))).toEqual([
      '广州市高新技术企业研发费用后补助政策解读',
      '广东省科技型中小企业评价工作通知',
    ]);
    expect(titlesOf(await search(`${q}&open=1`))).toEqual(['关于开展2026年研发费用补助申报的通知']);
    const yesterday = new Date(clock.getTime() - 30 * 3_600_000).toLocaleDateString('sv', {
      timeZone: 'Asia/Shanghai',
    });
    const today = clock.toLocaleDateString('sv', { timeZone: 'Asia/Shanghai' });
    expect(titlesOf(await search(`${q}&from=${yesterday}&to=${yesterday}`))).toEqual([
      '广东省科技型中小企业评价工作通知',
    ]);
    expect((await search(`${q}&from=${today}`)).list.map((h) => h.id)).not.toContain(ids.province);
  });

  it('refuses bad queries with their messages', async () => {
    const cases: [string, string][] = [
      ['q=', MSG.searchQueryInvalid],
      ['q=a', MSG.searchQueryInvalid],
      [`q=${'很'.repeat(51)}`, MSG.searchQueryInvalid],
      [`q=${encodeURIComponent('研发 a')}`, MSG.searchWordTooShort],
      [`q=${encodeURIComponent('aa bb cc dd ee ff')}`, MSG.searchWordsTooMany],
      ['q=abc&type=xyz', MSG.searchTypeInvalid],
      ['q=abc&city=9999', MSG.cityInvalid],
      ['q=abc&from=2026-13-01', MSG.searchDateInvalid],
      ['q=abc&from=2026-05-02&to=2026-05-01', MSG.searchDateRangeInvalid],
      ['q=abc&open=2', MSG.searchOpenInvalid],
      [`q=abc&dept=${'部'.repeat(31)}`, MSG.departmentInvalid],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await call(t, a, 'GET', `${SEARCH_API.search}?${query}`);
      expect({ query, status, message: body.message }).toEqual({ query, status: 400, message });
    }
    // No q at all.
    expect((await call(t, a, 'GET', SEARCH_API.search)).body.message).toBe(MSG.searchQueryInvalid);
  });

  it('answers 401 without a token', async () => {
    const { status, body } = await call(t, null, 'GET', `${SEARCH_API.search}?q=abc`);
    expect(status).toBe(401);
    expect(body).toMatchObject({ code: 401, message: MSG.unauthorized });
  });

  it('finds a 公示公告 by a company of its 公示名单', async () => {
    await t.db
      .insertInto('publicity_items')
      .values({
        item_id: ids.little ?? 0,
        identityid: '',
        title: '专精特新“小巨人”企业奖励资金拟安排项目公示',
        companyname: '深圳市鹏程万里科技有限公司',
        dept: '深圳市工业和信息化局',
        publishtime: hoursFrom(clock, -3),
        qualification: '',
        customer_id: null,
        user_id: null,
      })
      .execute();
    await indexNotices(t.db, 'policy', [ids.little ?? 0]);
    expect(titlesOf(await search(`q=${encodeURIComponent('鹏程万里')}`))).toEqual([
      '专精特新“小巨人”企业奖励资金拟安排项目公示',
    ]);
  });
});

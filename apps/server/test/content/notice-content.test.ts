// A notice's content through the console and the member's detail: staff upload files (size, type and content
// checked), preview what the sanitizer removes, publish an item with a body, 文号, 原文链接, attachments and (a 公示公告)
// its 公示名单; the member's detail answers them sanitized, the attachment downloads for a signed-in member while the
// item is published, images for anyone, and the 公示名单 pages with the member's own customers marked.
import {
  type ContentItemDetail,
  MSG,
  MSG_WITH,
  type NoticeFile,
  type Page,
  POLICY_ITEM_API,
  type PolicyItemDetail,
  type PublicityRow,
  type SanitizeAnswer,
  STAFF_CONTENT_API,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPdf, tinyPng } from '../../src/db/seed/content/notice-bodies.js';
import { createFileStore } from '../../src/lib/file-store.js';
import { createNoticeFiles } from '../../src/modules/content/files.js';
import { multipartBody } from '../support/account.js';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { addCustomers, call, createMember, customer, getData, type TestMember } from '../support/members.js';
import { signInStaff } from '../support/staff.js';

let clock = new Date(Date.UTC(2026, 10, 24, 2, 0, 0));
let t: TestApp;
let member: TestMember;
let other: TestMember;
let opsCookie: string;
let serviceCookie: string;
let creditCode: string;

const PDF = tinyPdf(['Notice attachment', 'Page 1']);
const PNG = tinyPng(8, 4, [
  [22, 119, 255],
  [82, 196, 26],
]);

const itemUrl = (id: number) => STAFF_CONTENT_API.item.replace('{id}', String(id));
const fileUrl = (id: number) => `/api/ccw/files/${id}/`;

async function upload(
  name: string,
  bytes: Buffer,
  kind = 'attachment',
  cookie = opsCookie,
  mime = 'application/octet-stream',
) {
  const { payload, headers } = multipartBody('file', name, mime, bytes);
  return t.app.inject({
    method: 'POST',
    url: `${STAFF_CONTENT_API.files}?kind=${kind}`,
    headers: { ...headers, cookie },
    payload,
  });
}

async function uploaded(name: string, bytes: Buffer, kind = 'attachment'): Promise<NoticeFile> {
  const res = await upload(name, bytes, kind);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Envelope<NoticeFile>>().data;
}

function send(method: 'POST' | 'PUT', url: string, payload: object, cookie = opsCookie) {
  return t.app.inject({ method, url, headers: { cookie }, payload });
}

const item = (over: Record<string, unknown> = {}) => ({
  type: 'sbtz',
  title: '关于组织申报2026年度研发资助项目的通知',
  dept: '深圳市科技创新局',
  ...over,
});

async function created(over: Record<string, unknown>): Promise<ContentItemDetail> {
  const res = await send('POST', STAFF_CONTENT_API.list, item(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Envelope<ContentItemDetail>>().data;
}

const detail = (id: number, who = member) =>
  getData<PolicyItemDetail>(t, who, `${POLICY_ITEM_API.detail}?id=${id}`);

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, uploadMaxMb: 1, logLevel: 'error' }, { now: () => clock });
  member = await createMember(t, 'contentmember');
  other = await createMember(t, 'contentother');
  opsCookie = (await signInStaff({ app: t.app, now: () => clock }, 'ops')).cookie;
  clock = new Date(clock.getTime() + 60_000);
  serviceCookie = (await signInStaff({ app: t.app, now: () => clock }, 'service')).cookie;
  const [id] = await addCustomers(t, [customer(member.id, { name: '深圳市公示科技有限公司' })]);
  const row = await t.db
    .selectFrom('customers')
    .innerJoin('companies', 'companies.id', 'customers.company_id')
    .select('companies.credit_code')
    .where('customers.id', '=', id!)
    .executeTakeFirstOrThrow();
  creditCode = row.credit_code;
});
afterAll(() => t.close());

describe('uploads', () => {
  it('keeps a PDF and an image, answering their id and url', async () => {
    const pdf = await uploaded('申报指南.pdf', PDF);
    expect(pdf).toMatchObject({
      name: '申报指南.pdf',
      mime: 'application/pdf',
      size: PDF.length,
      kind: 'attachment',
    });
    expect(pdf.url).toBe(fileUrl(pdf.id));
    const image = await uploaded('图表.png', PNG, 'image');
    expect(image).toMatchObject({ kind: 'image', mime: 'image/png' });
  });

  it('refuses a file over the limit, saying it', async () => {
    const res = await upload('大文件.pdf', Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]));
    expect(res.statusCode).toBe(400);
    expect(res.json<Envelope<null>>().message).toBe(MSG_WITH.fileTooLarge(1));
  });

  it('refuses content that does not match its extension, and types it does not take', async () => {
    const fake = await upload('通知.pdf', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(fake.json<Envelope<null>>().message).toBe(MSG.fileTypeMismatch);
    const renamed = await upload('图表.png', PDF, 'image');
    expect(renamed.json<Envelope<null>>().message).toBe(MSG.fileTypeMismatch);
    const exe = await upload('setup.exe', Buffer.from('MZ\x90\x00'));
    expect(exe.json<Envelope<null>>().message).toBe(MSG.fileTypeUnsupported);
    const notImage = await upload('指南.pdf', PDF, 'image');
    expect(notImage.json<Envelope<null>>().message).toBe(MSG.noticeImageRequired);
  });

  it('needs a session (401) and content.write (403)', async () => {
    const { payload, headers } = multipartBody('file', 'a.pdf', 'application/pdf', PDF);
    const anonymous = await t.app.inject({ method: 'POST', url: STAFF_CONTENT_API.files, headers, payload });
    expect(anonymous.statusCode).toBe(401);
    const service = await upload('a.pdf', PDF, 'attachment', serviceCookie);
    expect(service.statusCode).toBe(403);
  });
});

describe('sanitize', () => {
  it('answers the body as it will be saved and what was removed', async () => {
    const res = await send('POST', STAFF_CONTENT_API.sanitize, {
      content: '<h2 onclick="x()">标题</h2><script>alert(1)</script><a href="javascript:alert(1)">链接</a>',
    });
    const { data } = res.json<Envelope<SanitizeAnswer>>();
    expect(data.content).toBe('<h2>标题</h2><a rel="noopener noreferrer nofollow" target="_blank">链接</a>');
    expect(data.removed).toEqual(
      expect.arrayContaining(['onclick 属性', '<script> 标签', 'javascript: 链接']),
    );
    const service = await send('POST', STAFF_CONTENT_API.sanitize, { content: '<p>x</p>' }, serviceCookie);
    expect(service.statusCode).toBe(403);
  });
});

describe('an item with its content', () => {
  it('publishes body, 文号, 原文链接 and attachments; the member reads them sanitized', async () => {
    const pdf = await uploaded('申报指南.pdf', PDF);
    const image = await uploaded('图表.png', PNG, 'image');
    const body = `<h2>一、申报条件</h2><table><tbody><tr><td colspan="2">高新技术企业</td></tr></tbody></table><p><img src="${image.url}" onerror="alert(1)"></p><script>alert(1)</script>`;
    const saved = await created({
      content: body,
      doc_no: '深科技创新〔2026〕12号',
      source_url: 'https://stic.sz.gov.cn/xxgk/tzgg/content/post_1.html',
      attachments: [pdf.id],
    });
    expect(saved.content).not.toContain('script');
    expect(saved.content).not.toContain('onerror');
    expect(saved.attachments.map((a) => a.id)).toEqual([pdf.id]);

    const shown = await detail(saved.id);
    expect(shown).toMatchObject({
      content: saved.content,
      doc_no: '深科技创新〔2026〕12号',
      source_url: 'https://stic.sz.gov.cn/xxgk/tzgg/content/post_1.html',
      attachments: [
        { id: pdf.id, name: '申报指南.pdf', size: PDF.length, mime: 'application/pdf', url: pdf.url },
      ],
    });
    expect(shown.content).toContain('<td colspan="2">高新技术企业</td>');
    expect(shown.publicity_total).toBeUndefined();

    // The attachment: a signed-in member downloads it under its Chinese name; nobody else.
    const download = await t.app.inject({
      method: 'GET',
      url: pdf.url,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('申报指南.pdf')}`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: pdf.url })).statusCode).toBe(401);
    // The image: anyone, cached.
    const picture = await t.app.inject({ method: 'GET', url: image.url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['cache-control']).toContain('max-age');
    // The console previews either.
    const preview = await t.app.inject({
      method: 'GET',
      url: STAFF_CONTENT_API.file.replace('{id}', String(pdf.id)),
      headers: { cookie: serviceCookie },
    });
    expect(preview.statusCode).toBe(200);

    // An edit of the published item changes its content; the withdrawn item's attachment is gone.
    const second = await uploaded('附件二.pdf', PDF);
    const edited = await send(
      'PUT',
      itemUrl(saved.id),
      item({ content: '<p>更正后的正文</p>', attachments: [second.id, pdf.id] }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Envelope<ContentItemDetail>>().data.attachments.map((a) => a.id)).toEqual([
      second.id,
      pdf.id,
    ]);
    expect((await detail(saved.id)).content).toBe('<p>更正后的正文</p>');
    const withdrawn = await send('POST', STAFF_CONTENT_API.withdraw.replace('{id}', String(saved.id)), {
      reason: '重复发布',
    });
    expect(withdrawn.statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'GET',
      url: pdf.url,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses a bad 原文链接, an unknown file and a file of another item', async () => {
    const url = await send('POST', STAFF_CONTENT_API.list, item({ source_url: 'javascript:alert(1)' }));
    expect(url.json<Envelope<null>>().message).toBe(MSG.sourceUrlInvalid);
    const unknown = await send('POST', STAFF_CONTENT_API.list, item({ attachments: [999_999] }));
    expect(unknown.json<Envelope<null>>().message).toBe(MSG.noticeFileInvalid);
    const pdf = await uploaded('共用.pdf', PDF);
    await created({ attachments: [pdf.id] });
    const taken = await send('POST', STAFF_CONTENT_API.list, item({ attachments: [pdf.id] }));
    expect(taken.json<Envelope<null>>().message).toBe(MSG.noticeFileInUse);
    const publicity = await send(
      'POST',
      STAFF_CONTENT_API.list,
      item({ publicity: [{ companyname: '某公司' }] }),
    );
    expect(publicity.json<Envelope<null>>().message).toBe(MSG.publicityOnlyGsgg);
  });

  it('sweeps the files no saved notice carried a day after their upload, bytes too, and keeps the carried ones', async () => {
    const files = createNoticeFiles({
      db: t.db,
      now: () => clock,
      store: createFileStore(t.config.fileStore),
      maxMb: 1,
    });
    const carried = await uploaded('保留.pdf', PDF);
    const left = await uploaded('遗留.pdf', PDF);
    const dropped = await uploaded('移除.pdf', PDF);
    const fresh = await uploaded('新传.pdf', PDF);
    const notice = await created({ attachments: [carried.id, dropped.id] });
    // Dropped from the notice's list: no notice carries it any more.
    const edited = await send('PUT', itemUrl(notice.id), item({ attachments: [carried.id] }));
    expect(edited.statusCode, edited.body).toBe(200);
    const twoDaysAgo = new Date(clock.getTime() - 48 * 3_600_000).toISOString();
    await t.db
      .updateTable('notice_files')
      .set({ created_at: twoDaysAgo })
      .where('id', 'in', [carried.id, left.id, dropped.id])
      .execute();
    const keyOf = async (id: number) =>
      (
        await t.db
          .selectFrom('notice_files')
          .select('storage_key')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).storage_key;
    const leftKey = await keyOf(left.id);
    expect(await files.sweep()).toBe(2);
    const kept = await t.db
      .selectFrom('notice_files')
      .select('id')
      .where('id', 'in', [carried.id, left.id, dropped.id, fresh.id])
      .execute();
    expect(kept.map((r) => r.id).sort()).toEqual([carried.id, fresh.id].sort());
    expect(await createFileStore(t.config.fileStore).get(leftKey)).toBeNull();
    expect((await detail(notice.id)).attachments.map((a) => a.name)).toEqual(['保留.pdf']);
  });

  it('a 公示公告 carries its 公示名单; the member sees which companies are its customers', async () => {
    const saved = await created({
      type: 'gsgg',
      title: '2026年第一批专精特新中小企业名单公示',
      publicity: [
        {
          companyname: '深圳市公示科技有限公司（旧名）',
          identityid: creditCode.toLowerCase(),
          qualification: '专精特新',
        },
        { companyname: '深圳市别家制造有限公司', identityid: '', qualification: '专精特新' },
        { companyname: '深圳市公示科技有限公司', identityid: '', qualification: '创新型中小企业' },
      ],
    });
    expect(saved.publicity).toHaveLength(3);
    expect(saved.publicity[0]!.identityid).toBe(creditCode);
    const shown = await detail(saved.id);
    expect(shown).toMatchObject({ publicity_total: 3, publicity_mine: 2 });
    const page = await getData<Page<PublicityRow>>(
      t,
      member,
      `${POLICY_ITEM_API.publicity}?id=${saved.id}&page=1&size=10`,
    );
    expect(page.total).toBe(3);
    expect(page.list.map((r) => r.customer_id !== null)).toEqual([true, false, true]);
    const mine = await getData<Page<PublicityRow>>(
      t,
      member,
      `${POLICY_ITEM_API.publicity}?id=${saved.id}&mine=1`,
    );
    expect(mine.total).toBe(2);
    const found = await getData<Page<PublicityRow>>(
      t,
      member,
      `${POLICY_ITEM_API.publicity}?id=${saved.id}&q=${encodeURIComponent('别家')}`,
    );
    expect(found.list.map((r) => r.companyname)).toEqual(['深圳市别家制造有限公司']);
    // Another member's customers are not this member's.
    const theirs = await getData<Page<PublicityRow>>(
      t,
      other,
      `${POLICY_ITEM_API.publicity}?id=${saved.id}&mine=1`,
    );
    expect(theirs.total).toBe(0);
    expect((await call(t, null, 'GET', `${POLICY_ITEM_API.publicity}?id=${saved.id}`)).status).toBe(401);
    const notGsgg = await created({});
    expect((await call(t, member, 'GET', `${POLICY_ITEM_API.publicity}?id=${notGsgg.id}`)).status).toBe(404);
    const bad = await send(
      'POST',
      STAFF_CONTENT_API.list,
      item({ type: 'gsgg', publicity: [{ companyname: '某公司', identityid: '123' }] }),
    );
    expect(bad.json<Envelope<null>>().message).toBe(MSG.publicityCreditCodeInvalid);
    // The console reads the item whole.
    const read = await t.app.inject({
      method: 'GET',
      url: itemUrl(saved.id),
      headers: { cookie: serviceCookie },
    });
    expect(read.json<Envelope<ContentItemDetail>>().data.publicity).toHaveLength(3);
  });
});

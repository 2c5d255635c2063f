// The member's own book against registry rows the test inserts: the registry search, adding within the plan's limit,
// removing, tags, follow-up notes and imports, with the dashboard's figures checked against a plain count after each
// change, on SQLite and (TEST_DB=postgres) PostgreSQL.
import {
  type AddCustomersAnswer,
  bookPath,
  type CompanyInfo,
  type CompanySearchPage,
  CUSTOMER_BOOK_API,
  type CustomerItem,
  type CustomerNote,
  type CustomerQuota,
  type CustomerTag,
  creditCodeDigits,
  creditCodeOf,
  HOME_API,
  type ImportJob,
  MSG,
  MSG_WITH,
  type Page,
} from '@uc/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompanies } from '../../src/db/seed/content/registry-repo.js';
import { multipartBody } from '../support/account.js';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { bearer } from '../support/login.js';
import {
  addCustomers,
  call,
  company,
  createMember,
  customer,
  getData,
  type TestMember,
} from '../support/members.js';

let t: TestApp;
let a: TestMember;
let sub: TestMember;
let b: TestMember;
let trial: TestMember;
/** Registry ids by name. */
const registry = new Map<string, number>();
const codeOf = new Map<string, string>();

const NAMES = [
  '深圳市甲科技有限公司',
  '深圳市乙科技有限公司',
  '广州市丙电子有限公司',
  '东莞市丁科技有限公司',
  '深圳市戊网络有限公司',
  '佛山市己机械有限公司',
];

/** Registry companies nobody holds, with credit codes of a series of the test's own. */
async function register(names: readonly string[], series = 'T') {
  const ids = await insertCompanies(
    t.db,
    names.map((name, i) =>
      company(name, creditCodeOf('440305', series + creditCodeDigits(registry.size + i, 8)), {
        is_hightech: i % 2,
        reg_capital_hundredths: 100_00 * (i + 1),
        reg_time: '2018-06-01',
        ipcount1: 1,
        ipcount2: 2,
        fmzl_count: 1,
        rjzzq_count: 1,
        syxx_count: 1,
      }),
    ),
  );
  const rows = await t.db
    .selectFrom('companies')
    .select(['id', 'name', 'credit_code'])
    .where('id', 'in', ids)
    .execute();
  for (const r of rows) {
    registry.set(r.name, r.id);
    codeOf.set(r.name, r.credit_code);
  }
  return ids;
}

const idOf = (name: string) => registry.get(name) ?? 0;

async function post<T>(member: TestMember | null, url: string, payload: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: member ? bearer(member.token) : {},
    payload: payload as Record<string, unknown>,
  });
  return { status: res.statusCode, body: res.json<Envelope<T>>() };
}

/** The member's customer count three ways: the summaries the dashboard reads, the quota, a plain count. */
async function counts(member: TestMember) {
  const info = await getData<CompanyInfo>(t, member, HOME_API.companyInfo);
  const quota = await getData<CustomerQuota>(t, member, CUSTOMER_BOOK_API.quota);
  const row = await t.db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', member.id)
    .executeTakeFirst();
  return { dashboard: info.cus_count, quota: quota.count, rows: Number(row?.n ?? 0) };
}

async function expectCounts(member: TestMember, n: number) {
  expect(await counts(member)).toEqual({ dashboard: n, quota: n, rows: n });
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  a = await createMember(t, 'bookmain');
  sub = await createMember(t, 'booksub1', { parentId: a.id });
  b = await createMember(t, 'bookother');
  trial = await createMember(t, 'booktrial', { level: 1 });
  await register(NAMES);
});
afterAll(() => t.close());

describe('the registry search', () => {
  const search = (member: TestMember, q: string, query = '') =>
    getData<CompanySearchPage>(t, member, `${CUSTOMER_BOOK_API.search}?q=${encodeURIComponent(q)}${query}`);

  it('finds any two characters of a name, and a credit code exactly', async () => {
    const page = await search(a, '科技');
    expect(page.list.map((c) => c.name).sort()).toEqual(
      ['深圳市甲科技有限公司', '深圳市乙科技有限公司', '东莞市丁科技有限公司'].sort(),
    );
    expect(page).toMatchObject({ total: 3, capped: false, page: 1, size: 10 });
    expect((await search(a, '深圳')).total).toBe(3);
    expect((await search(a, '市丙电')).list.map((c) => c.name)).toEqual(['广州市丙电子有限公司']);
    expect((await search(a, '不存在的')).list).toEqual([]);
    const code = codeOf.get('佛山市己机械有限公司') ?? '';
    const coded = await search(a, code.toLowerCase());
    expect(coded.list).toMatchObject([
      { name: '佛山市己机械有限公司', credit_code: code, customer_id: null },
    ]);
    expect(coded.list[0]).toMatchObject({
      industry_name: '制造业',
      area_name: '深圳市 南山区',
      reg_capital: 600,
    });
  });

  it('pages in the registry order', async () => {
    const first = await search(a, '有限', '&page=1&size=4');
    const second = await search(a, '有限', '&page=2&size=4');
    expect(first.total).toBe(6);
    expect([...first.list, ...second.list].map((c) => c.id)).toEqual(
      [...first.list, ...second.list].map((c) => c.id).sort((x, y) => x - y),
    );
    expect(second.list).toHaveLength(2);
  });

  it('refuses one character, control characters and more than 50; 401 without a token', async () => {
    for (const [q, message] of [
      ['科', MSG.companySearchTooShort],
      [' 科 ', MSG.companySearchTooShort],
      ['科'.repeat(51), MSG.companySearchTooLong],
    ] as const) {
      const res = await call(t, a, 'GET', `${CUSTOMER_BOOK_API.search}?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await call(t, a, 'GET', `${CUSTOMER_BOOK_API.search}?q=%01%02`)).status).toBe(400);
    expect((await call(t, null, 'GET', `${CUSTOMER_BOOK_API.search}?q=科技`)).status).toBe(401);
  });
});

describe('adding and removing customers', () => {
  it('adds registry companies once, says which were already customers, and the dashboard counts them', async () => {
    await expectCounts(a, 0);
    const first = await post<AddCustomersAnswer>(a, CUSTOMER_BOOK_API.add, {
      company_ids: [idOf('深圳市甲科技有限公司'), idOf('广州市丙电子有限公司')],
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ already: [], over_limit: [], count: 2, limit: 10_000 });
    expect(first.body.data.added.map((x) => x.company_id)).toEqual([
      idOf('深圳市甲科技有限公司'),
      idOf('广州市丙电子有限公司'),
    ]);
    await expectCounts(a, 2);
    // The sub-account adds to its main account's book.
    const again = await post<AddCustomersAnswer>(sub, CUSTOMER_BOOK_API.add, {
      company_ids: [idOf('深圳市甲科技有限公司'), idOf('深圳市乙科技有限公司')],
    });
    expect(again.body.data.already).toEqual([idOf('深圳市甲科技有限公司')]);
    expect(again.body.data.added.map((x) => x.company_id)).toEqual([idOf('深圳市乙科技有限公司')]);
    await expectCounts(a, 3);
    // The customer shows the registry's data; the search marks it as the member's (not another member's).
    const list = await getData<Page<CustomerItem>>(t, a, `${HOME_API.customers}?size=10`);
    expect(list.list.find((c) => c.cus_name === '广州市丙电子有限公司')).toMatchObject({
      reg_capital: 300,
      area_name: '南山区',
    });
    const mine = await getData<CompanySearchPage>(
      t,
      a,
      `${CUSTOMER_BOOK_API.search}?q=${encodeURIComponent('科技')}`,
    );
    expect(
      mine.list
        .filter((c) => c.customer_id !== null)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['深圳市甲科技有限公司', '深圳市乙科技有限公司'].sort());
    const theirs = await getData<CompanySearchPage>(
      t,
      b,
      `${CUSTOMER_BOOK_API.search}?q=${encodeURIComponent('科技')}`,
    );
    expect(theirs.list.every((c) => c.customer_id === null)).toBe(true);
  });

  it('refuses unknown companies, empty and oversized lists; 401 without a token', async () => {
    for (const [payload, message] of [
      [{ company_ids: [99_999_999] }, MSG.registryCompanyInvalid],
      [{ company_ids: [] }, MSG.companyIdsRequired],
      [{}, MSG.companyIdsRequired],
      [{ company_ids: Array.from({ length: 101 }, (_, i) => i + 1) }, MSG.companyIdsTooMany],
      [{ company_ids: [0] }, MSG.registryCompanyInvalid],
    ] as const) {
      const res = await post(a, CUSTOMER_BOOK_API.add, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await post(null, CUSTOMER_BOOK_API.add, { company_ids: [1] })).status).toBe(401);
  });

  it('stops at the plan’s limit: a trial member holds 20, the rest is over the limit', async () => {
    const names = Array.from({ length: 22 }, (_, i) => `试用测试${String(i).padStart(2, '0')}号科技有限公司`);
    const ids = await register(names, 'L');
    const res = await post<AddCustomersAnswer>(trial, CUSTOMER_BOOK_API.add, { company_ids: ids });
    expect(res.body.data.added).toHaveLength(20);
    expect(res.body.data.over_limit).toEqual(ids.slice(20));
    expect(res.body.data).toMatchObject({ count: 20, limit: 20 });
    const over = await post<AddCustomersAnswer>(trial, CUSTOMER_BOOK_API.add, { company_ids: ids.slice(20) });
    expect(over.body.message).toBe(MSG_WITH.customerLimitReached(20));
    expect(over.body.data.added).toEqual([]);
    await expectCounts(trial, 20);
  });

  it('two adds at once never pass the limit', async () => {
    const member = await createMember(t, 'bookrace', { level: 1 });
    const ids = await register(
      Array.from({ length: 30 }, (_, i) => `并发测试${String(i).padStart(2, '0')}号电子有限公司`),
      'R',
    );
    const answers = await Promise.all([
      post<AddCustomersAnswer>(member, CUSTOMER_BOOK_API.add, { company_ids: ids.slice(0, 15) }),
      post<AddCustomersAnswer>(member, CUSTOMER_BOOK_API.add, { company_ids: ids.slice(10, 30) }),
    ]);
    const added = answers.flatMap((r) => r.body.data.added.map((x) => x.company_id));
    expect(new Set(added).size).toBe(added.length);
    expect(added.length).toBe(20);
    await expectCounts(member, 20);
  });

  it('removes its own customers with their tags and notes; another member’s id refuses the whole call', async () => {
    const list = await getData<Page<CustomerItem>>(t, a, `${HOME_API.customers}?size=10`);
    const target = list.list.find((c) => c.cus_name === '广州市丙电子有限公司');
    if (!target) throw new Error('missing customer');
    await post(a, bookPath(CUSTOMER_BOOK_API.customerTags, { id: target.id }), { tags: ['重点'] });
    await post(a, bookPath(CUSTOMER_BOOK_API.notes, { id: target.id }), { content: '电话沟通' });
    const [theirs] = await addCustomers(t, [customer(b.id, { name: '他人客户有限公司' })]);
    const refused = await post(a, CUSTOMER_BOOK_API.remove, { ids: [target.id, theirs] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG.customerForbidden);
    await expectCounts(a, 3);
    const removed = await post<{ removed: number }>(a, CUSTOMER_BOOK_API.remove, {
      ids: [target.id, 99_999_999],
    });
    expect(removed.body.data).toEqual({ removed: 1 });
    await expectCounts(a, 2);
    expect(
      await t.db.selectFrom('customer_tags').selectAll().where('customer_id', '=', target.id).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('customer_notes').selectAll().where('customer_id', '=', target.id).execute(),
    ).toEqual([]);
    expect((await post(a, CUSTOMER_BOOK_API.remove, { ids: [] })).body.message).toBe(MSG.customerIdsRequired);
    expect((await post(null, CUSTOMER_BOOK_API.remove, { ids: [1] })).status).toBe(401);
    // The company stays in the registry and can be added again.
    const back = await post<AddCustomersAnswer>(a, CUSTOMER_BOOK_API.add, {
      company_ids: [idOf('广州市丙电子有限公司')],
    });
    expect(back.body.data.added).toHaveLength(1);
    await expectCounts(a, 3);
  });
});

describe('tags and notes', () => {
  let jia = 0;
  let yi = 0;
  beforeAll(async () => {
    const list = await getData<Page<CustomerItem>>(t, a, `${HOME_API.customers}?size=10`);
    jia = list.list.find((c) => c.cus_name === '深圳市甲科技有限公司')?.id ?? 0;
    yi = list.list.find((c) => c.cus_name === '深圳市乙科技有限公司')?.id ?? 0;
  });

  it('sets a customer’s tags, lists the member’s tags with counts, and filters the list by one', async () => {
    const set = await post<{ tags: string[] }>(a, bookPath(CUSTOMER_BOOK_API.customerTags, { id: jia }), {
      tags: [' 重点 ', '高企', '重点'],
    });
    expect(set.body.data).toEqual({ tags: ['重点', '高企'].sort() });
    await post(sub, bookPath(CUSTOMER_BOOK_API.customerTags, { id: yi }), { tags: ['重点'] });
    expect(await getData<CustomerTag[]>(t, a, CUSTOMER_BOOK_API.tags)).toEqual([
      { tag: '重点', count: 2 },
      { tag: '高企', count: 1 },
    ]);
    const tagged = await getData<Page<CustomerItem>>(
      t,
      a,
      `${HOME_API.customers}?tag=${encodeURIComponent('高企')}`,
    );
    expect(tagged.list.map((c) => [c.cus_name, c.tags])).toEqual([
      ['深圳市甲科技有限公司', ['重点', '高企'].sort()],
    ]);
    expect(tagged.total).toBe(1);
    const both = await getData<Page<CustomerItem>>(
      t,
      a,
      `${HOME_API.customers}?tag=${encodeURIComponent('重点')}&name=${encodeURIComponent('乙')}`,
    );
    expect(both.list.map((c) => c.cus_name)).toEqual(['深圳市乙科技有限公司']);
    // Clearing.
    await post(a, bookPath(CUSTOMER_BOOK_API.customerTags, { id: yi }), { tags: [] });
    expect(await getData<CustomerTag[]>(t, a, CUSTOMER_BOOK_API.tags)).toEqual([
      { tag: '重点', count: 1 },
      { tag: '高企', count: 1 },
    ]);
  });

  it('refuses long, empty and too many tags, another member’s customer (403) and no token (401)', async () => {
    const url = bookPath(CUSTOMER_BOOK_API.customerTags, { id: jia });
    expect((await post(a, url, { tags: ['一二三四五六七八九十一'] })).body.message).toBe(MSG.tagTooLong);
    expect((await post(a, url, { tags: ['  '] })).body.message).toBe(MSG.tagInvalid);
    expect(
      (await post(a, url, { tags: Array.from({ length: 11 }, (_, i) => `标签${i}`) })).body.message,
    ).toBe(MSG.tagsTooMany);
    expect((await post(b, url, { tags: ['x'] })).status).toBe(403);
    expect((await post(null, url, { tags: ['x'] })).status).toBe(401);
    expect((await call(t, b, 'GET', `${HOME_API.customers}?tag=${encodeURIComponent('重点')}`)).status).toBe(
      200,
    );
  });

  it('keeps a member to 50 distinct tags', async () => {
    for (let i = 0; i < 5; i += 1) {
      const tags = Array.from({ length: 10 }, (_, j) => `t${i}-${j}`);
      const customerId = i % 2 === 0 ? jia : yi;
      // Each call replaces the customer's tags: spread them over two customers.
      const res = await post(a, bookPath(CUSTOMER_BOOK_API.customerTags, { id: customerId }), { tags });
      expect(res.status).toBe(200);
    }
    const distinct = (await getData<CustomerTag[]>(t, a, CUSTOMER_BOOK_API.tags)).length;
    expect(distinct).toBeLessThanOrEqual(50);
    const [extra] = await addCustomers(t, [customer(a.id, { name: '标签上限测试有限公司' })]);
    const many = Array.from({ length: 10 }, (_, j) => `x${j}`);
    await post(a, bookPath(CUSTOMER_BOOK_API.customerTags, { id: jia }), { tags: many.map((x) => `a${x}`) });
    await post(a, bookPath(CUSTOMER_BOOK_API.customerTags, { id: yi }), { tags: many.map((x) => `b${x}`) });
    for (let k = 0; k < 3; k += 1) {
      const [id] = await addCustomers(t, [customer(a.id, { name: `标签上限${k}有限公司` })]);
      await post(a, bookPath(CUSTOMER_BOOK_API.customerTags, { id: id ?? 0 }), {
        tags: many.map((x) => `c${k}${x}`),
      });
    }
    const refused = await post(a, bookPath(CUSTOMER_BOOK_API.customerTags, { id: extra ?? 0 }), {
      tags: ['最后一个'],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MSG.tagsPerMemberTooMany);
    expect((await getData<CustomerTag[]>(t, a, CUSTOMER_BOOK_API.tags)).length).toBe(50);
  });

  it('records dated notes by author, newest first, deletes one; refuses empty, future and another member’s', async () => {
    const url = bookPath(CUSTOMER_BOOK_API.notes, { id: jia });
    const first = await post<CustomerNote>(a, url, {
      content: '上门拜访，约定下周提交材料',
      noted_on: '2026-01-05',
    });
    expect(first.body.data).toMatchObject({
      content: '上门拜访，约定下周提交材料',
      noted_on: '2026-01-05',
      author: 'bookmain',
    });
    const second = await post<CustomerNote>(sub, url, { content: '<b>电话</b>\n确认' });
    expect(second.body.data.author).toBe('booksub1');
    const notes = await getData<CustomerNote[]>(t, a, url);
    expect(notes.map((n) => n.content)).toEqual(['<b>电话</b>\n确认', '上门拜访，约定下周提交材料']);
    for (const [payload, message] of [
      [{ content: '  ' }, MSG.noteRequired],
      [{ content: '字'.repeat(501) }, MSG.noteTooLong],
      [{ content: '好', noted_on: '2999-01-01' }, MSG.noteDateInvalid],
      [{ content: '好', noted_on: '2026-02-30' }, MSG.noteDateInvalid],
    ] as const) {
      const res = await post(a, url, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await post(b, url, { content: '越权' })).status).toBe(403);
    expect((await call(t, b, 'GET', url)).status).toBe(403);
    expect((await call(t, null, 'GET', url)).status).toBe(401);
    const del = (member: TestMember, noteId: number) =>
      t.app.inject({
        method: 'DELETE',
        url: bookPath(CUSTOMER_BOOK_API.note, { id: jia, note_id: noteId }),
        headers: bearer(member.token),
      });
    expect((await del(b, first.body.data.id)).statusCode).toBe(403);
    expect((await del(a, first.body.data.id)).statusCode).toBe(200);
    expect((await del(a, first.body.data.id)).statusCode).toBe(404);
    expect((await getData<CustomerNote[]>(t, a, url)).map((n) => n.id)).toEqual([second.body.data.id]);
  });
});

/** An .xlsx of the template's shape: a header, then one text per row in the first column. */
async function workbook(rows: readonly string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('客户导入');
  sheet.addRow(['企业名称或统一社会信用代码']);
  for (const row of rows) sheet.addRow([row]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(member: TestMember, bytes: Buffer, name = '客户.xlsx') {
  const { payload, headers } = multipartBody(
    'file',
    name,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bytes,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: CUSTOMER_BOOK_API.importStart,
    payload,
    headers: { ...headers, ...bearer(member.token) },
  });
  return { status: res.statusCode, body: res.json<Envelope<ImportJob>>() };
}

async function finished(member: TestMember, id: number): Promise<ImportJob> {
  let job: ImportJob | undefined;
  await expect
    .poll(
      async () => {
        job = await getData<ImportJob>(t, member, bookPath(CUSTOMER_BOOK_API.importJob, { id }));
        return job.status;
      },
      { timeout: 30_000, interval: 20 },
    )
    .toMatch(/done|failed/);
  if (!job) throw new Error('no job');
  return job;
}

describe('imports', () => {
  it('imports a 1,000-row file: names and codes matched exactly, duplicates and unknown rows reported', async () => {
    const member = await createMember(t, 'bookimport');
    const names = Array.from(
      { length: 900 },
      (_, i) => `导入测试${String(i).padStart(4, '0')}号科技有限公司`,
    );
    await register(names, 'N');
    // One company already a customer, one twice in the file (once by code), 60 unknown, 38 repeats of the first.
    await post(member, CUSTOMER_BOOK_API.add, { company_ids: [idOf(names[0] ?? '')] });
    const rows = [
      ...names,
      codeOf.get(names[1] ?? '') ?? '',
      ...Array.from({ length: 60 }, (_, i) => `不存在的企业${i}有限公司`),
      ...Array.from({ length: 38 }, () => names[2] ?? ''),
      '',
    ];
    expect(rows).toHaveLength(1_000);
    const started = await upload(member, await workbook(rows));
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ total: 1_000, file_name: '客户.xlsx' });
    const job = await finished(member, started.body.data.id);
    // The empty last row is 内容有误.
    expect(job).toMatchObject({
      status: 'done',
      total: 1_000,
      processed: 1_000,
      added: 899,
      duplicate: 1 + 1 + 38,
      not_found: 60,
      failed: 1,
    });
    await expectCounts(member, 900);

    const res = await t.app.inject({
      url: bookPath(CUSTOMER_BOOK_API.importResult, { id: job.id }),
      headers: bearer(member.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('xlsx');
    const result = new ExcelJS.Workbook();
    await result.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = result.worksheets[0];
    const outcome = (line: number) => {
      const row = sheet?.getRow(line);
      return [row?.getCell(3).text, row?.getCell(4).text];
    };
    expect(sheet?.getRow(1).getCell(3).text).toBe('结果');
    expect(outcome(2)).toEqual(['已是客户', names[0]]);
    expect(outcome(3)).toEqual(['已添加', names[1]]);
    expect(outcome(902)).toEqual(['文件中重复', names[1]]);
    expect(outcome(903)).toEqual(['未找到', '']);
    expect(outcome(1000)).toEqual(['文件中重复', names[2]]);
    expect(outcome(1001)).toEqual(['内容有误', '']);
  });

  it('an ambiguous name, an over-limit row, a row too long; another member’s job is 403', async () => {
    await register(['同名测试有限公司', '同名测试有限公司'], 'A');
    const member = await createMember(t, 'booklimit', { level: 1 });
    const names = Array.from({ length: 21 }, (_, i) => `上限导入${String(i).padStart(2, '0')}号有限公司`);
    await register(names, 'U');
    const started = await upload(member, await workbook(['同名测试有限公司', '长'.repeat(101), ...names]));
    const job = await finished(member, started.body.data.id);
    expect(job).toMatchObject({ added: 20, failed: 3, duplicate: 0, not_found: 0 });
    await expectCounts(member, 20);
    expect((await call(t, a, 'GET', bookPath(CUSTOMER_BOOK_API.importJob, { id: job.id }))).status).toBe(403);
    expect((await call(t, a, 'GET', bookPath(CUSTOMER_BOOK_API.importResult, { id: job.id }))).status).toBe(
      403,
    );
    expect((await call(t, null, 'GET', bookPath(CUSTOMER_BOOK_API.importJob, { id: job.id }))).status).toBe(
      401,
    );
  });

  it('refuses a file that is not an .xlsx, an empty one, and more than 5,000 rows', async () => {
    const bad = await upload(a, Buffer.from('not a workbook'));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.importFileInvalid);
    const empty = await upload(a, await workbook([]));
    expect(empty.body.message).toBe(MSG.importEmpty);
    const many = await upload(a, await workbook(Array.from({ length: 5_001 }, (_, i) => `行${i}`)));
    expect(many.body.message).toBe(MSG.importTooManyRows);
    const none = await t.app.inject({
      method: 'POST',
      url: CUSTOMER_BOOK_API.importStart,
      payload: {},
      headers: bearer(a.token),
    });
    expect(none.statusCode).toBe(400);
  });

  it('answers the template', async () => {
    const res = await t.app.inject({ url: CUSTOMER_BOOK_API.importTemplate, headers: bearer(a.token) });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getRow(1).getCell(1).text).toContain('企业名称或统一社会信用代码');
  });
});

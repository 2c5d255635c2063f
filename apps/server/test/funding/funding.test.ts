// Funding records (docs/requirements.md §5, §7): add, edit, list, summary, delete; only the member's own; the form's messages.
import {
  type FundingRow,
  type FundingSummaryRow,
  firstIssue,
  fundingSaveBody,
  HOME_API,
  HOME_STATS_API,
  MSG,
  type Page,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { bearer } from '../support/login.js';
import { call, createMember, getData, type TestMember } from '../support/members.js';

let t: TestApp;
let a: TestMember;
let sub: TestMember;
let b: TestMember;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  a = await createMember(t, 'fundera1');
  sub = await createMember(t, 'fundera1sub', { parentId: a.id });
  b = await createMember(t, 'funderb1');
});
afterAll(() => t.close());

/** POST as a browser form (application/x-www-form-urlencoded). */
async function postForm(member: TestMember | null, url: string, fields: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(member ? bearer(member.token) : {}) },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: res.statusCode, body: res.json<Envelope<unknown>>() };
}

async function save(member: TestMember, fields: Record<string, string>): Promise<FundingRow> {
  const { status, body } = await postForm(member, HOME_API.fundingSave, fields);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body).toMatchObject({ code: 200, message: '保存成功' });
  return body.data as FundingRow;
}

const list = (member: TestMember, query = '') =>
  getData<Page<FundingRow>>(t, member, `${HOME_API.fundingList}${query}`);

describe('save (SavePublicity)', () => {
  it('adds a record from a form and answers the row with exact amount', async () => {
    const row = await save(a, {
      projectName: ' 高企认定奖励 ',
      depName: '深圳市科技创新委员会',
      amount: '30.05',
    });
    expect(row).toEqual({
      id: expect.any(Number),
      projectname: '高企认定奖励',
      depname: '深圳市科技创新委员会',
      amount: 30.05,
    });
    expect(Object.keys(row).sort()).toEqual(['amount', 'depname', 'id', 'projectname']);
  });

  it('accepts JSON too, and keeps amounts exact to the hundredth', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: HOME_API.fundingSave,
      headers: bearer(a.token),
      payload: { projectName: '研发资助', depName: '南山区科技创新局', amount: 0.1 },
    });
    expect(res.json<Envelope<FundingRow>>().data.amount).toBe(0.1);
    await save(a, { projectName: '研发资助二期', depName: '南山区科技创新局', amount: '0.2' });
    await save(a, { projectName: '技改', depName: '深圳市工业和信息化局', amount: '120' });
    const summary = await getData<FundingSummaryRow[]>(t, a, HOME_API.fundingSummary);
    expect(summary).toEqual([
      { dept_name: '深圳市工业和信息化局', amount: 120, count: 1 },
      { dept_name: '深圳市科技创新委员会', amount: 30.05, count: 1 },
      { dept_name: '南山区科技创新局', amount: 0.3, count: 2 },
    ]);
    expect(await getData(t, a, HOME_STATS_API.deptAmount)).toEqual(summary);
  });

  it('edits the member’s record, also from its sub-account', async () => {
    const row = await save(a, { projectName: '待修改', depName: '深圳市商务局', amount: '1' });
    const edited = await save(sub, {
      id: String(row.id),
      projectName: '已修改',
      depName: '深圳市商务局',
      amount: '2.5',
    });
    expect(edited).toEqual({ id: row.id, projectname: '已修改', depname: '深圳市商务局', amount: 2.5 });
    expect((await list(a, '?size=100')).list).toContainEqual(edited);
  });

  it('refuses to edit another member’s record (403) and an unknown one (404)', async () => {
    const [mine] = (await list(a)).list;
    const other = await postForm(b, HOME_API.fundingSave, {
      id: String(mine?.id),
      projectName: '篡改',
      depName: '某部门',
      amount: '9',
    });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 403, message: MSG.fundingForbidden });
    expect((await list(a)).list).toContainEqual(mine);

    const unknown = await postForm(a, HOME_API.fundingSave, {
      id: '999999',
      projectName: '不存在',
      depName: '某部门',
      amount: '1',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 404, message: MSG.notFound });
  });

  it('rejects bad input with docs/requirements.md §5’s messages', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ projectName: '', depName: '部门', amount: '1' }, '请输入项目名称'],
      [{ projectName: '   ', depName: '部门', amount: '1' }, '请输入项目名称'],
      [{ depName: '部门', amount: '1' }, '请输入项目名称'],
      [{ projectName: '项'.repeat(51), depName: '部门', amount: '1' }, '项目名称长度为1-50个字符'],
      [{ projectName: '项目', depName: '', amount: '1' }, '请输入资助部门'],
      [{ projectName: '项目', depName: '部'.repeat(51), amount: '1' }, '资助部门长度为1-50个字符'],
      [{ projectName: '项目', depName: '部门', amount: 'abc' }, '请输入数字值'],
      [{ projectName: '项目', depName: '部门', amount: '1e3' }, '请输入数字值'],
      [{ projectName: '项目', depName: '部门' }, '资助金额不能为空'],
      [{ projectName: '项目', depName: '部门', amount: '' }, '资助金额不能为空'],
      [{ projectName: '项目', depName: '部门', amount: '-1' }, MSG.fundingAmountNegative],
      [{ projectName: '项目', depName: '部门', amount: '1.234' }, MSG.fundingAmountDecimals],
      [{ projectName: '项目', depName: '部门', amount: '10000000' }, MSG.fundingAmountTooLarge],
      [{ id: 'x', projectName: '项目', depName: '部门', amount: '1' }, MSG.fundingIdInvalid],
    ];
    const before = (await list(a)).total;
    for (const [fields, message] of cases) {
      const { status, body } = await postForm(a, HOME_API.fundingSave, fields);
      expect(status, JSON.stringify(fields)).toBe(400);
      expect(body).toMatchObject({ code: 400, message });
    }
    expect((await list(a)).total).toBe(before);
    // 50 characters are fine.
    await save(a, { projectName: '项'.repeat(50), depName: '部'.repeat(50), amount: '0' });
  });

  it('shares one schema with the web form', () => {
    const issue = (value: Record<string, unknown>) => firstIssue(fundingSaveBody.safeParse(value));
    expect(issue({ projectName: 'a', depName: 'b', amount: 'abc' })).toBe('请输入数字值');
    expect(issue({ projectName: 'a', depName: 'b' })).toBe('资助金额不能为空');
    expect(issue({ projectName: 'a', depName: 'b', amount: null })).toBe('资助金额不能为空');
    expect(issue({ projectName: 'a', depName: 'b', amount: 12.5 })).toBeNull();
    expect(fundingSaveBody.parse({ projectName: 'a', depName: 'b', amount: '12.50', id: '' })).toEqual({
      projectName: 'a',
      depName: 'b',
      amount: 12.5,
      id: undefined,
    });
  });
});

describe('list (GetPublicityListByUser)', () => {
  it('pages the member’s records newest first; another member sees only its own', async () => {
    const all = await list(a, '?size=100');
    expect(all.total).toBe(all.list.length);
    const ids = all.list.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const second = await list(a, '?page=2&size=2');
    expect(second).toMatchObject({ total: all.total, page: 2, size: 2 });
    expect(second.list).toEqual(all.list.slice(2, 4));
    expect(await list(sub, '?size=100')).toEqual(all);

    expect(await list(b)).toEqual({ list: [], total: 0, page: 1, size: 10 });
    expect(await getData(t, b, HOME_API.fundingSummary)).toEqual([]);
  });

  it('rejects bad paging', async () => {
    for (const query of ['?page=0', '?size=0', '?size=101', '?page=-1']) {
      expect((await call(t, a, 'GET', `${HOME_API.fundingList}${query}`)).status).toBe(400);
    }
  });
});

describe('delete (DelPublicityListById)', () => {
  it('deletes the member’s records given as a comma string', async () => {
    const x = await save(a, { projectName: '删一', depName: '部门', amount: '1' });
    const y = await save(a, { projectName: '删二', depName: '部门', amount: '2' });
    const before = (await list(a)).total;
    const { status, body } = await postForm(sub, HOME_API.fundingDelete, { ids: `${x.id}, ${y.id}` });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, message: '删除成功', data: { deleted: 2 } });
    expect((await list(a)).total).toBe(before - 2);
  });

  it('deletes nothing when any id is another member’s (403)', async () => {
    const mine = await save(a, { projectName: '保留', depName: '部门', amount: '1' });
    const theirs = await save(b, { projectName: '别人的', depName: '部门', amount: '1' });
    const { status, body } = await postForm(a, HOME_API.fundingDelete, { ids: `${mine.id},${theirs.id}` });
    expect(status).toBe(403);
    expect(body).toMatchObject({ code: 403, message: MSG.fundingForbidden });
    expect((await list(a, '?size=100')).list).toContainEqual(mine);
    expect((await list(b)).list).toContainEqual(theirs);

    const missing = await postForm(a, HOME_API.fundingDelete, { ids: `${mine.id},999999` });
    expect(missing.status).toBe(404);
    expect((await list(a, '?size=100')).list).toContainEqual(mine);
  });

  it('rejects an empty or malformed id list', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ids: '' }, MSG.selectAtLeastOne],
      [{}, MSG.selectAtLeastOne],
      [{ ids: '3,a' }, '所选数据有误，请刷新后重试'],
      [{ ids: '3,,5' }, '所选数据有误，请刷新后重试'],
      [{ ids: '0' }, '所选数据有误，请刷新后重试'],
      [{ ids: '-3' }, '所选数据有误，请刷新后重试'],
      [{ ids: Array.from({ length: 101 }, (_, i) => i + 1).join(',') }, '一次最多删除100条数据'],
    ];
    for (const [fields, message] of cases) {
      const { status, body } = await postForm(a, HOME_API.fundingDelete, fields);
      expect(status, JSON.stringify(fields)).toBe(400);
      expect(body).toMatchObject({ code: 400, message });
    }
  });
});

describe('authentication', () => {
  it('answers 401 without a token', async () => {
    for (const url of [HOME_API.fundingSummary, HOME_API.fundingList, HOME_STATS_API.deptAmount]) {
      expect((await call(t, null, 'GET', url)).status).toBe(401);
    }
    for (const url of [HOME_API.fundingSave, HOME_API.fundingDelete]) {
      const { status, body } = await postForm(null, url, {
        ids: '1',
        projectName: 'a',
        depName: 'b',
        amount: '1',
      });
      expect(status).toBe(401);
      expect(body).toMatchObject({ code: 401, message: MSG.unauthorized });
    }
  });
});

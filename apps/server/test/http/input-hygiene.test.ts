// The defects the fuzzer found, pinned: ids past PostgreSQL's integer and NUL bytes answer 400 in Chinese, never 500.
import { ACCOUNT_API, MSG } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { bearer, login } from '../support/login.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'demouser');
});
afterAll(() => t.close());

const refused = (message: string) => ({ code: 400, message, data: null, detail: message });

describe('ids bounded to the database integer', () => {
  it.each([
    '/api/ccw/member/management/getCusData/?id=2147483648',
    '/api/ccw/member/management/getCusAllInfo/?id=2147483648',
    '/account/userhometj/GetFenxiDataById/?id=9223372036854775808',
    '/account/userhometj/GetPatentBycustomerId/?customerId=2147483648',
    '/api/ccw_crm/hts/getGrade/?customerId=2147483648',
  ])('GET %s answers 400', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused(MSG.customerInvalid));
  });

  it('refuses a funding id or ids past it', async () => {
    const save = await t.app.inject({
      method: 'POST',
      url: '/tools/api/SavePublicity/',
      headers: bearer(token),
      payload: { id: '2147483648', projectName: '项目', depName: '部门', amount: '1' },
    });
    expect(save.json()).toEqual(refused(MSG.fundingIdInvalid));
    const remove = await t.app.inject({
      method: 'POST',
      url: '/tools/api/DelPublicityListById/',
      headers: bearer(token),
      payload: { ids: '3,2147483648' },
    });
    expect(remove.json()).toEqual(refused(MSG.fundingIdsInvalid));
  });
});

describe('text with control characters', () => {
  it('refuses a NUL byte in a login, a page query, a funding name and a company name', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const cases = [
      t.app.inject({
        method: 'POST',
        url: '/auth/login/',
        headers: form,
        payload: `username=a%00b&password=${'a'.repeat(64)}`,
      }),
      t.app.inject({ method: 'GET', url: '/news/detail?guid=%00' }),
      t.app.inject({
        method: 'POST',
        url: '/tools/api/SavePublicity/',
        headers: { ...form, ...bearer(token) },
        payload: 'projectName=a%00b&depName=%E9%83%A8%E9%97%A8&amount=1',
      }),
      t.app.inject({
        method: 'POST',
        url: '/auth/register/',
        payload: {
          company: '深圳\u0000公司',
          username: 'newuser01',
          new_password1: 'a'.repeat(64),
          new_password2: 'a'.repeat(64),
          telphone: '13900000009',
          verifycode: '1234',
        },
      }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, message: MSG.textInvalid, detail: MSG.textInvalid });
    }
  });
});

describe('percent-encoding that is not UTF-8', () => {
  // A UTF-16 surrogate encoded as UTF-8 (CESU), a byte no UTF-8 has, an overlong "/", a sequence cut short.
  const BROKEN = ['%ED%A0%80', '%FF', '%C0%AF', '%E4%BD'];
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const saveForm = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/tools/api/SavePublicity/',
      headers: { ...form, ...bearer(token) },
      payload,
    });
  const fundingList = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/tools/api/GetPublicityListByUser/?size=100',
        headers: bearer(token),
      })
    ).body;

  it.each(BROKEN)('refuses %s in a form body, in a value or a name, and stores nothing', async (bad) => {
    for (const payload of [
      `projectName=a${bad}b&depName=%E9%83%A8%E9%97%A8&amount=1`,
      `projectName=a&depName=b&amount=1&${bad}=1`,
    ]) {
      const res = await saveForm(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual(refused(MSG.textInvalid));
    }
    const name = await t.app.inject({
      method: 'POST',
      url: ACCOUNT_API.updateUser,
      headers: { ...form, ...bearer(token) },
      payload: `name=${bad}`,
    });
    expect(name.json()).toEqual(refused(MSG.textInvalid));
    expect(await fundingList()).not.toContain(bad);
  });

  it.each(BROKEN)('refuses %s in a query string, in a value or a name', async (bad) => {
    for (const url of [
      `/api/slider_code/?username=a${bad}`,
      `/api/slider_code/?username=a&${bad}=1`,
      `/news/detail?guid=${bad}`,
      `/tools/api/GetPublicityListByUser/?page=1&x=${bad}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual(refused(MSG.textInvalid));
    }
  });

  it('keeps well-formed UTF-8 and a literal percent sign', async () => {
    const res = await saveForm('projectName=%E4%BD%A0%E5%A5%BD+50%25&depName=%E9%83%A8%E9%97%A8&amount=1');
    expect(res.json()).toMatchObject({ code: 200, data: { projectname: '你好 50%' } });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/slider_code/?username=%E4%BD%A0' })).statusCode,
    ).toBe(200);
  });
});

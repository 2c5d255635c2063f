// Sub-accounts a main account manages: list, count and limit, tree, add, edit, disable, delete, passwords.
import { ACCOUNT_API, ACCOUNT_CODE, CODE, fillPath, IDENTITY_CODE, MSG, MSG_WITH } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/account.js';
import { type ClockedApp, createClockedApp } from '../support/clocked-app.js';
import { decodeToken, hashed, login, loginRequest } from '../support/login.js';

const H = (text: string) => hashed(text);

interface Item {
  id: number;
  username: string;
  name: string;
  mobile: string;
  enabled: boolean;
}

describe('sub-accounts', () => {
  let t: ClockedApp;
  let main: string;
  beforeAll(async () => {
    t = await createClockedApp();
    main = await login(t.app, 'demouser');
  });
  afterAll(() => t?.close());

  const add = (token: string, payload: Record<string, unknown>) =>
    call<Item>(t.app, 'POST', ACCOUNT_API.users, token, payload);
  const loginAs = async (username: string, password = 'Sub123456') => {
    const res = await loginRequest(t.app, username, password);
    if (res.json().code !== 200) throw new Error(`login ${username} failed: ${res.body}`);
    return res.json().data.token as string;
  };
  const fresh = async () => {
    main = await login(t.app, 'demouser');
    return main;
  };

  it('answers 401 without a token and 403 to a sub-account on every management call', async () => {
    const sub = await login(t.app, 'demosub01');
    const calls: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', ACCOUNT_API.userList],
      ['GET', ACCOUNT_API.userCount],
      ['GET', ACCOUNT_API.architecture],
      ['POST', ACCOUNT_API.users],
      ['PUT', fillPath(ACCOUNT_API.user, 1)],
      ['DELETE', fillPath(ACCOUNT_API.user, 1)],
      ['POST', fillPath(ACCOUNT_API.resetPassword, 1)],
      ['POST', fillPath(ACCOUNT_API.changePasswd, 1)],
      ['POST', fillPath(ACCOUNT_API.resetCusPassword, 1)],
    ];
    const valid: Record<string, Record<string, unknown>> = {
      [ACCOUNT_API.users]: { username: 'validname1', password: H('Valid12345'), name: '张三' },
      [fillPath(ACCOUNT_API.changePasswd, 1)]: {
        newpassword: H('Valid12345'),
        surepassword: H('Valid12345'),
      },
    };
    for (const [method, url] of calls) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : (valid[url] ?? {});
      const anonymous = await call(t.app, method, url, null, payload);
      expect(anonymous.status, url).toBe(401);
      const refused = await call(t.app, method, url, sub, payload);
      expect(refused.status, url).toBe(403);
      expect(refused.body, url).toMatchObject({ code: CODE.forbidden, message: MSG.subAccountOnlyMain });
    }
  });

  it('counts against the plan limit: professional 10, gold (legacy) 5, trial 0', async () => {
    await fresh();
    expect((await call(t.app, 'GET', ACCOUNT_API.userCount, main)).body.data).toEqual({
      count: 1,
      limit: 10,
    });
    const gold = await login(t.app, 'goldvip01');
    expect((await call(t.app, 'GET', ACCOUNT_API.userCount, gold)).body.data).toEqual({ count: 0, limit: 5 });
    const trial = await login(t.app, 'trialuser');
    expect((await call(t.app, 'GET', ACCOUNT_API.userCount, trial)).body.data).toEqual({
      count: 0,
      limit: 0,
    });
    const refused = await add(trial, { username: 'trialsub01', password: H('Trial12345'), name: '试用' });
    expect(refused.body).toMatchObject({
      code: ACCOUNT_CODE.subAccountLimit,
      message: MSG.subAccountNotAllowed,
    });
  });

  it('adds a sub-account that logs in at once with the main account’s rights', async () => {
    await fresh();
    const rules: [Record<string, unknown>, string][] = [
      [{ password: H('Sub123456'), name: '李四' }, MSG.usernameRequired],
      [{ username: 'ab1', password: H('Sub123456'), name: '李四' }, MSG.usernameTooShort],
      [{ username: 'a'.repeat(17), password: H('Sub123456'), name: '李四' }, MSG.usernameTooLong],
      [{ username: '1abcdefg', password: H('Sub123456'), name: '李四' }, MSG.usernameInvalid],
      [{ username: 'teamsub01', name: '李四' }, MSG.passwordRequired],
      [{ username: 'teamsub01', password: H('Sub123456') }, MSG.contactNameRequired],
      [{ username: 'teamsub01', password: H('Sub123456'), name: '李四', mobile: '123' }, MSG.mobileInvalid],
      [
        { username: 'teamsub01', password: H('Sub123456'), surepassword: H('Other1234'), name: '李四' },
        MSG.confirmMismatch,
      ],
    ];
    for (const [payload, message] of rules) {
      const refused = await add(main, payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.body.message).toBe(message);
    }
    expect(
      (await add(main, { username: 'DemoUser', password: H('Sub123456'), name: '李四' })).body,
    ).toMatchObject({
      code: IDENTITY_CODE.usernameTaken,
      message: MSG.usernameTaken,
    });
    expect(
      (
        await add(main, {
          username: 'teamsub01',
          password: H('Sub123456'),
          name: '李四',
          mobile: '13800138002',
        })
      ).body,
    ).toMatchObject({ code: ACCOUNT_CODE.mobileTaken, message: MSG.mobileBoundOther });

    const added = await add(main, {
      username: 'teamsub01',
      password: H('Sub123456'),
      surepassword: H('Sub123456'),
      name: '李四',
      mobile: '13700137000',
    });
    expect(added.body).toMatchObject({
      code: 200,
      message: MSG.subAccountAdded,
      data: { username: 'teamsub01', name: '李四', mobile: '13700137000', enabled: true },
    });
    const token = await loginAs('teamsub01');
    const payload = decodeToken(token);
    const mainPayload = decodeToken(main);
    expect(payload.level).toBe(mainPayload.level);
    expect(payload.group_id).toBe(mainPayload.user_id);
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'teamsub01')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_sub: 1, parent_id: mainPayload.user_id, group_id: mainPayload.user_id });
    // A sub-account may share its own main account's mobile.
    const sharing = await add(main, {
      username: 'teamsub02',
      password: H('Sub123456'),
      name: '王五',
      mobile: '13800138000',
    });
    expect(sharing.body.code).toBe(200);
  });

  it('lists, searches and pages the sub-accounts, and shows the tree', async () => {
    await fresh();
    const list = await call<{ list: Item[]; total: number; page: number; size: number }>(
      t.app,
      'GET',
      `${ACCOUNT_API.userList}?page=1&size=2`,
      main,
    );
    expect(list.body.data).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(list.body.data.list.map((i) => i.username)).toEqual(['demosub01', 'teamsub01']);
    const byName = await call<{ list: Item[] }>(
      t.app,
      'GET',
      `${ACCOUNT_API.userList}?name=${encodeURIComponent('李')}`,
      main,
    );
    expect(byName.body.data.list.map((i) => i.username)).toEqual(['teamsub01']);
    const byUsername = await call<{ list: Item[] }>(t.app, 'GET', `${ACCOUNT_API.userList}?name=SUB02`, main);
    expect(byUsername.body.data.list.map((i) => i.username)).toEqual(['teamsub02']);
    const wildcard = await call<{ list: Item[] }>(t.app, 'GET', `${ACCOUNT_API.userList}?name=%25`, main);
    expect(wildcard.body.data.list).toEqual([]);
    expect((await call(t.app, 'GET', `${ACCOUNT_API.userList}?page=0`, main)).body.message).toBe(
      MSG.pageInvalid,
    );
    const tree = await call<{ username: string; children: { username: string }[] }>(
      t.app,
      'GET',
      ACCOUNT_API.architecture,
      main,
    );
    expect(tree.body.data.username).toBe('demouser');
    expect(tree.body.data.children.map((c) => c.username)).toEqual(['demosub01', 'teamsub01', 'teamsub02']);
    // Another main account sees only its own (none).
    const gold = await login(t.app, 'goldvip01');
    expect((await call<{ total: number }>(t.app, 'GET', ACCOUNT_API.userList, gold)).body.data.total).toBe(0);
  });

  it('refuses another main account’s sub-account with 403, an unknown one with 404', async () => {
    await fresh();
    const gold = await login(t.app, 'goldvip01');
    const id = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'teamsub01')
        .executeTakeFirstOrThrow()
    ).id;
    const mainId = decodeToken(main).user_id as number;
    for (const [method, url, payload] of [
      ['PUT', fillPath(ACCOUNT_API.user, id), { name: '改' }],
      ['DELETE', fillPath(ACCOUNT_API.user, id), undefined],
      ['POST', fillPath(ACCOUNT_API.resetPassword, id), {}],
      [
        'POST',
        fillPath(ACCOUNT_API.changePasswd, id),
        { newpassword: H('Abc123456'), surepassword: H('Abc123456') },
      ],
    ] as const) {
      const refused = await call(t.app, method, url, gold, payload);
      expect(refused.status, url).toBe(403);
      expect(refused.body.message).toBe(MSG.subAccountNotYours);
    }
    // A main account is not anyone's sub-account, not even its own.
    expect((await call(t.app, 'PUT', fillPath(ACCOUNT_API.user, mainId), main, { name: 'x' })).status).toBe(
      403,
    );
    const unknown = await call(t.app, 'PUT', fillPath(ACCOUNT_API.user, 999_999), main, { name: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(MSG.subAccountNotFound);
    expect((await call(t.app, 'PUT', fillPath(ACCOUNT_API.user, 'abc'), main, { name: 'x' })).status).toBe(
      400,
    );
  });

  it('edits, disables (sessions end, login refused) and enables again', async () => {
    await fresh();
    const id = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'teamsub01')
        .executeTakeFirstOrThrow()
    ).id;
    const subToken = await loginAs('teamsub01');
    const edited = await call<Item>(t.app, 'PUT', fillPath(ACCOUNT_API.user, id), main, {
      name: '李四四',
      mobile: '',
    });
    expect(edited.body).toMatchObject({
      code: 200,
      message: MSG.subAccountUpdated,
      data: { name: '李四四', mobile: '' },
    });
    expect(
      (await call(t.app, 'PUT', fillPath(ACCOUNT_API.user, id), main, { enabled: 'maybe' })).body.message,
    ).toBe(MSG.enabledInvalid);
    expect((await call(t.app, 'PUT', fillPath(ACCOUNT_API.user, id), main, { name: '' })).body.message).toBe(
      MSG.contactNameRequired,
    );
    await call(t.app, 'PUT', fillPath(ACCOUNT_API.user, id), main, { mobile: '13700137000' });

    const disabled = await call<Item>(t.app, 'PUT', fillPath(ACCOUNT_API.user, id), main, {
      enabled: false,
    });
    expect(disabled.body.data.enabled).toBe(false);
    expect((await call(t.app, 'GET', ACCOUNT_API.security, subToken)).body).toEqual({
      code: CODE.loggedInElsewhere,
      message: MSG.accountDisabled,
      data: null,
    });
    expect((await loginRequest(t.app, 'teamsub01', 'Sub123456')).json()).toMatchObject({
      code: ACCOUNT_CODE.accountDisabled,
      message: MSG.accountDisabled,
    });
    // A wrong password still says only that.
    expect((await loginRequest(t.app, 'teamsub01', 'Wrong12345')).json().code).toBe(CODE.badCredentials);

    const enabled = await call<Item>(t.app, 'PUT', fillPath(ACCOUNT_API.user, id), main, {
      enabled: 'true',
    });
    expect(enabled.body.data.enabled).toBe(true);
    expect((await loginRequest(t.app, 'teamsub01', 'Sub123456')).json().code).toBe(200);
  });

  it('resets a password (shown once, meets the rules) and sets one; sessions end each time', async () => {
    await fresh();
    const id = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'teamsub01')
        .executeTakeFirstOrThrow()
    ).id;
    const before = await loginAs('teamsub01');
    const reset = await call<{ password: string }>(
      t.app,
      'POST',
      fillPath(ACCOUNT_API.resetPassword, id),
      main,
    );
    expect(reset.body).toMatchObject({ code: 200, message: MSG.subAccountPasswordReset });
    const password = reset.body.data.password;
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,}$/);
    expect((await call(t.app, 'GET', ACCOUNT_API.security, before)).body).toMatchObject({
      code: CODE.loggedInElsewhere,
      message: MSG.passwordChangedPush,
    });
    expect((await loginRequest(t.app, 'teamsub01', 'Sub123456')).json().code).toBe(CODE.badCredentials);
    const after = await loginRequest(t.app, 'teamsub01', password);
    expect(after.json().code).toBe(200);

    const url = fillPath(ACCOUNT_API.changePasswd, id);
    expect(
      (await call(t.app, 'POST', url, main, { newpassword: H('Abc123456'), surepassword: H('Abc654321') }))
        .body.message,
    ).toBe(MSG.confirmMismatch);
    expect((await call(t.app, 'POST', url, main, { newpassword: '', surepassword: '' })).body.message).toBe(
      MSG.passwordRequired,
    );
    const changed = await call(t.app, 'POST', url, main, {
      newpassword: H('Abc123456'),
      surepassword: H('Abc123456'),
    });
    expect(changed.body).toMatchObject({ code: 200, message: MSG.passwordChanged });
    expect((await call(t.app, 'GET', ACCOUNT_API.security, after.json().data.token)).body.code).toBe(
      CODE.loggedInElsewhere,
    );
    expect((await loginRequest(t.app, 'teamsub01', 'Abc123456')).json().code).toBe(200);
  });

  it('refuses reset_cus_password with a named error', async () => {
    await fresh();
    const answer = await call(t.app, 'POST', fillPath(ACCOUNT_API.resetCusPassword, 1), main);
    expect(answer.body).toEqual({
      code: ACCOUNT_CODE.noCustomerAccount,
      message: MSG.noCustomerAccount,
      data: null,
    });
  });

  it('deletes a sub-account: sessions end, login refused, the username stays taken', async () => {
    await fresh();
    const id = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'teamsub02')
        .executeTakeFirstOrThrow()
    ).id;
    // teamsub02 shares its main account's mobile, so it logs in straight away.
    const subToken = await loginAs('teamsub02');
    const removed = await call(t.app, 'DELETE', fillPath(ACCOUNT_API.user, id), main);
    expect(removed.body).toMatchObject({ code: 200, message: MSG.subAccountDeleted });
    expect((await call(t.app, 'GET', ACCOUNT_API.security, subToken)).body).toMatchObject({
      code: CODE.loggedInElsewhere,
      message: MSG.accountDeleted,
    });
    expect((await loginRequest(t.app, 'teamsub02', 'Sub123456')).json().code).toBe(CODE.badCredentials);
    expect((await call(t.app, 'DELETE', fillPath(ACCOUNT_API.user, id), main)).status).toBe(404);
    expect(
      (await add(main, { username: 'teamsub02', password: H('Sub123456'), name: '王五' })).body.code,
    ).toBe(IDENTITY_CODE.usernameTaken);
    expect((await call<{ count: number }>(t.app, 'GET', ACCOUNT_API.userCount, main)).body.data.count).toBe(
      2,
    );
    const audit = await call<{ audit: { action: string; target: string }[] }>(
      t.app,
      'GET',
      ACCOUNT_API.security,
      main,
    );
    expect(audit.body.data.audit[0]).toMatchObject({ action: 'sub_deleted', target: 'teamsub02' });
  });

  it('refuses adding over the limit with the limit in the message, also to adds racing for the last place', async () => {
    const gold = await login(t.app, 'goldvip01');
    for (let i = 1; i <= 4; i += 1) {
      const answer = await add(gold, {
        username: `goldsub0${i}`,
        password: H('Gold12345'),
        name: `成员${i}`,
      });
      expect(answer.body.code).toBe(200);
    }
    // Six adds at once for the fifth and last place: one gets it.
    const racing = await Promise.all(
      [5, 6, 7, 8, 9, 10].map((i) =>
        add(gold, { username: `goldrace${i}`, password: H('Gold12345'), name: `成员${i}` }),
      ),
    );
    expect(racing.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    expect((await call(t.app, 'GET', ACCOUNT_API.userCount, gold)).body.data).toEqual({ count: 5, limit: 5 });
    const over = await add(gold, { username: 'goldsub06', password: H('Gold12345'), name: '成员6' });
    expect(over.body).toMatchObject({
      code: ACCOUNT_CODE.subAccountLimit,
      message: MSG_WITH.subAccountLimit(5),
    });
  });
});

import type { MenuRoute } from '@uc/shared';
import { MSG } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { bearer, type DemoName, login } from '../support/login.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function menus(name: DemoName): Promise<MenuRoute[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/auth/build/menus/',
    headers: bearer(await login(t.app, name)),
  });
  expect(res.statusCode).toBe(200);
  const body = res.json<Envelope<MenuRoute[]>>();
  expect(body.code).toBe(200);
  return body.data;
}

/** Full paths as the client joins them (eladmin style). */
function paths(tree: MenuRoute[], base = ''): string[] {
  return tree.flatMap((node) => {
    const full = /^(https?:|\/)/.test(node.path) ? node.path : `${base.replace(/\/$/, '')}/${node.path}`;
    return [full, ...paths(node.children ?? [], full)];
  });
}

describe('GET /auth/build/menus/', () => {
  it('gives a professional member the whole product', async () => {
    const tree = await menus('demouser');
    const all = paths(tree);
    for (const path of [
      '/dashboard',
      '/news',
      '/publicity',
      '/customer/list',
      '/sub/list',
      '/sub/settings',
      '/smart/match/policy/exact',
      '/smart/match/policy/fast',
      '/hts/identification/score',
      '/specialization_new/evaluation/accreditation',
      '/vip/index',
      '/taocandetail',
      '/apiorder',
      '/paySuccess',
      '/apiPaySuccess',
      '/order/list',
      '/account/info',
      '/account/safe',
      '/account/sub',
      'https://www.chacewang.com/',
      'https://www.chacewang.com/chanye/',
    ]) {
      expect(all).toContain(path);
    }
    expect(tree[0]).toMatchObject({
      path: '/',
      component: 'Layout',
      redirect: '/dashboard',
      alwaysShow: false,
    });
    expect(tree[0]?.children?.[0]).toMatchObject({
      name: 'Dashboard',
      component: 'dashboard/index',
      meta: { title: '会员中心', icon: 'dashboard' },
    });
    const vip = tree.find((n) => n.path === '/vip');
    expect(vip?.children?.map((c) => [c.name, c.hidden])).toEqual([
      ['VipIndex', false],
      ['TaocanDetail', true],
      ['ApiOrder', false],
      ['paySucess', true],
      ['OrderList', false],
      ['ToolsMine', false],
      ['CardsMine', false],
      ['CardsShop', false],
      ['InvoiceList', false],
      ['ApiKeys', false],
    ]);
    // 购买次数 is a hidden child of 我的工具 (the menu highlights 我的工具 there).
    expect(vip?.children?.find((c) => c.name === 'ToolsMine')?.children).toMatchObject([
      { name: 'ToolsBuy', path: '/tools/buy', hidden: true },
    ]);
    // The API payment result is a hidden child of API套餐, so the menu highlights API套餐 there, not 会员套餐
    // (a hidden page directly under 会员服务 highlights its first entry).
    const apiOrder = vip?.children?.find((c) => c.name === 'ApiOrder');
    expect(apiOrder?.children?.map((c) => [c.name, c.path, c.hidden])).toEqual([
      ['ApiPaySuccess', '/apiPaySuccess', true],
    ]);
    const account = tree.find((n) => n.path === '/account');
    expect(account?.children?.map((c) => [c.name, c.component, c.meta.title])).toEqual([
      ['AccountInfo', 'account/info', '账户信息'],
      ['AccountSafe', 'account/safe', '账户安全'],
      ['AccountSub', 'account/sub', '子账号管理'],
      ['MessageList', 'message/list', '消息中心'],
    ]);
    // 帮助与工单, before the external links: 提交工单 and 工单详情 highlight 我的工单, an article 帮助中心.
    const helpDesk = tree.find((n) => n.name === 'HelpDesk');
    expect(helpDesk?.children?.map((c) => [c.name, c.path, c.component])).toEqual([
      ['Help', '/help', 'help/index'],
      ['TicketList', '/ticket/list', 'ticket/list'],
    ]);
    expect(helpDesk?.children?.[0]?.children?.map((c) => [c.name, c.path, c.hidden])).toEqual([
      ['HelpArticle', '/help/article', true],
    ]);
    expect(helpDesk?.children?.[1]?.children?.map((c) => [c.name, c.path, c.hidden])).toEqual([
      ['TicketNew', '/ticket/new', true],
      ['TicketDetail', '/ticket/detail', true],
    ]);
    expect(tree.at(-3)?.name).toBe('HelpDesk');
    expect(tree.at(-1)?.children?.[0]).toMatchObject({ name: 'Chanye', component: '' });
  });

  it('hides level-gated pages, and containers left empty, from a trial user', async () => {
    const all = paths(await menus('trialuser'));
    expect(all).toContain('/sub/list');
    expect(all).toContain('/smart/match/policy/fast');
    expect(all).toContain('/vip/index');
    expect(all).not.toContain('/sub/settings');
    expect(all).not.toContain('/smart/match/policy/exact');
    expect(all).not.toContain('/hts');
    expect(all).not.toContain('/hts/identification/score');
    expect(all).not.toContain('/specialization_new/evaluation/accreditation');
  });

  it('gives a sub-account its parent’s rights without the package pages', async () => {
    const tree = await menus('demosub01');
    const all = paths(tree);
    expect(all).toContain('/sub/settings');
    expect(all).toContain('/hts/identification/score');
    // 会员服务 holds only 我的工具 for it: its main account's tools.
    expect(tree.find((n) => n.path === '/vip')?.children?.map((c) => [c.name, c.path])).toEqual([
      ['ToolsMine', '/tools/mine'],
    ]);
    for (const path of [
      '/vip/index',
      '/taocandetail',
      '/apiorder',
      '/paySuccess',
      '/apiPaySuccess',
      '/order/list',
      '/account/sub',
    ]) {
      expect(all).not.toContain(path);
    }
    expect(all).toContain('/account/info');
    expect(all).toContain('/account/safe');
    // A sub-account asks for help too: its own tickets.
    for (const path of ['/help', '/help/article', '/ticket/list', '/ticket/new', '/ticket/detail'])
      expect(all).toContain(path);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/build/menus/' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.unauthorized);
  });
});

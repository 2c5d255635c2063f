import type { MenuRoute } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { buildMenuModel, isExternalPath, joinPath, locate } from './menu-model';

let nextId = 100;
function node(partial: Partial<MenuRoute> & { path: string }): MenuRoute {
  return {
    id: nextId++,
    name: '',
    component: '',
    hidden: false,
    alwaysShow: false,
    meta: { title: '', icon: '' },
    children: [],
    ...partial,
  };
}
const page = (path: string, component: string, title: string, extra: Partial<MenuRoute> = {}) =>
  node({ path, component, meta: { title, icon: '' }, ...extra });
const layout = (path: string, title: string, children: MenuRoute[], extra: Partial<MenuRoute> = {}) =>
  node({ path, component: 'Layout', meta: { title, icon: 'crown' }, children, ...extra });

const TREE: MenuRoute[] = [
  layout('/', '', [page('dashboard', 'dashboard/index', '会员中心')], { redirect: '/dashboard' }),
  layout('/', '', [page('news', 'news/index', '最新发布'), page('publicity', 'publicity/index', '我的公示')]),
  layout('/vip', '会员服务', [
    page('index', 'vip/index', '会员套餐'),
    page('/apiorder', 'apiorder/index', 'API套餐', {
      children: [page('/apiPaySuccess', 'apiPaySuccess/index', 'API支付结果', { hidden: true })],
    }),
    page('/taocandetail', 'taocandetail/index', '套餐详情', { hidden: true }),
    page('/paySuccess', 'paySuccess/index', '支付结果', { hidden: true, name: 'paySucess' }),
  ]),
  layout('/single', '单项', [page('only', 'sub/list', '订阅列表')]),
  layout('/always', '总是展开', [page('one', 'sub/settings', '订阅设置')], { alwaysShow: true }),
  layout('/account', '', [
    page('info', 'account/info', '账户信息', { hidden: true }),
    page('safe', 'account/safe', '账户安全', { hidden: true }),
  ]),
  node({ path: 'https://www.chacewang.com/', meta: { title: '查策网首页', icon: 'global' } }),
  layout('/empty', '空目录', []),
  node({ path: '/dangling', component: '', meta: { title: '孤儿', icon: '' } }),
  page('/mystery', 'no/such/component', '未知页面'),
];

describe('joinPath / isExternalPath', () => {
  it('joins relative children and keeps absolute ones', () => {
    expect(joinPath('/vip', 'index')).toBe('/vip/index');
    expect(joinPath('/vip', '/taocandetail')).toBe('/taocandetail');
    expect(joinPath('/', 'news')).toBe('/news');
    expect(joinPath('/a/', 'b/')).toBe('/a/b');
  });
  it('recognises external links', () => {
    for (const p of ['https://x.cn', 'http://x.cn', 'mailto:a@b.cn', 'tel:4008008989']) {
      expect(isExternalPath(p)).toBe(true);
      expect(joinPath('/vip', p)).toBe(p);
    }
    expect(isExternalPath('/news')).toBe(false);
  });
});

describe('buildMenuModel', () => {
  const model = buildMenuModel(TREE);

  it('registers every page at its joined path, hidden ones included', () => {
    expect([...model.byPath.keys()]).toEqual(
      expect.arrayContaining([
        '/dashboard',
        '/news',
        '/publicity',
        '/vip/index',
        '/taocandetail',
        '/paySuccess',
        '/single/only',
        '/always/one',
        '/account/info',
        '/account/safe',
        '/mystery',
      ]),
    );
    expect(model.byPath.get('/paySuccess')).toMatchObject({ name: 'paySucess', hidden: true });
  });

  it('keeps external links out of the routes and drops orphans', () => {
    expect(model.byPath.has('https://www.chacewang.com/')).toBe(false);
    expect(model.byPath.has('/empty')).toBe(false);
    expect(model.byPath.has('/dangling')).toBe(false);
    const titles = JSON.stringify(model.sidebar);
    expect(titles).not.toContain('空目录');
    expect(titles).not.toContain('孤儿');
  });

  it('keeps an unknown component as a route (the registry renders 404 for it)', () => {
    expect(model.byPath.get('/mystery')?.component).toBe('no/such/component');
  });

  it('builds the sidebar: untitled containers lend their children, hidden items are omitted', () => {
    const top = model.sidebar.map((item) => item.title);
    expect(top).toEqual([
      '会员中心',
      '最新发布',
      '我的公示',
      '会员服务',
      '订阅列表',
      '总是展开',
      '查策网首页',
      '未知页面',
    ]);
    const vip = model.sidebar.find((item) => item.title === '会员服务');
    expect(vip?.children?.map((c) => c.title)).toEqual(['会员套餐', 'API套餐']);
    expect(JSON.stringify(model.sidebar)).not.toContain('账户信息');
  });

  it('collapses a parent with one visible child unless alwaysShow', () => {
    const single = model.sidebar.find((item) => item.title === '订阅列表');
    expect(single).toMatchObject({ key: '/single/only', path: '/single/only', icon: 'crown' });
    const always = model.sidebar.find((item) => item.title === '总是展开');
    expect(always?.children?.map((c) => c.path)).toEqual(['/always/one']);
  });

  it('turns external links into sidebar links', () => {
    expect(model.sidebar.find((item) => item.title === '查策网首页')).toMatchObject({
      href: 'https://www.chacewang.com/',
    });
  });

  it('highlights the parent menu for hidden child routes', () => {
    const vipKey = model.sidebar.find((item) => item.title === '会员服务')?.key;
    expect(locate(model, '/taocandetail')).toEqual({ selectedKeys: ['/vip/index'], openKeys: [vipKey] });
    expect(locate(model, '/vip/index')).toEqual({ selectedKeys: ['/vip/index'], openKeys: [vipKey] });
    // A hidden child of a page (the seed's API支付结果 under API套餐) highlights that page.
    expect(locate(model, '/apiPaySuccess')).toEqual({ selectedKeys: ['/apiorder'], openKeys: [vipKey] });
    expect(model.byPath.get('/apiPaySuccess')?.trail).toEqual([
      { title: '会员服务', path: '/vip' },
      { title: 'API套餐', path: '/apiorder' },
    ]);
    expect(locate(model, '/news')).toEqual({ selectedKeys: ['/news'], openKeys: [] });
    expect(locate(model, '/account/info')).toEqual({ selectedKeys: [], openKeys: [] });
  });

  it('adds redirect routes for titled containers and breadcrumbs trails', () => {
    expect(model.byPath.get('/vip')).toMatchObject({ redirect: '/vip/index', component: '' });
    expect(model.byPath.get('/taocandetail')?.trail).toEqual([{ title: '会员服务', path: '/vip' }]);
    expect(model.byPath.get('/news')?.trail).toEqual([]);
  });

  it('orders siblings by sort when present', () => {
    const sortedModel = buildMenuModel([
      layout('/', '', [
        { ...page('b', 'news/index', 'B'), sort: 2 } as MenuRoute,
        { ...page('a', 'publicity/index', 'A'), sort: 1 } as MenuRoute,
      ]),
    ]);
    expect(sortedModel.sidebar.map((i) => i.title)).toEqual(['A', 'B']);
  });

  it('survives an empty tree', () => {
    expect(buildMenuModel([])).toMatchObject({ routes: [], sidebar: [] });
  });
});

describe('buildMenuModel with the server’s wrapper style', () => {
  // Each top-level entry wrapped in a titled '/' Layout, as apps/server seeds it.
  const wrap = (title: string, icon: string, child: MenuRoute, extra: Partial<MenuRoute> = {}) =>
    node({ path: '/', component: 'Layout', meta: { title, icon }, children: [child], ...extra });
  const model = buildMenuModel([
    wrap('会员中心', 'dashboard', page('dashboard', 'dashboard/index', '会员中心'), {
      redirect: '/dashboard',
    }),
    layout('/customer', '我的客户', [page('list', 'customer/list', '我的客户')]),
    wrap(
      '查策网首页',
      'global',
      node({ path: 'https://www.chacewang.com/', meta: { title: '查策网首页', icon: 'global' } }),
    ),
  ]);

  it('collapses the wrappers into their page and keeps external links', () => {
    expect(model.sidebar).toEqual([
      { key: '/dashboard', title: '会员中心', icon: 'dashboard', path: '/dashboard' },
      { key: '/customer/list', title: '我的客户', icon: 'crown', path: '/customer/list' },
      expect.objectContaining({ title: '查策网首页', href: 'https://www.chacewang.com/', icon: 'global' }),
    ]);
  });

  it('does not repeat a wrapper title in the breadcrumb', () => {
    expect(model.byPath.get('/dashboard')?.trail).toEqual([]);
    expect(model.byPath.get('/customer/list')?.trail).toEqual([]);
  });

  it('redirects a container path to its first page', () => {
    expect(model.byPath.get('/customer')?.redirect).toBe('/customer/list');
    expect(model.byPath.has('/')).toBe(false);
  });
});

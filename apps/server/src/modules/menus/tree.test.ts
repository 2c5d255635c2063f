import { describe, expect, it } from 'vitest';
import type { MenuRow } from '../../db/schema.js';
import { buildMenuTree } from './tree.js';

let nextId = 1;
const row = (fields: Partial<MenuRow> & Pick<MenuRow, 'path' | 'name'>): MenuRow => ({
  id: nextId++,
  parent_id: null,
  component: 'Layout',
  hidden: 0,
  always_show: 0,
  redirect: null,
  title: fields.name,
  icon: '',
  sort: 0,
  min_level: 0,
  package_only: 0,
  created_at: '2026-11-22T00:00:00.000Z',
  ...fields,
});

const home = row({ path: '/', name: 'Home', redirect: '/dashboard', sort: 1 });
const dashboard = row({
  path: 'dashboard',
  name: 'Dashboard',
  component: 'dashboard/index',
  parent_id: home.id,
});
const sub = row({ path: '/sub', name: 'Sub', always_show: 1, sort: 2 });
const subList = row({ path: 'list', name: 'SubList', component: 'sub/list', parent_id: sub.id, sort: 1 });
const subSettings = row({ path: 'settings', name: 'SubSettings', parent_id: sub.id, sort: 2, min_level: 11 });
const hts = row({ path: '/hts', name: 'Hts', sort: 3 });
const htsScore = row({ path: 'identification/score', name: 'HtsScore', parent_id: hts.id, min_level: 20 });
const vip = row({ path: '/vip', name: 'Vip', sort: 4, package_only: 1 });
const vipIndex = row({ path: 'index', name: 'VipIndex', parent_id: vip.id, sort: 1, package_only: 1 });
const paySuccess = row({ path: '/paySuccess', name: 'paySucess', parent_id: vip.id, sort: 2, hidden: 1 });
const external = row({ path: 'https://www.chacewang.com/', name: 'MainSite', component: '', sort: 5 });
const orphan = row({ path: 'lost', name: 'Orphan', parent_id: 9999 });
const ROWS = [
  vip,
  paySuccess,
  vipIndex,
  hts,
  htsScore,
  sub,
  subSettings,
  subList,
  home,
  dashboard,
  external,
  orphan,
];

const names = (tree: ReturnType<typeof buildMenuTree>): string[] =>
  tree.flatMap((node) => [node.name, ...names(node.children ?? [])]);

describe('buildMenuTree', () => {
  it('builds the whole tree for a high level, siblings in sort order, orphans dropped', () => {
    const tree = buildMenuTree(ROWS, { level: 30, isSub: false });
    expect(names(tree)).toEqual([
      'Home',
      'Dashboard',
      'Sub',
      'SubList',
      'SubSettings',
      'Hts',
      'HtsScore',
      'Vip',
      'VipIndex',
      'paySucess',
      'MainSite',
    ]);
  });

  it('shapes nodes as MenuRoute: flags as booleans, redirect only when set, leaves without children', () => {
    const [first, second] = buildMenuTree(ROWS, { level: 30, isSub: false });
    expect(first).toEqual({
      id: home.id,
      path: '/',
      name: 'Home',
      component: 'Layout',
      hidden: false,
      alwaysShow: false,
      redirect: '/dashboard',
      meta: { title: 'Home', icon: '' },
      children: [
        {
          id: dashboard.id,
          path: 'dashboard',
          name: 'Dashboard',
          component: 'dashboard/index',
          hidden: false,
          alwaysShow: false,
          meta: { title: 'Dashboard', icon: '' },
        },
      ],
    });
    expect(second?.alwaysShow).toBe(true);
    const hidden = buildMenuTree(ROWS, { level: 30, isSub: false }).find((n) => n.name === 'Vip')
      ?.children?.[1];
    expect(hidden).toMatchObject({ name: 'paySucess', hidden: true });
  });

  it('removes nodes above the level and containers left empty', () => {
    const tree = buildMenuTree(ROWS, { level: 10, isSub: false });
    expect(names(tree)).toEqual([
      'Home',
      'Dashboard',
      'Sub',
      'SubList',
      'Vip',
      'VipIndex',
      'paySucess',
      'MainSite',
    ]);
  });

  it('keeps a page whose hidden children were all removed, as a page', () => {
    const tools = row({ path: '/tools', name: 'Tools', sort: 9 });
    const mine = row({ path: '/tools/mine', name: 'Mine', component: 'tools/mine', parent_id: tools.id });
    const buy = row({
      path: '/tools/buy',
      name: 'Buy',
      component: 'tools/buy',
      parent_id: mine.id,
      hidden: 1,
      package_only: 1,
    });
    const tree = buildMenuTree([tools, mine, buy], { level: 10, isSub: true });
    expect(tree).toMatchObject([{ name: 'Tools', children: [{ name: 'Mine' }] }]);
    expect(tree[0]?.children?.[0]?.children).toBeUndefined();
    expect(names(buildMenuTree([tools, mine, buy], { level: 10, isSub: false }))).toEqual([
      'Tools',
      'Mine',
      'Buy',
    ]);
  });

  it('opens a page above the level whose full path the viewer holds credits for, with its container', () => {
    const unlocked = new Set(['/hts/identification/score']);
    const without = names(buildMenuTree(ROWS, { level: 10, isSub: false }));
    const at = without.indexOf('Vip');
    expect(names(buildMenuTree(ROWS, { level: 10, isSub: false, unlocked }))).toEqual([
      ...without.slice(0, at),
      'Hts',
      'HtsScore',
      ...without.slice(at),
    ]);
    // A relative path alone is not the page's path.
    const relative = new Set(['identification/score']);
    expect(names(buildMenuTree(ROWS, { level: 10, isSub: false, unlocked: relative }))).not.toContain(
      'HtsScore',
    );
  });

  it('removes package pages, with their subtrees, for sub-accounts', () => {
    const tree = buildMenuTree(ROWS, { level: 22, isSub: true });
    expect(names(tree)).not.toContain('Vip');
    expect(names(tree)).not.toContain('paySucess');
    expect(names(tree)).toContain('HtsScore');
  });

  it('orders siblings by sort, then id', () => {
    const a = row({ path: '/a', name: 'A', sort: 2 });
    const b = row({ path: '/b', name: 'B', sort: 1 });
    const c = row({ path: '/c', name: 'C', sort: 2 });
    expect(names(buildMenuTree([c, a, b], { level: 0, isSub: false }))).toEqual(['B', 'A', 'C']);
  });

  it('returns nothing for no rows', () => {
    expect(buildMenuTree([], { level: 60, isSub: false })).toEqual([]);
  });
});

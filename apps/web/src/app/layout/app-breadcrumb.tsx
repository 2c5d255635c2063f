// Breadcrumb under the header: 首页 / parent title / page title.
import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router';
import { normalizePath, OFF_MENU_TITLES, paths } from '../../paths';
import type { MenuModel } from '../routes/menu-model';

export function useRouteTitle(model: MenuModel | null): string | undefined {
  const { pathname } = useLocation();
  const path = normalizePath(pathname);
  if (path === paths.dashboard) return '会员中心';
  return model?.byPath.get(path)?.title || OFF_MENU_TITLES[path];
}

export function AppBreadcrumb({ model, extra }: { model: MenuModel | null; extra?: string }) {
  const { pathname } = useLocation();
  const path = normalizePath(pathname);
  const route = model?.byPath.get(path);
  const titles: string[] = [];
  if (path === paths.dashboard) titles.push('会员中心');
  else if (route) titles.push(...route.trail.map((t) => t.title), route.title);
  else if (OFF_MENU_TITLES[path]) titles.push(OFF_MENU_TITLES[path]);
  if (extra) titles.push(extra);
  const items = [
    { key: 'home', title: <Link to={paths.dashboard}>首页</Link> },
    ...titles.filter(Boolean).map((title, index) => ({ key: `${index}-${title}`, title })),
  ];
  return <Breadcrumb items={items} aria-label="面包屑" />;
}

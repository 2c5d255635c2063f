// Side menu from the session's menu tree: nested, hidden items omitted, external links in a new tab.
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { runtimeConfig } from '../../lib/runtime-config';
import { paths } from '../../paths';
import { locate, type MenuModel, type SidebarNode } from '../routes/menu-model';
import { menuIcon } from './menu-icons';

type MenuItem = Required<MenuProps>['items'][number];

/** What a visitor sees: the member centre and the main site. */
function visitorSidebar(): SidebarNode[] {
  return [
    { key: paths.dashboard, title: '会员中心', icon: 'dashboard', path: paths.dashboard },
    { key: 'ext-main-site', title: '查策网首页', icon: 'global', href: runtimeConfig().mainSiteUrl },
  ];
}

/** Top-level entries always get an icon (a default one if needed) to keep the column aligned; nested ones only
 * when the menu names one. */
function toItems(nodes: readonly SidebarNode[], nested = false): MenuItem[] {
  return nodes.map((node): MenuItem => {
    const icon = nested && !node.icon ? undefined : menuIcon(node.icon);
    if (node.children)
      return { key: node.key, icon, label: node.title, children: toItems(node.children, true) };
    if (node.href) {
      return {
        key: node.key,
        icon,
        label: (
          <a href={node.href} target="_blank" rel="noopener noreferrer">
            {node.title}
          </a>
        ),
      };
    }
    return { key: node.key, icon, label: <Link to={node.path ?? paths.dashboard}>{node.title}</Link> };
  });
}

export function Sidebar({
  model,
  collapsed,
  label,
}: {
  model: MenuModel | null;
  collapsed: boolean;
  /** Name of the navigation landmark (the rail and the phone drawer each have one). */
  label: string;
}) {
  const { pathname } = useLocation();
  const nodes = model ? model.sidebar : visitorSidebar();
  const items = useMemo(() => toItems(nodes), [nodes]);
  const position = model
    ? locate(model, pathname)
    : { selectedKeys: pathname === paths.dashboard ? [paths.dashboard] : [], openKeys: [] };
  const routeOpenKeys = position.openKeys.join('|');
  const [openKeys, setOpenKeys] = useState<string[]>(position.openKeys);

  // Open keys follow the route: entering a page opens its submenus (keeping the ones the user opened). The same
  // state when they are open already: a new array would draw the whole menu again right after the page hydrates.
  useEffect(() => {
    if (!routeOpenKeys) return;
    const wanted = routeOpenKeys.split('|');
    setOpenKeys((open) => {
      const missing = wanted.filter((key) => !open.includes(key));
      return missing.length === 0 ? open : [...open, ...missing];
    });
  }, [routeOpenKeys]);

  return (
    <nav aria-label={label}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={position.selectedKeys}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        style={{ borderInlineEnd: 'none', paddingBlock: 8 }}
      />
    </nav>
  );
}

// Server menu tree -> routes, sidebar and breadcrumbs (docs/architecture.md §5 "Lessons": the eladmin rules).
import type { MenuRoute } from '@uc/shared';
import { normalizePath } from '../../paths';

/** A routable page granted by the menu tree. */
export interface AppRoute {
  id: string;
  /** Absolute in-app path ('/news'). */
  path: string;
  name: string;
  title: string;
  icon: string;
  /** Registry key of the page ('news/index'); '' for a container that only redirects. */
  component: string;
  hidden: boolean;
  /** Containers: where opening their own path leads. */
  redirect?: string;
  /** Titled ancestors, outermost first (breadcrumb). */
  trail: { title: string; path?: string }[];
}

export interface SidebarNode {
  key: string;
  title: string;
  icon: string;
  /** In-app path of a page item. */
  path?: string;
  /** External link (opens in a new tab). */
  href?: string;
  children?: SidebarNode[];
}

export interface MenuModel {
  routes: AppRoute[];
  sidebar: SidebarNode[];
  byPath: ReadonlyMap<string, AppRoute>;
  /** Sidebar key to highlight for each routable path (hidden pages point at a visible relative). */
  activeKeyByPath: ReadonlyMap<string, string>;
  /** Submenu keys enclosing each sidebar key. */
  openKeysByKey: ReadonlyMap<string, string[]>;
}

const CONTAINERS = new Set(['Layout', 'ParentView']);

export function isExternalPath(path: string): boolean {
  return /^(https?:|mailto:|tel:)/i.test(path.trim());
}

/** Joins a child path onto its parent's; absolute children and external links stand alone. */
export function joinPath(parent: string, child: string): string {
  const value = child.trim();
  if (isExternalPath(value)) return value;
  if (value.startsWith('/')) return normalizePath(value);
  return normalizePath(`${parent}/${value}`);
}

function sortValue(node: MenuRoute): number {
  const value = (node as MenuRoute & { sort?: unknown }).sort;
  return typeof value === 'number' ? value : Number.MAX_SAFE_INTEGER;
}

function sorted(nodes: readonly MenuRoute[] | undefined): MenuRoute[] {
  return [...(nodes ?? [])]
    .map((node, index) => ({ node, index }))
    .sort((a, b) => sortValue(a.node) - sortValue(b.node) || a.index - b.index)
    .map(({ node }) => node);
}

function activeMenuOf(node: MenuRoute): string | undefined {
  const value = (node.meta as (MenuRoute['meta'] & { activeMenu?: unknown }) | undefined)?.activeMenu;
  return typeof value === 'string' && value ? normalizePath(value) : undefined;
}

function isContainer(node: MenuRoute, hasChildren: boolean): boolean {
  return CONTAINERS.has(node.component) || (!node.component && hasChildren);
}

/** Breadcrumb trail without repeats: a wrapper titled like its only page ('我的客户 / 我的客户') shows once. */
function cleanTrail(trail: AppRoute['trail'], title: string): AppRoute['trail'] {
  const out: AppRoute['trail'] = [];
  for (const entry of trail) {
    if (entry.title === title || out.at(-1)?.title === entry.title) continue;
    out.push(entry);
  }
  return out;
}

interface Built {
  /** Sidebar entries this node contributes to its parent's list. */
  sidebar: SidebarNode[];
  /** First visible page path below (for container redirects and hidden-page highlighting). */
  firstVisiblePage?: string;
  routable: boolean;
}

/** Builds routes, sidebar and lookup tables from the menu tree. */
export function buildMenuModel(tree: readonly MenuRoute[]): MenuModel {
  const routes: AppRoute[] = [];
  const byPath = new Map<string, AppRoute>();
  const activeKeyByPath = new Map<string, string>();
  // Hidden pages whose highlight is decided once their siblings are known.
  const pendingActive: { path: string; resolve: () => string | undefined }[] = [];

  const addRoute = (route: AppRoute) => {
    if (byPath.has(route.path)) return;
    routes.push(route);
    byPath.set(route.path, route);
  };

  function visit(node: MenuRoute, base: string, trail: AppRoute['trail']): Built {
    const rawPath = typeof node.path === 'string' ? node.path.trim() : '';
    const title = node.meta?.title?.trim() ?? '';
    const icon = node.meta?.icon?.trim() ?? '';
    const children = sorted(node.children);

    if (isExternalPath(rawPath)) {
      // External links are sidebar links only, never routes.
      return node.hidden
        ? { sidebar: [], routable: false }
        : {
            sidebar: [{ key: `ext-${node.id}`, title: title || rawPath, icon, href: rawPath }],
            routable: false,
          };
    }
    if (!rawPath && base === '') return { sidebar: [], routable: false }; // orphan: nowhere to mount it
    const path = joinPath(base || '/', rawPath || '');
    const childTrail = title ? [...trail, { title, path }] : trail;
    /** This node as a route: a page, or a container's redirect. */
    const addOwnRoute = (own: Pick<AppRoute, 'component' | 'hidden' | 'redirect'>) =>
      addRoute({
        id: `menu-${node.id}`,
        path,
        name: node.name,
        title,
        icon,
        ...own,
        trail: cleanTrail(trail, title),
      });

    if (isContainer(node, children.length > 0)) {
      const built = children.map((child) => visit(child, path, childTrail));
      const routable = built.some((b) => b.routable);
      const visible = built.flatMap((b) => b.sidebar);
      if (!routable && visible.length === 0) return { sidebar: [], routable: false }; // orphan container
      const firstVisiblePage = built.find((b) => b.firstVisiblePage)?.firstVisiblePage;
      const redirect =
        node.redirect && node.redirect !== 'noRedirect' ? joinPath(path, node.redirect) : firstVisiblePage;
      if (path !== '/' && redirect && redirect !== path) {
        addOwnRoute({ component: '', hidden: true, redirect });
      }
      // Hidden pages directly below a titled container highlight its first visible page.
      for (const child of children) {
        if (!child.hidden || isExternalPath(child.path)) continue;
        const childPath = joinPath(path, child.path);
        pendingActive.push({ path: childPath, resolve: () => (title ? firstVisiblePage : undefined) });
      }
      let sidebar: SidebarNode[];
      if (node.hidden || visible.length === 0) sidebar = [];
      else if (!title || (visible.length === 1 && !node.alwaysShow)) {
        // One visible child collapses into it (keeping the parent's icon when it has none); untitled
        // containers (the root Layout) simply lend their children to the level above.
        sidebar =
          visible.length === 1 && title
            ? visible.map((item) => ({ ...item, icon: item.icon || icon }))
            : visible;
      } else {
        sidebar = [{ key: `sub-${node.id}`, title, icon, children: visible }];
      }
      return { sidebar, ...(firstVisiblePage ? { firstVisiblePage } : {}), routable };
    }

    if (!node.component) return { sidebar: [], routable: false }; // orphan: neither page nor container
    addOwnRoute({ component: node.component, hidden: node.hidden });
    const explicit = activeMenuOf(node);
    if (explicit) pendingActive.push({ path, resolve: () => explicit });
    else if (!node.hidden) activeKeyByPath.set(path, path);
    // Children of a page are routable below it and highlight the page.
    for (const child of children) {
      const built = visit({ ...child, hidden: true }, path, childTrail);
      if (built.routable)
        pendingActive.push({
          path: joinPath(path, child.path),
          resolve: () => (node.hidden ? undefined : path),
        });
    }
    const sidebar = node.hidden ? [] : [{ key: path, title, icon, path }];
    return { sidebar, ...(node.hidden ? {} : { firstVisiblePage: path }), routable: true };
  }

  const sidebar = sorted(tree).flatMap((node) => visit(node, '', []).sidebar);
  for (const { path, resolve } of pendingActive) {
    if (activeKeyByPath.has(path)) continue;
    const key = resolve();
    if (key) activeKeyByPath.set(path, key);
  }
  const openKeysByKey = new Map<string, string[]>();
  const walk = (nodes: SidebarNode[], parents: string[]) => {
    for (const item of nodes) {
      openKeysByKey.set(item.key, parents);
      if (item.children) walk(item.children, [...parents, item.key]);
    }
  };
  walk(sidebar, []);
  return { routes, sidebar, byPath, activeKeyByPath, openKeysByKey };
}

/** Sidebar keys to select and open for a path. */
export function locate(model: MenuModel, path: string): { selectedKeys: string[]; openKeys: string[] } {
  const key = model.activeKeyByPath.get(normalizePath(path));
  if (!key) return { selectedKeys: [], openKeys: [] };
  return { selectedKeys: [key], openKeys: model.openKeysByKey.get(key) ?? [] };
}

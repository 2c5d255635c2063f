// Builds the menu tree one user may see (GET auth/build/menus/): level gates, sub-account gates, empty containers dropped.
import type { MenuRoute } from '@uc/shared';
import type { MenuRow } from '../../db/schema.js';

interface MenuViewer {
  /** Effective level (a sub-account's is its parent's). */
  level: number;
  isSub: boolean;
  /** Full in-app paths open to the viewer whatever their level: the tools it holds usage credits for. */
  unlocked?: ReadonlySet<string>;
}

/** A row's full in-app path: an absolute path as it is, a relative one under its parent's. */
const fullPath = (parent: string, path: string) =>
  path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;

const bySortThenId = (a: MenuRow, b: MenuRow) => a.sort - b.sort || a.id - b.id;

function toRoute(row: MenuRow): MenuRoute {
  return {
    id: row.id,
    path: row.path,
    name: row.name,
    component: row.component,
    hidden: row.hidden === 1,
    alwaysShow: row.always_show === 1,
    ...(row.redirect ? { redirect: row.redirect } : {}),
    meta: { title: row.title, icon: row.icon },
  };
}

/** Components that only hold other rows (a page with hidden children, such as 我的工具, is no container). */
const CONTAINERS: ReadonlySet<string> = new Set(['Layout', 'ParentView']);

/**
 * Rows the viewer may not see are removed with their subtrees; a container whose children were all
 * removed goes too (a page whose children were all removed stays, as a page); rows whose parent is missing
 * (orphans) never appear.
 */
export function buildMenuTree(rows: readonly MenuRow[], viewer: MenuViewer): MenuRoute[] {
  const children = new Map<number | null, MenuRow[]>();
  for (const row of rows) {
    const siblings = children.get(row.parent_id) ?? [];
    siblings.push(row);
    children.set(row.parent_id, siblings);
  }
  const visible = (row: MenuRow, path: string) =>
    (row.min_level <= viewer.level || viewer.unlocked?.has(path) === true) &&
    !(viewer.isSub && row.package_only === 1);

  // Walking down from the roots only: orphans and cycles are never reached.
  const build = (parentId: number | null, parentPath: string): MenuRoute[] =>
    (children.get(parentId) ?? [])
      .map((row) => ({ row, path: fullPath(parentPath, row.path) }))
      .filter(({ row, path }) => visible(row, path))
      .sort((a, b) => bySortThenId(a.row, b.row))
      .flatMap(({ row, path }) => {
        const route = toRoute(row);
        if (!children.has(row.id)) return [route];
        const kids = build(row.id, path);
        if (kids.length > 0) return [{ ...route, children: kids }];
        return CONTAINERS.has(row.component) ? [] : [route];
      });

  return build(null, '');
}

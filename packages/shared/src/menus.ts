// The menu tree of GET auth/build/menus/ (docs/requirements.md §3 "Menu route"), from which the web app builds its routes.

/** A node of the menu tree. */
export interface MenuRoute {
  id: number;
  path: string;
  name: string;
  /** 'Layout', 'ParentView', a registry key such as 'dashboard/index', or '' for an external link. */
  component: string;
  hidden: boolean;
  alwaysShow: boolean;
  redirect?: string;
  meta: { title: string; icon: string; noCache?: boolean };
  children?: MenuRoute[];
}

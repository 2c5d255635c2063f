// GET auth/build/menus/: the menu tree the routes are built from (docs/requirements.md §3 "Menu route").

import { AUTH_API, endpoint, type MenuRoute } from '@uc/shared';
import { call } from '../../http/http';

const ENDPOINT = endpoint<MenuRoute[]>()('GET', AUTH_API.menus);

export async function getMenus(): Promise<MenuRoute[]> {
  const data = await call(ENDPOINT, {});
  return Array.isArray(data) ? data : [];
}

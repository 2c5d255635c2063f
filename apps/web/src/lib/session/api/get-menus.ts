// GET auth/build/menus/: the menu tree the routes are built from (docs/requirements.md §3 "Menu route").

import { unwrap } from '@uc/client';
import { AUTH_API, type Envelope, type MenuRoute } from '@uc/shared';
import { http } from '../../http/http';

const MENUS_URL = AUTH_API.menus;

export async function getMenus(): Promise<MenuRoute[]> {
  const res = await http.get<Envelope<MenuRoute[]>>(MENUS_URL);
  const data = unwrap(res.data);
  return Array.isArray(data) ? data : [];
}

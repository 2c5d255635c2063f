// GET auth/build/menus/: the menu tree the routes are built from (SPEC.md §3 "Menu route").

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope, MenuRoute } from '@uc/shared';
import { unwrap } from '../api-error';
import { http } from '../http';

export const MENUS_URL = 'auth/build/menus/';

export async function getMenus(): Promise<MenuRoute[]> {
  const res = await http.get<Envelope<MenuRoute[]>>(MENUS_URL);
  const data = unwrap(res.data);
  return Array.isArray(data) ? data : [];
}

export const menusQueryOptions = () => queryOptions({ queryKey: ['auth', 'menus'], queryFn: getMenus });

export function useMenus(enabled = true) {
  return useQuery({ ...menusQueryOptions(), enabled });
}

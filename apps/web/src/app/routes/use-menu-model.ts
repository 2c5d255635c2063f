// The menu model of the current session, built once per menu tree.
import type { MenuRoute } from '@uc/shared';
import { useAuthStore } from '../../lib/session/auth-store';
import { buildMenuModel, type MenuModel } from './menu-model';

const cache = new WeakMap<readonly MenuRoute[], MenuModel>();

export function menuModelOf(menus: readonly MenuRoute[]): MenuModel {
  let model = cache.get(menus);
  if (!model) {
    model = buildMenuModel(menus);
    cache.set(menus, model);
  }
  return model;
}

/** Null for a visitor or until the session's menus are fetched. */
export function useMenuModel(): MenuModel | null {
  const menus = useAuthStore((s) => s.menus);
  return menus ? menuModelOf(menus) : null;
}

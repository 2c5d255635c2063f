// The menu tree a signed-in account may see, built from the menus table by its effective level and sub-account status.
import type { MenuRoute } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { Account } from '../users/service.js';
import { listMenus } from './repo.js';
import { buildMenuTree } from './tree.js';

interface MenusDeps {
  db: Db;
}

export function createMenusService({ db }: MenusDeps) {
  return {
    async treeFor(account: Account): Promise<MenuRoute[]> {
      return buildMenuTree(await listMenus(db), {
        level: account.membership.level,
        isSub: account.isSub,
      });
    },
  };
}

export type MenusService = ReturnType<typeof createMenusService>;

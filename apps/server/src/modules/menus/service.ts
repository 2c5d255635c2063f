// The menu tree a signed-in account may see, built from the menus table by its effective level and sub-account status.
import type { MenuRoute } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { Account } from '../users/service.js';
import { listMenus } from './repo.js';
import { buildMenuTree } from './tree.js';

interface MenusDeps {
  db: Db;
  /** The in-app paths a main account's usage credits open below their menu level (the tools module's). */
  creditPaths: (ownerId: number) => Promise<ReadonlySet<string>>;
}

export function createMenusService({ db, creditPaths }: MenusDeps) {
  return {
    /** `ownerId`: whose plan and credits apply (a sub-account's main account). */
    async treeFor(account: Account, ownerId: number): Promise<MenuRoute[]> {
      const [rows, unlocked] = await Promise.all([listMenus(db), creditPaths(ownerId)]);
      return buildMenuTree(rows, { level: account.membership.level, isSub: account.isSub, unlocked });
    },
  };
}

export type MenusService = ReturnType<typeof createMenusService>;

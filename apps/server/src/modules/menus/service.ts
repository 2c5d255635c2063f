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
      const rows = await listMenus(db);
      const level = account.membership.level;
      // A level every row admits needs no credits to open one: the credit lookup stays off most menu calls.
      const unlocked = rows.some((row) => row.min_level > level) ? await creditPaths(ownerId) : undefined;
      return buildMenuTree(rows, { level, isSub: account.isSub, ...(unlocked ? { unlocked } : {}) });
    },
  };
}

export type MenusService = ReturnType<typeof createMenusService>;

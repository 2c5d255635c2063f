// SQL over menus: the whole table, ordered; it holds tens of rows.
import type { Db } from '../../db/connection.js';
import type { MenuRow } from '../../db/schema.js';

export function listMenus(db: Db): Promise<MenuRow[]> {
  return db.selectFrom('menus').selectAll().orderBy('sort').orderBy('id').execute();
}

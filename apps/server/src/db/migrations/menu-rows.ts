// Menu rows a migration adds to a database seeded before it (a new database gets them from the seed). Migrations use
// this file, so it is frozen like them: add functions, never change what one does.
import type { Generated, Kysely } from 'kysely';

/** The menu table as these migrations read and write it. */
interface MenuTables {
  menus: {
    id: Generated<number>;
    parent_id: number | null;
    path: string;
    name: string;
    component: string;
    hidden: number;
    always_show: number;
    redirect: string | null;
    title: string;
    icon: string;
    sort: number;
    min_level: number;
    package_only: number;
    created_at: string;
  };
}

export interface MenuRow {
  path: string;
  name: string;
  component: string;
  title: string;
  /** Hidden from sub-accounts. */
  packageOnly: boolean;
}

/**
 * Adds `row` as the last child of the top-level menu named `parentName`, unless that menu is missing (an empty
 * database: the seed follows) or a row with the same name is already there.
 */
export async function addMenuRow(db: Kysely<unknown>, parentName: string, row: MenuRow): Promise<void> {
  const menus = db as Kysely<MenuTables>;
  const parent = await menus
    .selectFrom('menus')
    .select('id')
    .where('name', '=', parentName)
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  if (!parent) return;
  const present = await menus
    .selectFrom('menus')
    .select('id')
    .where('name', '=', row.name)
    .executeTakeFirst();
  if (present) return;
  const last = await menus
    .selectFrom('menus')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .where('parent_id', '=', parent.id)
    .executeTakeFirst();
  await menus
    .insertInto('menus')
    .values({
      parent_id: parent.id,
      path: row.path,
      name: row.name,
      component: row.component,
      hidden: 0,
      always_show: 0,
      redirect: null,
      title: row.title,
      icon: '',
      sort: Number(last?.sort ?? 0) + 1,
      min_level: 0,
      package_only: row.packageOnly ? 1 : 0,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** Removes the menu row of that name (a migration's down). */
export async function removeMenuRow(db: Kysely<unknown>, name: string): Promise<void> {
  await (db as Kysely<MenuTables>).deleteFrom('menus').where('name', '=', name).execute();
}

/**
 * Moves the menu row named `name` under the row named `parentName` (any depth) at position `sort`, unless either is
 * missing (an empty database: the seed follows).
 */
export async function moveMenuRow(
  db: Kysely<unknown>,
  name: string,
  parentName: string,
  sort: number,
): Promise<void> {
  const menus = db as Kysely<MenuTables>;
  const parent = await menus
    .selectFrom('menus')
    .select('id')
    .where('name', '=', parentName)
    .executeTakeFirst();
  if (!parent) return;
  await menus.updateTable('menus').set({ parent_id: parent.id, sort }).where('name', '=', name).execute();
}

/** Sets whether the menu row of that name is hidden from sub-accounts. */
export async function setMenuPackageOnly(
  db: Kysely<unknown>,
  name: string,
  packageOnly: boolean,
): Promise<void> {
  await (db as Kysely<MenuTables>)
    .updateTable('menus')
    .set({ package_only: packageOnly ? 1 : 0 })
    .where('name', '=', name)
    .execute();
}

/** Sets whether the menu row of that name is hidden from the sidebar (a page reached from another page). */
export async function setMenuHidden(db: Kysely<unknown>, name: string, hidden: boolean): Promise<void> {
  await (db as Kysely<MenuTables>)
    .updateTable('menus')
    .set({ hidden: hidden ? 1 : 0 })
    .where('name', '=', name)
    .execute();
}

/** A top-level group: its path (no page of its own), name, title and icon. */
export type TopMenuRow = Pick<MenuRow, 'path' | 'name' | 'title'> & { icon: string };

/**
 * Adds `row` as a top-level Layout menu (shown as a group even with one child) just before the top-level menu named
 * `beforeName`, unless that menu is missing (an empty database: the seed follows) or a row of that name exists.
 */
export async function addTopMenu(db: Kysely<unknown>, row: TopMenuRow, beforeName: string): Promise<void> {
  const menus = db as Kysely<MenuTables>;
  const named = await menus
    .selectFrom('menus')
    .select(['name', 'sort', 'parent_id'])
    .where('name', 'in', [beforeName, row.name])
    .execute();
  const before = named.find((m) => m.name === beforeName && m.parent_id === null);
  if (!before || named.some((m) => m.name === row.name)) return;
  await menus
    .updateTable('menus')
    .set((eb) => ({ sort: eb('sort', '+', 1) }))
    .where('parent_id', 'is', null)
    .where('sort', '>=', before.sort)
    .execute();
  // A Layout container, shown as a group even with one child, open to every level and account.
  const container = {
    component: 'Layout',
    hidden: 0,
    always_show: 1,
    redirect: null,
    min_level: 0,
    package_only: 0,
  };
  const created_at = new Date().toISOString();
  await menus
    .insertInto('menus')
    .values({ ...row, ...container, parent_id: null, sort: before.sort, created_at })
    .execute();
}

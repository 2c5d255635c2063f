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

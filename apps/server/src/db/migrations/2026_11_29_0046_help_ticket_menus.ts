// 帮助与工单 joins the menus of databases seeded earlier, before the external links: 帮助中心 (its articles hidden under
// it) and 我的工单 (提交工单 and 工单详情 hidden under it), open to sub-accounts too. Frozen once merged: never edit it,
// never import app code here.
import type { Kysely } from 'kysely';
import { addMenuRow, addTopMenu, moveMenuRow, removeMenuRow, setMenuHidden } from './menu-rows.js';

/** A page reached from another page: hidden, under that page (which the sidebar then highlights). */
async function addHiddenChild(
  db: Kysely<unknown>,
  parentName: string,
  sort: number,
  row: { path: string; name: string; component: string; title: string },
): Promise<void> {
  await addMenuRow(db, 'HelpDesk', { ...row, packageOnly: false });
  await moveMenuRow(db, row.name, parentName, sort);
  await setMenuHidden(db, row.name, true);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await addTopMenu(
    db,
    { path: '/helpdesk', name: 'HelpDesk', title: '帮助与工单', icon: 'customer-service' },
    'MainSiteRoot',
  );
  await addMenuRow(db, 'HelpDesk', {
    path: '/help',
    name: 'Help',
    component: 'help/index',
    title: '帮助中心',
    packageOnly: false,
  });
  await addMenuRow(db, 'HelpDesk', {
    path: '/ticket/list',
    name: 'TicketList',
    component: 'ticket/list',
    title: '我的工单',
    packageOnly: false,
  });
  await addHiddenChild(db, 'Help', 1, {
    path: '/help/article',
    name: 'HelpArticle',
    component: 'help/article',
    title: '帮助文章',
  });
  await addHiddenChild(db, 'TicketList', 1, {
    path: '/ticket/new',
    name: 'TicketNew',
    component: 'ticket/new',
    title: '提交工单',
  });
  await addHiddenChild(db, 'TicketList', 2, {
    path: '/ticket/detail',
    name: 'TicketDetail',
    component: 'ticket/detail',
    title: '工单详情',
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['TicketDetail', 'TicketNew', 'HelpArticle', 'TicketList', 'Help', 'HelpDesk'])
    await removeMenuRow(db, name);
}

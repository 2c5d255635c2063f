// 购买次数 (the order page of a tool's credit packs) joins databases seeded earlier: a hidden child of 我的工具, so the
// sidebar highlights 我的工具 on it; hidden from sub-accounts like every purchase page. Frozen once merged: never edit
// it, never import app code here.
import type { Kysely } from 'kysely';
import { addMenuRow, moveMenuRow, removeMenuRow, setMenuHidden } from './menu-rows.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await addMenuRow(db, 'Vip', {
    path: '/tools/buy',
    name: 'ToolsBuy',
    component: 'tools/buy',
    title: '购买次数',
    packageOnly: true,
  });
  await setMenuHidden(db, 'ToolsBuy', true);
  await moveMenuRow(db, 'ToolsBuy', 'ToolsMine', 1);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeMenuRow(db, 'ToolsBuy');
}

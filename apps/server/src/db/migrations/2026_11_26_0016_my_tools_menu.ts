// 我的工具 joins 会员服务 in databases seeded earlier. Sub-accounts use their main account's tools, so 会员服务 is no
// longer hidden from them as a whole: its purchase pages are, one by one (支付结果 was hidden only with its parent).
// Frozen once merged: never edit it, never import app code here.
import type { Kysely } from 'kysely';
import { addMenuRow, removeMenuRow, setMenuPackageOnly } from './menu-rows.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await setMenuPackageOnly(db, 'paySucess', true);
  await setMenuPackageOnly(db, 'Vip', false);
  await addMenuRow(db, 'Vip', {
    path: '/tools/mine',
    name: 'ToolsMine',
    component: 'tools/mine',
    title: '我的工具',
    packageOnly: false,
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await removeMenuRow(db, 'ToolsMine');
  await setMenuPackageOnly(db, 'Vip', true);
  await setMenuPackageOnly(db, 'paySucess', false);
}

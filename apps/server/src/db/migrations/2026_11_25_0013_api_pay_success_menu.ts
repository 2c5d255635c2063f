// API支付结果 becomes a hidden child of API套餐 in databases seeded earlier, so the sidebar highlights API套餐 on it (a
// hidden page directly under 会员服务 highlighted that menu's first entry, 会员套餐). Frozen once merged: never edit
// it, never import app code here.
import type { Kysely } from 'kysely';
import { moveMenuRow } from './menu-rows.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await moveMenuRow(db, 'ApiPaySuccess', 'ApiOrder', 1);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to its place under 会员服务: after 支付结果 (the fifth of its six entries, as seeded).
  await moveMenuRow(db, 'ApiPaySuccess', 'Vip', 5);
}

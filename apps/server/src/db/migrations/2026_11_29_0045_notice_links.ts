// The notice a recommended project (推荐项目) and an own publicity entry (我的公示) belong to: projects.item_id is its
// 申报通知 and own_publicity.item_id its 公示公告 (policy_items.id; null when none is known), so their titles open the
// notice itself. Existing rows are linked by their titles where one points at a notice (notice-links.ts). Frozen once
// merged: never edit it, never import app code here.
import type { Kysely } from 'kysely';
import { linkNotices } from './notice-links.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('item_id', 'integer').execute();
  await db.schema.alterTable('own_publicity').addColumn('item_id', 'integer').execute();
  await linkNotices(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('own_publicity').dropColumn('item_id').execute();
  await db.schema.alterTable('projects').dropColumn('item_id').execute();
}

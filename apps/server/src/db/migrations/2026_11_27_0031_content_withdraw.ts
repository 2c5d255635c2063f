// The console's 撤回 of a policy item: when and why it was withdrawn and the publish time it had. A withdrawn item
// keeps its row (the audit log and 消息中心 links name its id) but its publish_time moves past every member's "now",
// so every member read, which already shows only items published by now, drops it. Frozen once merged.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('policy_items').addColumn('withdrawn_at', 'text').execute();
  await db.schema.alterTable('policy_items').addColumn('withdraw_reason', 'text').execute();
  // The publish time the item had before it was withdrawn (publish_time then holds the far-future sentinel).
  await db.schema.alterTable('policy_items').addColumn('withdrawn_publish_time', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('policy_items').dropColumn('withdrawn_publish_time').execute();
  await db.schema.alterTable('policy_items').dropColumn('withdraw_reason').execute();
  await db.schema.alterTable('policy_items').dropColumn('withdrawn_at').execute();
}

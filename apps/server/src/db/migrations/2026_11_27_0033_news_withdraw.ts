// The console's 撤回 of a news article: when and why it was withdrawn and the publish time it had (the columns 0031
// gave policy items). A withdrawn article keeps its row and guid (the audit log names it) but its publish_time moves
// past every member's "now", so the news lists and /news/detail, which show only articles published by now, drop it.
// Frozen once merged: never edit it, never import app code here.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('news').addColumn('withdrawn_at', 'text').execute();
  await db.schema.alterTable('news').addColumn('withdraw_reason', 'text').execute();
  // The publish time the article had before it was withdrawn (publish_time then holds the far-future sentinel).
  await db.schema.alterTable('news').addColumn('withdrawn_publish_time', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('news').dropColumn('withdrawn_publish_time').execute();
  await db.schema.alterTable('news').dropColumn('withdraw_reason').execute();
  await db.schema.alterTable('news').dropColumn('withdrawn_at').execute();
}

// Digests per channel: push_digests gets a `channel` ('email' | 'sms') in its key, so a member gets at most one email
// and one SMS digest a day. The key of a table cannot be changed in place on SQLite, so the table is rebuilt (the
// existing claims are email ones). Frozen once merged: never edit it, never import app code here.
import { type Kysely, sql } from 'kysely';

async function rebuild(db: Kysely<unknown>, withChannel: boolean): Promise<void> {
  let table = db.schema
    .createTable('push_digests_next')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull());
  table = withChannel
    ? table
        .addColumn('channel', 'text', (c) => c.notNull().defaultTo('email'))
        .addPrimaryKeyConstraint('push_digests_channel_pk', ['user_id', 'day', 'channel'])
    : table.addPrimaryKeyConstraint('push_digests_day_pk', ['user_id', 'day']);
  await table.execute();
  const copy = withChannel
    ? sql`insert into push_digests_next (user_id, day, item_id, sent_at, channel)
          select user_id, day, item_id, sent_at, 'email' from push_digests`
    : sql`insert into push_digests_next (user_id, day, item_id, sent_at)
          select user_id, day, item_id, sent_at from push_digests where channel = 'email'`;
  await copy.execute(db);
  await db.schema.dropTable('push_digests').execute();
  await db.schema.alterTable('push_digests_next').renameTo('push_digests').execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, false);
}

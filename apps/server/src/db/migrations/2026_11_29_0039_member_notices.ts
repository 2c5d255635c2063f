// The outbox of account notices (renewal reminders, refunds) told to a member by 消息中心, SMS and mail: one row per
// member, event and channel, unique, so whoever inserts it first owns it and a notice goes out once across instances
// and restarts. Frozen once merged: never edit it, never import app code here.
import { type Kysely, PostgresAdapter } from 'kysely';
import { withId } from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await withId(db.schema.createTable('member_notices'), postgres)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // What it tells, unique per member: 'renewal:7:2026-12-06' (window, expiry date), 'refund:<refund_no>'.
    .addColumn('event', 'text', (c) => c.notNull())
    // 'renewal' | 'refund'
    .addColumn('kind', 'text', (c) => c.notNull())
    // 'site' | 'sms' | 'email'
    .addColumn('channel', 'text', (c) => c.notNull())
    // A renewal reminder's window in days (30, 7, 1, 0); null for a refund.
    .addColumn('window_days', 'integer')
    // A renewal reminder's expiry date (Shanghai): not sent when the member's expiry moved meanwhile.
    .addColumn('expires_on', 'text')
    // The mobile or email it goes to ('' for 站内).
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    // 'pending' | 'sending' | 'sent' | 'failed' | 'skipped'
    .addColumn('state', 'text', (c) => c.notNull())
    // Not sent before this time (the end of the member's quiet hours).
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('error', 'text')
    .addUniqueConstraint('member_notices_event_uq', ['user_id', 'event', 'channel'])
    .execute();
  await db.schema
    .createIndex('member_notices_due_idx')
    .on('member_notices')
    .columns(['state', 'due_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_notices').execute();
}

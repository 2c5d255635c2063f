// 帮助中心 and 工单: the help articles staff write (sanitized HTML with its plain text for the search), the members'
// tickets with their messages, attachments and history. Frozen once merged: never edit it, never import app code here.
import { type Kysely, PostgresAdapter } from 'kysely';
import { withId } from './columns.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await withId(db.schema.createTable('help_articles'), postgres)
    // 'account' | 'payment' | 'invoice' | 'api' | 'customers'
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // Sanitized HTML.
    .addColumn('content', 'text', (c) => c.notNull())
    // The text of the HTML (tags removed, entities decoded, spaces collapsed): what the search and excerpts read.
    .addColumn('plain', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('help_articles_topic_idx')
    .on('help_articles')
    .columns(['published', 'topic', 'sort', 'id'])
    .execute();

  await withId(db.schema.createTable('tickets'), postgres)
    // GD + Shanghai date + serial; set in the transaction that inserts the row.
    .addColumn('no', 'text', (c) => c.notNull().unique())
    // The account that opened it, and its team's main account (itself for a main account).
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // 'open' | 'answered' | 'closed'
    .addColumn('status', 'text', (c) => c.notNull())
    // The in-app path it came from and the order it is about.
    .addColumn('page', 'text')
    .addColumn('order_no', 'text')
    .addColumn('rating', 'integer')
    .addColumn('rating_comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    // The latest member message while it waits for staff (null when answered or closed): the queue's order.
    .addColumn('waiting_since', 'text')
    // The latest staff answer, and when its opener last read the ticket: unread when the first is later.
    .addColumn('answered_at', 'text')
    .addColumn('read_at', 'text')
    .execute();
  await db.schema
    .createIndex('tickets_owner_idx')
    .on('tickets')
    .columns(['owner_id', 'updated_at'])
    .execute();
  await db.schema.createIndex('tickets_user_idx').on('tickets').columns(['user_id', 'updated_at']).execute();
  await db.schema
    .createIndex('tickets_queue_idx')
    .on('tickets')
    .columns(['status', 'waiting_since'])
    .execute();

  await withId(db.schema.createTable('ticket_messages'), postgres)
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    // 'member' | 'staff'
    .addColumn('sender', 'text', (c) => c.notNull())
    // The member account or the staff member who wrote it.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ticket_messages_ticket_idx')
    .on('ticket_messages')
    .columns(['ticket_id', 'id'])
    .execute();

  await withId(db.schema.createTable('ticket_files'), postgres)
    // The member team's main account whose upload it is (null for a staff upload).
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    // Null until the ticket or message carrying it is sent.
    .addColumn('ticket_id', 'integer', (c) => c.references('tickets.id').onDelete('cascade'))
    .addColumn('message_id', 'integer', (c) => c.references('ticket_messages.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    // The key of the file store (disk or S3).
    .addColumn('storage_key', 'text', (c) => c.notNull())
    // Who uploaded it: a member account, or a staff member.
    .addColumn('uploaded_by', 'integer')
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ticket_files_message_idx')
    .on('ticket_files')
    .columns(['message_id'])
    .execute();
  await db.schema
    .createIndex('ticket_files_unsent_idx')
    .on('ticket_files')
    .columns(['ticket_id', 'created_at'])
    .execute();

  await withId(db.schema.createTable('ticket_events'), postgres)
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    // 'open' | 'reply' | 'close' | 'rate' | 'staff_reply' | 'staff_close'
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
    // The actor's name when it happened ('会员 alice', '客服 bob').
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ticket_events_ticket_idx')
    .on('ticket_events')
    .columns(['ticket_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ticket_events').execute();
  await db.schema.dropTable('ticket_files').execute();
  await db.schema.dropTable('ticket_messages').execute();
  await db.schema.dropTable('tickets').execute();
  await db.schema.dropTable('help_articles').execute();
}

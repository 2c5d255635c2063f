// The content of a notice: a policy item's body (sanitized HTML), 文号 and 原文链接; the files of the notices
// (notice_files: attachments in order and the bodies' images, stored by the file store under storage_key; notice_id is
// null until the notice that uses the file is saved); a 公示公告's company table (publicity_items.item_id, existing
// rows linked to the 公示公告 of their title). A news
// article's body becomes HTML like an item's: each plain-text paragraph (a line) becomes a <p>, its text escaped.
// Frozen once merged: never edit it, never import app code here.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { withId } from './columns.js';

const BATCH = 500;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** Plain-text paragraphs (one a line) as HTML paragraphs. */
const toHtml = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');

/** HTML back to one paragraph a line (down). */
const toText = (html: string) =>
  unescapeHtml(
    html
      .replace(/<\/(p|h[1-6]|li|tr|blockquote|pre)>|<br\s*\/?>/gi, '\n')
      .replace(/<[^>]*>/g, '')
      .replace(/\n{2,}/g, '\n')
      .trim(),
  );

/** Rewrites every news body with `convert`, in batches by id. */
async function convertNews(db: Kysely<unknown>, convert: (content: string) => string): Promise<void> {
  const news = db as unknown as Kysely<{ news: { id: number; content: string } }>;
  let after = 0;
  for (;;) {
    const rows = await news
      .selectFrom('news')
      .select(['id', 'content'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows)
      await news
        .updateTable('news')
        .set({ content: convert(row.content) })
        .where('id', '=', row.id)
        .execute();
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const column of ['content', 'doc_no', 'source_url'])
    await db.schema
      .alterTable('policy_items')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();

  await withId(db.schema.createTable('notice_files'), postgres)
    // 'policy' | 'news'
    .addColumn('notice_type', 'text', (c) => c.notNull())
    .addColumn('notice_id', 'integer')
    // 'attachment' | 'image'
    .addColumn('kind', 'text', (c) => c.notNull())
    // The place of an attachment in its notice's list.
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notice_files_notice')
    .on('notice_files')
    .columns(['notice_type', 'notice_id', 'kind', 'position'])
    .execute();

  await db.schema.alterTable('publicity_items').addColumn('item_id', 'integer').execute();
  // The company's unified social credit code as the list gives it ('' when not known; identityid is the row's own id).
  await db.schema
    .alterTable('publicity_items')
    .addColumn('credit_code', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('publicity_items_item')
    .on('publicity_items')
    .columns(['item_id', 'id'])
    .execute();
  // An existing row belongs to the 公示公告 of its title, when one has it (the oldest such item).
  await sql`update publicity_items set item_id = (select min(p.id) from policy_items p where p.type = 'gsgg' and p.title = publicity_items.title)`.execute(
    db,
  );

  await convertNews(db, toHtml);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await convertNews(db, toText);
  await db.schema.dropIndex('publicity_items_item').execute();
  await db.schema.alterTable('publicity_items').dropColumn('credit_code').execute();
  await db.schema.alterTable('publicity_items').dropColumn('item_id').execute();
  await db.schema.dropIndex('notice_files_notice').execute();
  await db.schema.dropTable('notice_files').execute();
  for (const column of ['source_url', 'doc_no', 'content'])
    await db.schema.alterTable('policy_items').dropColumn(column).execute();
}

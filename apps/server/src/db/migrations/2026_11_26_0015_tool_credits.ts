// The SaaS tools a member may use and the usage credits that open a tool its level does not include: the catalogue
// (tools, their credit packs), the grants (each from one source: an order or a card, never twice) and the uses (each
// request id charged once). A balance is the remainder of the unexpired grants. Frozen once merged: never edit it,
// never import app code here.
import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/** An integer key the database assigns: identity on PostgreSQL, AUTOINCREMENT on SQLite. */
function withId<T extends string>(table: CreateTableBuilder<T>, postgres: boolean) {
  return postgres
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('tools')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // 'external' (another host, in the iframe area) | 'policy' (a page of this app).
    .addColumn('kind', 'text', (c) => c.notNull())
    // external: the index into the configured tool hosts; policy: null.
    .addColumn('host_index', 'integer')
    // policy: the in-app path; external: null.
    .addColumn('path', 'text')
    // The lowest membership level whose plan includes the tool.
    .addColumn('included_level', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('tool_credit_packs'), postgres)
    .addColumn('tool_code', 'text', (c) => c.notNull().references('tools.code'))
    .addColumn('uses', 'integer', (c) => c.notNull())
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    // How long the credits stay usable after they are granted.
    .addColumn('valid_days', 'integer', (c) => c.notNull())
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable('tool_credit_grants'), postgres)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tool_code', 'text', (c) => c.notNull().references('tools.code'))
    // 'order' | 'card' | 'operator': with source_id, what granted it; one grant per source.
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('remaining', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('tool_credit_grants_source_uq', ['source_type', 'source_id'])
    // A grant's remainder stays between 0 and its total, whatever a write tries.
    .addCheckConstraint('tool_credit_grants_remaining_ck', sql`remaining >= 0 AND remaining <= total`)
    .execute();
  await db.schema
    .createIndex('tool_credit_grants_user_idx')
    .on('tool_credit_grants')
    .columns(['user_id', 'tool_code', 'expires_at'])
    .execute();

  await withId(db.schema.createTable('tool_credit_uses'), postgres)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tool_code', 'text', (c) => c.notNull().references('tools.code'))
    // The caller's id of the evaluation: a retried request is charged once.
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('grant_id', 'integer', (c) =>
      c.notNull().references('tool_credit_grants.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('tool_credit_uses_request_uq', ['user_id', 'tool_code', 'request_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['tool_credit_uses', 'tool_credit_grants', 'tool_credit_packs', 'tools'])
    await db.schema.dropTable(table).execute();
}

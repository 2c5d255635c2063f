// Dashboard and content: customers with their maintained aggregates, policy items, projects, publicity, subscriptions,
// news, funding records. Frozen once merged: never edit it, never import app code here.
import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/** An integer key the database assigns: identity on PostgreSQL, AUTOINCREMENT on SQLite. */
function withId<T extends string>(table: CreateTableBuilder<T>, postgres: boolean, name = 'id') {
  return postgres
    ? table.addColumn(name, 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}

const TABLES = [
  'funding_records',
  'news',
  'subscriptions',
  'own_publicity',
  'publicity_items',
  'projects',
  'policy_items',
  'member_profiles',
  'customer_facets',
  'customer_stats',
  'customers',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // SQLite stores a WITHOUT ROWID table in its primary-key order: a member's summary rows sit on a few adjacent
  // pages instead of one page each, which is what keeps the dashboard fast beside a million customers.
  const clustered = <T extends string>(table: CreateTableBuilder<T>) =>
    postgres ? table : table.modifyEnd(sql`without rowid`);

  // Customer companies of a member (the main account). Amounts are hundredths of 万元: exact and portable.
  await withId(db.schema.createTable('customers'), postgres)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('industry_code', 'text', (c) => c.notNull())
    .addColumn('city_code', 'text', (c) => c.notNull())
    .addColumn('area_code', 'text', (c) => c.notNull())
    .addColumn('is_hightech', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reg_capital_hundredths', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reg_time', 'text', (c) => c.notNull())
    .addColumn('ipcount1', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ipcount2', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fmzl_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rjzzq_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('syxx_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wg_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The customer list's filters, each ending in the list order (newest first).
  await db.schema
    .createIndex('customers_user_industry_idx')
    .on('customers')
    .columns(['user_id', 'industry_code', 'created_at'])
    .execute();
  await db.schema
    .createIndex('customers_user_area_idx')
    .on('customers')
    .columns(['user_id', 'city_code', 'area_code', 'created_at'])
    .execute();
  await db.schema
    .createIndex('customers_user_hightech_idx')
    .on('customers')
    .columns(['user_id', 'is_hightech', 'created_at'])
    .execute();
  await db.schema
    .createIndex('customers_user_created_idx')
    .on('customers')
    .columns(['user_id', 'created_at'])
    .execute();

  // Maintained in the same transaction as every customer insert: one row per member, district and industry.
  await db.schema
    .createTable('customer_stats')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('city_code', 'text', (c) => c.notNull())
    .addColumn('area_code', 'text', (c) => c.notNull())
    .addColumn('industry_code', 'text', (c) => c.notNull())
    .addColumn('customers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hightech', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ipcount1', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ipcount2', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fmzl_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rjzzq_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('syxx_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wg_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('customer_stats_pk', ['user_id', 'area_code', 'industry_code'])
    .$call(clustered)
    .execute();

  // Maintained like customer_stats: counts per member by one facet (month added, capital band, year registered).
  await db.schema
    .createTable('customer_facets')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('facet', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('customer_facets_pk', ['user_id', 'facet', 'key'])
    .$call(clustered)
    .execute();

  // The member's own company (registered capital and date for getCompanyInfo).
  await db.schema
    .createTable('member_profiles')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('reg_capital_hundredths', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reg_time', 'text', (c) => c.notNull())
    .addColumn('area_code', 'text', (c) => c.notNull())
    .addColumn('industry_code', 'text', (c) => c.notNull())
    .execute();

  // 申报通知 sbtz, 公示公告 gsgg, 政策动态 zcdt. A null region or industry means "all".
  await withId(db.schema.createTable('policy_items'), postgres)
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('dept_name', 'text', (c) => c.notNull())
    .addColumn('city_code', 'text')
    .addColumn('area_code', 'text')
    .addColumn('industry_code', 'text')
    .addColumn('publish_time', 'text', (c) => c.notNull())
    // Declaration deadline (sbtz); null for the other types.
    .addColumn('end_time', 'text')
    .execute();
  await db.schema
    .createIndex('policy_items_type_time_idx')
    .on('policy_items')
    .columns(['type', 'publish_time'])
    .execute();
  // Covers the dashboard's per-region counts and department ranking (no table lookups).
  await db.schema
    .createIndex('policy_items_type_city_idx')
    .on('policy_items')
    .columns(['type', 'city_code', 'publish_time', 'dept_name'])
    .execute();
  await db.schema
    .createIndex('policy_items_type_end_idx')
    .on('policy_items')
    .columns(['type', 'end_time'])
    .execute();

  // Recommended projects (funding programmes); a null region or industry means "all".
  await withId(db.schema.createTable('projects'), postgres, 'mid')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('dept_name', 'text', (c) => c.notNull())
    .addColumn('city_code', 'text')
    .addColumn('area_code', 'text')
    .addColumn('industry_code', 'text')
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('projects_start_time_idx').on('projects').column('start_time').execute();

  // Names in public-notice lists; linked to the customer row (and its member) when the company is a customer.
  await withId(db.schema.createTable('publicity_items'), postgres)
    .addColumn('identityid', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('companyname', 'text', (c) => c.notNull())
    .addColumn('dept', 'text', (c) => c.notNull())
    .addColumn('publishtime', 'text', (c) => c.notNull())
    .addColumn('qualification', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('publicity_items_user_time_idx')
    .on('publicity_items')
    .columns(['user_id', 'publishtime'])
    .execute();
  await db.schema
    .createIndex('publicity_items_user_customer_idx')
    .on('publicity_items')
    .columns(['user_id', 'customer_id'])
    .execute();
  await db.schema
    .createIndex('publicity_items_customer_idx')
    .on('publicity_items')
    .columns(['customer_id', 'publishtime'])
    .execute();

  await withId(db.schema.createTable('own_publicity'), postgres)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_name', 'text', (c) => c.notNull())
    .addColumn('publish_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('own_publicity_user_time_idx')
    .on('own_publicity')
    .columns(['user_id', 'publish_time'])
    .execute();

  await withId(db.schema.createTable('subscriptions'), postgres)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscriptions_user_created_idx')
    .on('subscriptions')
    .columns(['user_id', 'created_at'])
    .execute();

  await withId(db.schema.createTable('news'), postgres)
    .addColumn('guid', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('publish_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_publish_time_idx').on('news').column('publish_time').execute();

  await withId(db.schema.createTable('funding_records'), postgres)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_name', 'text', (c) => c.notNull())
    .addColumn('dep_name', 'text', (c) => c.notNull())
    .addColumn('amount_hundredths', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('funding_records_user_created_idx')
    .on('funding_records')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.dropTable(table).execute();
}

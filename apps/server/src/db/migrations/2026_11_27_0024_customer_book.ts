// The customer book: the company registry (企业库) customers now refer to, its name index (an FTS5 table of the
// names' character pairs on SQLite, a table of the same pairs' postings kept by a trigger on PostgreSQL), the
// member's tags and follow-up notes on its customers, and customer imports. Every existing customer becomes one registry company with its own
// id and numbers, so nothing a member sees changes. Frozen once merged: never edit it, never import app code here.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { withId } from './columns.js';
import { nameGrams } from './name-grams.js';

const BATCH = 1_000;

/** GB 32100-2015: the alphabet and weights of the unified social credit code's check character. */
const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A valid code for a migrated customer: 91 (an enterprise), its district, and its id as the organisation code. */
function creditCodeOf(id: number, areaCode: string): string {
  let org = '';
  for (let n = id; org.length < 9; n = Math.floor(n / 31)) org = (USCC_ALPHABET[n % 31] ?? '0') + org;
  const first17 = `91${areaCode.padEnd(6, '0').slice(0, 6)}${org}`;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += USCC_ALPHABET.indexOf(first17.charAt(i)) * (USCC_WEIGHTS[i] ?? 0);
  return first17 + USCC_ALPHABET.charAt((31 - (sum % 31)) % 31);
}

const COMPANY_COLUMNS = [
  'name',
  'industry_code',
  'city_code',
  'area_code',
  'is_hightech',
  'reg_capital_hundredths',
  'reg_time',
  'ipcount1',
  'ipcount2',
  'fmzl_count',
  'rjzzq_count',
  'syxx_count',
  'wg_count',
] as const;

type CustomerCopy = Record<(typeof COMPANY_COLUMNS)[number], string | number> & {
  id: number;
  created_at: string;
};

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await withId(db.schema.createTable('companies'), postgres)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('credit_code', 'text', (c) => c.notNull().unique())
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
  // An import matches a row's name exactly.
  await db.schema.createIndex('companies_name_idx').on('companies').column('name').execute();

  if (postgres) {
    // The name's distinct character pairs (ASCII lower-cased), computed by the database.
    await sql`
      create function company_name_grams(name text) returns text[] language sql immutable parallel safe as $$
        select coalesce(array_agg(distinct substr(n, i, 2)), '{}'::text[])
        from (select translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') as n) s,
             generate_series(1, char_length(n) - 1) as i
      $$`.execute(db);
    // The postings of each pair in company order (an inverted index the database keeps by trigger): a search walks
    // the rarest pair of its text in order and checks each name, so a page costs about its own rows.
    await db.schema
      .createTable('company_grams')
      .addColumn('gram', 'text', (c) => c.notNull())
      .addColumn('company_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('company_grams_pk', ['gram', 'company_id'])
      .execute();
    await sql`
      create function company_grams_sync() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          delete from company_grams where company_id = old.id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into company_grams (gram, company_id) select unnest(company_name_grams(new.name)), new.id;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger companies_grams_sync after insert or delete or update of name on companies
      for each row execute function company_grams_sync()`.execute(db);
  } else {
    // Contentless: the tokens are the index's only copy; a row is deleted by its rowid (the company's id).
    await sql`create virtual table companies_grams using fts5(grams, content='', contentless_delete=1)`.execute(
      db,
    );
  }

  await db.schema
    .alterTable('customers')
    .addColumn('company_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Every existing customer becomes a company of its own, under its own id, with its numbers.
  const any = db as Kysely<Record<string, Record<string, unknown>>>;
  for (let after = 0; ; ) {
    const rows = (await any
      .selectFrom('customers')
      .select(['id', 'created_at', ...COMPANY_COLUMNS])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as unknown as CustomerCopy[];
    if (rows.length === 0) break;
    await any
      .insertInto('companies')
      .values(
        rows.map((r) => ({
          ...r,
          credit_code: creditCodeOf(r.id, String(r.area_code)),
        })),
      )
      .execute();
    if (!postgres) {
      await any
        .insertInto('companies_grams')
        .values(rows.map((r) => ({ rowid: r.id, grams: nameGrams(String(r.name)).join(' ') })))
        .execute();
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
  await sql`update customers set company_id = id`.execute(db);
  if (postgres) {
    await sql`select setval(pg_get_serial_sequence('companies', 'id'), coalesce(max(id), 0) + 1, false) from companies`.execute(
      db,
    );
  }
  // A company is a member's customer at most once.
  await db.schema
    .createIndex('customers_user_company_uq')
    .unique()
    .on('customers')
    .columns(['user_id', 'company_id'])
    .execute();
  // The search tells, per company, whether it is already the member's customer.
  await db.schema.createIndex('customers_company_idx').on('customers').column('company_id').execute();

  await db.schema
    .createTable('customer_tags')
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_tags_pk', ['customer_id', 'tag'])
    .execute();
  await db.schema
    .createIndex('customer_tags_user_idx')
    .on('customer_tags')
    .columns(['user_id', 'tag'])
    .execute();

  await withId(db.schema.createTable('customer_notes'), postgres)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.notNull())
    // The account that wrote it (the main account or one of its sub-accounts), and its name then.
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('noted_on', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('customer_notes_customer_idx')
    .on('customer_notes')
    .columns(['customer_id', 'id'])
    .execute();

  await withId(db.schema.createTable('customer_imports'), postgres)
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    // 'queued' | 'running' | 'done' | 'failed'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    // The member's customer limit when it was uploaded (its level then).
    .addColumn('customer_limit', 'integer', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('added', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duplicate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('not_found', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    // The file's rows (JSON array of texts) and what became of each so far (JSON array of [outcome, company id]).
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('results', 'text', (c) => c.notNull().defaultTo('[]'))
    // A worker holds the job until then; past it, any instance takes it over from `processed`.
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('customer_imports_user_idx')
    .on('customer_imports')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('customer_imports_status_idx')
    .on('customer_imports')
    .columns(['status', 'lease_until'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable('customer_imports').execute();
  await db.schema.dropTable('customer_notes').execute();
  await db.schema.dropTable('customer_tags').execute();
  await db.schema.dropIndex('customers_company_idx').execute();
  await db.schema.dropIndex('customers_user_company_uq').execute();
  await db.schema.alterTable('customers').dropColumn('company_id').execute();
  if (postgres) {
    await db.schema.dropTable('companies').execute();
    await sql`drop function company_grams_sync()`.execute(db);
    await db.schema.dropTable('company_grams').execute();
    await sql`drop function company_name_grams(text)`.execute(db);
  } else {
    await sql`drop table companies_grams`.execute(db);
    await db.schema.dropTable('companies').execute();
  }
}

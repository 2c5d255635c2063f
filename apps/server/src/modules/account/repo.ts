// SQL of the account module: reads of accounts and sub-accounts (the users service writes them), the security audit,
// email links, limits.
import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import { type Db, isPostgres } from '../../db/connection.js';
import type { Database, EmailTokensTable, SecurityEventsTable, UsersTable } from '../../db/schema.js';

// ---- other accounts on a mobile

/** Main accounts other than `exceptId` bound to `mobile`. */
export async function countOtherMainAccountsByMobile(
  db: Db,
  mobile: string,
  exceptId: number,
): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('mobile', '=', mobile)
    .where('is_sub', '=', 0)
    .where('deleted_at', 'is', null)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// ---- email confirmation links

export type EmailTokenRow = Selectable<EmailTokensTable>;

/** Stores a new link; any earlier unused link of the account is void from now on. */
export async function replaceEmailToken(db: Db, row: EmailTokenRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('email_tokens')
      .set({ used_at: row.created_at })
      .where('user_id', '=', row.user_id)
      .where('used_at', 'is', null)
      .execute();
    await trx.insertInto('email_tokens').values(row).execute();
  });
}

export function findEmailToken(db: Db, tokenHash: string): Promise<EmailTokenRow | undefined> {
  return db.selectFrom('email_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Uses a link, at most once (a second click finds it used): false when it was used already. */
export async function markEmailTokenUsed(db: Db, token: EmailTokenRow, at: string): Promise<boolean> {
  const used = await db
    .updateTable('email_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', token.token_hash)
    .where('used_at', 'is', null)
    .returning('token_hash')
    .execute();
  return used.length > 0;
}

/** The address waiting for confirmation, if a live link exists. */
export async function pendingEmail(db: Db, userId: number, at: string): Promise<string | null> {
  const row = await db
    .selectFrom('email_tokens')
    .select('email')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.email ?? null;
}

// ---- security audit

export async function insertSecurityEvent(db: Db, event: Insertable<SecurityEventsTable>): Promise<void> {
  await db.insertInto('security_events').values(event).execute();
}

/** The latest rows an account sees: what it did, and what was done to it. */
export function listSecurityEvents(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('security_events as e')
    .innerJoin('users as a', 'a.id', 'e.actor_id')
    .leftJoin('users as t', 't.id', 'e.target_id')
    .select(['e.action', 'e.ip', 'e.created_at', 'a.username as actor', 't.username as target'])
    .where((eb) => eb.or([eb('e.actor_id', '=', userId), eb('e.target_id', '=', userId)]))
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
}

// ---- sub-accounts

export interface SubRow {
  id: number;
  username: string;
  contact_name: string;
  mobile: string | null;
  enabled: number;
  created_at: string;
  last_login: string | null;
}

/** The columns of a sub-account item, but its last login. */
const SUB_COLUMNS = [
  'u.id',
  'u.username',
  'u.contact_name',
  'u.mobile',
  'u.enabled',
  'u.created_at',
] as const;

/** A sub-account's last login: the start of its latest session. */
const lastLogin = (eb: ExpressionBuilder<Database & { u: UsersTable }, 'u'>) =>
  eb
    .selectFrom('sessions as s')
    .select((s) => s.fn.max('s.created_at').as('m'))
    .whereRef('s.user_id', '=', 'u.id')
    .as('last_login');

/** LIKE pattern of a search text, its wildcards escaped (`\` is the escape character). */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function subsQuery(db: Db, parentId: number, name: string | undefined) {
  let query = db
    .selectFrom('users as u')
    .where('u.parent_id', '=', parentId)
    .where('u.is_sub', '=', 1)
    .where('u.deleted_at', 'is', null);
  if (name) {
    const pattern = containing(name);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(u.username) like ${pattern} escape '\\'`,
        sql<boolean>`lower(u.contact_name) like ${pattern} escape '\\'`,
      ]),
    );
  }
  return query;
}

export function listSubs(
  db: Db,
  parentId: number,
  name: string | undefined,
  limit: number,
  offset: number,
): Promise<SubRow[]> {
  return (
    subsQuery(db, parentId, name)
      .select((eb) => [...SUB_COLUMNS, lastLogin(eb)])
      // Oldest first: ids follow creation.
      .orderBy('u.id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute() as Promise<SubRow[]>
  );
}

export async function countSubs(db: Db, parentId: number, name?: string): Promise<number> {
  const row = await subsQuery(db, parentId, name)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One sub-account row as the management calls need it (deleted ones too: they answer 404). */
export function findSubRow(db: Db, id: number) {
  return db
    .selectFrom('users as u')
    .select((eb) => [...SUB_COLUMNS, 'u.is_sub', 'u.parent_id', 'u.deleted_at', lastLogin(eb)])
    .where('u.id', '=', id)
    .executeTakeFirst();
}

/**
 * Locks the main account's row on PostgreSQL for the rest of the transaction `db`, so two adds racing at the
 * sub-account limit cannot both pass (SQLite runs one writing transaction at a time).
 */
export async function lockMainAccount(db: Db, parentId: number): Promise<void> {
  if (isPostgres(db)) {
    await db.selectFrom('users').select('id').where('id', '=', parentId).forUpdate().execute();
  }
}

/** The sub-account limit: the plan's row, else the legacy level's row, else 0. */
export async function subLimitOf(db: Db, gid: number | null, level: number): Promise<number> {
  if (gid !== null) {
    const plan = await db
      .selectFrom('plan_sub_limits')
      .select('sub_limit')
      .where('gid', '=', gid)
      .executeTakeFirst();
    if (plan) return plan.sub_limit;
  }
  const legacy = await db
    .selectFrom('level_sub_limits')
    .select('sub_limit')
    .where('level', '=', level)
    .executeTakeFirst();
  return legacy?.sub_limit ?? 0;
}

// ---- the login page's policy totals

/** Published policy items by type. */
export function countPolicyItemsByType(db: Db, at: string) {
  return db
    .selectFrom('policy_items')
    .select(['type', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
    .where('publish_time', '<=', at)
    .groupBy('type')
    .execute();
}

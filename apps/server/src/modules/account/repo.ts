// SQL of the account module: the account's own columns, sub-accounts, the security audit, email links, limits.
import { type ExpressionBuilder, type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { type Db, isPostgres } from '../../db/connection.js';
import type { Database, EmailTokensTable, SecurityEventsTable, UsersTable } from '../../db/schema.js';

// ---- the account's own columns

/** The columns an account's owner (or, for a sub-account, its main account) changes. */
type OwnColumns = Pick<
  Updateable<UsersTable>,
  'contact_name' | 'avatar' | 'email' | 'mobile' | 'enabled' | 'disabled_at'
>;

/** Changes an account's own columns: its profile, or a sub-account's by its main account. */
export async function updateUserColumns(
  db: Db,
  userId: number,
  values: OwnColumns,
  at: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

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

/** Uses a link and stores its address on the account, at most once (a second click finds it used). */
export function useEmailToken(db: Db, token: EmailTokenRow, at: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('email_tokens')
      .set({ used_at: at })
      .where('token_hash', '=', token.token_hash)
      .where('used_at', 'is', null)
      .returning('token_hash')
      .execute();
    if (used.length === 0) return false;
    await trx
      .updateTable('users')
      .set({ email: token.email, updated_at: at })
      .where('id', '=', token.user_id)
      .execute();
    return true;
  });
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

interface NewSub {
  parentId: number;
  username: string;
  passwordHash: string;
  contactName: string;
  mobile: string | null;
  companyName: string;
  area: string;
  site: string;
  at: string;
}

/**
 * Inserts the sub-account if its main account has fewer than `limit` (null: refused): one transaction, the main
 * account's row locked on PostgreSQL, so two adds racing at the limit cannot both pass.
 */
export function insertSubWithinLimit(db: Db, sub: NewSub, limit: number): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    if (isPostgres(db)) {
      await trx.selectFrom('users').select('id').where('id', '=', sub.parentId).forUpdate().execute();
    }
    if ((await countSubs(trx, sub.parentId)) >= limit) return null;
    return insertSub(trx, sub);
  });
}

/** A sub-account: its main account's group, company, area and site; level and plan come from the parent. */
export async function insertSub(db: Db, sub: NewSub): Promise<number> {
  const { id } = await db
    .insertInto('users')
    .values({
      username: sub.username,
      password_hash: sub.passwordHash,
      company_name: sub.companyName,
      contact_name: sub.contactName,
      mobile: sub.mobile,
      level: 0,
      gid: null,
      expired_at: null,
      is_sub: 1,
      parent_id: sub.parentId,
      group_id: sub.parentId,
      area: sub.area,
      site: sub.site,
      created_at: sub.at,
      updated_at: sub.at,
      password_changed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Soft delete: the row stays (username taken, audit names kept), it stops being an account. */
export async function markSubDeleted(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ deleted_at: at, enabled: 0, disabled_at: at, mobile: null, updated_at: at })
    .where('id', '=', id)
    .execute();
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

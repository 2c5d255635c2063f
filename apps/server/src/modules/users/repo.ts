// SQL over users, the one place that writes the table: an account read together with the parent whose plan (and staff
// hold) a sub-account shares, and every change of a user row, each in the executor it is given (a caller's
// transaction, so a change and what goes with it commit together).
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { UsersTable } from '../../db/schema.js';

function accountQuery(db: Db) {
  return (
    db
      .selectFrom('users as u')
      .leftJoin('users as p', 'p.id', 'u.parent_id')
      .selectAll('u')
      .select([
        'p.level as parent_level',
        'p.gid as parent_gid',
        'p.expired_at as parent_expired_at',
        // A staff hold of the main account holds its sub-accounts too (users/admission.ts).
        'p.staff_disabled_at as parent_staff_disabled_at',
      ])
      // A deleted sub-account is no account at all: no login, no session, no mobile match.
      .where('u.deleted_at', 'is', null)
  );
}

export type AccountRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof accountQuery>['executeTakeFirst']>>
>;

export function findAccountRowById(db: Db, id: number): Promise<AccountRow | undefined> {
  return accountQuery(db).where('u.id', '=', id).executeTakeFirst();
}

export function findAccountRowByUsername(db: Db, username: string): Promise<AccountRow | undefined> {
  return accountQuery(db).where('u.username', '=', username).executeTakeFirst();
}

/** Accounts bound to a mobile: main accounts before sub-accounts, then oldest first. */
export function findAccountRowsByMobile(db: Db, mobile: string): Promise<AccountRow[]> {
  return accountQuery(db)
    .where('u.mobile', '=', mobile)
    .orderBy('u.is_sub', 'asc')
    .orderBy('u.created_at', 'asc')
    .orderBy('u.id', 'asc')
    .execute();
}

export async function countAccountRowsByMobile(db: Db, mobile: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The columns of a user row a change sets besides `updated_at` (never its key or creation). */
export type UserChange = Omit<Updateable<UsersTable>, 'id' | 'created_at' | 'updated_at'>;

/** Changes a user row, stamping `updated_at`. */
export async function updateUser(db: Db, userId: number, change: UserChange, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...change, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/** A new user row; its id. */
export async function insertUser(db: Db, row: Insertable<UsersTable>): Promise<number> {
  const { id } = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** A main account is its own group: the group id is its own id, known once inserted. */
export async function setOwnGroup(db: Db, userId: number): Promise<void> {
  await db.updateTable('users').set({ group_id: userId }).where('id', '=', userId).execute();
}

/** Whether a username is taken, compared case-insensitively (deleted sub-accounts keep theirs). */
export async function usernameExists(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

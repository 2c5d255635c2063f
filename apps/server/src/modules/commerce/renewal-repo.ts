// SQL of the renewal reminders: the main accounts of a paid level whose plan ends within the window looked at.
import type { Db } from '../../db/connection.js';

/** Main accounts (not sub-accounts, not deleted) above `minLevel` whose expiry is in [from, until). */
export function expiringMembers(db: Db, minLevel: number, from: string, until: string) {
  return db
    .selectFrom('users')
    .select(['id', 'level', 'gid', 'expired_at'])
    .where('is_sub', '=', 0)
    .where('deleted_at', 'is', null)
    .where('level', '>=', minLevel)
    .where('expired_at', '>=', from)
    .where('expired_at', '<', until)
    .orderBy('id')
    .$narrowType<{ expired_at: string }>()
    .execute();
}

// SQL of registration: an account's claim on the mobile it registered with (the users service writes the account).
import type { Db } from '../../db/connection.js';

/** Table of migration 2026_11_22_0002: one self-registration per mobile. */
interface RegisteredMobilesTable {
  mobile: string;
  user_id: number;
  created_at: string;
}

/** Claims the mobile for the account registering with it, in the registering transaction `db`. */
export async function claimMobile(db: Db, mobile: string, userId: number, at: string): Promise<void> {
  await db
    .withTables<{ registered_mobiles: RegisteredMobilesTable }>()
    .insertInto('registered_mobiles')
    .values({ mobile, user_id: userId, created_at: at })
    .execute();
}

/** Which unique constraint a failed insert broke, on SQLite or PostgreSQL; null for any other error. */
export function uniqueViolation(error: unknown): 'username' | 'mobile' | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, constraint, detail } = error as Record<string, unknown>;
  const unique =
    code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  if (!unique) return null;
  const text = [message, constraint, detail].filter((v) => typeof v === 'string').join(' ');
  if (text.includes('registered_mobiles')) return 'mobile';
  if (text.includes('username')) return 'username';
  return null;
}

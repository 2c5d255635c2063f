// SQL of registration: the account row, its own group, and its claim on the mobile, in one transaction.
import { LEVEL } from '@uc/shared';
import type { Db } from '../../db/connection.js';

/** Table of migration 2026_11_22_0002: one self-registration per mobile. */
interface RegisteredMobilesTable {
  mobile: string;
  user_id: number;
  created_at: string;
}

const DEFAULT_AREA = '440300';

interface NewAccount {
  username: string;
  passwordHash: string;
  companyName: string;
  mobile: string;
  source: string | null;
  at: string;
}

/** Creates a trial account (level 10, no plan) that is its own group, and what `welcome` gives it; all or nothing. */
export function insertAccount(
  db: Db,
  account: NewAccount,
  welcome?: (trx: Db, userId: number) => Promise<unknown>,
): Promise<number> {
  return db
    .withTables<{ registered_mobiles: RegisteredMobilesTable }>()
    .transaction()
    .execute(async (trx) => {
      const { id } = await trx
        .insertInto('users')
        .values({
          username: account.username,
          password_hash: account.passwordHash,
          company_name: account.companyName,
          mobile: account.mobile,
          level: LEVEL.trialMax,
          gid: null,
          expired_at: null,
          parent_id: null,
          area: DEFAULT_AREA,
          source: account.source,
          created_at: account.at,
          updated_at: account.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('users').set({ group_id: id }).where('id', '=', id).execute();
      await trx
        .insertInto('registered_mobiles')
        .values({ mobile: account.mobile, user_id: id, created_at: account.at })
        .execute();
      // The same transaction; only its typing knows the extra table.
      await welcome?.(trx as unknown as Db, id);
      return id;
    });
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

// The version of a member's customers (rows, saved answers, the notices naming them): every write to them bumps it in
// its own transaction, and the member snapshot (modules/customers/snapshot.ts) reads it, one row by key, before it
// serves from memory.
import type { Db } from './connection.js';

/** Bumps the version of each member, in the caller's transaction (members in key order, so two writers never deadlock). */
export async function bumpCustomerVersions(db: Db, memberIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(memberIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await db
    .insertInto('customer_versions')
    .values(ids.map((user_id) => ({ user_id, version: 1 })))
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({ version: eb('customer_versions.version', '+', 1) })),
    )
    .execute();
}

/** The member's version: 0 until the first write after migration 0014. */
export async function customerVersion(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('customer_versions')
    .select('version')
    .where('user_id', '=', memberId)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

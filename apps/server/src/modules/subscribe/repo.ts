// SQL over the member's subscriptions and own publicity items.
import type { Db } from '../../db/connection.js';

export function listSubscriptions(db: Db, memberId: number, limit: number) {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'title'])
    .where('user_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function listOwnPublicity(db: Db, memberId: number, limit: number, offset = 0) {
  return db
    .selectFrom('own_publicity')
    .select(['id', 'title', 'title2', 'dept_name', 'publish_time'])
    .where('user_id', '=', memberId)
    .orderBy('publish_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countOwnPublicity(db: Db, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('own_publicity')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', memberId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

// SQL of the plan changes scheduled for the end of the period (plan-changes.ts; table scheduled_plan_changes).
import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { ScheduledPlanChangeRow, ScheduledPlanChangesTable } from '../../db/schema.js';

/** The member's one scheduled change, with its plan's name and its order's number and money. */
export function findScheduledChange(db: Db, userId: number) {
  return db
    .selectFrom('scheduled_plan_changes as c')
    .innerJoin('plans as p', 'p.gid', 'c.gid')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select([
      'c.id',
      'c.user_id',
      'c.order_id',
      'c.gid',
      'c.level',
      'c.count',
      'c.created_at',
      'p.name',
      'o.out_trade_no',
      'o.final_fen',
    ])
    .where('c.user_id', '=', userId)
    .where('c.status', '=', 'scheduled')
    .executeTakeFirst();
}

export function findChange(db: Db, id: number): Promise<ScheduledPlanChangeRow | undefined> {
  return db.selectFrom('scheduled_plan_changes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertScheduledChange(
  db: Db,
  row: Insertable<ScheduledPlanChangesTable>,
): Promise<void> {
  await db.insertInto('scheduled_plan_changes').values(row).execute();
}

/** Scheduled changes whose member's plan has ended by `at` (one member's, or every member's), oldest first. */
export function dueChanges(db: Db, at: string, limit: number, userId?: number) {
  let query = db
    .selectFrom('scheduled_plan_changes as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id'])
    .where('c.status', '=', 'scheduled')
    .where((eb) => eb.or([eb('u.expired_at', 'is', null), eb('u.expired_at', '<=', at)]));
  if (userId !== undefined) query = query.where('c.user_id', '=', userId);
  return query.orderBy('c.id').limit(limit).execute();
}

/**
 * Moves a scheduled change to `status` ('applied' or 'cancelled'), only from 'scheduled': the guard that makes each
 * change settle once, on SQLite and PostgreSQL and across instances. `userId` narrows it to the member's own.
 */
export function settleChange(
  db: Db,
  where: { id?: number; userId?: number },
  values: Pick<ScheduledPlanChangeRow, 'status' | 'settled_at'> &
    Partial<Pick<ScheduledPlanChangeRow, 'starts_at' | 'ends_at'>>,
): Promise<ScheduledPlanChangeRow | undefined> {
  let query = db.updateTable('scheduled_plan_changes').set(values).where('status', '=', 'scheduled');
  if (where.id !== undefined) query = query.where('id', '=', where.id);
  if (where.userId !== undefined) query = query.where('user_id', '=', where.userId);
  return query.returningAll().executeTakeFirst();
}

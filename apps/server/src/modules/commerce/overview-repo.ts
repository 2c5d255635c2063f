// SQL of the console's 概览: the period's money, members, orders and refunds, bucketed by UTC hour (the first 13
// characters of a stored ISO time, the same text function on SQLite and PostgreSQL) so the service can file each hour
// under its Shanghai day without a time-zone function either database lacks.
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** An ISO time's UTC hour: 'YYYY-MM-DDTHH'. */
const hourOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 13)`;

/** Money received by paid attempts in [from, until), per hour and channel. */
export function revenueByHour(db: Db, from: string, until: string) {
  return db
    .selectFrom('payment_attempts')
    .select((eb) => [
      hourOf('paid_at').as('hour'),
      'channel',
      eb.fn.sum<number | string | bigint>('amount_fen').as('fen'),
    ])
    .where('status', '=', 'paid')
    .where('paid_at', '>=', from)
    .where('paid_at', '<', until)
    .groupBy([hourOf('paid_at'), 'channel'])
    .execute();
}

/** Main accounts registered in [from, until), per hour. */
export function newMembersByHour(db: Db, from: string, until: string) {
  return db
    .selectFrom('users')
    .select((eb) => [hourOf('created_at').as('hour'), eb.fn.countAll<number | string | bigint>().as('n')])
    .where('parent_id', 'is', null)
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .groupBy(hourOf('created_at'))
    .execute();
}

/** Who paid an order in [from, until), per hour (a member once per hour). */
export function payersByHour(db: Db, from: string, until: string) {
  return db
    .selectFrom('orders')
    .select([hourOf('paid_at').as('hour'), 'user_id'])
    .distinct()
    .where('paid_at', '>=', from)
    .where('paid_at', '<', until)
    .execute();
}

/** Orders created in [from, until), per hour and state. */
export function ordersByHour(db: Db, from: string, until: string) {
  return db
    .selectFrom('orders')
    .select((eb) => [
      hourOf('created_at').as('hour'),
      'status',
      eb.fn.countAll<number | string | bigint>().as('n'),
    ])
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .groupBy([hourOf('created_at'), 'status'])
    .execute();
}

/** Refunds asked in [from, until) and not failed or closed, per hour. */
export function refundsByHour(db: Db, from: string, until: string) {
  return db
    .selectFrom('refunds')
    .select((eb) => [
      hourOf('created_at').as('hour'),
      eb.fn.countAll<number | string | bigint>().as('n'),
      eb.fn.sum<number | string | bigint>('amount_fen').as('fen'),
    ])
    .where('status', 'in', ['pending', 'succeeded'])
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .groupBy(hourOf('created_at'))
    .execute();
}

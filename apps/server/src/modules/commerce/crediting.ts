// Exactly-once crediting: one transaction records the event, moves the order from an unpaid state to `paid` with a
// conditional update (the guard, on SQLite and PostgreSQL and across instances), extends the membership or the API
// quota and writes the membership_changes row. The caller acknowledges the provider only after it returns.
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { OrderRow } from '../../db/schema.js';
import { addUnits, extendsFrom, type PlanUnit, purchaseKind } from './pricing.js';
import {
  findApiQuota,
  findAttemptByTradeNo,
  findMemberRow,
  insertEvent,
  type NewEvent,
  setEventOutcome,
  UNPAID,
} from './repo.js';

/** A payment a provider (or the operator, for a transfer) reports. */
export interface Settlement {
  /** The provider that holds the attempt: 'sandbox' | 'wechat' | 'alipay' | 'transfer' | 'credit' (nothing to pay). */
  provider: string;
  kind: NewEvent['kind'];
  /** The provider's id of this report; redeliveries of one id are recorded once. */
  eventId: string;
  /** The attempt's trade number. */
  tradeNo: string;
  providerTxnId: string;
  amountFen: number;
  /** When the provider says it was paid (null: now). */
  paidAt: Date | null;
  raw: string;
}

export type SettleOutcome =
  /** The order became paid and the membership was extended. */
  | 'credited'
  /** The same, after the pay-by time (flagged `paid_late` for the operator). */
  | 'credited_late'
  /** This event was recorded before: nothing done again. */
  | 'duplicate_event'
  /** The attempt was already paid (another report of the same payment). */
  | 'already_credited'
  /** Another attempt had paid the order: no second credit, the order flagged `duplicate_paid` for a refund. */
  | 'duplicate_payment'
  /** The amount differs from the attempt's: recorded, not credited. */
  | 'amount_mismatch'
  /** No attempt of this provider has that trade number. */
  | 'unknown_trade';

export interface SettleResult {
  outcome: SettleOutcome;
  /** The order, as it is after the transaction (absent for an unknown trade or a duplicate event). */
  order?: OrderRow;
  /** The member's push group, when credited. */
  groupId?: number;
}

export async function settlePayment(db: Db, at: Date, s: Settlement): Promise<SettleResult> {
  const stamp = at.toISOString();
  return db.transaction().execute(async (trx) => {
    const eventId = await insertEvent(trx, {
      provider: s.provider,
      kind: s.kind,
      event_id: s.eventId,
      trade_no: s.tradeNo,
      order_id: null,
      verified: 1,
      reason: null,
      outcome: 'processing',
      amount_fen: s.amountFen,
      raw: s.raw,
      created_at: stamp,
    });
    if (eventId === null) return { outcome: 'duplicate_event' };
    const finish = async (outcome: SettleOutcome, order?: OrderRow, groupId?: number) => {
      await setEventOutcome(trx, eventId, outcome, order?.id ?? null);
      return { outcome, order, groupId };
    };

    const attempt = await findAttemptByTradeNo(trx, s.tradeNo);
    if (!attempt || attempt.provider !== s.provider) return finish('unknown_trade');
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', attempt.order_id)
      .executeTakeFirstOrThrow();
    if (s.amountFen !== attempt.amount_fen) return finish('amount_mismatch', order);

    const attemptPaid = await trx
      .updateTable('payment_attempts')
      .set({ status: 'paid', provider_txn_id: s.providerTxnId, paid_at: stamp, updated_at: stamp })
      .where('id', '=', attempt.id)
      .where('status', '<>', 'paid')
      .executeTakeFirst();
    if (Number(attemptPaid.numUpdatedRows) === 0) return finish('already_credited', order);

    // Late: paid after the pay-by time, or credited after the order was already expired or closed. A transfer
    // arrives days later by nature and is never late.
    const paidAt = s.paidAt ?? at;
    const lateByTime = s.provider !== 'transfer' && paidAt.getTime() > Date.parse(order.late_time) ? 1 : 0;
    // The guard: only one transaction moves this order out of an unpaid state.
    const moved = await trx
      .updateTable('orders')
      .set((eb) => ({
        status: 'paid',
        paid_at: stamp,
        paid_attempt_id: attempt.id,
        channel: attempt.channel,
        paid_late: eb
          .case()
          .when('status', 'in', ['expired', 'closed'])
          .then(sql.lit(1))
          .else(sql.lit(lateByTime))
          .end(),
        updated_at: stamp,
      }))
      .where('id', '=', order.id)
      .where('status', 'in', UNPAID)
      .returning(['paid_late'])
      .executeTakeFirst();
    if (!moved) {
      const flagged = await trx
        .updateTable('orders')
        .set({ duplicate_paid: 1, updated_at: stamp })
        .where('id', '=', order.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return finish('duplicate_payment', flagged);
    }

    const credited = await extendMembership(trx, order, s.provider, at);
    return finish(moved.paid_late === 1 ? 'credited_late' : 'credited', credited.order, credited.groupId);
  });
}

/** Extends the member's plan (or API quota) for a just-paid order and writes the audit row. */
async function extendMembership(
  trx: Db,
  order: OrderRow,
  provider: string,
  at: Date,
): Promise<{ order: OrderRow; groupId: number }> {
  const stamp = at.toISOString();
  const plan = await trx
    .selectFrom('plans')
    .selectAll()
    .where('gid', '=', order.gid)
    .executeTakeFirstOrThrow();
  const member = await findMemberRow(trx, order.user_id);
  if (!member) throw new Error(`order ${order.out_trade_no}: member ${order.user_id} is gone`);
  const current = { level: member.level, gid: member.gid, expiredAt: member.expired_at };
  const kind = purchaseKind(plan, current, at);
  const unit = plan.unit as PlanUnit;

  let expiryBefore: string | null;
  let expiryAfter: string;
  let levelAfter = member.level;
  let gidAfter = member.gid;
  let callsAdded = 0;
  if (kind === 'api') {
    const quota = await findApiQuota(trx, order.user_id);
    expiryBefore = quota?.expired_at ?? null;
    expiryAfter = addUnits(extendsFrom(kind, expiryBefore, at), unit, order.count).toISOString();
    callsAdded = (plan.api_calls_per_unit ?? 0) * order.count;
    const running = expiryBefore !== null && Date.parse(expiryBefore) > at.getTime();
    // Calls run out with the package: a package bought after the expiry starts afresh.
    const values = running
      ? { total: (quota?.total ?? 0) + callsAdded, used: quota?.used ?? 0 }
      : { total: callsAdded, used: 0 };
    await trx
      .insertInto('api_quotas')
      .values({ user_id: order.user_id, ...values, expired_at: expiryAfter, updated_at: stamp })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ ...values, expired_at: expiryAfter, updated_at: stamp }),
      )
      .execute();
  } else {
    expiryBefore = member.expired_at;
    expiryAfter = addUnits(extendsFrom(kind, expiryBefore, at), unit, order.count).toISOString();
    levelAfter = plan.level ?? member.level;
    gidAfter = plan.gid;
    await trx
      .updateTable('users')
      .set({ level: levelAfter, gid: gidAfter, expired_at: expiryAfter, updated_at: stamp })
      .where('id', '=', order.user_id)
      .execute();
  }

  await trx
    .insertInto('membership_changes')
    .values({
      order_id: order.id,
      user_id: order.user_id,
      gid_before: member.gid,
      gid_after: gidAfter,
      level_before: member.level,
      level_after: levelAfter,
      expiry_before: kind === 'api' ? expiryBefore : member.expired_at,
      expiry_after: expiryAfter,
      api_calls_added: callsAdded,
      provider,
      created_at: stamp,
    })
    .execute();
  const updated = await trx
    .updateTable('orders')
    .set({ expiry_before: expiryBefore, expiry_after: expiryAfter })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { order: updated, groupId: member.group_id };
}

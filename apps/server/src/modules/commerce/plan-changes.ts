// Changes of plan at the end of the period (docs/decisions.md "Legacy levels and changes of plan"): a lower plan, paid
// now (crediting.ts schedules it), takes over when the member's running plan ends. The sweep applies the due ones and
// reading the member's change applies theirs first, each exactly once (a conditional update from 'scheduled', in the
// transaction that sets the plan); the member may cancel one before then, its money then owed back in full.
import {
  fenToYuan,
  isLegacyLevel,
  MSG,
  type PlanChangeState,
  type PlanOffer,
  type ScheduledPlanChange,
} from '@uc/shared';
import { errors } from '../../errors.js';
import type { Account } from '../users/service.js';
import type { CommerceDeps } from './deps.js';
import type { Orders } from './orders.js';
import { dueChanges, findChange, findScheduledChange, settleChange } from './plan-changes-repo.js';
import { toPlanItem } from './presenter.js';
import { addUnits, type PlanUnit } from './pricing.js';
import {
  findMemberRow,
  findOrderById,
  findPlanRow,
  insertMembershipChange,
  insertPlanPeriod,
  orderAttempts,
  owe,
  setOrderExpiry,
} from './repo.js';

const APPLY_BATCH = 100;

export function createPlanChanges(
  { db, now, goods, sessions, log }: Pick<CommerceDeps, 'db' | 'now' | 'goods' | 'sessions' | 'log'>,
  orders: Pick<Orders, 'planOf' | 'offer' | 'catalogue'>,
) {
  /**
   * Applies one scheduled change if the member's plan has ended by `at`: the plan becomes the change's from the old
   * expiry for the years bought; an order refunded whole meanwhile cancels it instead. The group whose plan changed,
   * or null when nothing was applied (not due, or settled by another instance first).
   */
  async function applyOne(id: number, at: Date): Promise<number | null> {
    const stamp = at.toISOString();
    return db.transaction().execute(async (trx) => {
      const change = await findChange(trx, id);
      if (!change) return null;
      const member = await findMemberRow(trx, change.user_id);
      if (!member || (member.expired_at !== null && Date.parse(member.expired_at) > at.getTime()))
        return null;
      const order = await findOrderById(trx, change.order_id);
      if (order?.status !== 'paid') {
        await settleChange(trx, { id }, { status: 'cancelled', settled_at: stamp });
        return null;
      }
      const plan = await findPlanRow(trx, change.gid);
      const startsAt = member.expired_at ?? stamp;
      const endsAt = addUnits(new Date(startsAt), plan.unit as PlanUnit, change.count).toISOString();
      const settled = await settleChange(
        trx,
        { id },
        { status: 'applied', settled_at: stamp, starts_at: startsAt, ends_at: endsAt },
      );
      if (!settled) return null;
      await goods.setPlan(
        change.user_id,
        { level: change.level, gid: change.gid, expired_at: endsAt },
        stamp,
        trx,
      );
      const paying = (await orderAttempts(trx, order.id)).find((a) => a.id === order.paid_attempt_id);
      const valueFen = order.total_fen - order.coupon_fen;
      await insertMembershipChange(trx, {
        order_id: order.id,
        user_id: change.user_id,
        gid_before: member.gid,
        gid_after: change.gid,
        level_before: member.level,
        level_after: change.level,
        expiry_before: member.expired_at,
        expiry_after: endsAt,
        api_calls_added: 0,
        provider: paying?.provider ?? 'sandbox',
        created_at: stamp,
        kind: 'change',
        starts_at: startsAt,
        units: change.count,
        value_fen: valueFen,
        paid_fen: order.final_fen,
      });
      await insertPlanPeriod(trx, {
        user_id: change.user_id,
        gid: change.gid,
        kind: 'start',
        starts_at: startsAt,
        ends_at: endsAt,
        value_fen: valueFen,
        source: 'order',
        order_id: order.id,
        created_at: stamp,
      });
      await setOrderExpiry(trx, order.id, member.expired_at, endsAt);
      return member.group_id;
    });
  }

  /** Applies the due changes (one member's, or every member's), each once; how many were applied. */
  async function applyDue(userId?: number): Promise<number> {
    const at = now();
    let applied = 0;
    for (const { id } of await dueChanges(db, at.toISOString(), APPLY_BATCH, userId)) {
      const group = await applyOne(id, at);
      if (group === null) continue;
      applied += 1;
      sessions.membershipChanged(group);
    }
    return applied;
  }

  async function scheduledOf(userId: number, expiry: string | null): Promise<ScheduledPlanChange | null> {
    const row = await findScheduledChange(db, userId);
    if (!row) return null;
    const plan = await orders.planOf(row.gid);
    return {
      gid: row.gid,
      name: row.name,
      level: row.level,
      count: row.count,
      out_trade_no: row.out_trade_no,
      paid: fenToYuan(row.final_fen),
      starts_at: expiry,
      ends_at:
        expiry === null || !plan
          ? null
          : addUnits(new Date(expiry), plan.unit as PlanUnit, row.count).toISOString(),
      created_at: row.created_at,
    };
  }

  return {
    applyDue,

    /** The member's scheduled change (its due one applied first) and the own legacy level's renewal row. */
    async state(account: Account): Promise<PlanChangeState> {
      await applyDue(account.id);
      const member = await findMemberRow(db, account.id);
      const legacy = member && isLegacyLevel(member.level) ? await orders.planOf(member.level) : undefined;
      const plans = (await orders.catalogue()).filter(
        (p) => p.level !== null && (p.on_sale === 1 || p.gid === legacy?.gid),
      );
      const offers: PlanOffer[] = [];
      for (const plan of plans) {
        const q = await orders.offer(account.id, plan);
        if (q) {
          offers.push({
            gid: plan.gid,
            kind: q.kind,
            credit: fenToYuan(q.creditFen),
            min_count: q.minCount,
            price: fenToYuan(q.finalFen),
          });
        }
      }
      return {
        scheduled: await scheduledOf(account.id, member?.expired_at ?? null),
        legacy_plan: legacy ? toPlanItem(legacy) : null,
        offers,
      };
    },

    /** Cancels the member's scheduled change: its order's money is owed back in full (the console refunds it). */
    async cancel(account: Account): Promise<void> {
      const at = now().toISOString();
      const done = await db.transaction().execute(async (trx) => {
        const change = await settleChange(
          trx,
          { userId: account.id },
          { status: 'cancelled', settled_at: at },
        );
        if (!change) return false;
        const order = await findOrderById(trx, change.order_id);
        if (order?.status === 'paid') await owe(trx, order.id, order.final_fen, at);
        return true;
      });
      if (!done) throw errors.badRequest(MSG.planChangeMissing);
      log.info({ user_id: account.id }, 'scheduled plan change cancelled');
    },
  };
}

export type PlanChanges = ReturnType<typeof createPlanChanges>;

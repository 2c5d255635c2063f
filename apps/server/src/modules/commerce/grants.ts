// Plans given outside the shop (staff's 修改套餐): recorded in the plan-period ledger at their worth, nothing, in the
// caller's transaction, so a later switch credits only what was paid (docs/decisions.md "commerce").
import type { Db } from '../../db/connection.js';
import { type CurrentPlan, grantPeriod } from './pricing.js';
import { insertPlanPeriod } from './repo.js';

export interface PlanGrant {
  userId: number;
  before: Pick<CurrentPlan, 'gid' | 'expiredAt'>;
  after: Pick<CurrentPlan, 'gid' | 'expiredAt'>;
  /** Who gave it: 'staff'. */
  source: 'staff';
  at: Date;
}

export async function recordGrant(trx: Db, { userId, before, after, source, at }: PlanGrant): Promise<void> {
  const period = grantPeriod(before, after, at);
  if (!period) return;
  await insertPlanPeriod(trx, {
    user_id: userId,
    gid: period.gid,
    kind: period.kind,
    starts_at: period.startsAt,
    ends_at: period.endsAt,
    value_fen: 0,
    source,
    order_id: null,
    created_at: at.toISOString(),
  });
}

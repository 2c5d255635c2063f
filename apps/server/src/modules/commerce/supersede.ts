// Orders a credit supersedes: when a purchase gave the member another plan, the member's other open orders for a plan
// at or below it are closed with their reason (docs/decisions.md "Orders nobody tried to pay").
import type { Db } from '../../db/connection.js';
import type { OrderRow } from '../../db/schema.js';
import { releaseExpired } from '../coupons/service.js';
import { closeOpenOrders, findMembershipChange, supersedeCandidates } from './repo.js';

/** Why an open order was closed: a purchase credited since gave the member another plan at its level or above. */
export const SUPERSEDED = 'superseded';

/**
 * After a credit committed (`paid`, as it is now): when it gave the member another plan (an upgrade, a switch, a
 * start), the member's other open plan orders priced before it for a plan at or below the new level (the 高级版 order
 * once 至尊版 is paid) are closed with their reason, and their coupons freed. An order opened after the credit (a
 * change at the period's end chosen then) is not touched. Their open QR codes are asked about once more and closed at
 * the provider by the caller (attempts' closeOpen) or the sweep (staleAttempts); a payment made meanwhile still
 * settles as before (crediting.ts: credited late, or owed back when it can no longer buy its plan). Returns the ids
 * closed. In its own statements after the commit, so it never waits on a pay call holding one of those orders.
 */
export async function closeSuperseded(db: Db, paid: OrderRow, at: Date): Promise<number[]> {
  if (paid.status !== 'paid' || paid.pack_id !== null || paid.gift_id !== null) return [];
  const change = await findMembershipChange(db, paid.id);
  if (!change || change.gid_after === null || change.gid_after === change.gid_before) return [];
  const stamp = at.toISOString();
  const ids = (await supersedeCandidates(db, paid.user_id))
    .filter((o) => o.id !== paid.id && o.member_gid === change.gid_after && o.updated_at <= stamp)
    .map((o) => o.id);
  if ((await closeOpenOrders(db, ids, SUPERSEDED, stamp)) > 0) await releaseExpired(db, paid.user_id);
  return ids;
}

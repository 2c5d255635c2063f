// The sweep of commerce: unpaid orders expired past their pay-by time, the attempts nobody can pay any more asked
// about once more and closed at their provider, pending refunds asked about, and the plan changes due applied, on a
// timer.
import type { Attempts } from './attempts.js';
import type { CommerceDeps } from './deps.js';
import { expireOrders } from './orders.js';
import type { PlanChanges } from './plan-changes.js';
import type { Refunds } from './refunds.js';
import { staleAttempts } from './repo.js';

/** How often unpaid orders are expired and their attempts closed at the provider. */
const SWEEP_INTERVAL_MS = 30_000;
const SWEEP_BATCH = 100;

export function createSweep(
  { db, now, log }: Pick<CommerceDeps, 'db' | 'now' | 'log'>,
  attempts: Pick<Attempts, 'queryAttempt' | 'closeOpen'>,
  refunds?: Pick<Refunds, 'refreshRefunds'>,
  changes?: Pick<PlanChanges, 'applyDue'>,
) {
  let timer: NodeJS.Timeout | null = null;

  /** Expires unpaid orders past their pay-by time (freeing their coupons) and closes the attempts nobody can pay any more. */
  async function sweep(): Promise<{ expired: number; closed: number }> {
    const expired = await expireOrders(db, now().toISOString());
    const stale = await staleAttempts(db, SWEEP_BATCH);
    let closed = 0;
    for (const attempt of stale) {
      try {
        // A payment made just before the close (its notification lost) is credited, late or not.
        const settled = await attempts.queryAttempt(attempt);
        if (settled) continue;
      } catch (err) {
        log.warn({ err, trade_no: attempt.trade_no }, 'payment query failed');
      }
      await attempts.closeOpen([attempt]);
      closed += 1;
    }
    // A refund whose notification was lost still settles.
    await refunds?.refreshRefunds().catch((err: unknown) => log.warn({ err }, 'refund refresh failed'));
    // A lower plan paid for the end of the period takes over once the running one has ended.
    await changes?.applyDue().catch((err: unknown) => log.warn({ err }, 'plan changes failed'));
    return { expired, closed };
  }

  return {
    sweep,

    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        sweep().catch((err: unknown) => log.error({ err }, 'order sweep failed'));
      }, SWEEP_INTERVAL_MS);
      timer.unref();
    },

    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

// Providers' notifications to commerce: verified on the raw body, recorded, credited exactly once and acknowledged
// after the commit; and the sandbox behind the 模拟支付 page.

import type { Db } from '../../db/connection.js';
import type {
  Acknowledgement,
  NotificationRequest,
  PaymentProvider,
  PaymentProviderName,
} from '../../providers/payment/types.js';
import type { Attempts } from './attempts.js';
import { type Settlement, settlePayment } from './crediting.js';
import type { CommerceDeps } from './deps.js';
import type { Orders } from './orders.js';
import { findAttemptByTradeNo, findOrderById, insertEvent } from './repo.js';

/** How much of a refused notification's body is kept. */
const REJECTED_RAW_MAX = 2_048;

/**
 * Records a notification whose signature or body did not verify (payment or refund alike) and answers the provider's
 * refusal: anyone can post to a notify URL, so the unverified body is kept only as far as an operator needs it.
 */
export async function refuseNotification(
  db: Db,
  provider: PaymentProvider,
  kind: 'notification' | 'refund_notification',
  verified: { reason: string; raw: string },
  at: Date,
  log: Pick<CommerceDeps['log'], 'warn'>,
): Promise<Acknowledgement> {
  await insertEvent(db, {
    provider: provider.name,
    kind,
    event_id: null,
    trade_no: null,
    order_id: null,
    verified: 0,
    reason: verified.reason.slice(0, 500),
    outcome: 'rejected',
    amount_fen: null,
    raw: verified.raw.slice(0, REJECTED_RAW_MAX),
    created_at: at.toISOString(),
  });
  log.warn({ provider: provider.name, reason: verified.reason }, `${kind} refused`);
  return provider.acknowledge(false, verified.reason);
}

/** The sandbox's page-facing methods (its 模拟支付 page), when the sandbox serves a channel. */
export interface SandboxControl {
  describe(
    tradeNo: string,
    sig: string,
  ): Promise<{
    tradeNo: string;
    amountFen: number;
    description: string;
    state: string;
    /** h5 and jsapi trades: where the page sends the browser afterwards. */
    returnUrl?: string | null | undefined;
  } | null>;
  confirm(tradeNo: string): Promise<{ headers: Record<string, string>; body: string } | null>;
  cancel(tradeNo: string): Promise<boolean>;
}

const isSandbox = (provider: PaymentProvider | null): provider is PaymentProvider & SandboxControl =>
  provider !== null && 'describe' in provider && 'confirm' in provider && 'cancel' in provider;

export function createNotifications(
  { db, now, channels, goods, log }: Pick<CommerceDeps, 'db' | 'now' | 'channels' | 'goods' | 'log'>,
  orders: Pick<Orders, 'planOf'>,
  attempts: Pick<Attempts, 'afterSettle'>,
) {
  return {
    /**
     * A provider's notification: verified on the raw body, recorded, credited; the acknowledgement (ok) is returned
     * only after the transaction committed. null: no such provider here.
     */
    async notify(name: PaymentProviderName, request: NotificationRequest): Promise<Acknowledgement | null> {
      const provider = channels.byName(name);
      if (!provider) return null;
      const verified = await provider.verifyNotification(request);
      const stamp = now().toISOString();
      if (!verified.ok) return refuseNotification(db, provider, 'notification', verified, now(), log);
      try {
        if (!verified.paid) {
          await insertEvent(db, {
            provider: provider.name,
            kind: 'notification',
            event_id: verified.eventId,
            trade_no: verified.tradeNo,
            order_id: null,
            verified: 1,
            reason: null,
            outcome: 'not_paid',
            amount_fen: verified.amountFen,
            raw: verified.raw,
            created_at: stamp,
          });
          return provider.acknowledge(true);
        }
        const settlement: Settlement = {
          provider: provider.name,
          kind: 'notification',
          eventId: verified.eventId,
          tradeNo: verified.tradeNo,
          providerTxnId: verified.providerTxnId,
          amountFen: verified.amountFen,
          paidAt: null,
          raw: verified.raw,
        };
        const result = await settlePayment({ db, goods }, now(), settlement);
        if (result.outcome === 'amount_mismatch' || result.outcome === 'unknown_trade') {
          log.error(
            { provider: provider.name, trade_no: verified.tradeNo, outcome: result.outcome },
            'payment notification not credited',
          );
        }
        try {
          await attempts.afterSettle(result);
        } catch (err) {
          log.warn({ err }, 'after-payment steps failed');
        }
        return provider.acknowledge(true);
      } catch (err) {
        // Nothing committed: the provider retries.
        log.error({ err, provider: provider.name }, 'payment notification failed');
        return provider.acknowledge(false, 'internal error');
      }
    },

    /** The sandbox behind the 模拟支付 page, when a channel uses it. */
    sandbox(): SandboxControl | null {
      const provider = channels.byName('sandbox');
      return isSandbox(provider) ? provider : null;
    },

    /** What the 模拟支付 page shows about a trade: its order and plan. */
    async sandboxTrade(tradeNo: string) {
      const attempt = await findAttemptByTradeNo(db, tradeNo);
      const order = attempt ? await findOrderById(db, attempt.order_id) : undefined;
      const plan = order ? await orders.planOf(order.gid) : undefined;
      return order && attempt ? { order, planName: plan?.name ?? '', channel: attempt.channel } : null;
    },
  };
}

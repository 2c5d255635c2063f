// Membership commerce: the catalogue, orders and their prices (orders.ts), payment attempts through the providers
// (attempts.ts), notifications and status-poll queries credited exactly once (notifications.ts, query-worker.ts), bank
// transfers, and the expiry of unpaid orders (sweep.ts); this file builds them into the one service
// (docs/decisions.md "commerce").
import type { OrderStatus, PayStatus } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { AuthUser } from '../auth/service.js';
import { createAttempts } from './attempts.js';
import { createOrdersConsole } from './console.js';
import type { CommerceDeps } from './deps.js';
import { recordGrant } from './grants.js';
import { createNotifications } from './notifications.js';
import { createOrders, isOpen } from './orders.js';
import { createPlanChanges } from './plan-changes.js';
import { createQueryWorker } from './query-worker.js';
import { type Redemption, redeemInTransaction } from './redeem.js';
import { createRefunds } from './refunds.js';
import { createSweep } from './sweep.js';

export function createCommerceService(deps: CommerceDeps) {
  const { now, tokens, users } = deps;
  const orders = createOrders(deps);
  const attempts = createAttempts(deps, orders);
  const notifications = createNotifications(deps, orders, attempts);
  const queries = createQueryWorker(deps, attempts);
  const refunds = createRefunds(deps);
  const planChanges = createPlanChanges(deps, orders);
  const sweeper = createSweep(deps, attempts, refunds, planChanges);
  const ordersConsole = createOrdersConsole(deps, refunds);

  /** The caller's token again, same session (jti, exp), carrying the level the member has now. */
  async function freshToken(bearer: string, userId: number): Promise<string | null> {
    const verified = await tokens.verify(bearer);
    const account = await users.findById(userId);
    if (!verified.ok || !account) return null;
    return tokens.sign({ ...verified.payload, level: account.membership.level });
  }

  return {
    plans: orders.plans,
    prices: orders.prices,
    createOrder: orders.createOrder,
    createPackOrder: orders.createPackOrder,
    createGiftOrder: orders.createGiftOrder,
    /** The member's order (404 unknown, 403 another member's). */
    ownOrder: orders.ownOrder,
    pay: attempts.pay,
    /** WeChat's sign-in came back: the payer's openid kept, the page to return to (attempts.ts). */
    payerSignedIn: attempts.payerSignedIn,

    /**
     * The poll of the order page: paid or not, and once paid a fresh token carrying the new level (same session).
     * One read: while unpaid, a poll finding the last provider query 10 s old queues the next one, so a lost
     * notification still credits, and a later poll or the websocket push tells the page.
     */
    async status(user: AuthUser, bearer: string, outTradeNo: string): Promise<PayStatus> {
      const order = await orders.ownOrder(user.account, outTradeNo);
      if (isOpen(order) && queries.isDue(order, now())) queries.request(order.id);
      const paid = order.status === 'paid';
      return {
        status: paid,
        order_status: order.status as OrderStatus,
        token: paid ? await freshToken(bearer, user.account.id) : null,
      };
    },

    /** A plan given outside the shop, recorded in the ledger worth nothing in the caller's transaction (grants.ts). */
    recordGrant,

    /** A redemption card's plan or API calls, as an order credited in the caller's transaction (redeem.ts). */
    redeem: (trx: Db, at: Date, redemption: Redemption) =>
      redeemInTransaction(trx, deps.goods, at, redemption),

    /** Resolves once every queued provider query has been answered (tests and shutdown). */
    queriesSettled: queries.settled,

    expiredTime: orders.expiredTime,
    /** The plan change scheduled for the end of the period, and its cancellation (plan-changes.ts). */
    planChange: planChanges.state,
    cancelPlanChange: planChanges.cancel,
    list: orders.list,
    detail: orders.detail,
    surplus: orders.surplus,
    transfer: attempts.transfer,
    notify: notifications.notify,
    sandbox: notifications.sandbox,
    sandboxTrade: notifications.sandboxTrade,
    sweep: sweeper.sweep,
    /** Refunds of paid orders (refunds.ts): asked by the operator, settled exactly once. */
    requestRefund: refunds.requestRefund,
    /** A transfer's money returned by the bank, recorded by staff and settled at once. */
    recordOfflineRefund: refunds.recordOfflineRefund,
    settleRefund: refunds.settleRefund,
    notifyRefund: refunds.notifyRefund,
    refreshRefunds: refunds.refreshRefunds,
    doublePaidOrders: refunds.doublePaidOrders,
    refundsOf: refunds.refundsOf,
    /** The operator console's 订单 section (console.ts). */
    console: ordersConsole,
    startSweep: sweeper.start,
    stopSweep: sweeper.stop,

    /** At shutdown: no more sweeps, the queries not yet started dropped, the running ones waited for. */
    async close(): Promise<void> {
      sweeper.stop();
      await queries.close();
    },
  };
}

export type CommerceService = ReturnType<typeof createCommerceService>;

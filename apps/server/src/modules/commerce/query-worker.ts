// The provider-query queue of commerce: a status poll that finds its order due queues a query of the order's open QR
// codes, asked off the request path, at a bounded rate, by one instance per order and interval.
import PQueue from 'p-queue';
import { isPostgres } from '../../db/connection.js';
import type { OrderRow } from '../../db/schema.js';
import { createCache } from '../../lib/cache.js';
import type { Attempts } from './attempts.js';
import type { CommerceDeps } from './deps.js';
import { claimQuery } from './repo.js';

/** Orders whose last provider query this instance remembers (the least recently claimed go first past it). */
const LOCAL_QUERIES_MAX = 20_000;
/** The status poll asks the provider at most this often per order. */
export const QUERY_INTERVAL_MS = 10_000;
/** Provider queries at once, and per second, on one instance (providers rate-limit their query APIs too). */
const QUERY_CONCURRENCY = 4;
const QUERY_RATE = 50;
/** Orders waiting for their query; past this a poll queues nothing (its next poll tries again). */
const QUERY_QUEUE_MAX = 10_000;

export function createQueryWorker(
  { db, now, log }: Pick<CommerceDeps, 'db' | 'now' | 'log'>,
  attempts: Pick<Attempts, 'openQrAttempts' | 'queryAttempt'>,
) {
  /**
   * Provider queries run off the request path: a poll that finds its order due only queues the order, so the poll
   * stays one read whatever the providers answer and however slowly. The queue asks at most QUERY_CONCURRENCY at once
   * and QUERY_RATE a second on this instance, oldest request first; an order already queued is not queued twice.
   */
  const queries = new PQueue({ concurrency: QUERY_CONCURRENCY, intervalCap: QUERY_RATE, interval: 1_000 });
  const queued = new Set<number>();

  /**
   * The orders this instance claimed a query of in the last 10 s: their polls queue nothing. SQLite is one process,
   * so this is the claim itself (a write per claim would wait for the disk); on PostgreSQL the claim is then a
   * conditional write of `orders.queried_at`, so that one instance of several asks.
   */
  const localQueries = createCache<number, true>({ now, max: LOCAL_QUERIES_MAX, ttlMs: QUERY_INTERVAL_MS });

  async function claimNextQuery(orderId: number, at: Date): Promise<boolean> {
    const due = at.getTime() - QUERY_INTERVAL_MS;
    if (localQueries.get(orderId) !== undefined) return false;
    localQueries.set(orderId, true);
    return isPostgres(db) ? claimQuery(db, orderId, at.toISOString(), new Date(due).toISOString()) : true;
  }

  /** Asks the provider about each open QR code of an order, if this instance wins the order's next query. */
  async function queryOrder(orderId: number): Promise<void> {
    const at = now();
    if (!(await claimNextQuery(orderId, at))) return;
    for (const attempt of await attempts.openQrAttempts(orderId)) {
      try {
        await attempts.queryAttempt(attempt);
      } catch (err) {
        log.warn({ err, trade_no: attempt.trade_no }, 'payment query failed');
      }
    }
  }

  return {
    /** The order's last provider query is an interval old, and this instance claimed none since. */
    isDue(order: OrderRow, at: Date): boolean {
      const due = at.getTime() - QUERY_INTERVAL_MS;
      if (order.queried_at !== null && Date.parse(order.queried_at) > due) return false;
      return localQueries.get(order.id) === undefined;
    },

    request(orderId: number): void {
      if (queued.has(orderId) || queued.size >= QUERY_QUEUE_MAX) return;
      queued.add(orderId);
      void queries.add(async () => {
        queued.delete(orderId);
        try {
          await queryOrder(orderId);
        } catch (err) {
          log.warn({ err, orderId }, 'payment query failed');
        }
      });
    },

    /** Resolves once every queued query has been answered. */
    async settled(): Promise<void> {
      await queries.onIdle();
    },

    /** The queries not yet started dropped, the running ones waited for. */
    async close(): Promise<void> {
      queries.clear();
      queued.clear();
      await queries.onIdle();
    },
  };
}

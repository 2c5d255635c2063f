// Publishing policy items: an item goes into policy_items and the publication outbox in one transaction; once its
// publish time has passed, one instance claims it and hands it to the delivery (the subscriptions module matches it
// against every member's push settings and tells the matching members), then records how many it matched.
// The outbox is polled, so an item inserted by another process (`npm run content -- publish`) is pushed too.
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { PolicyItemsTable } from '../../db/schema.js';
import {
  claimPublication,
  duePublications,
  insertPublished,
  type NewPolicyItem,
  recordMatched,
} from './repo.js';

/** How often the outbox is read: a published item reaches its members well within a second. */
export const PUBLISH_POLL_MS = 400;
const DUE_BATCH = 20;

/** A due item as the publisher hands it over (POLICY_ITEM_COLUMNS). */
export type DueItem = Selectable<PolicyItemsTable>;

/**
 * What the publisher needs to tell members of a published item (the subscriptions module's delivery satisfies it):
 * pushes the item to the members whose push settings select it and returns how many they are.
 */
export interface PublicationDelivery {
  deliver(item: DueItem, at: Date): Promise<number>;
}

interface PublisherDeps {
  db: Db;
  now: () => Date;
  delivery: PublicationDelivery;
  log: { error(obj: object, msg: string): void };
}

export function createPublisher({ db, now, delivery, log }: PublisherDeps) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  /** Pushes one claimed item to the members it matches; returns how many. */
  async function dispatch(item: DueItem, at: Date): Promise<number> {
    const matched = await delivery.deliver(item, at);
    await recordMatched(db, item.id, matched);
    return matched;
  }

  /** Claims and pushes every due item; returns the number of items this instance pushed. */
  async function drain(): Promise<number> {
    let pushed = 0;
    for (;;) {
      const at = now();
      const due = await duePublications(db, at.toISOString(), DUE_BATCH);
      for (const item of due) {
        if (!(await claimPublication(db, item.id, at.toISOString()))) continue;
        await dispatch(item, at);
        pushed += 1;
      }
      if (due.length < DUE_BATCH) return pushed;
    }
  }

  const publisher = {
    /** One pass over the outbox (ticks never overlap: a second caller waits for the running one). */
    async tick(): Promise<number> {
      while (running) await running.catch(() => 0);
      running = drain();
      try {
        return await running;
      } finally {
        running = null;
      }
    },

    /**
     * Publishes an item now (or at its publish time) and pushes it when due; `within` joins the insert's transaction
     * (the console's audit row).
     */
    async publish(item: NewPolicyItem, within?: (trx: Db, id: number) => Promise<void>): Promise<number> {
      const id = await insertPublished(db, item, within);
      await publisher.tick();
      return id;
    },

    start() {
      timer = setInterval(() => {
        publisher.tick().catch((err: unknown) => log.error({ err }, 'policy push failed'));
      }, PUBLISH_POLL_MS);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => 0);
    },
  };
  return publisher;
}

export type Publisher = ReturnType<typeof createPublisher>;

// Shared short-lived state (counters, cool-downs) and fan-out between instances: the interfaces and the in-process store.
import { EventEmitter } from 'node:events';
import { parseJson } from '@uc/shared';
import type { z } from 'zod';

export interface KeyValue {
  get(key: string): Promise<string | null>;
  /** Stores a value that disappears after ttlMs. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Adds one and returns the new count; a new key lives ttlMs, later increments do not extend it. */
  incr(key: string, ttlMs: number): Promise<number>;
  /** Milliseconds until the key expires, or null when it does not exist. */
  ttl(key: string): Promise<number | null>;
  del(key: string): Promise<void>;
}

export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once subscribed, with a function that ends the subscription. */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>>;
}

export interface Store {
  kv: KeyValue;
  pubsub: PubSub;
  close(): Promise<void>;
}

/** The value at `key`, read as JSON of `schema`'s shape (null as parseJson says). */
export async function readJson<T>(kv: KeyValue, key: string, schema: z.ZodType<T>): Promise<T | null> {
  return parseJson(await kv.get(key), schema);
}

const SWEEP_INTERVAL_MS = 60_000;

/**
 * One process, no Redis: the embedded shape (docs/architecture.md §1). `clock` is the app's (milliseconds), so keys
 * expire when a test moves that clock, as the deadlines kept in values do.
 */
export function createMemoryStore(clock: () => number = Date.now): Store {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= clock()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  // Expired keys nobody reads again would otherwise stay forever.
  const sweeper = setInterval(() => {
    const now = clock();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();

  const kv: KeyValue = {
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      entries.set(key, { value, expiresAt: clock() + ttlMs });
    },
    async incr(key, ttlMs) {
      const entry = live(key);
      const count = (entry ? Number(entry.value) : 0) + 1;
      entries.set(key, { value: String(count), expiresAt: entry?.expiresAt ?? clock() + ttlMs });
      return count;
    },
    async ttl(key) {
      const entry = live(key);
      return entry ? entry.expiresAt - clock() : null;
    },
    async del(key) {
      entries.delete(key);
    },
  };

  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  const pubsub: PubSub = {
    async publish(channel, message) {
      bus.emit(channel, message);
    },
    async subscribe(channel, onMessage) {
      bus.on(channel, onMessage);
      return async () => {
        bus.off(channel, onMessage);
      };
    },
  };

  return {
    kv,
    pubsub,
    async close() {
      clearInterval(sweeper);
      entries.clear();
      bus.removeAllListeners();
    },
  };
}

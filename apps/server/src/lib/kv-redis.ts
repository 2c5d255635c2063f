// The scaled-out Store over Redis: counters and cool-downs shared by every instance, pub/sub for fan-out.
import type { Redis } from 'ioredis';
import type { KeyValue, PubSub, Store } from './kv.js';

/** Keys and channels are namespaced by `prefix` so several deployments can share one Redis. */
export function createRedisStore(redis: Redis, prefix: string): Store {
  const k = (key: string) => `${prefix}${key}`;

  const kv: KeyValue = {
    get: (key) => redis.get(k(key)),
    async set(key, value, ttlMs) {
      await redis.set(k(key), value, 'PX', ttlMs);
    },
    async incr(key, ttlMs) {
      // Creating the key with its expiry first keeps the window fixed and the pair atomic.
      const results = await redis.multi().set(k(key), '0', 'PX', ttlMs, 'NX').incr(k(key)).exec();
      const [, count] = results?.[1] ?? [];
      if (typeof count !== 'number') throw new Error(`Redis INCR failed for ${key}`);
      return count;
    },
    async ttl(key) {
      const ms = await redis.pttl(k(key));
      return ms < 0 ? null : ms;
    },
    async del(key) {
      await redis.del(k(key));
    },
  };

  const handlers = new Map<string, Set<(message: string) => void>>();
  let subscriber: Redis | null = null;
  const subscriberConnection = () => {
    if (!subscriber) {
      subscriber = redis.duplicate();
      subscriber.on('message', (channel: string, message: string) => {
        for (const handler of handlers.get(channel) ?? []) handler(message);
      });
    }
    return subscriber;
  };

  const pubsub: PubSub = {
    async publish(channel, message) {
      await redis.publish(k(channel), message);
    },
    async subscribe(channel, onMessage) {
      const name = k(channel);
      const set = handlers.get(name) ?? new Set();
      handlers.set(name, set);
      set.add(onMessage);
      if (set.size === 1) await subscriberConnection().subscribe(name);
      return async () => {
        set.delete(onMessage);
        if (set.size === 0) {
          handlers.delete(name);
          await subscriber?.unsubscribe(name);
        }
      };
    },
  };

  return {
    kv,
    pubsub,
    async close() {
      handlers.clear();
      await subscriber?.quit();
      await redis.quit();
    },
  };
}

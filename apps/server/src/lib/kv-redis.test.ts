import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithRedis } from '../../test/support/redis-suite.js';
import type { Store } from './kv.js';
import { createRedisStore } from './kv-redis.js';

describeWithRedis('redis store (TEST_REDIS_URL)', (url) => {
  let store: Store;
  beforeAll(() => {
    store = createRedisStore(new Redis(url), `uc-test:${randomUUID()}:`);
  });
  afterAll(() => store.close());

  it('keeps values with a ttl', async () => {
    await store.kv.set('a', 'x', 60_000);
    expect(await store.kv.get('a')).toBe('x');
    const ttl = await store.kv.ttl('a');
    expect(ttl).toBeGreaterThan(59_000);
    await store.kv.del('a');
    expect(await store.kv.get('a')).toBeNull();
    expect(await store.kv.ttl('a')).toBeNull();
  });

  it('counts atomically in a fixed window', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => store.kv.incr('n', 60_000)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await store.kv.ttl('n')).toBeGreaterThan(59_000);
  });

  it('fans messages out through pub/sub', async () => {
    let deliver: (message: string) => void = () => {};
    const received = new Promise<string>((resolve) => {
      deliver = resolve;
    });
    const leave = await store.pubsub.subscribe('c', (message) => deliver(message));
    await store.pubsub.publish('c', 'hello');
    expect(await received).toBe('hello');
    await leave();
  });
});

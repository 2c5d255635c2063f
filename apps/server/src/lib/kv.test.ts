import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStore, type Store } from './kv.js';

describe('memory store', () => {
  let store: Store;
  beforeEach(() => {
    vi.useFakeTimers();
    store = createMemoryStore();
  });
  afterEach(async () => {
    await store.close();
    vi.useRealTimers();
  });

  it('keeps values until their ttl', async () => {
    await store.kv.set('a', 'x', 1000);
    expect(await store.kv.get('a')).toBe('x');
    expect(await store.kv.ttl('a')).toBe(1000);
    vi.advanceTimersByTime(1000);
    expect(await store.kv.get('a')).toBeNull();
    expect(await store.kv.ttl('a')).toBeNull();
  });

  it('counts in a fixed window', async () => {
    expect(await store.kv.incr('n', 1000)).toBe(1);
    vi.advanceTimersByTime(600);
    expect(await store.kv.incr('n', 1000)).toBe(2);
    expect(await store.kv.ttl('n')).toBe(400);
    vi.advanceTimersByTime(400);
    expect(await store.kv.incr('n', 1000)).toBe(1);
    await store.kv.del('n');
    expect(await store.kv.get('n')).toBeNull();
  });

  it('publishes to subscribers until they leave', async () => {
    const seen: string[] = [];
    const leave = await store.pubsub.subscribe('c', (m) => seen.push(m));
    await store.pubsub.publish('c', 'one');
    await store.pubsub.publish('other', 'nope');
    await leave();
    await store.pubsub.publish('c', 'two');
    expect(seen).toEqual(['one']);
  });
});

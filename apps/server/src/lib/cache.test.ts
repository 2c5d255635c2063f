// The one cache: TTL on the injected clock (no timers), one load per key in flight, the bounds by entries and size,
// versioned fetches and forgetting loads in flight.
import { describe, expect, it, vi } from 'vitest';
import { createCache } from './cache.js';

/** A clock only the test moves. */
function clock(start = Date.UTC(2026, 10, 25, 8)) {
  let ms = start;
  return {
    now: () => new Date(ms),
    advance(by: number) {
      ms += by;
    },
  };
}

/** A promise the test resolves or rejects by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('cache', () => {
  it('serves a value while it is younger than its TTL on the injected clock', async () => {
    const c = clock();
    const cache = createCache<string, string>({ now: c.now, max: 10, ttlMs: 1_000 });
    cache.set('a', 'x');
    c.advance(999);
    expect(cache.get('a')).toBe('x');
    c.advance(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('reloads a value once its TTL has passed, and keeps it until then', async () => {
    const c = clock();
    let loads = 0;
    const cache = createCache<string, number>({
      now: c.now,
      max: 10,
      ttlMs: 30_000,
      load: async () => ++loads,
    });
    expect(await cache.fetch('k', undefined)).toBe(1);
    c.advance(29_999);
    expect(await cache.fetch('k', undefined)).toBe(1);
    c.advance(1);
    expect(await cache.fetch('k', undefined)).toBe(2);
    expect(loads).toBe(2);
  });

  it('keeps values without a TTL until they are evicted', async () => {
    const c = clock();
    const cache = createCache<string, string>({ now: c.now, max: 10 });
    cache.set('a', 'x');
    c.advance(365 * 86_400_000);
    expect(cache.get('a')).toBe('x');
  });

  it('loads a key once for concurrent fetches, and passes the first caller its context', async () => {
    const c = clock();
    const gate = deferred<string>();
    const seen: string[] = [];
    const cache = createCache<string, string, string>({
      now: c.now,
      max: 10,
      load: async (key, context) => {
        seen.push(`${key}:${context}`);
        return gate.promise;
      },
    });
    const fetches = [cache.fetch('k', 'first'), cache.fetch('k', 'second'), cache.fetch('k', 'third')];
    gate.resolve('v');
    expect(await Promise.all(fetches)).toEqual(['v', 'v', 'v']);
    expect(seen).toEqual(['k:first']);
    expect(await cache.fetch('k', 'later')).toBe('v');
    expect(seen).toEqual(['k:first']);
  });

  it('keeps no failed load: every caller of it gets the error, the next fetch loads again', async () => {
    const c = clock();
    let loads = 0;
    const cache = createCache<string, string>({
      now: c.now,
      max: 10,
      load: async () => {
        loads += 1;
        if (loads === 1) throw new Error('database away');
        return 'back';
      },
    });
    const both = [cache.fetch('k', undefined), cache.fetch('k', undefined)];
    await expect(both[0]).rejects.toThrow('database away');
    await expect(both[1]).rejects.toThrow('database away');
    expect(await cache.fetch('k', undefined)).toBe('back');
    expect(loads).toBe(2);
  });

  it('keeps at most `max` entries, the least recently used going first', () => {
    const c = clock();
    const cache = createCache<number, string>({ now: c.now, max: 3 });
    for (const k of [1, 2, 3]) cache.set(k, `v${k}`);
    cache.get(1);
    cache.set(4, 'v4');
    expect(cache.size).toBe(3);
    expect(cache.get(2)).toBeUndefined();
    expect([1, 3, 4].map((k) => cache.get(k))).toEqual(['v1', 'v3', 'v4']);
  });

  it('keeps the sizes within maxSize, and answers a value larger than it without keeping it', async () => {
    const c = clock();
    let loads = 0;
    const cache = createCache<number, number[]>({
      now: c.now,
      max: 100,
      maxSize: 10,
      sizeOf: (rows) => rows.length,
      load: async (n) => {
        loads += 1;
        return Array.from({ length: n }, (_, i) => i);
      },
    });
    await cache.fetch(6, undefined);
    await cache.fetch(4, undefined);
    expect(cache.size).toBe(2);
    await cache.fetch(3, undefined); // 6 + 4 + 3 > 10: the least recently used (6) goes
    expect(cache.get(6)).toBeUndefined();
    expect(cache.get(4)).toHaveLength(4);
    expect(await cache.fetch(11, undefined)).toHaveLength(11);
    expect(cache.get(11)).toBeUndefined();
    await cache.fetch(11, undefined);
    expect(loads).toBe(5);
  });

  it('loads again when `accept` refuses the value kept or in flight, at most once more', async () => {
    const c = clock();
    let version = 1;
    let loads = 0;
    const gates: ReturnType<typeof deferred<void>>[] = [];
    const cache = createCache<string, { version: number }>({
      now: c.now,
      max: 10,
      load: async () => {
        loads += 1;
        const seen = version;
        const gate = deferred<void>();
        gates.push(gate);
        await gate.promise;
        return { version: seen };
      },
    });
    const atLeast = (wanted: number) => (value: { version: number }) => value.version >= wanted;
    // A load of version 1 is in flight when version 2 is written and asked for.
    const old = cache.fetch('m', undefined, atLeast(1));
    version = 2;
    const fresh = cache.fetch('m', undefined, atLeast(2));
    gates[0]?.resolve();
    expect(await old).toEqual({ version: 1 });
    // The fetch asking for version 2 refused that load's value and started the next one.
    await vi.waitFor(() => expect(gates).toHaveLength(2));
    gates[1]?.resolve();
    expect(await fresh).toEqual({ version: 2 });
    expect(loads).toBe(2);
    // Kept at version 2: served while it is accepted.
    expect(await cache.fetch('m', undefined, atLeast(2))).toEqual({ version: 2 });
    expect(loads).toBe(2);
  });

  it('forgets a key, and lets a load in flight answer its callers without keeping it', async () => {
    const c = clock();
    const gate = deferred<string>();
    let loads = 0;
    const cache = createCache<string, string>({
      now: c.now,
      max: 10,
      load: async () => {
        loads += 1;
        return loads === 1 ? gate.promise : 'after';
      },
    });
    const pending = cache.fetch('k', undefined);
    cache.delete('k');
    gate.resolve('before');
    expect(await pending).toBe('before');
    expect(cache.get('k')).toBeUndefined();
    expect(await cache.fetch('k', undefined)).toBe('after');
  });

  it('deleteWhere forgets the matching values and every load in flight', async () => {
    const c = clock();
    const gate = deferred<{ user: number }>();
    const cache = createCache<string, { user: number }>({
      now: c.now,
      max: 10,
      load: async () => gate.promise,
    });
    cache.set('a', { user: 1 });
    cache.set('b', { user: 2 });
    const inFlight = cache.fetch('c', undefined);
    cache.deleteWhere((value) => value.user === 1);
    gate.resolve({ user: 3 });
    expect(await inFlight).toEqual({ user: 3 });
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual({ user: 2 });
    expect(cache.get('c')).toBeUndefined();
  });
});

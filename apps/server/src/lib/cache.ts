// The one per-instance cache (docs/architecture.md §10, server 9): bounded by entries (and by size where values are big),
// values served for a TTL on the app's clock, and one load per key in flight, over lru-cache.
import { LRUCache } from 'lru-cache';

export interface CacheOptions<K, V, C> {
  /** The app clock: TTLs follow it, so a test that moves the clock expires entries. */
  now: () => Date;
  /** Entries kept at most (the least recently used go first). */
  max: number;
  /** How long a value serves after it was loaded or set (ms): fresh while younger. None: until evicted or deleted. */
  ttlMs?: number;
  /**
   * A bound on the sum of `sizeOf` over the entries (rows, ids, bytes), for values whose sizes differ a lot. A value
   * larger than the whole bound is still returned by `fetch`, but not kept.
   */
  maxSize?: number;
  sizeOf?: (value: V, key: K) => number;
  /** Loads a missing or stale value; concurrent fetches of one key share one load. `context` is the caller's. */
  load?: (key: K, context: C) => Promise<V>;
}

export interface Cache<K, V, C = undefined> {
  /** The fresh value of a key, if one is kept. */
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  /**
   * The fresh value of a key, else its load (the one in flight, or a new one; a failed load is not kept). `accept`
   * refuses a kept or in-flight value, which is then loaded again: it must hold for any load started after the call
   * (a version read before it), so at most one more load is awaited.
   */
  fetch(key: K, context: C, accept?: (value: V) => boolean): Promise<V>;
  /** Forgets a key; a load of it in flight still answers its callers but is not kept. */
  delete(key: K): void;
  /** Forgets the kept values that match, and every load in flight (whose value cannot be tested yet). */
  deleteWhere(matches: (value: V, key: K) => boolean): void;
  clear(): void;
  /** Values kept (loads in flight included). */
  readonly size: number;
}

export function createCache<K extends {}, V extends {}, C = undefined>(
  options: CacheOptions<K, V, C>,
): Cache<K, V, C> {
  const { now, load, sizeOf, ttlMs } = options;
  /** Loads in flight per key: lru-cache does not list them, and deleteWhere must reach them. */
  const loading = new Map<K, number>();
  // The context is typed `unknown` here (lru-cache's own typing of it is conditional); `fetch` takes a C.
  const lru = new LRUCache<K, V, unknown>({
    max: options.max,
    // lru-cache keeps a value while its age is at most `ttl`; here a value serves while younger than ttlMs.
    ...(ttlMs !== undefined ? { ttl: Math.max(1, ttlMs - 1) } : {}),
    // The app's clock, read on every check (no timer-cached reading a moved clock would miss).
    perf: { now: () => now().getTime() },
    ttlResolution: 0,
    ...(options.maxSize !== undefined && sizeOf
      ? { maxSize: options.maxSize, sizeCalculation: (value: V, key: K) => Math.max(1, sizeOf(value, key)) }
      : {}),
    // A load whose entry was evicted, deleted or replaced meanwhile still answers its callers (it is not kept).
    ignoreFetchAbort: true,
    ...(load
      ? {
          fetchMethod: async (key: K, _stale: V | undefined, { context }: { context: unknown }) => {
            loading.set(key, (loading.get(key) ?? 0) + 1);
            try {
              return await load(key, context as C);
            } finally {
              const left = (loading.get(key) ?? 1) - 1;
              if (left > 0) loading.set(key, left);
              else loading.delete(key);
            }
          },
        }
      : {}),
  });

  async function fetchOnce(key: K, context: C, forceRefresh: boolean): Promise<V> {
    if (!load) throw new Error('this cache has no load');
    const value = await lru.fetch(key, { context, forceRefresh });
    // The load never answers undefined and aborts are ignored, so a value always comes back.
    if (value === undefined) throw new Error('cache load gave no value');
    return value;
  }

  return {
    get: (key) => lru.get(key),
    set(key, value) {
      lru.set(key, value);
    },
    async fetch(key, context, accept) {
      const value = await fetchOnce(key, context, false);
      if (!accept || accept(value)) return value;
      // Kept, or loaded by a load that started before the caller asked: the next load starts after, so it serves.
      return fetchOnce(key, context, true);
    },
    delete(key) {
      lru.delete(key);
    },
    deleteWhere(matches) {
      const doomed: K[] = [...loading.keys()];
      for (const [key, value] of lru.entries()) if (matches(value, key)) doomed.push(key);
      for (const key of doomed) lru.delete(key);
    },
    clear() {
      lru.clear();
    },
    get size() {
      return lru.size;
    },
  };
}

// A small deterministic PRNG (mulberry32) and the draws the demo-data generator needs: same seed, same data.

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: [item, weight] pairs. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** Lowercase hex of `length` characters. */
  hex(length: number): string;
  /** A new generator seeded from this one (independent streams per entity). */
  fork(salt: number): Rng;
}

export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick(items) {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    weighted(items) {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    hex(length) {
      let out = '';
      while (out.length < length)
        out += Math.floor(next() * 4_294_967_296)
          .toString(16)
          .padStart(8, '0');
      return out.slice(0, length);
    },
    fork: (salt) => mulberry32((Math.floor(next() * 4_294_967_296) ^ Math.imul(salt, 0x9e3779b1)) >>> 0),
  };
  return rng;
}

/** A stable 32-bit seed from a string (FNV-1a), to give each demo entity its own stream. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

// The seeded pseudo-random generator behind the deterministic demo content.
import { describe, expect, it } from 'vitest';
import { mulberry32, seedOf } from '../../src/db/seed/content/prng.js';

describe('prng', () => {
  it('is deterministic and spreads evenly', () => {
    const a = mulberry32(seedOf('demo'));
    const b = mulberry32(seedOf('demo'));
    const draws = Array.from({ length: 1000 }, () => a.next());
    expect(draws).toEqual(Array.from({ length: 1000 }, () => b.next()));
    expect(draws.every((d) => d >= 0 && d < 1)).toBe(true);
    expect(draws.reduce((s, d) => s + d, 0) / draws.length).toBeCloseTo(0.5, 1);
    const rng = mulberry32(1);
    expect(rng.hex(32)).toMatch(/^[0-9a-f]{32}$/);
    const picks = new Set(Array.from({ length: 200 }, () => rng.int(1, 3)));
    expect([...picks].sort()).toEqual([1, 2, 3]);
    expect(rng.fork(1).next()).not.toBe(rng.fork(1).next());
  });
});

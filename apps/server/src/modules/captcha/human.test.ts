import { describe, expect, it } from 'vitest';
import { looksHuman, parseTrail } from './human.js';

const limits = { minDragMs: 300, minTrailSamples: 5 };
/** An eased drag with a little vertical wobble, as a hand makes. */
const hand = (x: number) =>
  Array.from({ length: 12 }, (_, i) => {
    const p = i / 11;
    return [Math.round(x * (1 - (1 - p) ** 3)), (i % 3) - 1, i * 60];
  });

describe('looksHuman', () => {
  it('accepts a hand-made drag, its trail as an array or as JSON', () => {
    expect(looksHuman(720, hand(150), limits)).toBe(true);
    expect(looksHuman(720, JSON.stringify(hand(150)), limits)).toBe(true);
  });

  it('refuses a drag without its duration or its trail (the web client always sends both)', () => {
    expect(looksHuman(undefined, undefined, limits)).toBe(false);
    expect(looksHuman(500, undefined, limits)).toBe(false);
    expect(looksHuman(undefined, hand(150), limits)).toBe(false);
    expect(looksHuman(500, '', limits)).toBe(false);
  });

  it('refuses a drag that is too fast', () => {
    expect(looksHuman(120, hand(150), limits)).toBe(false);
    const quick = hand(150).map(([x, y, t]) => [x, y, (t ?? 0) / 10]);
    expect(looksHuman(720, quick, limits)).toBe(false);
  });

  it('refuses too few samples, garbage and time running backwards', () => {
    expect(looksHuman(600, hand(150).slice(0, 3), limits)).toBe(false);
    expect(looksHuman(600, 'not json', limits)).toBe(false);
    expect(looksHuman(600, [[1, 2]], limits)).toBe(false);
    expect(looksHuman(600, { x: 1 }, limits)).toBe(false);
    expect(looksHuman(600, [...hand(150), [150, 0, 10]], limits)).toBe(false);
  });

  it('refuses a perfectly straight constant-speed move', () => {
    const robot = Array.from({ length: 10 }, (_, i) => [i * 15, 0, i * 50]);
    expect(looksHuman(450, robot, limits)).toBe(false);
    // The same line with the speed changing along the way passes.
    const varied = robot.map(([x, y], i) => [x, y, i * 50 + (i % 2) * 20]);
    expect(looksHuman(450, varied, limits)).toBe(true);
  });

  it('parses numbers given as text', () => {
    expect(parseTrail('[["1","2","3"]]')).toEqual([[1, 2, 3]]);
    expect(parseTrail([[1, 'x', 3]])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { looksHuman, parseTrail } from './human.js';

const limits = { minDragMs: 300, minTrailSamples: 5, tolerancePx: 5 };
/** An eased drag with a little vertical wobble, as a hand makes. */
const hand = (x: number) =>
  Array.from({ length: 12 }, (_, i) => {
    const p = i / 11;
    return [Math.round(x * (1 - (1 - p) ** 3)), (i % 3) - 1, i * 60];
  });
const drag = (blockX: number, duration: number | undefined, trail: unknown) => ({ blockX, duration, trail });

describe('looksHuman', () => {
  it('accepts a hand-made drag, its trail as an array or as JSON', () => {
    expect(looksHuman(drag(150, 720, hand(150)), limits)).toBe(true);
    expect(looksHuman(drag(150, 720, JSON.stringify(hand(150))), limits)).toBe(true);
  });

  it('refuses a drag without its duration or its trail (the web client always sends both)', () => {
    expect(looksHuman(drag(150, undefined, undefined), limits)).toBe(false);
    expect(looksHuman(drag(150, 500, undefined), limits)).toBe(false);
    expect(looksHuman(drag(150, undefined, hand(150)), limits)).toBe(false);
    expect(looksHuman(drag(150, 500, ''), limits)).toBe(false);
  });

  it('refuses a drag that is too fast', () => {
    expect(looksHuman(drag(150, 120, hand(150)), limits)).toBe(false);
    const quick = hand(150).map(([x, y, t]) => [x, y, (t ?? 0) / 10]);
    expect(looksHuman(drag(150, 720, quick), limits)).toBe(false);
  });

  it('refuses too few samples, garbage and time running backwards', () => {
    expect(looksHuman(drag(150, 600, hand(150).slice(0, 3)), limits)).toBe(false);
    expect(looksHuman(drag(150, 600, 'not json'), limits)).toBe(false);
    expect(looksHuman(drag(150, 600, [[1, 2]]), limits)).toBe(false);
    expect(looksHuman(drag(150, 600, { x: 1 }), limits)).toBe(false);
    expect(looksHuman(drag(150, 600, [...hand(150), [150, 0, 10]]), limits)).toBe(false);
  });

  it('refuses a trail that does not end where the piece was dropped, or does not start at the handle', () => {
    expect(looksHuman(drag(150, 720, hand(150)), limits)).toBe(true);
    expect(looksHuman(drag(156, 720, hand(150)), limits)).toBe(false);
    expect(looksHuman(drag(144, 720, hand(150)), limits)).toBe(false);
    const late = hand(150).map(([x, y, t]) => [(x ?? 0) + 20, y, t]);
    expect(looksHuman(drag(170, 720, late), limits)).toBe(false);
  });

  it('refuses a trail stamped after the release', () => {
    expect(looksHuman(drag(150, 400, hand(150)), limits)).toBe(false);
  });

  it('refuses a perfectly straight move, even with its speed changing', () => {
    const straight = hand(150).map(([x, , t]) => [x, 0, t]);
    expect(looksHuman(drag(150, 720, straight), limits)).toBe(false);
  });

  it('refuses a constant-speed move, even with a 1 px wobble', () => {
    const wobbly = Array.from({ length: 10 }, (_, i) => [i * 15, i % 2, i * 50]);
    expect(looksHuman(drag(135, 450, wobbly), limits)).toBe(false);
    // The same wobble with the speed changing along the way, as a hand's does, passes.
    const varied = Array.from({ length: 10 }, (_, i) => [
      Math.round(135 * (1 - (1 - i / 9) ** 2)),
      i % 2,
      i * 50,
    ]);
    expect(looksHuman(drag(135, 450, varied), limits)).toBe(true);
  });

  it('refuses a teleport: most of the way in one move', () => {
    const jump = [
      [0, 0, 0],
      [2, 1, 100],
      [4, 0, 200],
      [140, 1, 300],
      [148, 0, 400],
      [150, 1, 500],
    ];
    expect(looksHuman(drag(150, 520, jump), limits)).toBe(false);
  });

  it('parses numbers given as text', () => {
    expect(parseTrail('[["1","2","3"]]')).toEqual([[1, 2, 3]]);
    expect(parseTrail([[1, 'x', 3]])).toBeNull();
  });
});

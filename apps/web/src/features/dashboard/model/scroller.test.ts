import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCROLLER,
  initialScroller,
  nextFrame,
  resume,
  type ScrollerConfig,
  type ScrollerState,
  shouldScroll,
} from './scroller';

const config: ScrollerConfig = { ...DEFAULT_SCROLLER, rowCount: 3 };
const FRAME = 1000 / 60;

/** Runs frames from `start` until `count` frames have passed; returns the state and the time. */
function run(state: ScrollerState, start: number, count: number) {
  let s = state;
  let t = start;
  for (let i = 0; i < count; i += 1) {
    t += FRAME;
    s = nextFrame(s, t, config);
  }
  return { state: s, time: t };
}

describe('scroller timing (docs/requirements.md §9: step 0.4, wait 2500 ms, row 30 px)', () => {
  it('uses the product constants', () => {
    expect(DEFAULT_SCROLLER).toEqual({ step: 0.4, waitMs: 2500, rowHeight: 30 });
  });

  it('rests 2500 ms at the first row before moving', () => {
    const start = initialScroller(0, config);
    expect(nextFrame(start, 2499, config)).toEqual(start);
    const moved = nextFrame(start, 2500, config);
    expect(moved.offset).toBeCloseTo(0.4);
  });

  it('moves 0.4 px a frame and stops exactly at the next row for 2500 ms', () => {
    let state = nextFrame(initialScroller(0, config), 2500, config);
    ({ state } = run(state, 2500, 73));
    expect(state.offset).toBeCloseTo(29.6);
    state = nextFrame(state, 5000, config);
    expect(state).toEqual({ offset: 30, waitUntil: 7500 });
    expect(nextFrame(state, 7499, config)).toBe(state);
    expect(nextFrame(state, 7500, config).offset).toBeCloseTo(30.4);
  });

  it('takes 75 frames a row', () => {
    let state: ScrollerState = { offset: 0, waitUntil: 0 };
    let frames = 0;
    while (state.offset < 30 || frames === 0) {
      state = nextFrame(state, 1 + frames, config);
      frames += 1;
      if (state.offset === 30) break;
    }
    expect(frames).toBe(75);
  });

  it('wraps to the start after the last row, seamlessly', () => {
    const state = nextFrame({ offset: 89.8, waitUntil: 0 }, 10, config);
    expect(state).toEqual({ offset: 0, waitUntil: 2510 });
  });

  it('does nothing without rows', () => {
    const state = { offset: 0, waitUntil: 0 };
    expect(nextFrame(state, 10_000, { ...config, rowCount: 0 })).toBe(state);
  });

  it('scrolls only when the list is taller than its window', () => {
    expect(shouldScroll(7, 7)).toBe(false);
    expect(shouldScroll(8, 7)).toBe(true);
    expect(shouldScroll(0, 7)).toBe(false);
  });

  it('starts the rest again when resumed at a row, not between rows', () => {
    expect(resume({ offset: 30, waitUntil: 100 }, 1000, config)).toEqual({ offset: 30, waitUntil: 3500 });
    const between = { offset: 12.4, waitUntil: 100 };
    expect(resume(between, 1000, config)).toBe(between);
  });
});

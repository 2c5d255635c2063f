import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCountdown } from './countdown';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('startCountdown', () => {
  it('shows each second once, from 6 down to 1, then is done at 6 s', () => {
    const ticks: number[] = [];
    const onDone = vi.fn();
    startCountdown(6, { onTick: (s) => ticks.push(s), onDone });
    expect(ticks).toEqual([6]);
    vi.advanceTimersByTime(1_000);
    expect(ticks).toEqual([6, 5]);
    vi.advanceTimersByTime(4_999);
    expect(ticks).toEqual([6, 5, 4, 3, 2, 1]);
    expect(onDone).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onDone).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(ticks).toEqual([6, 5, 4, 3, 2, 1]);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('ends on time when the timers of a background tab fire late', () => {
    const ticks: number[] = [];
    const onDone = vi.fn();
    let clock = 0;
    startCountdown(6, { onTick: (s) => ticks.push(s), onDone }, () => clock);
    clock = 4_500; // the tab slept; the first timer fires only now
    vi.advanceTimersByTime(1_000);
    expect(ticks).toEqual([6, 2]);
    clock = 6_000;
    vi.advanceTimersByTime(1_000);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('stops for good', () => {
    const onTick = vi.fn();
    const onDone = vi.fn();
    const stop = startCountdown(6, { onTick, onDone });
    stop();
    stop();
    vi.advanceTimersByTime(10_000);
    expect(onTick).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
  });
});

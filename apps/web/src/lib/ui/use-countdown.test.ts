import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondsLeft } from './countdown';
import { useCountdown } from './use-countdown';

const START = Date.parse('2026-03-01T10:00:00Z');

beforeEach(() => vi.useFakeTimers({ now: START }));
afterEach(() => vi.useRealTimers());

function renderCountdown(deadline: number | null) {
  return renderHook(({ at }: { at: number | null }) => useCountdown(at), { initialProps: { at: deadline } });
}

describe('useCountdown', () => {
  it('is null without a deadline, and starts no timer', () => {
    const { result } = renderCountdown(null);
    expect(result.current).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows each whole second down to 0 at the deadline, then stops', () => {
    const { result } = renderCountdown(START + 3_000);
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(2);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rounds a deadline between two seconds up, and wakes when the shown second changes', () => {
    const { result } = renderCountdown(START + 2_500);
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe(2);
  });

  it('ends on time when the timers of a background tab fire late', () => {
    const { result } = renderCountdown(START + 60_000);
    // The tab slept 59.5 s: the clock moved on and the first timer, due after 1 s, fires only now.
    vi.setSystemTime(START + 59_500);
    act(() => vi.advanceTimersByTime(1_000));
    // The time is up: 0, not the 59 that counting ticks would show.
    expect(result.current).toBe(0);
  });

  it('is 0 at once for a deadline already past', () => {
    const { result } = renderCountdown(START - 1);
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('restarts with a new deadline and stops when it is taken away', () => {
    const { result, rerender } = renderCountdown(START + 60_000);
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBe(50);
    rerender({ at: Date.now() + 600_000 });
    expect(result.current).toBe(600);
    rerender({ at: null });
    expect(result.current).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('secondsLeft', () => {
  it('rounds up to whole seconds and never goes below 0', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 1)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });
});

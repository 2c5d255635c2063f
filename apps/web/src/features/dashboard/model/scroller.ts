// Timing of the latest-releases scroller (docs/requirements.md §9): 0.4 px a frame, a 2,500 ms stop at each row of 30 px.
// Pure, so it is tested without a browser; the component drives it from requestAnimationFrame.
import { LIMITS } from '@uc/shared';

export interface ScrollerConfig {
  /** Pixels moved per animation frame. */
  step: number;
  /** Pause at each row, in milliseconds. */
  waitMs: number;
  rowHeight: number;
  /** Rows in one copy of the list (the list is drawn twice, so the wrap is seamless). */
  rowCount: number;
}

export const DEFAULT_SCROLLER: Omit<ScrollerConfig, 'rowCount'> = {
  step: LIMITS.scrollerStep,
  waitMs: LIMITS.scrollerWaitMs,
  rowHeight: LIMITS.scrollerRowHeight,
};

export interface ScrollerState {
  /** Distance scrolled, 0 <= offset < rowHeight * rowCount. */
  offset: number;
  /** Timestamp until which the scroller rests at a row (it starts resting at the first row). */
  waitUntil: number;
}

export function initialScroller(now: number, config: ScrollerConfig): ScrollerState {
  return { offset: 0, waitUntil: now + config.waitMs };
}

/** Whether the list moves at all: only when it is taller than the window showing it. */
export function shouldScroll(rowCount: number, visibleRows: number): boolean {
  return rowCount > visibleRows;
}

/**
 * One animation frame at time `now`: rests while waiting, otherwise moves one step; on reaching the next
 * row it snaps to it and starts resting; past the last row it wraps to the start (the second copy of the
 * list is then where the first was, so nothing jumps).
 */
export function nextFrame(state: ScrollerState, now: number, config: ScrollerConfig): ScrollerState {
  if (config.rowCount <= 0 || now < state.waitUntil) return state;
  const total = config.rowHeight * config.rowCount;
  const nextRow = (Math.floor(state.offset / config.rowHeight + 1e-9) + 1) * config.rowHeight;
  const moved = state.offset + config.step;
  if (moved + 1e-9 >= nextRow) {
    const offset = nextRow >= total ? 0 : nextRow;
    return { offset, waitUntil: now + config.waitMs };
  }
  return { offset: moved, waitUntil: state.waitUntil };
}

/** After a pause (hover), the rest at the current row starts again so the row stays readable. */
export function resume(state: ScrollerState, now: number, config: ScrollerConfig): ScrollerState {
  const atRow =
    Math.abs(state.offset / config.rowHeight - Math.round(state.offset / config.rowHeight)) < 1e-9;
  return atRow ? { ...state, waitUntil: Math.max(state.waitUntil, now + config.waitMs) } : state;
}

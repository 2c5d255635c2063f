// The one seconds countdown of the web app, counted against a deadline: the dialogs opened outside React (the
// forced logout) use it directly, screens through useCountdown (use-countdown.ts).

export interface CountdownHandlers {
  /** Whole seconds left, called at the start and at each change (never with 0). */
  onTick: (secondsLeft: number) => void;
  /** The time is up. */
  onDone: () => void;
}

/** Whole seconds from `now` to `deadline` (epoch ms), rounded up; 0 once it has passed. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1_000));
}

/**
 * Counts down to `deadline` (epoch ms), not tick by tick: a throttled background tab still ends on time and
 * never shows a second twice. Returns a stop function (safe to call more than once).
 */
export function countDownTo(
  deadline: number,
  { onTick, onDone }: CountdownHandlers,
  now: () => number = Date.now,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let shown = 0;

  const step = () => {
    if (stopped) return;
    const at = now();
    const left = deadline - at;
    if (left <= 0) {
      stopped = true;
      onDone();
      return;
    }
    const seconds = secondsLeft(deadline, at);
    if (seconds !== shown) {
      shown = seconds;
      onTick(seconds);
    }
    // Wake at the next whole second (or the deadline).
    timer = setTimeout(step, left - (seconds - 1) * 1_000);
  };
  step();

  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** Counts `seconds` down from now; see countDownTo. */
export function startCountdown(
  seconds: number,
  handlers: CountdownHandlers,
  now: () => number = Date.now,
): () => void {
  return countDownTo(now() + seconds * 1_000, handlers, now);
}
